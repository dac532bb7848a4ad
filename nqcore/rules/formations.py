"""Formations: how many models a ranked or closed unit needs to keep its bonuses.

Book chapter "Facing, Attack Zone, Formations": "Ranked Formation" (eight or more models in at
least two ranks of at least four), "Closed Formation" (the same bonuses), and for both: "Once a
... unit is reduced to fewer than eight models, the unit counts as being skirmished for game
purposes", losing its armour and morale bonuses (the ranked or closed +1 to armour and to
command tests, :mod:`nqcore.rules.armour` and :mod:`nqcore.rules.morale`).
"""

from __future__ import annotations

from enum import Enum

from nqcore.rules.game_limits import unit_sizes

#: "Ranked Formation", "Closed Formation": the fewest models that keep the formation's bonuses
#: (``data/game_limits.toml``, where the two are kept apart as the book states them apart).
FORMED_MINIMUM_MODELS = unit_sizes()["ranked"].minimum
#: "Ranked Formation": at least two ranks of at least four models.
MINIMUM_RANKS = 2
MINIMUM_RANK_WIDTH = 4


class Formation(Enum):
    """The four formations ("Formations")."""

    RANKED = "ranked"
    CLOSED = "closed"
    SKIRMISH = "skirmish"
    DISPERSED = "dispersed"


def effective_formation(formation: Formation, models: int) -> Formation:
    """The formation a unit counts as for game purposes: a ranked or closed unit of fewer than
    eight models counts as skirmished, however its models stand.

    >>> [effective_formation(Formation.RANKED, n).value for n in (16, 7)]
    ['ranked', 'skirmish']
    """
    if models < 1:
        raise ValueError(f"a unit has at least one model, not {models}")
    formed = formation in (Formation.RANKED, Formation.CLOSED)
    if formed and models < unit_sizes()[formation.value].minimum:
        return Formation.SKIRMISH
    return formation


def formed_bonus_applies(formation: Formation, models: int) -> bool:
    """Whether the unit gains the ranked or closed bonuses (+1 armour, +1 to command tests):
    it is ranked or closed and still has at least eight models.

    >>> formed_bonus_applies(Formation.CLOSED, 8), formed_bonus_applies(Formation.CLOSED, 7)
    (True, False)
    """
    return effective_formation(formation, models) in (Formation.RANKED, Formation.CLOSED)


def can_form_ranks(models: int, ranks: int) -> bool:
    """Whether ``models`` can stand as a ranked unit of ``ranks`` ranks ("Ranked Formation": eight
    or more models, at least two ranks of at least four).

    >>> can_form_ranks(16, 4), can_form_ranks(18, 3), can_form_ranks(12, 4)
    (True, True, False)
    """
    if ranks < 1:
        raise ValueError(f"a unit stands in at least one rank, not {ranks}")
    return (
        models >= FORMED_MINIMUM_MODELS
        and ranks >= MINIMUM_RANKS
        and models >= ranks * MINIMUM_RANK_WIDTH
    )
