"""The "At the table" page's forms as they are written into the page (no build, no browser):
each field opens the phone keyboard its range needs (``nqcompanion/page/fields.py``), and
each engine refusal the page marks beside a field names that field, whatever its words."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from nqcompanion.bridge.web import ask
from nqcompanion.page.army import army_html
from nqcompanion.page.builder import builder_html
from nqcompanion.page.forms import CALCULATORS, Calculator, Field, _control, calculator_html

LANGS = ("en", "fr")


class _Controls(HTMLParser):
    """The typed fields and lists of a form: their tag and attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, dict[str, str]]] = []
        self._select: dict[str, str] | None = None
        self.options: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "input" and values.get("type") == "text":
            self.found.append((tag, values))
        elif tag == "select":
            self.found.append((tag, values))
            self._select = values
            self.options[values["id"]] = []
        elif tag == "option" and self._select is not None:
            self.options[self._select["id"]].append(values.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def _page_forms(lang: str) -> _Controls:
    parser = _Controls()
    for command in CALCULATORS:
        parser.feed(calculator_html(command, lang, "rules.html#rule", "Rule"))
    parser.feed(builder_html(lang, "rules.html#rule", "Rule", {}))
    parser.feed(army_html(lang, "rules.html#rule", "Rule", {}))
    return parser


def _expected_keyboard(attributes: dict[str, str]) -> str:
    """The keyboard a field's values need, read from what the page says it takes."""
    kind = attributes.get("data-kind", "int" if "data-min" in attributes else "text")
    if kind == "distance":
        return "decimal"  # 12.5, or 12,5 in French: digits and the decimal separator
    if kind != "int" or int(attributes["data-min"]) < 0:
        return "text"  # a minus sign, spaces between numbers, a slash
    return "numeric"  # "-" for none is typed as an empty field


@pytest.mark.parametrize("lang", LANGS)
def test_each_field_opens_the_keyboard_its_range_needs(lang: str) -> None:
    """An iPhone's number pad has no minus sign: a field taking negatives is never ``numeric``
    (a small range is a list of its values), a whole number from 0 always is, a distance is
    ``decimal``."""
    forms = _page_forms(lang)
    checked = listed = 0
    for tag, attributes in forms.found:
        ident = attributes["id"]
        if tag == "select":
            if attributes.get("data-kind") == "int":  # a range as a list: each of its values
                low, high = int(attributes["data-min"]), int(attributes["data-max"])
                assert low < 0, ident
                assert forms.options[ident] == [str(v) for v in range(low, high + 1)], ident
                listed += 1
            continue
        mode = attributes.get("inputmode", "text")
        assert mode == _expected_keyboard(attributes), (ident, mode)
        if "data-min" in attributes and int(attributes["data-min"]) < 0:
            assert attributes.get("pattern") == "[+-]?[0-9]+", ident
        checked += 1
    assert checked > 30 and listed == 2, (checked, listed)  # PM and the other to-hit modifier
    modes = {a["id"]: a.get("inputmode") for tag, a in forms.found if tag == "input"}
    for name in ("ac", "st", "t", "w", "co", "armour"):
        assert modes[f"nq-builder-{name}"] == "numeric", name
    assert modes["nq-builder-ra"] == modes["nq-builder-cc"] == "numeric"  # empty for none
    assert modes["nq-army-points"] == "numeric" and modes["nq-army-name"] is None


@pytest.mark.parametrize("lang", LANGS)
def test_a_list_of_modifiers_shows_the_engines_signs(lang: str) -> None:
    """A list of modifiers shows them as the engine's answers print them (−3 with the minus
    sign, U+2212; 0 unsigned) while each option's value stays what the engine reads (-3)."""
    drawn = "".join(
        calculator_html(command, lang, "rules.html#rule", "Rule") for command in CALCULATORS
    )
    shown = dict(re.findall(r'<option value="(-?\d+)"(?: selected)?>([^<]*)</option>', drawn))
    assert shown["-3"] == "\u22123" and shown["-10"] == "\u221210" and shown["0"] == "0"
    assert not [text for text in shown.values() if "-" in text]


def test_a_wide_range_with_negatives_is_typed_on_the_full_keyboard() -> None:
    wide = Field("bonus", "Modifiers", "int", "--bonus", range(-100, 101), "0")
    drawn = _control(Calculator("x", "rule", (wide,)), wide, "en", {"Modifiers": "Modifiers"})
    assert 'inputmode="text" pattern="[+-]?[0-9]+"' in drawn and "<select" not in drawn


#: A question the engine refuses though each value is in range, and the field it refuses: each
#: refusal the At the table page marks beside a field.
REFUSED = (
    (["command", "7", "--mod", "ranked-or-closed", "--mod", "dispersed"], "mod"),
    (["hit", "5", "--mod", "higher-ground", "--mod", "enemy-higher-ground"], "mod"),
    (["hit", "5", "--mod", "ram"], "mod"),  # a ram without the charge it needs
    (["shoot", "5", "12", "--weapon", "bow", "--mod", "soft-cover", "--mod", "hard-cover"], "mod"),
    (["attack", "5", "4", "4", "--armour", "0", "--weapon", "bow"], "distance"),
    (["cast", "5", "--wizardry", "0", "--chant", "2", "--concentrate"], "chant"),
    (["cast", "5", "--wizardry", "2", "--chant", "2"], "chant"),
    (["morale", "3", "2", "4"], "casualties"),
)

IDS = [f"{argv[0]} {field} {i}" for i, (argv, field) in enumerate(REFUSED)]


def _refused(argv: list[str], lang: str) -> dict[str, object]:
    answer = ask(argv, lang)
    assert "error" in answer, answer
    return answer


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("argv", "field"), REFUSED, ids=IDS)
def test_a_refusal_names_its_field_as_data(argv: list[str], field: str, lang: str) -> None:
    """The engine's refusal names the field it refuses, a field of that form; two modifiers
    that cannot apply together are named by their keys, as the form's boxes hold them."""
    answer = _refused(argv, lang)
    assert answer["field"] == field, answer
    assert any(f.name == field for f in CALCULATORS[argv[0]].fields)
    if field == "mod":
        mods = [argv[i + 1] for i, word in enumerate(argv) if word == "--mod"]
        assert sorted(answer["values"]) == sorted(mods), answer  # type: ignore[arg-type]


