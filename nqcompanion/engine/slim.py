"""What the engine's files leave out because nothing reads it at run time: the docstrings and
comments of the Python it ships, and the parts of Babel's locale data that do not write numbers.

A first visit downloads the engine: about a third of its compressed Python was docstrings and
comments, and most of Babel's data dates, time zones and currencies it never formats.

- **Sources**: each module parsed and written back without its docstrings (as ``python -OO``
  compiles it, which CPython's standard library is tested under) and without its comments.
  A module the build's Python cannot parse (a newer syntax than its own: the standard library
  is Pyodide's), or whose tree is too deep for ``ast`` to write back, is kept as it is, as are
  Pyodide's own packages, which read docstrings as they start (``_pyodide.docstring``).
- **Babel's data**: each locale's pickle keeps what writes numbers and chooses plurals
  (:data:`LOCALE_KEYS`); ``global.dat`` keeps the locale chain and aliases (:data:`GLOBAL_KEYS`).
  Babel's ``get_global`` gives ``{}`` for a key left out; a locale key left out would raise
  ``KeyError``: the suite asks the built engine every calculator's questions in both languages.
"""

from __future__ import annotations

import ast
import io
import pickle
import tokenize

#: Babel's locale data the engine reads: numbers (``format_decimal``, ``format_percent``, the
#: group and decimal signs) and plural forms; with the numbering systems those name.
LOCALE_KEYS = frozenset(
    {
        "decimal_formats",
        "default_numbering_system",
        "number_symbols",
        "other_numbering_systems",
        "percent_formats",
        "plural_form",
    }
)
#: ``global.dat``'s entries that a locale's loading reads: its parents and the aliases of names.
GLOBAL_KEYS = frozenset(
    {
        "language_aliases",
        "parent_exceptions",
        "script_aliases",
        "territory_aliases",
        "variant_aliases",
    }
)
#: Packages kept as written: Pyodide's own, which read their docstrings as they start.
KEPT_AS_WRITTEN = frozenset({"_pyodide", "pyodide"})
#: The pickles' protocol, fixed: the same data makes the same bytes whatever builds it.
PICKLE_PROTOCOL = 4

_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _is_docstring(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.Expr)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
    )


def stripped_source(data: bytes) -> bytes:
    """The module ``data`` without docstrings and comments (UTF-8); as it is when the build's
    Python cannot parse it."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
        tree = ast.parse(data.decode(encoding))
        for node in ast.walk(tree):
            if isinstance(node, _DOCUMENTED) and node.body and _is_docstring(node.body[0]):
                node.body = node.body[1:] or [ast.Pass()]
        return (ast.unparse(tree) + "\n").encode("utf-8")
    except (SyntaxError, UnicodeDecodeError, LookupError, ValueError, RecursionError):
        # ``ast`` recurses where CPython's compiler does not: ``1 + 1 + ...`` of 500 terms
        # compiles, and its tree is too deep for ``ast.unparse``.
        return data


def slim_module(name: str, data: bytes) -> bytes:
    """The source of the module ``name`` as the engine ships it (:func:`stripped_source`)."""
    if name.split(".")[0] in KEPT_AS_WRITTEN:
        return data
    return stripped_source(data)


def _kept(data: bytes, keys: frozenset[str]) -> bytes:
    found = pickle.loads(data)  # noqa: S301 - Babel's own installed data, not a contributor's
    kept = {key: value for key, value in found.items() if key in keys}
    return pickle.dumps(kept, protocol=PICKLE_PROTOCOL)


def trimmed_locale(data: bytes) -> bytes:
    """A Babel locale's pickle with :data:`LOCALE_KEYS` only."""
    return _kept(data, LOCALE_KEYS)


def trimmed_global(data: bytes) -> bytes:
    """Babel's ``global.dat`` with :data:`GLOBAL_KEYS` only."""
    return _kept(data, GLOBAL_KEYS)
