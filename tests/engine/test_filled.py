"""Numbers in the data's texts, kept once: placeholders filled where the text is read, in the
reader's language; their translations keep them, or the guard refuses the catalogue."""

from __future__ import annotations

import importlib.util
import pickle
import re
from fractions import Fraction
from pathlib import Path

import pytest

from nqcore.book.named_values import NAMED_VALUES, named_values
from nqcore.data import datafiles
from nqcore.filled import TextError, fill, filled, number_word, placeholders
from nqcore.i18n import LANGUAGES, ROOT, Filled, Msg, translator
from nqcore.rules.spells import spell
from nqtranslate.catalogue import data_messages, has_words
from nqtranslate.guard import check_catalogue

ENGINE_CATALOGUE = ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"


def test_numbers_are_filled_as_each_language_writes_them() -> None:
    values = {"d": Fraction(9, 2), "n": 1250, "costs": [3, 4, 5], "m": 7}
    text = '{d}", {n} points, UC {costs}, {m:word} models'
    assert fill(text, values, "en") == '4½", 1,250 points, UC 3, 4, 5, seven models'
    assert fill(text, values, "fr") == '4½", 1\u202f250 points, UC 3, 4, 5, sept models'
    assert [number_word(n, "fr") for n in (0, 7, 10, 11)] == ["zéro", "sept", "dix", "11"]


def test_a_filled_text_is_its_english_and_translates_by_its_placeholders() -> None:
    text = spell("fog").text[3]
    assert isinstance(text, Filled) and text.values == {"upkeep": 6}
    assert text == "This spell remains until the Wizard is next activated and has upkeep 6."
    assert text.msgid.endswith("has upkeep {upkeep}.")
    assert translator("fr")(text).endswith("a un coût de maintien de 6.")
    assert pickle.loads(pickle.dumps(text)).msgid == text.msgid  # Sphinx pickles its doctrees


def test_an_untranslated_text_shows_its_english_with_the_languages_numbers() -> None:
    text = filled('up to {d}" away, not yet translated', {"d": Fraction(3, 2)}, "test")
    assert translator("fr")(text) == 'up to 1½" away, not yet translated'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("upkeep {upkeep!r}", "the placeholder {upkeep!r} is not {name} or {name:word}"),
        ("upkeep {upkeep:>9}", "the placeholder {upkeep:>9} is not {name} or {name:word}"),
        ("upkeep {upkeep.real}", "the placeholder {upkeep.real} is not {name} or {name:word}"),
        ("upkeep {}", "the placeholder {} is not {name} or {name:word}"),
        ("upkeep {upkeep", "'upkeep {upkeep' is not a text with placeholders"),
        ("range {range_inches}", "the text says {range_inches}, a value its record does not have"),
    ],
)
def test_a_text_its_record_cannot_fill_is_refused_in_one_line(text: str, said: str) -> None:
    with pytest.raises(TextError) as refused:
        filled(text, {"upkeep": 6, "range_inches": None}, "spells.toml [fog] text[3]")
    assert str(refused.value).startswith("spells.toml [fog] text[3]: ")
    assert said in str(refused.value) and "\n" not in str(refused.value)


def test_a_text_without_placeholders_stays_a_message() -> None:
    assert type(filled("No upkeep here.", {"upkeep": 6}, "x")) is Msg


def test_every_named_value_is_a_number_some_text_states() -> None:
    kept = [text for _, text, _ in data_messages()]
    kept += [str(r["correct"]) for name in datafiles.errata_names() for r in _errata(name)]
    used = {name for text in kept for name in placeholders(text, "data")}
    assert set(NAMED_VALUES) <= used
    for name, value in NAMED_VALUES.items():
        computed = value()
        numbers = computed if isinstance(computed, list) else [computed]
        assert numbers and all(isinstance(n, int | Fraction) for n in numbers), name


def _errata(name: str) -> list[dict[str, object]]:
    records: list[dict[str, object]] = datafiles.load(f"errata/{name}")["erratum"]
    return records


def test_a_bare_placeholder_is_not_a_message_to_translate() -> None:
    assert not has_words("{spear_points}") and not has_words('{double_time_3_actions}"')
    assert has_words("{infiltrating_maximum:word} models") and has_words("a { lone brace")


def test_no_reader_is_shown_a_placeholder() -> None:
    """Every text of every record, as the tool ``tools/data_texts.py`` lists it for each
    language, is filled."""
    spec = importlib.util.spec_from_file_location("data_texts", ROOT / "tools" / "data_texts.py")
    assert spec is not None and spec.loader is not None
    data_texts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(data_texts)
    names = "|".join([*NAMED_VALUES, "upkeep", "range_inches", "template"])
    placeholder = re.compile(r"\{(?:" + names + r")(?::word)?\}")
    for lang in LANGUAGES:
        shown = [line for line in data_texts.record_lines(lang) if placeholder.search(line)]
        assert not shown, shown[:3]


@pytest.mark.parametrize(
    ("wrong", "findings"),
    [
        ("maintien de 6.", ["msgstr drops the placeholder {upkeep}"]),
        (
            "maintien de {upkep}.",
            [
                "msgstr drops the placeholder {upkeep}",
                "msgstr adds the placeholder {upkep}, not in its msgid",
            ],
        ),
    ],
)
def test_a_translation_that_loses_a_placeholder_is_refused_at_its_line(
    tmp_path: Path, wrong: str, findings: list[str]
) -> None:
    """The engine catalogue's header and its message of the upkeep paragraph, mistranslated."""
    text = ENGINE_CATALOGUE.read_text(encoding="utf-8")
    header = text[: text.index("\n\n") + 2]
    start = text.index('msgid ""\n"This spell remains until the Wizard is next activated and has')
    message = text[start : text.index("\n\n", start) + 1]
    assert "maintien de {upkeep}." in message
    path = tmp_path / "nqcore.po"
    path.write_text(header + message.replace("maintien de {upkeep}.", wrong), encoding="utf-8")
    line = header.count("\n") + 1
    assert [str(f) for f in check_catalogue(path)] == [f"{path}:{line}: {f}" for f in findings]


def test_a_text_naming_a_value_worked_out_from_itself_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An ability's summary naming a sample profile's points, which price that ability: the
    engine would go round for ever (a ``RecursionError``); the text's field is named instead."""

    def from_the_text_itself() -> object:
        return filled("costs {loop} points", named_values, "abilities.toml [adept] summary")

    monkeypatch.setitem(NAMED_VALUES, "loop", from_the_text_itself)
    said = r"abilities.toml \[adept\] summary: the text says \{loop\}, a value worked out from this"
    with pytest.raises(TextError, match=said):
        filled("costs {loop} points", named_values, "abilities.toml [adept] summary")
    assert filled("{spear_points}", named_values, "x") == "4"  # after a refusal, no cycle left
