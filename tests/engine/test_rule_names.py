"""The rule sections the At the table page links where an answer names them in brackets."""

from __future__ import annotations

from nqcompanion.page.rule_names import bracketed_names, named_sections


def test_the_engine_names_sections_in_brackets_in_both_languages() -> None:
    assert {"Dodge", "Attacks Against Very Large Targets"} <= bracketed_names("en")
    assert {"Esquive", "Attaques contre les cibles très grandes"} <= bracketed_names("fr")
    assert "Dodge" not in bracketed_names("fr")


def test_only_the_headings_an_answer_names_are_given_their_address() -> None:
    labels = {
        "dodge": ("abilities", "dodge", "Dodge"),
        "dodge-again": ("traits", "dodge-again", "Dodge"),  # a heading two sections share
        "deployment": ("turns", "deployment", "Deployment"),  # named by no answer
        "no-anchor": ("magic", "", "Aiming"),  # a page's own label: no section
        "elsewhere": ("nowhere", "x", "Aiming"),  # a document the page has no address for
    }
    uri = {"abilities": "abilities.html", "traits": "traits.html", "turns": "turns.html"}
    uri["magic"] = "magic.html"
    assert named_sections("en", labels, uri) == {"Dodge": "abilities.html#dodge"}
