"""The army file's schema checked where msgspec is missing: in the browser, where the At the table
page runs the engine in Pyodide, whose npm package carries no msgspec (a compiled package).

:mod:`nqcore.army.army_schema` declares the army file once, as msgspec structs; without msgspec
it declares them on this module's :class:`Struct` and :class:`Meta`, and :func:`convert` reads
data against them as ``msgspec.convert`` does for the types the schema uses (whole numbers,
texts, booleans, literals, lists, tables, unions with ``None``, nested structs, ``Annotated``
limits), refusing with msgspec's own words and place (``Expected `int` >= 1 - at
`$.unit[0].models```), so that :func:`nqcore.data.datafiles.describe` says the same line in both
places.  tests/engine/test_schema_check.py holds the two to the same answers.
"""

from __future__ import annotations

import types
import typing
from typing import Any

#: Whether msgspec is here (everywhere but the browser).
try:
    import msgspec as _msgspec  # noqa: F401
except ImportError:  # pragma: no cover - in the browser
    HAVE_MSGSPEC = False
else:
    HAVE_MSGSPEC = True


class ValidationError(ValueError):
    """Data the schema refuses: msgspec's message, `` - at `$.path```."""


class Meta:
    """The limits of an ``Annotated`` type, as msgspec's ``Meta`` takes them."""

    def __init__(self, **limits: Any) -> None:
        self.ge = limits.get("ge")
        self.le = limits.get("le")
        self.min_length = limits.get("min_length")
        self.max_length = limits.get("max_length")


class Struct:
    """A record of the schema: its fields are its annotations, its defaults their values."""

    __struct_fields__: tuple[str, ...] = ()

    def __init_subclass__(cls, **options: Any) -> None:
        names: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            names |= dict.fromkeys(klass.__dict__.get("__annotations__", {}))
        cls.__struct_fields__ = tuple(n for n in names if not n.startswith("__"))

    def __post_init__(self) -> None:
        """What a record checks of itself once read (none here)."""


_MISSING = object()
_NAMES = {int: "int", str: "str", bool: "bool", list: "array", dict: "object", float: "float"}


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "bool"
    for kind, name in _NAMES.items():
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _fail(message: str, path: str) -> ValidationError:
    """msgspec's refusal: the place is said but for the top of the data."""
    return ValidationError(message if path == "$" else f"{message} - at `{path}`")


def convert(data: Any, schema: type[Any]) -> Any:
    """``data`` read against the struct ``schema``, or :class:`ValidationError`."""
    return _read(data, schema, "$")


def to_builtins(value: Any) -> Any:
    """A record read by :func:`convert` as plain tables, lists and values."""
    if isinstance(value, Struct):
        return {name: to_builtins(getattr(value, name)) for name in value.__struct_fields__}
    if isinstance(value, list):
        return [to_builtins(item) for item in value]
    if isinstance(value, dict):
        return {key: to_builtins(item) for key, item in value.items()}
    return value


def _read(value: Any, kind: Any, path: str) -> Any:
    limits: list[Meta] = []
    while typing.get_origin(kind) is typing.Annotated:
        kind, *more = typing.get_args(kind)
        limits += [m for m in more if isinstance(m, Meta)]
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return _union(value, typing.get_args(kind), path)
    if origin is typing.Literal:
        return _literal(value, typing.get_args(kind), path)
    if isinstance(kind, type) and issubclass(kind, Struct):
        return _struct(value, kind, path)
    if kind is Any:
        return value
    found = _plain(value, origin or kind, path)
    if origin is list:
        (item,) = typing.get_args(kind)
        found = [_read(v, item, f"{path}[{i}]") for i, v in enumerate(found)]
    for meta in limits:
        _limit(found, meta, path)
    return found


def _plain(value: Any, kind: Any, path: str) -> Any:
    name = _NAMES.get(kind, getattr(kind, "__name__", str(kind)))
    if _kind(value) != name:
        raise _fail(f"Expected `{name}`, got `{_kind(value)}`", path)
    return value


def _limit(value: Any, meta: Meta, path: str) -> None:
    name = "str" if isinstance(value, str) else "array"
    if meta.ge is not None and value < meta.ge:
        raise _fail(f"Expected `int` >= {meta.ge}", path)
    if meta.le is not None and value > meta.le:
        raise _fail(f"Expected `int` <= {meta.le}", path)
    if meta.min_length is not None and len(value) < meta.min_length:
        raise _fail(f"Expected `{name}` of length >= {meta.min_length}", path)
    if meta.max_length is not None and len(value) > meta.max_length:
        raise _fail(f"Expected `{name}` of length <= {meta.max_length}", path)


def _base(kind: Any) -> Any:
    while typing.get_origin(kind) is typing.Annotated:
        kind = typing.get_args(kind)[0]
    return kind


def _union(value: Any, kinds: tuple[Any, ...], path: str) -> Any:
    """One of ``kinds`` by the value's own type, as msgspec chooses (a union's types differ)."""
    for kind in kinds:
        base = _base(kind)
        origin = typing.get_origin(base) or base
        if value is None and base is type(None):
            return None
        if origin is typing.Literal and isinstance(value, str):
            return _literal(value, typing.get_args(base), path)
        struct = isinstance(origin, type) and issubclass(origin, Struct)
        if (struct and isinstance(value, dict)) or (
            origin in _NAMES and _kind(value) == _NAMES[origin]
        ):
            return _read(value, kind, path)
    names = [_union_name(_base(k)) for k in kinds]
    raise _fail(f"Expected `{' | '.join(names)}`, got `{_kind(value)}`", path)


def _union_name(kind: Any) -> str:
    origin = typing.get_origin(kind) or kind
    if kind is type(None):
        return "null"
    if origin is typing.Literal:
        return "str"
    if isinstance(origin, type) and issubclass(origin, Struct):
        return "object"
    return _NAMES.get(origin, str(origin))


def _literal(value: Any, allowed: tuple[Any, ...], path: str) -> Any:
    if not isinstance(value, str):
        raise _fail(f"Expected `str`, got `{_kind(value)}`", path)
    if value not in allowed:
        raise _fail(f"Invalid enum value {value!r}", path)
    return value


def _struct(value: Any, kind: type[Struct], path: str) -> Struct:
    """A record: its fields read in the data's order, unknown ones refused, then the missing."""
    if not isinstance(value, dict):
        raise _fail(f"Expected `object`, got `{_kind(value)}`", path)
    hints = typing.get_type_hints(kind, include_extras=True)
    record = kind.__new__(kind)
    for name, item in value.items():
        if name not in hints:
            raise _fail(f"Object contains unknown field `{name}`", path)
        setattr(record, name, _read(item, hints[name], f"{path}.{name}"))
    for name in kind.__struct_fields__:
        if name not in value:
            default = getattr(kind, name, _MISSING)
            if default is _MISSING:
                raise _fail(f"Object missing required field `{name}`", path)
            setattr(record, name, list(default) if isinstance(default, list) else default)
    try:
        record.__post_init__()
    except (ValueError, TypeError) as error:
        raise _fail(str(error), path) from None
    return record
