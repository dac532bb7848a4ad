"""Engine messages a translated edition would show in English, named before the build uses them.

The engine's msgids are its ``N_``/``P_`` strings and the translatable fields of its data files
(:func:`nqtranslate.catalogue.extract`).  A card text changed in ``spells.toml`` is a new msgid
that ``nqcore.po`` lacks; a translation emptied or marked fuzzy is one no reader gets.  Either
way the French book prints English: each is one warning line, naming the catalogue (its line
when the message is there) and where the engine uses the message (a data file's line).
"""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

from nqcore.i18n import DOMAIN, LOCALE_DIR, find_catalogue
from nqtranslate.catalogue import (
    PACKAGE,
    _key,
    data_inputs,
    extract,
    python_inputs,
    read_catalogue,
)
from nqtranslate.kept_results import kept_lines


def untranslated_warnings(lang: str, package: Path = PACKAGE) -> list[str]:
    """One warning per engine message without a translation in ``lang``'s ``nqcore.po``
    (none when the language has no engine catalogue)."""
    po_path = find_catalogue(LOCALE_DIR, lang, DOMAIN) if package == PACKAGE else None
    po_path = po_path or package / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po_path.is_file():
        return []
    read = [po_path, *python_inputs(package), *data_inputs(package)]
    key = ("untranslated", lang)  # the paths are named in the digest of ``read``
    return kept_lines(key, read, lambda: _untranslated(po_path, package))


def _untranslated(po_path: Path, package: Path) -> list[str]:
    from nqtranslate.guard import shown

    catalogue = read_catalogue(po_path)
    warnings = []
    for message in extract(package):
        if not message.id:
            continue
        found = catalogue.get(_key(message.id, message.context), message.context)
        translated = found is not None and all(_forms(found.string)) and not found.fuzzy
        if translated:
            continue
        used = [_used_at(package, where, str(message.id)) for where in message.locations]
        shown_id = repr(str(message.id)[:60])
        if found is None:  # no entry: the data file's record is where to look
            also = f" (also used at {', '.join(used[1:])})" if used[1:] else ""
            warnings.append(
                f"{used[0] if used else shown(po_path)}: warning: {shown_id}{also}: no "
                f"translation in {shown(po_path)}, shown in English"
            )
            continue
        warnings.append(
            f"{shown(po_path)}:{found.lineno}: warning: {shown_id} (used at {', '.join(used)}): "
            "its translation is empty or fuzzy, shown in English"
        )
    return warnings


def _forms(string: object) -> tuple[str, ...]:
    return tuple(str(s) for s in string) if isinstance(string, tuple | list) else (str(string),)


def _used_at(package: Path, where: tuple[str, int | None], text: str) -> str:
    """``file:line`` of one use; a data file's line is that of the string holding the text
    (or, for a text of several lines, its first line)."""
    relative, line = where
    if not line:
        lines = _data_lines(package / relative)
        line = lines.get(text) or lines.get(text.splitlines()[0] if text else "", 0)
    return f"{package.name}/{relative}:{line}"


#: A TOML comment, or a string of any of TOML's four kinds (multi-line ones first).
TOML_STRINGS = re.compile(
    r"#[^\n]*"
    r'|"{3}(?:[^\\]|\\.)*?"{3,5}'
    r"|'{3}.*?'{3,5}"
    r'|"(?:[^"\\\n]|\\.)*"'
    r"|'[^'\n]*'",
    re.S,
)
#: The opening of a multi-line string whose text starts on the next line.
_MULTILINE_OPENING = ('"""\n', "'''\n")


@cache
def _data_lines(path: Path) -> dict[str, int]:
    """The line of each string of a data file, by its value as TOML reads it (escapes decoded),
    and by the first line of a value of several lines; the first place wins."""
    lines: dict[str, int] = {}
    try:
        content = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return lines
    for token in TOML_STRINGS.finditer(content):
        if token[0].startswith("#"):
            continue
        try:
            value = str(tomllib.loads(f"v = {token[0]}")["v"])
        except tomllib.TOMLDecodeError:
            continue
        line = content.count("\n", 0, token.start()) + 1
        line += content.startswith(_MULTILINE_OPENING, token.start())
        lines.setdefault(value, line)
        lines.setdefault(value.splitlines()[0] if value else "", line)
    return lines
