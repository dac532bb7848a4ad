"""The one loader of the engine's data files (``nqcore/data/**/*.toml``), each checked against its
schema (:mod:`nqcore.data.dataschema`) before any module reads it.

A misspelled field (``upkep = 2``), a wrong type or an out-of-range value stops the engine with a
:class:`DataFileError` of one line that names the file, the record and the field, which the CLI,
the Sphinx extension and the print pipeline report as they are, without a traceback.  The records
are handed on as the parsed TOML (the schema only checks them), so the modules that build the
engine's objects read exactly what they read before.
"""

from __future__ import annotations

import math
import re
import sys
import tomllib
from functools import cache
from importlib import resources
from pathlib import Path
from string import Formatter
from types import UnionType
from typing import TYPE_CHECKING, Annotated, Any, Union, get_args, get_origin

from nqcore.catalogue_check import BIDI
from nqcore.characters import hidden_problem, unshowable
from nqcore.data.toml_keys import MOST_PARTS, long_key_at
from nqcore.i18n import clip
from nqcore.long_words import long_run_problem

if TYPE_CHECKING:
    import msgspec

#: Whether the schemas are checked: always, but in the browser.  The At the table page runs the
#: engine in Pyodide, whose npm package carries no msgspec (a compiled package); the data it ships
#: there were checked when the site was built (the Sphinx extension checks every file first).
try:
    import msgspec as _msgspec  # noqa: F401
except ImportError:
    CHECKED = False
else:
    CHECKED = True

#: How the messages name a data file of the package.
PREFIX = "nqcore/data/"


class DataFileError(ValueError):
    """A data file that does not match its schema, told in one line: file, record, field."""

    #: msgspec's path of the refused value (``$.term[0].def_fr``) and what is wrong with it,
    #: where one is known: a reader that knows its file's lines names the line.
    path: str = ""
    said: str = ""


def missing_record(filename: str, what: str) -> DataFileError:
    """The refusal of a data file that lacks a record the engine's rules name (a movement
    ability, a panic result, a template size): one line, not a ``LookupError``'s traceback
    (attacker round 30: ``nq move 8`` with the "normal" move's key renamed)."""
    return DataFileError(f"{filename}: no record for {what}, which the rules engine needs")


#: What no text of a data file may hold: the C0 controls but the newline, DEL and the C1
#: controls.  A carriage return, an escape or a NUL in a spell's name would reach the terminal
#: of ``nq``, the pages and the LaTeX of the books as it is (a tab is in no file: refused too).
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f]")
#: The longest run without a breakable space a data text may hold: the data's longest is 60 (a
#: pattern of the glossary's), and a book's line holds about 80 of its characters.
MOST_IN_DATA = 80
#: Unicode's line and paragraph separators, which a page, a catalogue and a TOML file's own
#: lines refuse too.
SEPARATOR = re.compile("[\u2028\u2029]")
#: How deep tables and arrays may nest in a data file, as in a profile (nqcore.cli.files): the
#: files nest four levels at most; a recursive reader overflows near a thousand.
MAX_DEPTH = 32
#: TOML's integers are 64-bit; tomllib reads any of Python's.
INT64 = range(-(2**63), 2**63)
#: An integer as TOML writes one (hexadecimal, octal, binary or decimal, with underscores).
_INTEGER = re.compile(r"[+-]?(?:0x[0-9A-Fa-f_]+|0o[0-7_]+|0b[01_]+|[0-9][0-9_]*)")


def visible(text: str) -> str:
    """``text`` with each control character (:data:`CONTROL`, the newline too) written as its
    Python escape (``\\r``, ``\\x1b``): a message quoting a file shows them, never sends them."""
    return re.sub("[\x00-\x1f\x7f-\x9f]", lambda m: repr(m[0])[1:-1], text)


def utf8_problem(data: bytes) -> str:
    """Where ``data`` is not UTF-8, as "line 3: a byte that is not UTF-8 (0xE9)" ('' when it is
    all UTF-8): a Latin-1 ``é`` crashed Sphinx, pytest and ``nq`` naming no file."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        return f"line {line}: a byte that is not UTF-8 (0x{data[error.start]:02X})"
    return ""


def utf8_text(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text, or :class:`DataFileError` naming ``where`` and the line of the
    first byte that is not UTF-8 (:func:`utf8_problem`)."""
    if problem := utf8_problem(data):
        raise DataFileError(f"{where}, {problem}: the file must be UTF-8")
    return data.decode("utf-8")


