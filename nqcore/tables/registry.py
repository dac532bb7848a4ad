"""Reference tables as data: every game table the reader sees is built here, never typed in docs.

A :class:`Table` holds English msgids and raw values; the docs extension and the print products
translate and format it for the reader's language.  Engine modules register their tables with
:func:`register_table`; :func:`get_table` finds one by its language-independent key.
"""

from __future__ import annotations

import difflib
import importlib
import importlib.util
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

from nqcore.i18n import Msg


class Signed(int):
    """A modifier printed with its sign (+1, -2)."""

    __slots__ = ()


class Chance(Fraction):
    """A probability, printed as a percentage."""

    __slots__ = ()


class Phrase(tuple[Msg | str | int | Fraction, ...]):
    """A line of text made of parts printed one after the other, each in the reader's language:
    ``Phrase((Msg("Sword"), " (", N_("UC"), 4, ", ", N_("ST"), Signed(1), ")"))`` reads
    "Sword (UC4, ST+1)" in English and "Épée (CU4, F+1)" in French.  Used for the lines printed
    under a profile (:attr:`Table.details`)."""

    __slots__ = ()


#: A table's cell: text, a number, or a phrase of several ("4,000+": a number grouped as each
#: language groups it, then a sign).
Cell = Msg | str | int | Fraction | Phrase | None
#: A line printed under a table: a cell, or a phrase of several.
Detail = Cell
#: A note under a table: a sentence, or a phrase whose names come from the engine's data.
Note = Msg | Phrase


@dataclass(frozen=True)
class Table:
    """One reference table: ``columns`` and translatable cells are English msgids (``Msg``)."""

    key: str
    title: Msg
    columns: tuple[Msg, ...]
    rows: tuple[tuple[Cell, ...], ...]
    source: str
    notes: tuple[Note, ...] = field(default=())
    #: Lines printed under a profile ("Weapons: Sword (UC4, ST+1)").
    details: tuple[tuple[Msg, Detail], ...] = field(default=())
    #: The data key of the item each row shows (a weapon's ``key``), so that a page can give the
    #: row an anchor; empty when the rows are not items of the engine's data.
    row_keys: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        for row in self.rows:
            if len(row) != len(self.columns):
                raise ValueError(f"table {self.key}: row {row!r} does not match its columns")
        if self.row_keys and len(self.row_keys) != len(self.rows):
            raise ValueError(
                f"table {self.key}: {len(self.row_keys)} row keys for {len(self.rows)} rows"
            )


TableFactory = Callable[[], Table]
_REGISTRY: dict[str, TableFactory] = {}

#: Modules that never register tables (imported on demand only, so `import nqcore` stays fast).
_NOT_TABLE_MODULES = frozenset({"nqcore.__main__", "nqcore.cli.commands", "nqcore.tables.registry"})


def register_table(key: str) -> Callable[[TableFactory], TableFactory]:
    """Register a table factory under ``key`` (the name the docs directive uses)."""

    def decorate(factory: TableFactory) -> TableFactory:
        if key in _REGISTRY:
            raise ValueError(f"table {key!r} is registered twice")
        _REGISTRY[key] = factory
        return factory

    return decorate


def _load_all() -> None:
    """Import every engine module, so that each registers its tables."""
    import nqcore

    for info in pkgutil.walk_packages(nqcore.__path__, "nqcore."):
        # a folder named like a module (``x.py/``) is listed, and is none
        found = info.ispkg or importlib.util.find_spec(info.name) is not None
        if found and info.name not in _NOT_TABLE_MODULES:
            importlib.import_module(info.name)


def table_keys() -> list[str]:
    _load_all()
    return sorted(_REGISTRY)


def get_table(key: str) -> Table:
    """The table registered as ``key``; a ``KeyError`` names the known keys."""
    _load_all()
    try:
        factory = _REGISTRY[key]
    except KeyError:
        close = difflib.get_close_matches(key, sorted(_REGISTRY), n=3)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise KeyError(f"unknown table {key!r}{hint} (`nq export` lists every table)") from None
    return factory()
