"""A value of a profile or army file as a refusal quotes it: as TOML writes it (``true``,
``"yes"``, ``[1, 2]``, ``{ a = 1 }``, ``1979-05-27``), the way the reader typed it, not as
Python shows it (``True``, ``{'a': 1}``); cut short, as a refused list may be a megabyte long."""

from __future__ import annotations

import datetime
import json
import re
from typing import TYPE_CHECKING, Any

from nqcore.i18n import MAX_QUOTED, Typed

if TYPE_CHECKING:
    from nqcore.i18n import Counted

#: The most characters of a value a refusal quotes.
MAX_SHOWN = 60
#: The most keys a refusal names: 100,000 unknown keys in a file made one line of 789 KB.
MAX_KEYS = 10
#: A key TOML writes without quotes.
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def toml_value(value: Any, budget: int = MAX_SHOWN + 1) -> str:
    """``value`` written as TOML writes it (a table inline); once ``budget`` characters are
    written, the rest of a list or table is left out (the caller cuts it)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return toml_string(value[:budget])
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, list):
        return "[" + ", ".join(_items(value, toml_value, budget)) + "]"
    if isinstance(value, dict):
        items = _items(value.items(), lambda pair, left: _pair(pair, left), budget)
        return "{ " + ", ".join(items) + " }" if items else "{}"
    return repr(value)


def toml_key(name: object) -> str:
    """A key as TOML writes it: bare, or quoted as :func:`toml_string` quotes."""
    text = str(name)
    if _BARE_KEY.fullmatch(text):
        return text
    return toml_string(text)


def toml_keys(names: list[str]) -> list[str | Counted]:
    """Each of ``names`` as TOML writes it (:func:`toml_key`), a long one clipped: the first
    :data:`MAX_KEYS`, then how many others ("… and 99,990 others")."""
    from nqcore.i18n import N_, Counted

    # a key past MAX_QUOTED characters said by its start and length (attacker round 20: one
    # key of 900,000 characters made the refusal a line of 900 KB)
    shown: list[str | Counted] = [
        Typed(name) if len(name) > MAX_QUOTED else toml_key(name) for name in names[:MAX_KEYS]
    ]
    if len(names) > MAX_KEYS:
        more = len(names) - MAX_KEYS
        shown.append(Counted(more, N_("… and {count} other"), N_("… and {count} others")))
    return shown


def toml_string(text: str) -> str:
    """A text as TOML writes it: a basic string whose characters that are not printable are
    escaped by their code point (``"x\\u202Ey"``), never shown raw; or, holding a backslash
    and nothing to escape, the literal string a file writes (``'C:\\x'``, no doubled
    backslash)."""
    if "\\" in text and "'" not in text and text.isprintable():
        return f"'{text}'"
    return "".join(_escaped(c) for c in json.dumps(text, ensure_ascii=False))


def _escaped(character: str) -> str:
    if character.isprintable():
        return character
    code = ord(character)
    return f"\\u{code:04X}" if code <= 0xFFFF else f"\\U{code:08X}"


def _pair(pair: tuple[Any, Any], budget: int) -> str:
    return f"{toml_key(pair[0])} = {toml_value(pair[1], budget)}"


def _items(values: Any, write: Any, budget: int) -> list[str]:
    written: list[str] = []
    for item in values:
        if budget <= 0:
            written.append("…")
            break
        written.append(write(item, budget))
        budget -= len(written[-1]) + 2
    return written


class Written(Typed):
    """A value of a file as TOML writes it (``"huit"``, ``2.5``, ``[1, 2]``), quoted in a
    refusal as the file has it; in French a text between « », as the language quotes (a
    French refusal read « et non "huit" »: player round eleven)."""

    __slots__ = ()

    def quoted(self, lang: str) -> str:
        text = str(self)
        if lang != "fr" or len(text) < 2 or text[0] != '"' or text[-1] not in '"…':
            return text
        inner = text[1:-1] if text.endswith('"') else text[1:]
        return f"« {inner} »"


def quoted(value: Any) -> Written:
    """``value`` as TOML writes it, at most :data:`MAX_SHOWN` characters."""
    text = toml_value(value)
    return Written(text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…")