def read_utf8(path: Path) -> str:
    """The text of ``path``: UTF-8, or :class:`DataFileError` naming the file and line."""
    from nqcore.data.file_bytes import file_bytes

    return utf8_text(file_bytes(path, str(path)), str(path))


def load(filename: str) -> dict[str, Any]:
    """A data file of ``nqcore/data`` (``"spells.toml"``, ``"errata/ranged.toml"``), checked
    against its schema; read once, then cached."""
    return _load(filename)


@cache
def _load(filename: str) -> dict[str, Any]:
    from nqcore.data.file_bytes import file_bytes

    folder = Path(str(resources.files("nqcore").joinpath("data")))
    data = file_bytes(folder.joinpath(*filename.split("/")), PREFIX + filename, inside=folder)
    text = utf8_text(data, PREFIX + filename)
    return parse(text, PREFIX + filename, schema_for(filename) if CHECKED else None)


def schema_for(filename: str) -> type[msgspec.Struct]:
    """The schema of one data file; every file of ``nqcore/data`` has one."""
    from nqcore.data.dataschema import ERRATA_SCHEMA, SCHEMAS

    if filename.startswith("errata/"):
        return ERRATA_SCHEMA
    try:
        return SCHEMAS[filename]
    except KeyError:
        raise DataFileError(f"{PREFIX}{filename}: no schema for this data file") from None


def data_filenames() -> tuple[str, ...]:
    """Every data file of the package, relative to ``nqcore/data``, sorted."""
    root = resources.files("nqcore").joinpath("data")
    names = [e.name for e in root.iterdir() if e.name.endswith(".toml")]
    names += [f"errata/{name}" for name in errata_names()]
    return tuple(sorted(names))


def errata_names() -> tuple[str, ...]:
    """The errata files' names (``ranged.toml``), sorted."""
    folder = resources.files("nqcore").joinpath("data", "errata")
    return tuple(sorted(e.name for e in folder.iterdir() if e.name.endswith(".toml")))


def load_path(path: Path, schema: type[msgspec.Struct]) -> dict[str, Any]:
    """A TOML file outside the package (the docs' glossary), checked against ``schema``."""
    try:
        text = read_utf8(path)
    except OSError as error:
        raise DataFileError(f"{path}: cannot read the file ({error})") from None
    return parse(text, str(path), schema)


def toml_error(where: str, error: tomllib.TOMLDecodeError) -> str:
    """One line naming the file ``where`` and, when tomllib gives it, the line and column."""
    at = re.search(r"\(at line (\d+), column (\d+)\)$", str(error))
    if at is None:
        return f"{where}: not valid TOML ({error})"
    reason = str(error)[: at.start()].strip()
    return f"{where}, line {at[1]}: not valid TOML: {reason} (column {at[2]})"


def position(text: str, offset: int) -> tuple[int, int]:
    """The line and the column (from 1) of ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1, offset - (text.rfind("\n", 0, offset) + 1) + 1


def long_integer_at(text: str) -> tuple[int, int] | None:
    """The line and column of the first integer of the TOML ``text`` too long for Python to
    read (``sys.get_int_max_str_digits``): tomllib's ValueError names neither."""
    limit = sys.get_int_max_str_digits()
    for found in re.finditer(r"[0-9][0-9_]*", text):
        if len(found[0].replace("_", "")) > limit:
            return position(text, found.start())
    return None


def integer_at(text: str, value: int) -> tuple[int, int] | None:
    """The line and column of the first integer of the TOML ``text`` worth ``value``."""
    for found in _INTEGER.finditer(text):
        try:
            number = int(found[0].replace("_", ""), 0)
        except ValueError:  # 007: no integer of Python's (TOML refused it already)
            continue
        if number == value:
            return position(text, found.start())
    return None