@pytest.mark.parametrize(("argv", "field"), REFUSED, ids=IDS)
def test_a_reworded_refusal_still_names_its_field(
    monkeypatch: pytest.MonkeyPatch, argv: list[str], field: str
) -> None:
    """The page never reads the message's words: reworded, the refusal still names its field."""
    from nqcore import i18n

    kinds, found = [i18n.Refusal], []
    while kinds:  # every kind of refusal that words its own message
        kind = kinds.pop()
        kinds.extend(kind.__subclasses__())
        found += [kind] if "text" in vars(kind) else []
    for kind in found:
        monkeypatch.setattr(kind, "text", lambda self, lang: f"reworded ({lang})")
    answer = _refused(argv, "en")
    assert answer["error"] == "reworded (en)" and answer["field"] == field, answer


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "Close, medium and long range, each inches/modifier, such as"),
        ("fr", "Portée courte, moyenne et longue, chacune pouces/modificateur, comme"),
    ],
)
def test_the_ranges_field_shows_its_format_before_any_mistake(lang: str, hint: str) -> None:
    """An example in the empty field, and a hint under it, said by screen readers with it: the
    format is not only in the error of a wrong entry."""
    form = calculator_html("shoot", lang, "rules.html#rule", "Rule")
    parser = _Controls()
    parser.feed(form)
    (ranges,) = [values for _, values in parser.found if values["id"] == "nq-shoot-ranges"]
    assert ranges["placeholder"] == ranges["data-example"] == "10/+1 20/+0 30/-1"
    assert ranges["aria-describedby"].split() == ["nq-shoot-ranges-hint", "nq-shoot-ranges-error"]
    found = re.search(r'<p class="nq-field-hint" id="nq-shoot-ranges-hint">([^<]*)</p>', form)
    assert found is not None and found[1].startswith(hint), form
    assert "10/+1 20/+0 30/-1" in found[1]
