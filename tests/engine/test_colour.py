"""WCAG contrast in the engine: the text written on an aspect's colour is readable."""

from __future__ import annotations

import re

import pytest

from nqcore.colour import BLACK, TEXT_CONTRAST, WHITE, ColourError, contrast, rgb, text_colour_on
from nqcore.rules.magic import Aspect
from nqcore.rules.spells import aspect_colour, aspect_text_colour


def test_contrast_follows_wcag() -> None:
    assert contrast(WHITE, BLACK) == pytest.approx(21)
    assert contrast("#777", WHITE) == pytest.approx(4.48, abs=0.01)
    assert contrast("#d4ac0d", WHITE) == pytest.approx(2.16, abs=0.01)  # the old Light disc
    assert contrast("#5d8aa8", WHITE) == contrast(WHITE, "#5d8aa8")


@pytest.mark.parametrize("aspect", list(Aspect))
def test_every_aspect_name_reads_on_its_colour(aspect: Aspect) -> None:
    fill, text = aspect_colour(aspect), aspect_text_colour(aspect)
    assert contrast(text, fill) >= TEXT_CONTRAST, (aspect, fill, text)


def test_light_and_wind_take_black_text_the_others_white() -> None:
    black = {a for a in Aspect if aspect_text_colour(a) == BLACK}
    assert black == {Aspect.LIGHT, Aspect.WIND}


@pytest.mark.parametrize("grey", range(0, 256, 5))
def test_any_fill_gets_a_readable_text_colour(grey: int) -> None:
    fill = f"#{grey:02x}{grey:02x}{grey:02x}"
    assert contrast(text_colour_on(fill), fill) >= TEXT_CONTRAST


@pytest.mark.parametrize("bad", ["", "#12345", "red", "#ggg000"])
def test_a_bad_colour_is_named(bad: str) -> None:
    with pytest.raises(ColourError, match=re.escape(repr(bad))):
        rgb(bad)
