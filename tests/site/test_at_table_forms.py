"""The "At the table" page's forms as they are written into the page (no build, no browser):
each field opens the phone keyboard its range needs, and each engine refusal the page marks
beside a field is one the engine really gives (``nqsphinx/site/at_table_fields.py``)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from nqcore.cli.web import ask
from nqsphinx.site.at_table_army import army_html
from nqsphinx.site.at_table_builder import builder_html
from nqsphinx.site.at_table_fields import REFUSAL_FIELDS
from nqsphinx.site.at_table_forms import CALCULATORS, Calculator, Field, _control, calculator_html

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
    parser.feed(builder_html(lang, "rules.html#rule", "Rule"))
    parser.feed(army_html(lang, "rules.html#rule", "Rule", {}))
    return parser


def _expected_keyboard(attributes: dict[str, str]) -> str:
    """The keyboard a field's values need, read from what the page says it takes."""
    kind = attributes.get("data-kind", "int" if "data-min" in attributes else "text")
    if kind == "distance":
        return "decimal"  # 12.5, or 12,5 in French: digits and the decimal separator
    if kind != "int" or int(attributes["data-min"]) < 0 or "data-none" in attributes:
        return "text"  # a minus sign, spaces between numbers, a slash, or "-" for none
    return "numeric"


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
    assert modes["nq-builder-ra"] == modes["nq-builder-cc"] == "text"  # "-" for none
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


#: A question each refusal of :data:`REFUSAL_FIELDS` answers, in its order.
REFUSED = (
    ["command", "7", "--mod", "ranked-or-closed", "--mod", "dispersed"],
    ["attack", "5", "4", "4", "--armour", "0", "--weapon", "bow"],
    ["cast", "5", "--wizardry", "0", "--chant", "2", "--concentrate"],
    ["cast", "5", "--wizardry", "2", "--chant", "2"],
    ["morale", "3", "2", "4"],
)


@pytest.mark.parametrize("argv", REFUSED, ids=lambda argv: " ".join(argv[:2]))
def test_each_refusal_the_page_places_is_the_engines(argv: list[str]) -> None:
    """The page finds the field of a refusal from the engine's untranslated message: each of its
    patterns matches a refusal the engine gives, first, and names a field of that form."""
    answer = ask(argv, "en")
    assert "error" in answer, answer
    matched = [field for pattern, field in REFUSAL_FIELDS if re.search(pattern, answer["message"])]
    assert matched, answer["message"]
    index = REFUSED.index(argv)
    assert matched[0] == REFUSAL_FIELDS[index][1], (matched, answer["message"])
    assert any(f.name == matched[0] for f in CALCULATORS[argv[0]].fields)


def test_the_refusal_patterns_read_alike_in_javascript() -> None:
    assert len(REFUSED) == len(REFUSAL_FIELDS)
    for pattern, _field in REFUSAL_FIELDS:
        assert "(?P" not in pattern and "(?<" not in pattern and "\\Z" not in pattern, pattern
