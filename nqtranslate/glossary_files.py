"""A language's own glossary words, beside its page catalogues (``locale/<lang>/glossary.toml``),
read without Sphinx: by the glossary's page and links (:mod:`nqsphinx.directives.glossary`) and by
the print products (:mod:`nqprint.glossary_terms`).

The file is a translator's, like the catalogues beside it: it may give the terms of the glossary
(``docs/_data/glossary.toml``) their words in its own language and nothing else. Each
``[[term]]`` holds its ``key`` (a term of the glossary, once) and ``<lang>``, ``def_<lang>``,
``abbr_<lang>``, each a text, checked by a schema (msgspec, as :mod:`nqcore.data.dataschema`
checks the data files): the English words, a term's section or target, or another language's
words would change every site from a language's folder. A refusal is one line naming the file
and the line of the field.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection
from functools import cache
from pathlib import Path
from typing import Any

import msgspec

from nqcore.data import datafiles
from nqcore.data.datafiles import DataFileError
from nqcore.data.schema_types import Key, Text

LANGUAGE_FILE = "glossary.toml"
#: A ``[[term]]`` header: where each record of the file starts.
_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*term[ \t]*\]\]", re.M)
#: msgspec's place of a refused value: ``- at `$.def_fr```.
_AT = re.compile(r"^(?P<what>.*?)(?: - at `\$\.(?P<field>[^`\[]+)[^`]*`)?$", re.S)
_UNKNOWN = re.compile(r"Object contains unknown field `(?P<field>[^`]*)`")


@cache
def language_term(lang: str) -> type[msgspec.Struct]:
    """The schema of one ``[[term]]`` of ``lang``'s file: its key and its words, nothing else."""
    words = (lang, f"def_{lang}", f"abbr_{lang}")
    return msgspec.defstruct(
        f"LanguageTerm_{lang}",
        [("key", Key), *((name, Text | msgspec.UnsetType, msgspec.UNSET) for name in words)],
        kw_only=True,
        forbid_unknown_fields=True,
    )


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _field_line(text: str, start: int, end: int | None, field: str) -> int:
    """The line of ``field`` in the record written from line ``start`` to ``end`` (its first
    line when the field is not written there)."""
    lines = text.split("\n")
    pattern = re.compile(rf"""^[ \t]*["']?{re.escape(field)}["']?[ \t]*=""")
    for number in range(start, (end or len(lines) + 1)):
        if pattern.match(lines[number - 1]):
            return number
    return start


def _refusal(lang: str, error: msgspec.ValidationError) -> tuple[str, str]:
    """The field msgspec refused, and why, in words."""
    message = str(error)
    if unknown := _UNKNOWN.search(message):
        field = unknown["field"]
        words = f"{lang}, def_{lang}, abbr_{lang}"
        return field, (
            f"not a field of a language's glossary file (its terms hold {words}; the rest is the"
            " glossary's own, docs/_data/glossary.toml)"
        )
    found = _AT.match(message)
    assert found is not None  # the pattern matches any text
    what = found["what"]
    return found["field"] or "", what[:1].lower() + what[1:]


def _records(path: Path, text: str, data: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """Each ``[[term]]`` of the file with the line it starts at."""
    for name in data:
        if name != "term":
            line = _field_line(text, 1, None, name)
            raise DataFileError(f"{path}:{line}: {name}: not a field (the file holds [[term]])")
    records = data.get("term", [])
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        line = _field_line(text, 1, None, "term")
        raise DataFileError(f"{path}:{line}: term: [[term]] records, one table each")
    starts = [_line(text, m.start()) for m in _HEADER.finditer(text)]
    if len(starts) != len(records):  # written as an array of inline tables
        starts = [_field_line(text, 1, None, "term")] * len(records)
    return list(zip(starts, records, strict=True))


#: A text refused in a term's field: its place in the file, by msgspec's path.
_TEXT_AT = re.compile(r"\$\.term\[(?P<index>\d+)\]\.(?P<field>\w+)")


def _parsed(path: Path, text: str) -> dict[str, Any]:
    """The file's TOML, its texts checked (:func:`nqcore.data.datafiles.check_text`); a text
    refused is named by its line, its term and its field, as the schema's refusals are."""
    try:
        return datafiles.parse(text, str(path), None)
    except DataFileError as error:
        found = _TEXT_AT.fullmatch(error.path)
        if found is None:
            raise
        data = tomllib.loads(text)
        records = _records(path, text, data)
        index, field = int(found["index"]), found["field"]
        start, record = records[index]
        end = records[index + 1][0] if index + 1 < len(records) else None
        name = f"term {record.get('key', f'#{index + 1}')}"
        line = _field_line(text, start, end, field)
        raise DataFileError(f"{path}:{line}: {name}: {field}: {error.said}") from None


def read_language_file(path: Path, lang: str, keys: Collection[object]) -> list[dict[str, Any]]:
    """The ``[[term]]`` records of ``lang``'s own glossary file ``path``, each checked by
    :func:`language_term` and naming a term of ``keys`` once; else a :class:`DataFileError`
    naming file and line."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise DataFileError(f"{path}:1: cannot read the file ({error})") from None
    data = _parsed(path, text)
    records = _records(path, text, data)
    first_line: dict[str, int] = {}
    for index, (start, record) in enumerate(records):
        end = records[index + 1][0] if index + 1 < len(records) else None
        name = f"term {record.get('key', f'#{index + 1}')}"
        try:
            msgspec.convert(record, language_term(lang))
        except msgspec.ValidationError as error:
            field, why = _refusal(lang, error)
            line = _field_line(text, start, end, field) if field else start
            refused = f"{path}:{line}: {name}: {field}: {why}"
            raise DataFileError(datafiles.visible(refused)) from None
        key = record["key"]
        line = _field_line(text, start, end, "key")
        if key not in keys:
            raise DataFileError(f"{path}:{line}: no term {key!r} in the glossary")
        if key in first_line:
            raise DataFileError(
                f"{path}:{line}: term {key}: {key} a second time (first at line {first_line[key]})"
            )
        first_line[key] = line
    return [record for _, record in records]
