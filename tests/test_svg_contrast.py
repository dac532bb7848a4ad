"""Every text of the diagrams reads on what lies under it (WCAG AA, 4.5:1), in light and dark
mode: the drawings made by code from the engine's colours, the hand-drawn ones, and the title
bands of the printed spell cards.  The built pages are checked in
tests/site/test_accessibility_markup.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.colour import TEXT_CONTRAST, contrast
from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import all_spells
from nqprint.spell_cards import _card, mutation_card, spell_card
from nqsphinx.directives.diagrams import aspect_circle_svg
from nqsphinx.directives.movement_diagram import movement_svg
from tests.building import ROOT
from tests.svgcontrast import failures, pairs

HAND_DRAWN = sorted((ROOT / "docs" / "_static" / "diagrams").glob("*.svg"))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_aspect_circle_names_read_on_their_discs(lang: str) -> None:
    svg = aspect_circle_svg(lang, "description")
    found = list(pairs(svg, "aspect circle"))
    assert len(found) == 6 * 2  # six names, light and dark mode
    assert not failures(svg, "aspect circle"), "\n".join(map(str, failures(svg, "aspect circle")))


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_movement_bars_labels_read_in_both_modes(lang: str) -> None:
    svg = movement_svg(lang, "description")
    assert len(list(pairs(svg, "movement"))) == 8 * 2
    assert not failures(svg, "movement"), "\n".join(map(str, failures(svg, "movement")))


@pytest.mark.parametrize("path", HAND_DRAWN, ids=lambda p: p.stem)
def test_hand_drawn_diagram_labels_read(path: Path) -> None:
    found = failures(path.read_text(encoding="utf-8"), path.name)
    assert not found, "\n".join(map(str, found))


def test_the_check_names_an_unreadable_pair() -> None:
    """The aspect circle as it was: white names on every disc; Light's fails, named."""
    svg = aspect_circle_svg("en", "description").replace('fill="#000000"', 'fill="#ffffff"')
    found = {str(pair) for pair in failures(svg, "aspect circle")}
    assert "aspect circle (light mode): text 'Light' #ffffff on #d4ac0d: 2.16:1 < 4.5:1" in found
    assert "aspect circle (dark mode): text 'Wind' #ffffff on #5d8aa8: 3.71:1 < 4.5:1" in found
    assert len(found) == 4  # Light and Wind, in each mode


def test_a_label_on_a_translucent_zone_is_blended() -> None:
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><style>.z{fill:#000;fill-opacity:.5}</style>'
        '<rect class="z" x="0" y="0" width="100" height="100"/>'
        '<text x="50" y="50" text-anchor="middle" fill="#777">A</text></svg>'
    )
    (light, dark) = pairs(svg, "zones")
    assert (light.under, dark.under) == ("#808080", "#0a0a0b")
    assert [p.mode for p in failures(svg, "zones")] == ["light", "dark"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_printed_card_titles_read_on_their_bands(lang: str) -> None:
    cards = [spell_card(s, lang) for s in all_spells()]
    cards += [mutation_card(m, lang) for m in all_mutations()]
    assert len({colour for colour, *_ in cards}) == 7  # six aspects and the mutations
    for colour, title, *_ in cards:
        drawn = _card(0, 0, (colour, title, "", ""))
        red, green, blue = re.search(
            r"text=\{rgb,255:red,(\d+);green,(\d+);blue,(\d+)\}", drawn
        ).groups()  # type: ignore[union-attr]
        text = f"#{int(red):02x}{int(green):02x}{int(blue):02x}"
        assert contrast(text, colour) >= TEXT_CONTRAST, (title, colour, text)


def test_a_name_running_off_its_disc_is_caught() -> None:
    """« Obscurité » at the circle's first size spilled white letters onto the white page."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg"><circle cx="50" cy="50" r="34" fill="#4a235a"/>'
        '<text x="50" y="55" text-anchor="middle" fill="#ffffff" font-size="15">Obscurité</text>'
        "</svg>"
    )
    found = [str(pair) for pair in failures(svg, "circle")]
    assert found == [
        "circle (light mode): text 'Obscurité' (first letter) #ffffff on #ffffff: 1.00:1 < 4.5:1"
    ]
    fitted = svg.replace('font-size="15"', 'font-size="11.7"')
    assert not failures(fitted, "circle")
