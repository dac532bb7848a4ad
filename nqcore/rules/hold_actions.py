"""Hold actions: a unit on hold and the one response action each of its models may make.

Book chapter "Hold Actions" (p. 35): a holding unit interrupts an enemy unit's activation with
"Response Shooting", "Receive A Charge" or "Flee From A Charge"; each of its models makes a
single response during that enemy activation.  The flee move itself is
:func:`nqcore.rules.movement.flee_actions`; response shots may not be aimed
(:func:`nqcore.rules.ranged.aimed_use_cost`).
"""

from __future__ import annotations

from collections.abc import Iterable

#: "Response Shooting": a holding unit may spend up to 5 actions to fire its ranged weapons once.
RESPONSE_SHOOTING_ACTIONS = 5


def can_fire_in_response(use_cost: int) -> bool:
    """Per "Response Shooting": whether a ranged weapon of ``use_cost`` can be fired in a
    response, which spends up to 5 actions.

    >>> can_fire_in_response(4), can_fire_in_response(6)  # a bow; a weapon of UC6
    (True, False)
    """
    if use_cost < 1:
        raise ValueError("a use cost is at least 1 action")
    return use_cost <= RESPONSE_SHOOTING_ACTIONS


class ResponseError(ValueError):
    """A response action the rules do not allow (the message names the model)."""


class HoldingUnit:
    """A unit on hold during one enemy unit's activation ("Hold Actions").

    Each model makes one response action at most ("Each model in the holding unit may only make
    one response action during the opposing units activation"): a single shot, or a single
    close combat attack against one of the enemy models that charge it.
    """

    def __init__(self, models: Iterable[str]) -> None:
        self.models: tuple[str, ...] = tuple(models)
        if not self.models:
            raise ValueError("a holding unit has at least one model")
        if len(set(self.models)) != len(self.models):
            raise ValueError("give each model of the holding unit its own name")
        self.responded: set[str] = set()

    @classmethod
    def numbered(cls, count: int, name: str = "model") -> HoldingUnit:
        """A unit of ``count`` models named ``"<name> 1"`` to ``"<name> <count>"``."""
        return cls(f"{name} {number}" for number in range(1, count + 1))

    def can_respond(self, model: str) -> bool:
        """Whether ``model`` may still make its response action."""
        self._check_member(model)
        return model not in self.responded

    def respond(self, *models: str) -> None:
        """Record the response action of each of ``models``; a model that has already responded
        raises :class:`ResponseError` (and nothing is recorded)."""
        for model in models:
            if not self.can_respond(model):
                raise ResponseError(f"{model} has already made its response action")
        if len(set(models)) != len(models):
            raise ResponseError("each model makes a single response action")
        self.responded.update(models)

    @property
    def waiting(self) -> tuple[str, ...]:
        """The models that have not yet made their response action, in order."""
        return tuple(model for model in self.models if model not in self.responded)

    def _check_member(self, model: str) -> None:
        if model not in self.models:
            raise ValueError(f"{model!r} is not a model of the holding unit")
