"""The header of a gettext catalogue, as every reader must read it alike: its charset and its
language.

Babel decodes a catalogue's bytes by the charset its header names and parses its ``Language:``
as a locale: an empty charset (``charset=``, ``charset=;``), one with more after it
(``charset=UTF-8 x``) or none at all, and a language such as ``fr_``, ``x-y`` or ``_engine``
stop it (and the build, ``nq``, every tool) with a Python exception naming no file.  So the header
message (``msgid ""``) must say ``Content-Type: text/plain; charset=UTF-8``, and its
``Language:``, if any, be a language code (``fr``) with at most a region (``fr_CA``).  Checked by
:func:`nqcore.catalogue_check.syntax_problem` and :func:`nqcore.catalogue_check.text_problem`,
so by :func:`nqcore.po.read` and every reader behind it.
"""

from __future__ import annotations

import re

#: The header message: ``msgid ""`` at the start of a line, then ``msgstr`` and its strings.
_QUOTED = r'"(?:[^"\\\n]|\\.)*"[ \t]*'
_HEADER = re.compile(rf'^msgid[ \t]*""[ \t]*\nmsgstr[ \t]*({_QUOTED}(?:\n[ \t]*{_QUOTED})*)', re.M)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_UNESCAPED = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
#: The one Content-Type every reader decodes alike.
_CONTENT_TYPE = re.compile(r"text/plain;[ \t]*charset=utf-?8", re.I)
#: A language Babel parses (and Sphinx, gettext): a code of two or three letters, a region.
_LANGUAGE = re.compile(r"[A-Za-z]{2,3}(?:[_-][A-Za-z]{2})?")


def header_fields(text: str) -> list[tuple[int, str, str]]:
    """The fields of the first header message of the catalogue ``text``: its line (counted
    from 1), its name in lower case and its value stripped; [] when it has no header."""
    match = _HEADER.search(text)
    if match is None:
        return []
    first = text.count("\n", 0, match.start(1)) + 1
    fields: list[tuple[int, str, str]] = []
    pending, pending_line = "", first
    for offset, line in enumerate(match[1].split("\n")):
        string = _STRING.search(line)
        value = re.sub(r"\\(.)", lambda m: _UNESCAPED.get(m[1], m[0]), string[1]) if string else ""
        if not pending:
            pending_line = first + offset
        pending += value
        while "\n" in pending:
            field, pending = pending.split("\n", 1)
            fields.append(_field(pending_line, field))
            pending_line = first + offset
    if pending.strip():
        fields.append(_field(pending_line, pending))
    return fields


def _field(line: int, field: str) -> tuple[int, str, str]:
    name, _, value = field.partition(":")
    return line, name.strip().lower(), value.strip()


def header_problem(text: str) -> tuple[int, str] | None:
    """Where and why the header of the catalogue ``text`` is one a reader decodes otherwise or
    stops on: a Content-Type other than ``text/plain; charset=UTF-8`` (or none), a
    ``Language:`` that is not a language code; None when it has no header."""
    fields = header_fields(text)
    if not fields:
        return None
    types = [(line, value) for line, name, value in fields if name == "content-type"]
    if not types:
        return fields[0][0], "the header has no 'Content-Type: text/plain; charset=UTF-8'"
    for line, value in types:
        if not _CONTENT_TYPE.fullmatch(value):
            shown = value[:60]
            return line, f"Content-Type {shown!r}: it must be 'text/plain; charset=UTF-8'"
    for line, name, value in fields:
        if name == "language" and value and not _LANGUAGE.fullmatch(value):
            return line, f"Language {value[:60]!r} is not a language code such as 'fr' or 'fr_CA'"
    return None
