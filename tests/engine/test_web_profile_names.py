"""The profile builder's file is the player's, in no page's language: re-priced on the other
language's page (no change asked), it is given back as it was, and only the name the page
shows is that page's ("Dwarf" started on the English page shows « Nain » on the French one)."""

from __future__ import annotations

from nqcompanion.bridge.web import build


def test_a_book_start_priced_on_the_other_page_keeps_its_file_and_shows_its_name() -> None:
    started = build({"start": "dwarf"}, "en")
    again = build({"toml": started["toml"]}, "fr")
    assert again["toml"] == started["toml"]
    assert again["fields"]["name"] == build({"start": "dwarf"}, "fr")["fields"]["name"] != "Dwarf"
    assert again["name"] == "Dwarf"  # the file's name, which the list keeps
    assert again["card"]["name"] == again["fields"]["name"]


def test_a_changed_book_profile_shows_the_page_s_name_and_keeps_its_own() -> None:
    made = build({"toml": build({"start": "dwarf"}, "en")["toml"], "set": {"w": "3"}}, "en")
    again = build({"toml": made["toml"]}, "fr")
    assert again["toml"] == made["toml"] and "Dwarf" in again["toml"]
    assert again["fields"]["name"] == build({"start": "dwarf"}, "fr")["fields"]["name"]
    changed = build({"toml": made["toml"], "set": {"w": "2"}}, "fr")
    assert 'name = "Dwarf"' in changed["toml"]


def test_a_name_the_player_typed_is_shown_as_typed() -> None:
    made = build({"toml": build({"start": ""}, "en")["toml"], "set": {"name": "Thane Borin"}}, "en")
    assert build({"toml": made["toml"]}, "fr")["fields"]["name"] == "Thane Borin"


def test_a_profile_never_named_is_shown_untitled_in_the_page_s_language() -> None:
    """Player round nine: a blank profile made on the English page stayed "New profile" on the
    French one (its card, its summary); it is shown by the page's word for an untitled profile,
    its file keeping the name it was made with."""
    from nqcore.army.characteristics import BLANK_NAME
    from nqcore.i18n import translator

    made = build({"start": ""}, "en")
    again = build({"toml": made["toml"]}, "fr")
    untitled = translator("fr")(BLANK_NAME)
    assert untitled != "New profile"
    assert again["fields"]["name"] == untitled and again["card"]["name"] == untitled
    assert again["summary"].startswith(f"{untitled} · ")
    assert again["toml"] == made["toml"] and again["name"] == "New profile"
    back = build({"toml": build({"start": ""}, "fr")["toml"]}, "en")
    assert back["fields"]["name"] == "New profile" and back["card"]["name"] == "New profile"
