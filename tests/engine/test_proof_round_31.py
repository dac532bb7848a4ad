"""Proof-reader round 31: the command test modifiers (the book's table and the quick reference,
which print the engine's table) say that a fear test takes the fear (X) penalty instead of the
-1; the Trebuchet's open question is given a reading to play; the French says "the 2007 book" in
one way, "the responding unit" as the glossary does, and marks a model that has responded by a
quarter turn, not on its side (how a model knocked prone is shown)."""

from __future__ import annotations

from pathlib import Path

from nqcore.book.errata import all_errata
from nqcore.tables.registry import get_table
from nqcore.tables.table_text import cell_text

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_modifiers_say_a_fear_test_takes_its_own_penalty() -> None:
    table = get_table("command-modifiers")
    rows = [cell_text(row[0], "en") for row in table.rows]
    assert "The attacking unit causes fear in close combat" in rows
    notes = {lang: [cell_text(note, lang) for note in table.notes] for lang in ("en", "fr")}
    assert any("fear test" in note and "fear (X)" in note for note in notes["en"]), notes
    assert any("test de peur" in note and "Peur (X)" in note for note in notes["fr"]), notes


def test_the_trebuchet_has_a_reading_to_play() -> None:
    record = next(e for e in all_errata() if e.id == "trebuchet-crew-cost")
    assert "left open" not in record.correct and "bought separately" in record.correct
    notes = [cell_text(note, "en") for note in get_table("support-weapons").notes]
    assert any("Trebuchet" in note and "separately" in note for note in notes), notes


def test_the_french_says_each_thing_one_way() -> None:
    catalogues = [
        *sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po")),
        ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / "nqsphinx.po",
    ]
    text = "\n".join(
        line
        for path in catalogues
        for line in path.read_text(encoding="utf-8").splitlines()
        if not line.startswith("#")
    )
    for words in ("l’édition de 2007", "unité réactive", "en les tournant sur le côté"):
        assert words not in text, words


#: Records whose section's prose prints the 2007 reading (proof rounds 30 and 32): each names
#: that section in ``printed_in``, so that its box says the text under it is the 2007 book's.
PRINTED_HERE = {
    "support-weapon-use-cost-table": "support-weapon-use-cost",
    "infiltrate-maximum-models": "infiltrate",
    "large-model-free-armour": "large-model",
    "magic-user-levels": "magic-user",
    "initiative-enemy-unit": "initiative-the-tide-of-battle",
    "unit-size-limits": "extra-equipment-and-special-rules",
    "knock-prone-when-damaged": "being-knocked-prone",
    "wrapping-round-actions": "wrapping-round",
    "shield-spell-armour": "light-aspect",
    "team-work-assistance": "team-work",
    "normal-number-of-abilities": "comments-on-creating-profiles",
}


def test_a_section_printing_the_2007_reading_is_named_so() -> None:
    by_id = {erratum.id: erratum for erratum in all_errata()}
    missing = [key for key, label in PRINTED_HERE.items() if label not in by_id[key].printed_in]
    assert missing == []
