"""The re-roll of a failed command test in ``nq command``'s answer, and the figures that call for
a command test in ``nq morale``'s answer (:mod:`nqcore.cli.render`):
the casualties against the starting number or the number at the start of the turn, said in the
reader's plural form, and a unit of a single model said as such (player round thirteen: « 1 perte
sur les 1 du début du tour »)."""

from __future__ import annotations

from typing import Any

from nqcore.cli.render import roll_needed
from nqcore.i18n import N_, format_number, plural, translator


def trigger_figures(test: dict[str, Any], starting: int, lang: str) -> str:
    """The figures that call for a test: the losses of the whole game against the starting
    number for the first test, the turn's against the number at its start after it; of a single
    model, that model ("1 casualty of the one model", not "of the 1")."""
    game = "lost_in_total" in test
    count, of = (
        (test["lost_in_total"], starting)
        if game
        else (test["casualties"], test["at_start_of_turn"])
    )
    if of == 1:
        alone = (
            N_("{count} casualty of the one model at the start of the game")
            if game
            else N_("{count} casualty of the one model at the start of the turn")
        )
        return translator(lang)(alone).format(count=format_number(count, lang))
    if game:
        return plural(
            count,
            N_("{count} casualty of the {starting} at the start of the game"),
            N_("{count} casualties of the {starting} at the start of the game"),
            lang,
            starting=format_number(of, lang),
        )
    return plural(
        count,
        N_("{count} casualty of the {at_start} at the start of the turn"),
        N_("{count} casualties of the {at_start} at the start of the turn"),
        lang,
        at_start=format_number(of, lang),
    )


#: The line of a failed command test's re-roll, by what gives it (``reroll["by"]``).
_REROLL_LINES = {
    "battle-standard": N_("Battle standard: a failed test is re-rolled at CO+1. {needed}"),
    "great-leader": N_("Great Leader: a failed test is re-rolled. {needed}"),
}


def reroll_line(reroll: dict[str, Any], lang: str) -> str:
    """The re-roll of a failed command test (battle standard, Great Leader) and what it needs."""
    needed = roll_needed(reroll["target"], reroll["chance"], lang)
    return translator(lang)(_REROLL_LINES[reroll["by"]]).format(needed=needed)


def on_dice(needed: str, answer: dict[str, Any], lang: str) -> str:
    """The roll a command test needs, said of the 2D10 of Inspiring Leadership, either of which
    may be kept (player round 22: "7 or less" beside 91 % read as a D10's 70 %)."""
    if not answer.get("inspiring_leadership"):
        return needed
    return translator(lang)(N_("{needed}, on either die of the 2D10")).format(needed=needed)
