"""What the pseudo-language checks share: the scratch catalogues, and English allowed on a page."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from nqtranslate.pseudo import write_pseudo


@dataclass(frozen=True)
class Allowed:
    """English a pseudo page may show: ``pattern`` (found in the text), only inside an element of
    one of the classes ``within`` if given, for ``reason``."""

    pattern: str
    reason: str
    within: tuple[str, ...] = ()


def english_left(
    text: str, allowed: Iterable[Allowed], used: Counter[Allowed], classes: Iterable[str] = ()
) -> str:
    """The ASCII letters left in ``text`` once its allowed English is taken out."""
    rest = text
    for entry in allowed:
        if entry.within and not set(classes).intersection(entry.within):
            continue
        rest, count = re.subn(entry.pattern, "", rest)
        used[entry] += count
    return "".join(re.findall(r"[A-Za-z]+", rest))


def unused(allowed: Iterable[Allowed], used: Counter[Allowed]) -> list[str]:
    """Entries of an allow-list that nothing needed: a reviewed list has none."""
    return [entry.pattern for entry in allowed if not used[entry]]


def pseudo_catalogues(scratch: Path) -> Path:
    """Every catalogue in the pseudo language, in a folder laid out like the repository."""
    folder = scratch / "catalogues"
    write_pseudo(folder)
    return folder
