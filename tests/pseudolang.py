"""What the pseudo-language checks share: the scratch catalogues, and English allowed on a page."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from nqtranslate.pseudo import PSEUDO, write_pseudo
from tests.building import Build, build_all, finish_all, latexmk_all, start_all


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


@dataclass(frozen=True)
class PseudoBuilds:
    """The pseudo language's site and rulebook, and the catalogues they were built from."""

    catalogues: Path
    site: Build  # html, warnings are errors
    latex: Build  # the rulebook's LaTeX, warnings in its log (tests/print/test_pseudo_print.py)
    pdf: Build  # that LaTeX compiled


def build_pseudo(scratch: Path) -> PseudoBuilds:
    """The site and the rulebook from one writing of the catalogues, the site built beside the
    rulebook: each is a single process, and either alone leaves a core idle.  Each build has
    its own copy of the catalogues, where Sphinx compiles its ``.mo`` files."""
    catalogues = pseudo_catalogues(scratch)
    site_catalogues = shutil.copytree(catalogues, scratch / "site-catalogues")
    site = start_all("html", scratch / "site", languages=[PSEUDO], locale_path=site_catalogues)
    latex = build_all(
        "latex", scratch / "rulebook", languages=[PSEUDO], locale_path=catalogues, strict=False
    )
    pdf = latexmk_all(latex)[PSEUDO] if latex[PSEUDO].returncode == 0 else latex[PSEUDO]
    return PseudoBuilds(catalogues, finish_all("html", site)[PSEUDO], latex[PSEUDO], pdf)
