"""The shape of a calculator of the "At the table" page and of each of its fields: the ``nq``
question it asks and the argument each field gives (the calculators themselves are
:mod:`nqcompanion.page.calculators`')."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Field:
    """One control of a calculator and the argument of ``nq`` it gives.

    ``arg`` is ``""`` for a positional argument, else the option (``--wizardry``); ``kind`` is
    ``int``, ``distance``, ``check``, ``choice``, ``multi`` (checkboxes, the option repeated),
    ``list`` (whole numbers separated by spaces) or ``ranges`` (three weapon ranges).  An
    ``optional`` field left empty gives no argument; ``omit_if`` names a field whose value
    makes this one unused (a sample profile gives the numbers), and ``shows`` the field of the
    engine's answer (``nq --json``) whose value it then shows, read-only (the sample's CC).
    ``example`` is shown in the field while it is empty (its placeholder), ``hint`` (a message
    of the extension's catalogue, its ``{example}`` filled) under it, before any mistake.
    ``used_if`` (``"mod:extra-attack"``) names a box of a ``multi`` field without which this
    one is unused (the dice of an extra attack, with the extra attack's modifier ticked).
    ``picks`` gives, for each value of a choice, the values it sets in other fields (an
    attacker its own weapon, where the weapon list offers it).  ``blank`` is what a modifier
    left empty counts as (none: ``"0"``), which the answer then says, rather than a mistake."""

    name: str
    label: str
    kind: str
    arg: str = ""
    allowed: range | None = None
    default: str = ""
    choices: Callable[[str], list[tuple[str, str]]] | None = None
    optional: bool = False
    omit_if: str = ""
    shows: str = ""
    example: str = ""
    hint: str = ""
    used_if: str = ""
    picks: Callable[[], dict[str, dict[str, str]]] | None = None
    blank: str = ""


@dataclass(frozen=True)
class Calculator:
    command: str
    rule: str  # the label of the rule section it answers
    fields: tuple[Field, ...] = field(default_factory=tuple)
    #: The labels of the other rule sections whose reading its answers follow: the calculator's
    #: section carries their errata and open questions (nqsphinx.directives.errata), as the rule's.
    answers: tuple[str, ...] = ()
