"""Dice: every test in No Quarter is a D10 rolled equal to or under a target.

Book sections: "Dice" (What You Need To Play), "Rolling Dice, Low Is Good" (Getting Started).
Probabilities are exact ``Fraction`` values so that tables and doctests never round.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

#: The faces of the only die the game uses ("This is a D6 free zone").
D10_FACES: tuple[int, ...] = tuple(range(1, 11))


def d10_succeeds(
    natural: int, target: int, *, ten_fails: bool = True, one_succeeds: bool = False
) -> bool:
    """Whether a natural D10 roll passes a roll-equal-or-under test against ``target``.

    ``ten_fails`` encodes the book's "a natural 10 always fails" rules (fumbles, casting);
    ``one_succeeds`` the rules where a natural 1 always passes (wounding, the lucky save).
    """
    if natural not in D10_FACES:
        raise ValueError(f"a D10 shows 1 to 10, not {natural}")
    if ten_fails and natural == 10:
        return False
    if one_succeeds and natural == 1:
        return True
    return natural <= target


def d10_chance(target: int, *, ten_fails: bool = True, one_succeeds: bool = False) -> Fraction:
    """Exact chance that one D10 rolls equal to or under ``target``, under the natural-roll rules.

    >>> d10_chance(7)
    Fraction(7, 10)
    >>> d10_chance(12)  # a natural 10 still fails
    Fraction(9, 10)
    >>> d10_chance(12, ten_fails=False)
    Fraction(1, 1)
    """
    wins = sum(
        1
        for face in D10_FACES
        if d10_succeeds(face, target, ten_fails=ten_fails, one_succeeds=one_succeeds)
    )
    return Fraction(wins, len(D10_FACES))


def d10_distribution() -> Mapping[int, Fraction]:
    """The distribution of one D10: each face 1/10."""
    return {face: Fraction(1, len(D10_FACES)) for face in D10_FACES}
