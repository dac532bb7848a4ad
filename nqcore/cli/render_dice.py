"""The lines of an answer whose dice are rolled to hit together (:mod:`nqcore.cli.render`):
an extra attack's or an extra shot's hits (``nq hit``, ``nq shoot``), a whole attack's wounds
(``nq attack`` by a model with extra attacks)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from nqcore.cli.render import Answer, percent
from nqcore.i18n import N_, format_number, translator


def dice_wounds_lines(answer: Answer, lang: str) -> list[str]:
    """A whole attack of several dice (an extra attack): what each die wounds, then "2 dice: at
    least one wound 59.0%; average number of wounds 0.7" (an average to one decimal, as the
    chances are to one decimal of a percent).  Of several models, what each die (or each
    model's one attack) wounds, the chance of at least each number of wounds, then "3 models,
    6 attacks: at least one wound 93.1%; average number of wounds 2.2"."""
    _ = translator(lang)
    models = answer.get("models", 1)
    each_text = N_("Each die wounds: {percent}")
    if models > 1 and answer["dice"] == 1:
        each_text = N_("Each attack wounds: {percent}")
    each = _(each_text).format(percent=percent(answer["each"], lang))
    values = {
        "chance": percent(answer["chance"], lang),
        "expected": format_number(one_decimal(answer["expected_wounds"]), lang),
    }
    if models == 1:
        dice = _(
            N_("{dice} dice: at least one wound {chance}; average number of wounds {expected}")
        )
        return [each, dice.format(dice=format_number(answer["dice"], lang), **values)]
    several = N_(
        "{models} models, {attacks} attacks: at least one wound {chance}; "
        "average number of wounds {expected}"
    )
    return [
        each,
        at_least_line(answer["at_least"], lang),
        _(several).format(
            models=format_number(models, lang),
            attacks=format_number(answer["attacks"], lang),
            **values,
        ),
    ]


def one_decimal(value: Fraction | float) -> float:
    """``value`` to one decimal, rounded exactly (0.95 is 1, where the float 0.95 rounds to 0.9);
    a float, so that a half reads 0.5 and not the inches' ½."""
    return float(round(Fraction(value), 1))


def at_least_line(at_least: list[Fraction], lang: str) -> str:
    """The chance of at least k wounds, for each k a player reads as neither sure nor
    impossible (from 0.1% to 99.9%): "Wounds: at least 2 wounds 70.7%, ..., 6 wounds 0.2%"."""
    _, most = translator(lang), len(at_least)
    parts = []
    for wounds, chance in enumerate(at_least, start=1):
        if wounds > 1 and not Fraction(1, 2000) <= chance <= Fraction(1999, 2000):
            continue
        if wounds == 1:
            words = _(N_("at least one wound {chance}"))
        elif wounds < most:
            words = _(N_("at least {wounds} wounds {chance}"))
        else:
            words = _(N_("{wounds} wounds {chance}"))
        parts.append(words.format(wounds=format_number(wounds, lang), chance=percent(chance, lang)))
    return _(N_("Wounds: {chances}")).format(chances=", ".join(parts))


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
        expected=format_number(one_decimal(volley["expected_hits"]), lang),
    )
