"""Engine messages a translated edition would show in English, named before the build uses them.

The engine's msgids are its ``N_``/``P_`` strings and the translatable fields of its data files
(:func:`nqtranslate.catalogue.extract`).  A card text changed in ``spells.toml`` is a new msgid
that ``nqcore.po`` lacks; a translation emptied or marked fuzzy is one no reader gets.  Either
way the French book prints English: each is one warning line, naming the catalogue (its line
when the message is there) and where the engine uses the message (a data file's line).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from nqcore.i18n import DOMAIN, LOCALE_DIR, find_catalogue
from nqtranslate.catalogue import PACKAGE, _key, extract, read_catalogue


def untranslated_warnings(lang: str, package: Path = PACKAGE) -> list[str]:
    """One warning per engine message without a translation in ``lang``'s ``nqcore.po``
    (none when the language has no engine catalogue)."""
    from nqtranslate.guard import shown

    po_path = find_catalogue(LOCALE_DIR, lang, DOMAIN) if package == PACKAGE else None
    po_path = po_path or package / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po_path.is_file():
        return []
    catalogue = read_catalogue(po_path)
    warnings = []
    for message in extract(package):
        if not message.id:
            continue
        found = catalogue.get(_key(message.id, message.context), message.context)
        translated = found is not None and all(_forms(found.string)) and not found.fuzzy
        if translated:
            continue
        line = found.lineno if found is not None else 1
        used = ", ".join(_used_at(package, where, str(message.id)) for where in message.locations)
        why = "its translation is empty or fuzzy" if found is not None else "no translation"
        warnings.append(
            f"{shown(po_path)}:{line}: warning: {str(message.id)[:60]!r} (used at {used}): "
            f"{why}, shown in English"
        )
    return warnings


def _forms(string: object) -> tuple[str, ...]:
    return tuple(str(s) for s in string) if isinstance(string, tuple | list) else (str(string),)


def _used_at(package: Path, where: tuple[str, int | None], text: str) -> str:
    """``file:line`` of one use; a data file's line is found by its text's first line."""
    relative, line = where
    if not line:
        line = _data_lines(package / relative).get(text.splitlines()[0] if text else "", 0)
    return f"{package.name}/{relative}:{line}"


@cache
def _data_lines(path: Path) -> dict[str, int]:
    """The first line holding each text of a data file (as TOML strings are written: quoted)."""
    lines: dict[str, int] = {}
    try:
        content = path.read_text(encoding="utf-8").splitlines()
    except OSError:
        return lines
    for number, line in enumerate(content, 1):
        for piece in line.split('"')[1::2]:
            lines.setdefault(piece, number)
    return lines
