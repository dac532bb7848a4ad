"""The nemesis trait: a model's arch rival, the reciprocal trait, ST+1 and the ignored first wound.

Book chapter "Traits" > "Nemesis" (p. 52).  In a profile the trait is the pick
``Pick("nemesis", target=<rival>)`` (:class:`nqcore.army.profiles.Pick`); this module holds its
rules.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

#: "Nemesis": a model gains ST+1 for all attacks against its nemesis target.
NEMESIS_STRENGTH_BONUS = 1
#: "Nemesis": the first wound a model causes its nemesis counterpart is ignored.
NEMESIS_IGNORED_WOUNDS = 1


@dataclass(frozen=True, order=True)
class Nemesis:
    """A nemesis (``rival``) trait held by ``model`` (an individual or character)."""

    model: str
    rival: str

    def __post_init__(self) -> None:
        if self.model == self.rival:
            raise ValueError(f"{self.model} cannot be its own nemesis")

    def reciprocal(self) -> Nemesis:
        """The trait the rival gains for the game: nemesis (``model``)."""
        return Nemesis(self.rival, self.model)

    def wounds_counted(self, wounds: int, *, caused_before: int = 0) -> int:
        """Of ``wounds`` the model causes its rival, how many count: the first wound it causes
        its nemesis counterpart in the game is ignored; ``caused_before`` counts the wounds it
        caused the rival earlier (the ignored one included).

        >>> Nemesis("Light Unicorn", "Dark Unicorn").wounds_counted(2)
        1
        """
        if wounds < 0 or caused_before < 0:
            raise ValueError("wounds cannot be negative")
        return max(0, wounds - max(0, NEMESIS_IGNORED_WOUNDS - caused_before))


def nemeses_in_play(declared: Iterable[Nemesis]) -> frozenset[Nemesis]:
    """The nemesis traits in effect in a game against the rivals: each declared trait and the
    reciprocal one its rival gains ("The nemesis target model also gains the nemesis trait for
    the duration of the game with the reciprocal model as the nemesis target")."""
    found: set[Nemesis] = set()
    for nemesis in declared:
        found.update((nemesis, nemesis.reciprocal()))
    return frozenset(found)


def nemesis_strength_bonus(attacker: str, target: str, declared: Iterable[Nemesis]) -> int:
    """The attacker's ST bonus against ``target``, given the nemesis traits of the armies:
    ST+1 when the attacker holds the trait against the target, or gains it as the reciprocal of
    the target's; nothing against any other enemy ("If a model is fighting an enemy without the
    reciprocal nemesis trait, the trait has no effect whatsoever").  The element of a
    combination model that holds no trait (the rider of a nemesis steed) gains nothing.

    >>> light = Nemesis("Light Unicorn", "Dark Unicorn")
    >>> nemesis_strength_bonus("Dark Unicorn", "Light Unicorn", [light])
    1
    >>> nemesis_strength_bonus("Light Unicorn", "Orc", [light])
    0
    """
    in_play = nemeses_in_play(declared)
    holds = any(n.model == attacker and n.rival == target for n in in_play)
    return NEMESIS_STRENGTH_BONUS if holds else 0
