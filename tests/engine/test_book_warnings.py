"""The book's profile warnings are data (a code and its values) rendered through the engine's
catalogue: every sentence has its French, and the values fill it in either language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import po
from nqcore.book.book_warnings import (
    COUNTED,
    MESSAGES,
    MODEL_TYPES,
    RESTRICTED,
    SINGULAR,
    Owner,
    warn,
)
from nqcore.i18n import Msg

PO = Path(__file__).resolve().parents[2] / "nqcore/locale/fr/LC_MESSAGES/nqcore.po"


def _placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"\{(\w+)\}", text))


@pytest.mark.parametrize(
    "msgid",
    [*MESSAGES.values(), *(s for _, s in SINGULAR.values()), *MODEL_TYPES, *COUNTED, RESTRICTED],
)
def test_every_word_of_the_warnings_has_its_french(msgid: str) -> None:
    entry = po.read(PO.read_bytes()).get(msgid)
    assert entry is not None and entry.string and not entry.fuzzy, msgid
    assert _placeholders(entry.string) == _placeholders(msgid)


def test_a_warning_reads_in_both_languages() -> None:
    warning = warn(
        "above-maximum",
        owner=Owner("Horse"),
        key=Msg("ST"),
        value=8,
        maximum=5,
        model=Msg("a core model"),
    )
    assert warning.code == "above-maximum"
    assert (
        warning.msgid
        == "{owner}{key} {value} is above the recommended maximum of {maximum} for {model}"
    )
    assert str(warning) == "Horse: ST 8 is above the recommended maximum of 5 for a core model"
    assert warning.text("fr") == (
        "Horse\u00a0: F 8 dépasse le maximum recommandé de 5 pour une figurine régulière"
    )
    model = warn(
        "above-maximum",
        owner=Owner(""),
        key=Msg("AC"),
        value=11,
        maximum=10,
        model=Msg("an elite model"),
    )
    assert model.text("fr") == "Ac 11 dépasse le maximum recommandé de 10 pour une figurine d’élite"
    assert warning.as_json("fr") == {
        "code": "above-maximum",
        "kind": "warning",  # a refusal where the book forbids (player round fourteen)
        "text": warning.text("fr"),
        "params": {
            "owner": "Horse",
            "key": "ST",
            "value": 8,
            "maximum": 5,
            "model": "a core model",
        },
    }


def test_a_note_and_a_name_are_translated_a_number_and_a_code_kept() -> None:
    rule = warn("unpriced-rule", name=Msg("Halberd"), rule="two-ranks")
    assert rule.text("fr") == (
        "Hallebarde\u00a0: les tables de création d’armes ne donnent aucun coût pour la règle "
        "two-ranks"
    )
    restricted = warn("restricted", name=Msg("Unerring"), note=RESTRICTED)
    assert str(restricted) == "Unerring: restricted"
    assert restricted.text("fr").endswith("\u00a0: restreint")


def test_an_unknown_code_or_a_missing_value_is_refused_when_raised() -> None:
    with pytest.raises(KeyError):
        warn("no-such-warning")
    with pytest.raises(KeyError, match="maximum"):
        warn("core-points-limit", points=40)


def test_too_many_spells_says_the_count_in_the_singular_and_the_plural() -> None:
    """ "A magic user may take a number of spells equal to its own wizardry level"."""
    from nqcore.book.book_warnings import warn

    one = warn("too-many-spells", level=1, allowed=1, count=2)
    assert one.text("en") == "Spells: a magic user of level 1 may take 1 spell; this one has 2"
    assert re.search(r"\b1 sort\b(?!s)", one.text("fr")), one.text("fr")
    two = warn("too-many-spells", level=2, allowed=2, count=3)
    assert two.text("en") == "Spells: a magic user of level 2 may take 2 spells; this one has 3"
    assert re.search(r"\b2 sorts\b", two.text("fr")), two.text("fr")
