"""The lines of an answer whose dice are rolled to hit together (:mod:`nqcore.cli.render`):
an extra attack's or an extra shot's hits (``nq hit``, ``nq shoot``), a whole attack's wounds
(``nq attack`` by a model with extra attacks, or by several models)."""

from __future__ import annotations

import decimal
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

from nqcore.cli.render import Answer, percent
from nqcore.i18n import MINUS, N_, Msg, format_number, translator
from nqcore.rules.attack import READABLE, spread_counts


def dice_wounds_lines(answer: Answer, lang: str) -> list[str]:
    """A whole attack of several dice (an extra attack): what each die wounds, then "2 dice: at
    least one wound 59.0%; average number of wounds 0.7" (an average to one decimal, as the
    chances are to one decimal of a percent).  Of several models, what each die (or each
    model's one attack) wounds, then what they make together (:func:`wounds_line`: "3 models,
    6 attacks: at least one wound 93.1%; average number of wounds 2.2"), the sentence that says
    what the short spread of the wounds after it counts (:func:`spread_line`); and every count
    (:func:`every_count_lines`) when the answer asks for all of them (``--all``)."""
    _ = translator(lang)
    each_text = N_("Each die wounds: {percent}")
    if answer.get("models", 1) > 1 and answer["dice"] == 1:
        each_text = N_("Each attack wounds: {percent}")
    each = _(each_text).format(percent=percent(answer["each"], lang))
    if answer.get("models", 1) == 1:
        return [each, wounds_line(answer, lang)]
    spread = spread_line(answer, lang)
    lines = [each, wounds_line(answer, lang), *([spread] if spread else [])]
    return lines + (every_count_lines(answer, lang) if answer.get("all_counts") else [])


def wounds_line(answer: Answer, lang: str) -> str:
    """What the dice or the models of a whole attack wound together: "2 dice: at least one
    wound 59.0%; average number of wounds 0.7", "3 models, 6 attacks: ..."; the page's summary
    of the answer."""
    _ = translator(lang)
    models = answer.get("models", 1)
    values = {
        "chance": percent(answer["chance"], lang),
        "expected": format_tenths(answer["expected_wounds"], lang),
    }
    if models == 1:
        dice = _(
            N_("{dice} dice: at least one wound {chance}; average number of wounds {expected}")
        )
        return dice.format(dice=format_number(answer["dice"], lang), **values)
    several = N_(
        "{models} models, {attacks} attacks: at least one wound {chance}; "
        "average number of wounds {expected}"
    )
    return _(several).format(
        models=format_number(models, lang),
        attacks=format_number(answer["attacks"], lang),
        **values,
    )


def format_tenths(value: Fraction | float, lang: str) -> str:
    """A number to one decimal, its decimal always written (an average of dice reads "1.0"
    beside "0.7", never "1"; « 1,0 » in French), rounded exactly: 0.95 is 1.0, where the float
    0.95 rounds to 0.9."""
    from babel.numbers import format_decimal

    from nqcore.i18n import NUMBER_LOCALES

    tenths = decimal.Decimal(round(Fraction(value) * 10)) / 10
    text = format_decimal(tenths, format="#,##0.0", locale=NUMBER_LOCALES.get(lang, lang))
    return MINUS + text[1:] if text.startswith("-") else text


def counted_chances(
    chances: Sequence[Fraction],
    lang: str,
    *,
    one: Msg,
    some: Msg,
    every: Msg,
    counts: Iterable[int] | None = None,
) -> str:
    """The chance of at least each count of dice (``chances[k - 1]``: ``k`` or more), worded
    by the count: ``one`` for at least one, ``some`` for at least ``{count}``, ``every`` for all
    of them (``{count}`` and ``{chance}`` in each): "at least one hit 64.0%, 2 hits 16.0%".
    Only ``counts`` when given (a short spread), else every count."""
    _, most = translator(lang), len(chances)
    parts = []
    for count in range(1, most + 1) if counts is None else counts:
        words = one if count == 1 else some if count < most else every
        chance = percent(chances[count - 1], lang)
        parts.append(_(words).format(count=format_number(count, lang), chance=chance))
    return ", ".join(parts)


def spread_line(answer: Answer, lang: str) -> str:
    """Of several models, the chance of at least a few counts of wounds beyond one
    (:func:`~nqcore.rules.attack.spread_counts`: near nine in ten, one in two and one in ten,
    and the average; all of them when they are few): "Wounds: at least 10 wounds 87.5%, at
    least 13 wounds 51.1%, at least 17 wounds 7.5%"; '' when no count beyond one is neither
    sure nor impossible."""
    counts = spread_counts(answer["at_least"], Fraction(answer["expected_wounds"]))
    if not counts:
        return ""
    chances = counted_chances(
        answer["at_least"],
        lang,
        one=N_("at least one wound {chance}"),
        some=N_("at least {count} wounds {chance}"),
        every=N_("{count} wounds {chance}"),
        counts=counts,
    )
    # a few landmarks, not every count (those are folded under "every count"): said so
    every = counts == list(range(counts[0], counts[-1] + 1)) and counts[0] == 2
    line = N_("Wounds: {chances}") if every else N_("Wounds, for example: {chances}")
    return translator(lang)(line).format(chances=chances)


def has_every_count(answer: Answer) -> bool:
    """Whether ``answer`` is of several models whose wounds have counts to list one by one."""
    return "at_least" in answer and 0 < answer["chance"] < 1


def every_count_lines(answer: Answer, lang: str) -> list[str]:
    """Every count of wounds of several models with its chance of at least that many, from one
    on, none left out, to the first count less likely than :data:`READABLE` says ("23 or more:
    less than 0.1%"): what the page folds under "every count", ``nq attack --all`` prints."""
    _ = translator(lang)
    lines = [_(N_("Every count of wounds:"))]
    for count, chance in enumerate(answer["at_least"], start=1):
        lines.append(
            _(N_("{count} or more: {chance}")).format(
                count=format_number(count, lang), chance=percent(chance, lang)
            )
        )
        if chance < READABLE[0]:
            break
    return lines


def volley_line(volley: dict[str, Any], lang: str) -> str:
    """Several dice rolled to hit at once: "2 dice: at least one hit 64.0%, 2 hits 16.0%;
    average number of hits 0.8" (the last figure: every die hits)."""
    chances = counted_chances(
        volley["at_least"],
        lang,
        one=N_("at least one hit {chance}"),
        some=N_("at least {count} hits {chance}"),
        every=N_("{count} hits {chance}"),
    )
    return translator(lang)(N_("{dice} dice: {chances}; average number of hits {expected}")).format(
        dice=format_number(volley["dice"], lang),
        chances=chances,
        expected=format_tenths(volley["expected_hits"], lang),
    )
