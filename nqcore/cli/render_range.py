"""The lines of a shot's range (:mod:`nqcore.cli.render`): a weapon's range band and its
modifier (``nq shoot``), or a thrown grenade's reach, 2" plus its thrower's ST."""

from __future__ import annotations

from typing import Any

from nqcore.i18n import N_, format_number, format_signed, translator
from nqcore.typography import colon

Answer = dict[str, Any]


def range_lines(answer: Answer, lang: str) -> list[str]:
    """The range band of a shot and its modifier."""
    _ = translator(lang)
    if "reach" in answer:
        return [_reach(answer, lang)]
    if "range" not in answer:
        return []
    band = answer["range"]
    if band is None:
        return [_(N_("Beyond long range: the shot misses, its actions spent."))]
    if answer.get("fixed_roll"):  # a very large target: the range counts for nothing
        return []
    text = format_signed(int(band["modifier"]), lang)
    if "band" in band:
        text = f"{_(band['band'])}, {text}"
    return [f"{_(N_('Range modifier'))}{colon(lang)}{text}"]


def _reach(answer: Answer, lang: str) -> str:
    """A thrown grenade's reach ("Throwing Grenades"): 2" plus its thrower's ST."""
    reach = answer["reach"]
    values = {key: format_number(value, lang) for key, value in reach.items()}
    if answer["target"] is None:
        message = N_(
            'Beyond the grenade\'s reach of {inches}" (2" + ST {strength}): it misses, its '
            "actions spent."
        )
    else:
        message = N_('Reach: {inches}" (2" plus the thrower\'s ST {strength})')
    return translator(lang)(message).format(**values)