def parse(text: str, where: str, schema: type[msgspec.Struct] | None) -> dict[str, Any]:
    """The TOML ``text`` of the file ``where``, checked against ``schema`` (if any)."""
    if (key := long_key_at(text)) is not None:
        line, column = position(text, key)
        raise DataFileError(
            f"{where}, line {line}: a key of more than {MOST_PARTS} parts (column {column})"
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataFileError(visible(toml_error(where, error))) from None
    except (RecursionError, MemoryError):  # 3000 nested arrays overflow tomllib's recursion
        raise DataFileError(_too_deep(where)) from None
    except ValueError as error:  # an integer of more than 4300 digits
        raise DataFileError(_long_integer(where, text, error)) from None
    if schema is not None:
        check(data, where, schema, text)
    else:
        check_text(data, where, text)
    return data


def _long_integer(where: str, text: str, error: ValueError) -> str:
    """tomllib's refusal of an integer too long to read, at its line and column as its other
    refusals are (and as :func:`nqcore.cli.files.read_toml` says it of a player's file)."""
    at = long_integer_at(text)
    if at is None:
        return visible(f"{where}: not valid TOML ({error})")
    limit = sys.get_int_max_str_digits()
    return (
        f"{where}, line {at[0]}: not valid TOML: an integer of more than {limit} digits"
        f" (column {at[1]})"
    )


def _too_deep(where: str) -> str:
    return f"{where}: nested deeper than {MAX_DEPTH} levels"


def check(data: dict[str, Any], where: str, schema: type[msgspec.Struct], text: str = "") -> None:
    """Refuse ``data`` (the parsed file ``where``, of TOML ``text``) unless it matches
    ``schema``."""
    import msgspec

    check_text(data, where, text)
    try:
        msgspec.convert(data, schema)
    except msgspec.ValidationError as error:
        raise DataFileError(visible(describe(str(error), data, where, schema))) from None


def check_text(data: dict[str, Any], where: str, text: str = "") -> None:
    """Refuse a control character (:data:`CONTROL`), or a character no reader can be shown (a
    noncharacter, private use: :mod:`nqcore.characters`), in any text of ``data`` (the parsed file
    ``where``), a field's name included: one line naming the file, the record and the field.

    Nesting deeper than :data:`MAX_DEPTH` is refused too, before a recursive reader (msgspec,
    the pages) overflows on it; and an integer beyond TOML's 64 bits (tomllib reads any), at
    its line in ``text`` when given.  Iterative, depth first in the file's order, so that the
    first one is named."""
    pending: list[tuple[Any, str, int]] = [(data, "$", 1)]
    shown = not where.endswith(CHARACTER_TABLES)
    while pending:
        value, path, depth = pending.pop()
        if isinstance(value, dict | list) and depth > MAX_DEPTH:
            raise DataFileError(_too_deep(where))
        if isinstance(value, dict):
            for name in value:
                if CONTROL.search(name):
                    said = f"a control character in the field name {name!r}"
                    raise refused_at(said, path, data, where)
            named = reversed(value.items())
            pending.extend((item, f"{path}.{name}", depth + 1) for name, item in named)
        elif isinstance(value, list):
            indexed = reversed(list(enumerate(value)))
            pending.extend((item, f"{path}[{i}]", depth + 1) for i, item in indexed)
        elif isinstance(value, str) and (problem := _text_problem(value, shown)):
            raise refused_at(problem, path, data, where)
        elif isinstance(value, float) and not math.isfinite(value):  # JSON cannot carry it
            said = f"not a finite number ({value!r})"
            raise refused_at(said, path, data, where)
        elif isinstance(value, int) and value not in INT64:
            raise DataFileError(_beyond_64_bits(data, where, text, value, path))


#: Files whose texts are characters listed as data (look-alikes, marks among them), never shown
#: to a reader as text: the invisible characters and piles of marks they list are their data.
CHARACTER_TABLES = ("confusables.toml",)


def _text_problem(value: str, shown: bool = True) -> str | None:
    """What a text of a data file may not hold: a control character, a line separator, a
    character no reader can be shown, a bidi control, and in a text shown to readers an
    invisible character or a pile of combining marks."""
    if found := CONTROL.search(value):
        return f"control character U+{ord(found[0]):04X} in {clip(value)}"
    if found := SEPARATOR.search(value):  # raw in the pages' attributes (attacker round 20)
        return f"line separator U+{ord(found[0]):04X} in {clip(value)}: write a line end"
    if "{" in value and (odd := odd_placeholder(value, named=True)):  # attacker round 20
        return f"the placeholder {odd} in {clip(value)} is not {{name}} or {{name:word}}"
    if unknown := unshowable(value):
        return f"{unknown} in {clip(value)}: no reader can show it"
    if bidi := BIDI.search(value):
        return f"bidi control U+{ord(bidi[0]):04X} in {clip(value)}: it reorders what is shown"
    if shown and (too_long := long_run_problem("", value, MOST_IN_DATA)):  # attacker round 22:
        return f"{too_long} ({clip(value)})"  # 1,000 dots crashed xelatex, naming no file
    if shown and (hidden := hidden_problem(value)):
        return f"{hidden} in {clip(value)}: a reader cannot see it as written"
    return None


#: The format spec that spells a count in words (``{infiltrating_maximum:word}``,
#: :mod:`nqcore.filled`).
WORD = "word"


def odd_placeholder(text: str, *, named: bool = False) -> str | None:
    """The first placeholder of ``text`` that is not ``{name}`` or ``{name:word}``, as written;
    None when each is, or when ``text`` is no format string (a lone brace, which
    :func:`nqcore.filled.placeholders` names where the text is filled).  ``named``: only among
    the braces that hold a name (a regular expression's ``\\{\\w+\\}`` is no placeholder).

    >>> odd_placeholder('{range_inches}" and {n:word}'), odd_placeholder("{n:>99999999}")
    (None, '{n:>99999999}')
    >>> odd_placeholder(r"(\\d+|\\{\\w+\\})", named=True) is None
    True
    """
    try:
        parsed = list(Formatter().parse(text))
    except ValueError:
        return None
    for _, name, spec, conversion in parsed:
        if name is None or (named and not name.isidentifier()):
            continue
        if not name.isidentifier() or conversion or spec not in ("", WORD):
            shown = name + (f"!{conversion}" if conversion else "") + f":{spec}" * bool(spec)
            return "{" + shown + "}"
    return None


def _beyond_64_bits(data: dict[str, Any], where: str, text: str, value: int, path: str) -> str:
    """The refusal of an integer TOML does not allow, naming its record and field, and its
    line and column when the file's ``text`` shows it."""
    at = integer_at(text, value)
    place = f"{where}, line {at[0]}" if at else where
    said = "an integer beyond TOML's 64-bit range" + (f" (column {at[1]})" if at else "")
    return visible(describe(f"{said} - at `{path}`", data, place))


#: One step of a path into the data: a field's name, or an index in a list.
Step = tuple[str | None, int | None]
_AT = re.compile(r"^(?P<what>.*) - at `\$(?P<path>[^`]*)`$", re.S)
_STEP = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def describe(message: str, data: dict[str, Any], where: str, schema: Any = None) -> str:
    """msgspec's ``message`` (``Expected `int` <= 8 - at `$.spell[3].level```) as one line of
    ours: ``<file>, spell #4 (fog), field level: expected int <= 8, not 9``."""
    message = re.sub(r"`([^`]*)`", lambda m: f"`{clip(m[1], quote=str)}`", message)
    found = _AT.match(message)
    if found is None:
        top = re.fullmatch(r"Object contains unknown field `(.*)`", message, re.S)
        if top is not None:  # a key of the file's own table: msgspec names no place
            return f"{where}, field {_key_named(data, top[1])}: unknown field (misspelled?)"
        return f"{where}: {message}"
    steps = _steps(found["path"])
    record, field, value = _place(steps, data, where)
    what = found["what"].replace("`", "")
    unknown = re.fullmatch(r"Object contains unknown field (.+)", what)
    missing = re.fullmatch(r"Object missing required field (.+)", what)
    if unknown:
        field.append(_key_named(value, unknown[1]))
        return f"{record}, field {' '.join(field)}: unknown field (misspelled?)"
    if missing:
        inside = f" in {' '.join(field)}" if field else ""
        absent = _required(_struct_at(schema, steps), value) or [missing[1]]
        return f"{record}: missing field(s) {', '.join(absent)}{inside}"
    from nqcore.army.toml_values import toml_string, toml_value  # as the file spells it

    quoted = clip(value) if isinstance(value, str) else clip(toml_value(value), quote=str)
    shown = f" ({quoted})" if ", got " in what else f", not {quoted}"
    if isinstance(value, (dict, list)) or value is _ABSENT or repr(value).replace("`", "") in what:
        shown = ""
    if isinstance(value, str) and "\\" in value:  # msgspec's repr doubles it: 'a\\b'
        what = what.replace(repr(value), toml_string(value))
        quoted = clip(value, quote=toml_string)
        shown = shown and (f" ({quoted})" if ", got " in what else f", not {quoted}")
    named = f", field {' '.join(field)}" if field else ""
    return f"{record}{named}: {what[:1].lower()}{what[1:]}{shown}"


_ABSENT = object()


def _steps(path: str) -> list[Step]:
    """The steps of msgspec's path after its ``$``: ``.spell[3].level``."""
    return [(m[1], None) if m[1] else (None, int(m[2])) for m in _STEP.finditer(path)]


def _place(steps: list[Step], data: Any, where: str) -> tuple[str, list[str], Any]:
    """Where ``steps`` lead in ``data`` (the file ``where``): the record (``<file>, spell #4
    (fog)``), the field's names within it, and the value found there."""
    record, field, value = where, list[str](), data
    for name, index in steps:
        value = _step(value, name, index)
        if index is not None and record == where and len(field) == 1:
            record = f"{where}, {_record(field.pop(), index, value)}"
        elif index is not None:
            field.append(f"#{index + 1}")
        else:
            field.append(str(name))
    return record, field, value


def refused_at(said: str, path: str, data: dict[str, Any], where: str) -> DataFileError:
    """The refusal ``said`` (which quotes the value itself) of the value at msgspec's ``path``
    (``$.term[0].def_fr``) in ``data``: one line naming the file, the record and the field;
    the path and ``said`` are kept for a reader that names the line."""
    record, field, _ = _place(_steps(path.removeprefix("$")), data, where)
    named = f", field {' '.join(field)}" if field else ""
    error = DataFileError(visible(f"{record}{named}: {said}"))
    error.path, error.said = path, visible(said)
    return error


def _key_named(table: Any, said: str) -> str:
    """The key of ``table`` that msgspec's message ``said`` (clipped), as TOML writes it (clipped
    too)."""
    from nqcore.army.toml_values import toml_key

    keys = [key for key in table if clip(key, quote=str) == said] if isinstance(table, dict) else []
    return clip(keys[0], quote=toml_key) if keys else said


def _step(value: Any, name: str | None, index: int | None) -> Any:
    if name is not None and isinstance(value, dict):
        return value.get(name, _ABSENT)
    if index is not None and isinstance(value, list) and index < len(value):
        return value[index]
    return _ABSENT


def _record(table: str, index: int, record: Any) -> str:
    """``spell #4 (fog)``: the record's table, its place and its key, id or name."""
    if isinstance(record, dict):
        for name in ("key", "id", "name"):
            if isinstance(record.get(name), str):
                return f"{table} #{index + 1} ({clip(record[name], quote=str)})"
    return f"{table} #{index + 1}"


def _struct_at(schema: Any, steps: list[Step]) -> Any:
    """The struct type that ``steps`` (a path into the data) lead to from ``schema``, if any."""
    if not CHECKED:  # in the browser
        return None
    import msgspec

    kind = schema
    for name, _index in steps:
        kind = _unwrap(kind)
        if name is not None and isinstance(kind, type) and issubclass(kind, msgspec.Struct):
            by_name = {f.encode_name: f.type for f in msgspec.structs.fields(kind)}
            kind = by_name.get(name)
        elif name is None and get_origin(kind) is list:
            kind = get_args(kind)[0]
        else:
            return None
    return _unwrap(kind)


def _unwrap(kind: Any) -> Any:
    """The struct inside ``Annotated[...]`` or ``X | None``, else ``kind`` itself."""
    if not CHECKED:  # in the browser (an army file's schema: nqcore.army.schema_check)
        return None
    from msgspec import Struct

    while get_origin(kind) is Annotated:
        kind = get_args(kind)[0]
    if get_origin(kind) in (Union, UnionType):
        structs = [k for k in get_args(kind) if isinstance(k, type) and issubclass(k, Struct)]
        return structs[0] if len(structs) == 1 else kind
    return kind


def _required(kind: Any, record: Any) -> list[str]:
    """Every required field of the struct ``kind`` that ``record`` lacks, in schema order."""
    if not CHECKED:  # in the browser: msgspec's field alone
        return []
    import msgspec
    from msgspec import Struct

    if not (isinstance(kind, type) and issubclass(kind, Struct) and isinstance(record, dict)):
        return []
    fields = msgspec.structs.fields(kind)
    return [f.encode_name for f in fields if f.required and f.encode_name not in record]
