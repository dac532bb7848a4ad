"""Player round fourteen (#6, #9): distances as a tape measure reads them (``12½``, ``12 1/2``)
and ranges with the minus sign the armoury prints (``30/−1``, U+2212) are read; ranges without
their modifiers (``10 20 30``) are said to lack them."""

from __future__ import annotations

import argparse
from fractions import Fraction

import pytest

from nqcompanion.bridge.web import ask
from nqcore.cli import args as read


@pytest.mark.parametrize("typed", ["12½", "12 1/2", "12.5", "25/2", "12,5"])
def test_half_inches_are_read(typed: str) -> None:
    """A decimal comma too, as French writes it (player round thirty: ``nq --lang fr`` refused
    the « 12,5 » the page takes)."""
    assert read.distance(typed) == Fraction(25, 2)


@pytest.mark.parametrize("typed", ["12,5,5", "1,2.5", ",5", "12,", "1,000", "12,500"])
def test_a_comma_is_a_decimal_point_only_between_digits(typed: str) -> None:
    """Not before exactly three digits: English reads "1,000" as a thousand, and it was read as
    1" (attacker round 31)."""
    with pytest.raises(argparse.ArgumentTypeError, match=f"not '{typed}'"):
        read.distance(typed)


def test_the_armourys_minus_sign_is_read() -> None:
    assert read.weapon_range("30/\u22121") == "30/-1"


def test_a_range_without_its_modifier_says_so() -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="needs its modifier after a slash"):
        read.weapon_range("10")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_shooting_answer_reads_both(lang: str) -> None:
    argv = ["shoot", "5", "12½", "--ranges", "10/+1", "20/+0", "30/\u22121"]
    answer = ask(argv, lang)
    assert "error" not in answer, answer
    assert answer["json"]["distance"] in ("25/2", 12.5, "12.5"), answer["json"]
