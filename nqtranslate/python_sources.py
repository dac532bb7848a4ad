"""The project's Python modules as text: UTF-8, the default of Python 3 (PEP 3120), as every
tool of ours that reads them takes them (the messages' extraction, the engine's zip).

A module in another encoding, declared by a coding line or not UTF-8 at all, is refused at its
file and line: Python itself would import it, and a tool reading it as UTF-8 would stop on a
traceback naming no file, or read other words than Python does."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

from nqcore.data.datafiles import DataFileError
from nqcore.data.file_bytes import file_bytes


class SourceError(ValueError):
    """A module that is not UTF-8, told in one line: ``path:line: reason``."""


def _bytes(path: Path, name: str) -> bytes:
    """A regular file's bytes, at most 4 MiB, not through a link (:func:`file_bytes`: a module
    linked to a FIFO hung the translation tools, one linked to ``/dev/zero`` filled memory)."""
    try:
        return file_bytes(path, name)
    except DataFileError as error:
        raise SourceError(str(error)) from None


def _utf_8(data: bytes, name: str, what: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise SourceError(
            f"{name}:{line}: not UTF-8 ({error.reason}): the project's {what} is written in UTF-8"
        ) from None


def project_text(path: Path, shown: str = "") -> str:
    """The text of a data file of the project a tool reads (named ``shown`` in a refusal)."""
    name = shown or str(path)
    return _utf_8(_bytes(path, name), name, "data")


def python_source(path: Path, shown: str = "") -> str:
    """The text of the module at ``path`` (named ``shown`` in a refusal, default ``path``)."""
    name = shown or str(path)
    data = _bytes(path, name)
    text = _utf_8(data, name, "Python")
    try:
        declared, lines = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as error:  # an encoding Python does not know
        raise SourceError(f"{name}:1: {error.msg}") from None
    if declared not in ("utf-8", "utf-8-sig"):
        raise SourceError(
            f"{name}:{len(lines)}: declares the encoding {declared}: "
            "the project's Python is written in UTF-8"
        )
    return text.removeprefix("\ufeff")  # a byte order mark, which Python reads past


def python_tree(path: Path, shown: str = "") -> ast.Module:
    """The module at ``path`` parsed (:func:`python_source`); one that Python cannot parse, or
    too deep for ``ast`` (``1 + 1 + ...`` of 3,000 terms), refused at its line."""
    name = shown or str(path)
    text = python_source(path, name)
    try:
        return ast.parse(text, name)
    except SyntaxError as error:
        raise SourceError(f"{name}:{error.lineno or 1}: {error.msg}") from None
    except (RecursionError, MemoryError, ValueError) as error:
        why = "nested too deeply to read" if not isinstance(error, ValueError) else str(error)
        raise SourceError(f"{name}:1: {why}") from None
