"""Files ``nq`` reads and writes, handled as untrusted: every refusal is one line naming the file.

A profile file could be anything a path names: ``/dev/zero`` (endless), a FIFO (opening it waits
for a writer), a directory, a huge or binary file, TOML nested thousands of levels deep (Python's
recursion limit).  Each is refused before parsing.  An output file is written whole or not at
all: a temporary file in the same folder, then ``os.replace``.
"""

from __future__ import annotations

import ast
import contextlib
import errno
import math
import os
import re
import secrets
import stat
import sys
import tomllib
from collections.abc import Callable
from typing import Any

from nqcore.army.toml_values import toml_key
from nqcore.data.datafiles import CONTROL, long_integer_at, position
from nqcore.data.toml_keys import MOST_PARTS, long_key_at
from nqcore.i18n import N_, Msg, Refusal

#: tomllib's reasons for refusing a TOML text (Python 3.11's ``tomllib/_parser.py``), said in the
#: reader's language; one not listed stays as tomllib words it.
TOML_REASONS: tuple[Msg, ...] = (
    N_("Cannot overwrite a value"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Invalid date or datetime"),
    N_("Invalid hex value"),
    N_("Invalid initial character for a key part"),
    N_("Invalid statement"),
    N_("Invalid value"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Unterminated string"),
    N_("Expected newline or end of document after a statement"),
)
#: tomllib's reasons that name a character (``Illegal character '\x01'``, ``Found invalid
#: character '\x7f'``): said in the reader's language, the character as its code point (U+0001),
#: which a control character, invisible on the page, is best named by.
TOML_CHARACTER = re.compile(r"(?:Illegal|Found invalid) character '(?P<character>.+)'")
#: tomllib's reasons that name a key, which it gives as a Python tuple or string (``('a',
#: 'b')``): said in the reader's language, the key as a TOML file writes it (``a.b``).
TOML_KEYED: tuple[tuple[re.Pattern[str], Msg], ...] = (
    (re.compile(r"Cannot declare (?P<key>.+) twice"), N_("Cannot declare {key} twice")),
    (
        re.compile(r"Cannot mutate immutable namespace (?P<key>.+)"),
        N_("Cannot add to {key}: an inline table is whole as written"),
    ),
    (re.compile(r"Cannot redefine namespace (?P<key>.+)"), N_("Cannot define {key} again")),
    (
        re.compile(r"Duplicate inline table key (?P<key>.+)"),
        N_("Duplicate key {key} in an inline table"),
    ),
)


def _toml_reason(reason: str) -> Msg | Refusal | str:
    """One of tomllib's reasons in the reader's language (as tomllib words it if unknown)."""
    known = {str(text): text for text in TOML_REASONS}
    found = TOML_CHARACTER.fullmatch(reason)
    if found is not None:
        try:
            character = ast.literal_eval(f"'{found['character']}'")
        except (SyntaxError, ValueError):
            return reason
        if character == "\n":  # a text in quotes running into the end of its line
            return Msg(N_("a quote is not closed on this line"))
        if isinstance(character, str) and len(character) == 1:
            return Refusal(N_("Illegal character {character}"), character=f"U+{ord(character):04X}")
    for pattern, message in TOML_KEYED:
        if (keyed := pattern.fullmatch(reason)) and (key := _toml_key(keyed["key"])):
            return Refusal(message, key=key)
    return known.get(reason, reason)


def _toml_key(shown: str) -> str | None:
    """The key tomllib shows as a Python literal, as a TOML file writes it: dotted, each part
    bare or quoted, every character that is not printable by its code point."""
    try:
        parts = ast.literal_eval(shown)
    except (SyntaxError, ValueError):
        return None
    parts = (parts,) if isinstance(parts, str) else parts
    if not (isinstance(parts, tuple) and parts and all(isinstance(p, str) for p in parts)):
        return None
    return ".".join(toml_key(part) for part in parts)


#: The largest file ``nq`` reads: a profile is a few hundred bytes.
MAX_FILE_BYTES = 1024 * 1024
#: The deepest nesting of tables and arrays a file may have: a profile needs four.
MAX_DEPTH = 32
#: TOML integers are 64-bit.
_INT64 = range(-(2**63), 2**63)

_KINDS = (
    (stat.S_ISDIR, N_("it is a directory, not a regular file")),
    (stat.S_ISCHR, N_("it is a device, not a regular file")),
    (stat.S_ISBLK, N_("it is a device, not a regular file")),
    (stat.S_ISFIFO, N_("it is a FIFO, not a regular file")),
    (stat.S_ISSOCK, N_("it is a socket, not a regular file")),
)
#: The system's reasons a file cannot be read, as the C library says them in English, each a
#: message of the engine: the French page and ``nq --lang fr`` say them in French.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ELOOP: N_("Too many levels of symbolic links"),
    errno.ENAMETOOLONG: N_("File name too long"),
}


class FileRefused(Refusal):
    """A file ``nq`` will not read or could not write; the message names it."""


def _kind(mode: int) -> Msg:
    return next((kind for is_kind, kind in _KINDS if is_kind(mode)), _SPECIAL)


_SPECIAL = N_("it is a special file, not a regular file")


def os_reason(error: OSError) -> Msg | str:
    """Why the system could not open or read a file, as a message of the engine (the system's
    own English words for a rare reason)."""
    return _OS_REASONS.get(error.errno or 0) or error.strerror or str(error)


def _unreadable(path: str, reason: Msg | str) -> FileRefused:
    return FileRefused(N_("cannot read the file ({reason})"), where=path, reason=reason)


def _too_large(path: str, limit: int) -> FileRefused:
    """The refusal of a file over ``limit`` bytes, naming the limit (in MiB, a MiB's fraction
    as a decimal)."""
    return FileRefused(
        N_("cannot read the file (larger than {limit} MiB)"), where=path, limit=limit / 2**20
    )


def _too_deep(path: str) -> FileRefused:
    return FileRefused(N_("nested deeper than {depth} levels"), where=path, depth=MAX_DEPTH)


def read_text(path: str, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, of at most ``limit`` bytes."""
    try:
        mode = os.stat(path).st_mode
        if not stat.S_ISREG(mode):
            raise _unreadable(path, _kind(mode))
        # O_NONBLOCK: should the path become a FIFO after the check, opening it cannot wait.
        flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | os.O_CLOEXEC
        descriptor = os.open(path, flags)
        try:
            info = os.fstat(descriptor)
            if not stat.S_ISREG(info.st_mode):
                raise _unreadable(path, _kind(info.st_mode))
            if info.st_size > limit:
                raise _too_large(path, limit)
            data = _read_at_most(descriptor, limit + 1)  # the size may have grown since
        finally:
            os.close(descriptor)
    except OSError as error:
        raise _unreadable(path, os_reason(error)) from None
    if len(data) > limit:
        raise _too_large(path, limit)
    if b"\0" in data:
        raise FileRefused(N_("a binary file, not a text file"), where=path)
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise FileRefused(
            N_("not UTF-8 text (byte {byte})"), where=path, byte=str(error.start + 1)
        ) from None


def _read_at_most(descriptor: int, size: int) -> bytes:
    chunks: list[bytes] = []
    while size > 0:
        chunk = os.read(descriptor, min(size, 65536))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


def read_toml(path: str) -> dict[str, Any]:
    """The TOML file ``path`` as read by :func:`read_text`, at most :data:`MAX_DEPTH` deep."""
    text = read_text(path)
    if (key := long_key_at(text)) is not None:
        raise _long_key(path, *position(text, key))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise toml_refusal(path, error) from None
    except RecursionError:
        raise _too_deep(path) from None
    except ValueError as error:  # an integer of more than 4300 digits
        raise _long_integer(path, text, error) from None
    _check_nesting(data, path)
    return data


def _long_key(path: str, line: int, column: int) -> FileRefused:
    """The refusal of a key of more parts than any file needs (:mod:`nqcore.data.toml_keys`)."""
    return FileRefused(
        N_("{file}, line {line}: a key of more than {parts} parts (column {column})"),
        file=path,
        line=str(line),
        parts=MOST_PARTS,
        column=str(column),
    )


def _long_integer(path: str, text: str, error: ValueError) -> FileRefused:
    """The refusal of an integer too long for Python (``sys.get_int_max_str_digits``), at its
    line and column as tomllib's other refusals are (tomllib's ValueError names neither)."""
    if (at := long_integer_at(text)) is not None:
        return FileRefused(
            N_(
                "{file}, line {line}: not valid TOML: an integer of more than {limit} digits"
                " (column {column})"
            ),
            file=path,
            line=str(at[0]),
            limit=sys.get_int_max_str_digits(),
            column=str(at[1]),
        )
    return FileRefused(N_("not valid TOML ({reason})"), where=path, reason=str(error))


def toml_refusal(path: str, error: tomllib.TOMLDecodeError) -> FileRefused:
    """tomllib's refusal of the file ``path``, in the reader's language: its line and column
    (when tomllib gives them) and its reason."""
    at = re.search(r"\(at line (\d+), column (\d+)\)$", str(error))
    if at is None:
        reason = str(error).removesuffix("(at end of document)").strip()
        return FileRefused(
            N_("not valid TOML at the end of the file: {reason}"),
            where=path,
            reason=_toml_reason(reason),
        )
    reason = str(error)[: at.start()].strip()
    return FileRefused(
        N_("{file}, line {line}: not valid TOML: {reason} (column {column})"),
        file=path,
        line=at[1],
        reason=_toml_reason(reason),
        column=at[2],
    )


def _check_nesting(data: dict[str, Any], path: str) -> None:
    """Refuse what would overflow a recursive reader later: deep nesting, integers TOML forbids;
    and numbers no rule reads, which JSON cannot carry (``inf``, ``nan``, ``1e400``); naming their
    field (``armour.value``).

    Iterative, so that the check itself cannot overflow."""
    pending: list[tuple[Any, int, str]] = [(data, 1, "")]
    while pending:
        value, depth, field = pending.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise _too_deep(path)
            named = value.items() if isinstance(value, dict) else enumerate(value, 1)
            pending.extend(
                (item, depth + 1, _field(field, name, isinstance(value, dict)))
                for name, item in named
            )
            for name in value if isinstance(value, dict) else ():
                _check_text(name, path, _field(field, name, True))
        elif isinstance(value, str):
            _check_text(value, path, field)
        elif isinstance(value, int) and value not in _INT64:
            raise FileRefused(N_("an integer beyond TOML's 64-bit range"), where=f"{path}: {field}")
        elif isinstance(value, float) and not math.isfinite(value):  # 1e400, inf, nan
            raise FileRefused(
                N_("not a finite number ({value})"), where=f"{path}: {field}", value=repr(value)
            )


def _check_text(text: str, path: str, field: str) -> None:
    """Refuse a control character (but the newline) in a text or a field's name: a profile's
    name with an escape would reach the reader's terminal, a carriage return hide what it
    says."""
    found = CONTROL.search(text)  # as in the engine's own data files
    if found:
        raise FileRefused(
            N_("a control character ({code}) in the text"),
            where=f"{path}: {field}",
            code=f"U+{ord(found[0]):04X}",
        )


def _field(parent: str, name: object, is_table: bool) -> str:
    """``armour.value``, ``weapons #2``: a field in the words of the profile refusals."""
    if not is_table:
        return f"{parent} #{name}"
    return f"{parent}.{name}" if parent else str(name)


def write_text(path: str, produce: Callable[[], str]) -> None:
    """Write the text ``produce()`` returns to ``path``, whole or not at all.

    The file is opened first, so that a bad path fails before the work.  A regular file (or a new
    one) is written as a temporary file in its folder, then moved over it (``os.replace``); a
    device or pipe, such as ``/dev/stdout``, cannot be replaced and is written directly.  Every
    failure names ``path``."""
    try:
        try:
            mode: int | None = os.stat(path).st_mode
        except FileNotFoundError:
            mode = None
        if mode is not None and stat.S_ISDIR(mode):
            raise FileRefused(f"{path}: cannot write the file (it is a directory)")
        folder = os.path.dirname(path) or "."
        if mode is None and not os.path.isdir(folder):  # never made: the reader's to create
            raise FileRefused(
                N_("cannot write the file (the folder {folder} does not exist)"),
                where=path,
                folder=folder,
            )
        if mode is None or stat.S_ISREG(mode):
            _replace(os.path.realpath(path), produce)
        else:
            _write_in_place(path, produce)
    except OSError as error:
        raise FileRefused(f"{path}: cannot write the file ({error.strerror or error})") from None


def _replace(target: str, produce: Callable[[], str]) -> None:
    folder, name = os.path.split(target)
    temporary = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.tmp")
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mode = 0o666  # as any new file: the umask applies
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, mode)
    try:
        try:
            _write_all(descriptor, produce().encode("utf-8"))
            os.fsync(descriptor)  # on disk before it replaces anything
        finally:
            os.close(descriptor)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _write_in_place(path: str, produce: Callable[[], str]) -> None:
    # O_NONBLOCK: a FIFO nobody reads fails at once (ENXIO) instead of waiting; then block as usual.
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise FileRefused(f"{path}: cannot write the file (no process reads it)") from None
        raise
    try:
        os.set_blocking(descriptor, True)
        _write_all(descriptor, produce().encode("utf-8"))
    except BrokenPipeError:  # `--output /dev/stdout | head`: the reader has seen enough
        pass
    finally:
        os.close(descriptor)


def _write_all(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view) :]
