"""English in the French fields of the site's data (``docs/_data``): the glossary's terms and
definitions (``fr``, ``def_fr``), the rules index's entries (``fr``, ``fr_entry``, ``find_fr``),
the search's words (``fr``, ``[language.fr]``), checked as a catalogue's msgstr is
(:func:`nqtranslate.lint.left_in_english`, whose English check is
:func:`nqtranslate.english_words.english_sentence`), the field's English (``en``, ``def_en``)
as its msgid.

They ship on every French page (the glossary's tooltips, the index, the search) and no catalogue
holds them: English there was counted nowhere and warned by nothing (attacker round 28, F5,
F8). A word meant in English (a French see-entry players type: "Overkill") says why in a
comment on the line above its field: ``# same-as-english: why``.
"""

from __future__ import annotations

import bisect
import os
import re
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nqcore.data import datafiles
from nqcore.i18n import ROOT
from nqtranslate.engine_coverage import TOML_STRINGS
from nqtranslate.python_sources import project_text

DATA = ROOT / "docs" / "_data"
#: Abbreviations ("AD", "Ac") are no sentence of either language.
_NOT_WORDS = ("abbr_",)
#: Records of a file that are rules of the glossary check, not words any page shows (their
#: ``fr`` is a pattern: ``'Morts-vivant|morts?-Vivant'``).
NOT_SHOWN = {"glossary.toml": ("avoid", "phrase", "homonym")}
#: A key and its ``=``, in a file whose strings are blanked (a ``=`` in a text is no key).
_KEY = re.compile(r"""["']?([\w-]+)["']?[ \t]*=""")
_ASSIGNED = re.compile(r"[ \t]*=")
#: A TOML comment or string (the data's line finder's, :mod:`nqtranslate.engine_coverage`).
_STRING = TOML_STRINGS


@dataclass(frozen=True)
class English:
    """A French field of a data file that reads as English."""

    path: Path
    line: int
    field: str
    why: str

    def __str__(self) -> str:
        shown = self.path.relative_to(ROOT) if self.path.is_relative_to(ROOT) else self.path
        return f"{shown}:{self.line}: warning: {self.field}: {self.why}"


def is_french(key: str, lang: str) -> bool:
    """Whether the field ``key`` holds ``lang``'s words (``fr``, ``def_fr``, ``fr_entry``)."""
    return not key.startswith(_NOT_WORDS) and (
        key == lang or key.endswith(f"_{lang}") or key.startswith(f"{lang}_")
    )


def french_texts(data: Any, lang: str, inside: bool = False) -> Iterator[tuple[str, str, str]]:
    """Each of ``lang``'s texts in ``data``, in the file's order, as (field, text, its English:
    the same field in ``en``, '' if none); a table named ``lang`` (``[language.fr]``) holds
    only ``lang``'s words."""
    if isinstance(data, list):
        for item in data:
            yield from french_texts(item, lang, inside)
        return
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        french = inside or is_french(key, lang)
        if french and isinstance(value, str | list):
            english = data.get(key.replace(lang, "en", 1)) if is_french(key, lang) else None
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    yield key, text, english if isinstance(english, str) else ""
        else:
            yield from french_texts(value, lang, french or key == lang)


def _content(path: Path) -> str:
    """The text of a data file as the engine reads its own: a regular file, not a link, UTF-8,
    else refused naming it (a Latin-1 glossary stopped ``status`` on a traceback)."""
    return project_text(path, os.path.relpath(path, ROOT))


def _shown_data(path: Path, content: str) -> dict[str, Any]:
    """The data file's records that pages show (:data:`NOT_SHOWN` left out), read by the
    engine's reader of data files (3,000 nested arrays refused at the file, not a traceback)."""
    data = datafiles.parse(content, os.path.relpath(path, ROOT), None)
    return {k: v for k, v in data.items() if k not in NOT_SHOWN.get(path.name, ())}


def _places(content: str) -> dict[tuple[str, str], list[int]]:
    """Each (field, string value) of a TOML file and the lines it stands on, in order."""
    strings = [
        t for t in _STRING.finditer(content) if not (t[0].startswith("#") or _is_key(content, t))
    ]
    blanked = _STRING.sub(lambda t: t[0] if _is_key(content, t) else " " * len(t[0]), content)
    keys = [(key.start(), key[1]) for key in _KEY.finditer(blanked)]
    starts = [start for start, _ in keys]
    places: dict[tuple[str, str], list[int]] = {}
    for token in strings:
        before = bisect.bisect_left(starts, token.start())
        try:
            value = str(tomllib.loads(f"v = {token[0]}")["v"])
        except tomllib.TOMLDecodeError:
            continue
        line = content.count("\n", 0, token.start()) + 1
        places.setdefault((keys[before - 1][1] if before else "", value), []).append(line)
    return places


def _is_key(content: str, token: re.Match[str]) -> bool:
    """Whether a quoted string is a key (``"portée" = [...]``), kept when strings are blanked."""
    return not token[0].startswith("#") and bool(_ASSIGNED.match(content, token.end()))


def _exempt(lines: list[str], line: int) -> bool:
    """Whether the comment lines right above ``line`` (or on it) say the English is meant."""
    from nqtranslate.lint import SAME_AS_ENGLISH

    number = line - 1
    comments = [lines[number]] if number < len(lines) else []
    while number > 0 and lines[number - 1].lstrip().startswith("#"):
        number -= 1
        comments.append(lines[number])
    return any(f"{SAME_AS_ENGLISH}:" in comment for comment in comments)


def file_findings(path: Path, lang: str = "fr") -> list[English]:
    """The French fields of the data file ``path`` that read as English, at their lines."""
    from nqtranslate.english_words import learn
    from nqtranslate.lint import left_in_english

    content = _content(path)
    texts = list(french_texts(_shown_data(path, content), lang))
    learn(text for _, text, _ in texts)
    places, lines = _places(content), content.splitlines()
    found = []
    for field, text, english in texts:
        at = places.get((field, text)) or [1]
        line = at.pop(0) if len(at) > 1 else at[0]
        said = left_in_english(english, text, "")
        if said and not _exempt(lines, line):
            found.append(English(path, line, field, said.replace("msgstr", "the French", 1)))
    return found


def data_findings(lang: str = "fr", folder: Path | None = None) -> list[English]:
    """The English of every data file's French fields (by default, those of :data:`DATA`)."""
    paths = sorted((folder or DATA).glob("*.toml"))
    return [found for path in paths for found in file_findings(path, lang)]


def data_counts(
    lang: str = "fr", folder: Path | None = None
) -> Iterator[tuple[Path, int, list[English]]]:
    """Per data file with French fields: how many, and those of them that read as English."""
    for path in sorted((folder or DATA).glob("*.toml")):
        content = _content(path)
        total = sum(1 for _ in french_texts(_shown_data(path, content), lang))
        if total:
            yield path, total, file_findings(path, lang)


def main(argv: list[str] | None = None) -> int:
    """``python -m nqtranslate.data_french``: one line for each English French field."""
    findings = data_findings()
    for finding in findings:
        print(finding, file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    raise SystemExit(main())
