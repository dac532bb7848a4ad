"""The quick reference sets the engine's words as the rulebook does: "the enemy’s fear (X)
penalty" with the book's apostrophe, not a typewriter's (proof-reader round 34); inch marks
stay straight; French is left to its own typography."""

from __future__ import annotations

from nqcore.rules.morale import command_modifiers_table
from nqcore.tables.registry import get_table, table_keys
from nqprint.quick_reference import PAGES, table_tex


def test_an_english_note_has_the_book_s_apostrophe_and_its_inches_stay_straight() -> None:
    text = table_tex(command_modifiers_table(), "en")
    assert "the enemy’s fear (X) penalty" in text and "enemy's" not in text
    assert 'within 20" and in line of sight' in text


def test_every_table_of_the_sheet_has_no_straight_apostrophe_in_english() -> None:
    keys = [key for page in PAGES for key in page if key in table_keys()]
    assert len(keys) > 10
    for key in keys:
        assert "'" not in table_tex(get_table(key), "en"), key
