"""The lines of an answer whose dice are rolled to hit together (:mod:`nqcore.cli.render`):
an extra attack's or an extra shot's hits (``nq hit``, ``nq shoot``), a whole attack's wounds
(``nq attack`` by a model with extra attacks)."""

from __future__ import annotations

from typing import Any

from nqcore.cli.render import Answer, percent
from nqcore.i18n import N_, format_number, translator


def dice_wounds_lines(answer: Answer, lang: str) -> list[str]:
    """A whole attack of several dice (an extra attack): what each die wounds, then "2 dice: at
    least one wound 59.0%; average number of wounds 0.7" (an average to one decimal, as the
    chances are to one decimal of a percent)."""
    _ = translator(lang)
    each = _(N_("Each die wounds: {percent}")).format(percent=percent(answer["each"], lang))
    dice = _(N_("{dice} dice: at least one wound {chance}; average number of wounds {expected}"))
    return [
        each,
        dice.format(
            dice=format_number(answer["dice"], lang),
            chance=percent(answer["chance"], lang),
            expected=format_number(round(float(answer["expected_wounds"]), 1), lang),
        ),
    ]


def volley_line(volley: dict[str, Any], lang: str) -> str:
    """Several dice rolled to hit at once: "2 dice: at least one hit 64.0%, 2 hits 16.0%;
    average number of hits 0.8" (the last figure: every die hits)."""
    _, dice = translator(lang), volley["dice"]
    parts = []
    for hits, chance in enumerate(volley["at_least"], start=1):
        if hits == 1:
            words = _(N_("at least one hit {chance}"))
        elif hits < dice:
            words = _(N_("at least {hits} hits {chance}"))
        else:
            words = _(N_("{hits} hits {chance}"))
        parts.append(words.format(hits=format_number(hits, lang), chance=percent(chance, lang)))
    return _(N_("{dice} dice: {chances}; average number of hits {expected}")).format(
        dice=format_number(dice, lang),
        chances=", ".join(parts),
        expected=format_number(round(float(volley["expected_hits"]), 1), lang),
    )
