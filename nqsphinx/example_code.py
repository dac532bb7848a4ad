"""What a worked example's code may do: import the engine's names and call them, nothing else.

A page's ``{doctest}`` blocks are code, and a passing one prints "Checked with the rules engine"
beside its result.  An example that rebinds an engine function (``magic.casting_target = ...``),
changes a table of the engine in place, or imports ``os`` would make a wrong number pass, on its
own page or on the pages run after it in the same process (attack round twenty-five).  So an
example may only ``from nqcore... import NAME`` (or ``fractions``), bind names and change what
it made itself (an army's tables), and call; a statement that sets an attribute, or changes
what it imported (or a name bound to it), is refused, naming its page and line.
"""

from __future__ import annotations

import ast
import importlib
import re
import types
from collections.abc import Iterable
from pathlib import Path

#: The packages an example may import names from.
ALLOWED_MODULES = frozenset({"nqcore", "fractions"})
#: The modules an example imports from: the rules, the army's pricing, the numbers' format and
#: fractions; not the engine's command line, files, data loaders or locks, which run commands,
#: read and write files and hand out what the engine caches (attack round twenty-eight:
#: ``from nqcore.locks import main`` ran a shell command under "Checked with the rules engine").
EXAMPLE_MODULES = ("nqcore.rules", "nqcore.army", "nqcore.i18n", "fractions")
#: Names an example never imports, in those modules too: what reads, writes or registers.
REFUSED_NAMES = ("register", "main", "read", "write", "export", "load", "dump")
#: Builtins that reach past the engine's answers (code, attributes by name, namespaces, files):
#: never named in an example, called or not.
FORBIDDEN_CALLS = frozenset(
    {
        "exec",
        "eval",
        "compile",
        "open",
        "setattr",
        "delattr",
        "getattr",
        "globals",
        "locals",
        "vars",
        "breakpoint",
        "input",
        "type",
        "object",
        "super",
    }
)
#: Methods that change a list, dict or set in place: an engine's table changed by an example.
MUTATING = frozenset(
    {
        "append",
        "extend",
        "insert",
        "pop",
        "popitem",
        "remove",
        "clear",
        "update",
        "setdefault",
        "add",
        "discard",
        "sort",
        "reverse",
    }
)


def _import_problem(node: ast.AST) -> str | None:
    if isinstance(node, ast.Import):
        return "imports a module whole: write `from nqcore.<module> import <name>`"
    if isinstance(node, ast.ImportFrom):
        top = (node.module or "").split(".")[0]
        if node.level or top not in ALLOWED_MODULES:
            return f"imports from {node.module or '.'}: an example imports from nqcore only"
        if not any(_within(node.module or "", allowed) for allowed in EXAMPLE_MODULES):
            return (
                f"imports from {node.module}: an example imports the rules' names "
                f"({', '.join(EXAMPLE_MODULES)})"
            )
        if any(alias.name == "*" for alias in node.names):
            return "imports * : name what the example uses"
        return next(filter(None, (_name_problem(node.module, a.name) for a in node.names)), None)
    return None


def _name_problem(module: str | None, name: str) -> str | None:
    """What an imported name is, if not the engine's own: a module, or a class or function
    the engine imported from elsewhere (``from nqcore.i18n import os, Path``, ``from fractions
    import operator``: attack round twenty-seven), or one that adds to the engine's registers."""
    if name.startswith(REFUSED_NAMES) or name == "army":  # army(path) reads an army file
        return f"imports {name}, which reads, writes or registers beyond the rules' answers"
    try:
        found = getattr(importlib.import_module(module or ""), name)
    except (ImportError, AttributeError, ValueError):
        return None  # doctest says it, at its line
    if isinstance(found, types.ModuleType):
        return f"imports the module {name} through {module}: an example imports the engine's names"
    home = getattr(found, "__module__", None)
    if callable(found) and not (isinstance(home, str) and home.split(".")[0] in ALLOWED_MODULES):
        return f"imports {name} from {module}, which is {home}'s: an example imports the engine's"
    return None


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _root(node: ast.AST) -> str | None:
    """The name an attribute or item chain starts from (``TABLE`` of ``TABLE["a"].b``)."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _node_problem(node: ast.AST, engine: set[str]) -> str | None:
    """Why one node of an example's code is refused, or None (``engine``: the names bound to
    what the page imported)."""
    found = _import_problem(node) or _change_problem(node, engine)
    if found:
        return found
    if isinstance(node, ast.Attribute) and node.attr.startswith("_"):
        return f"reads the private name .{node.attr}"
    if isinstance(node, ast.Name) and node.id.startswith("__"):
        return f"uses {node.id}"
    if isinstance(node, (ast.Global, ast.Nonlocal, ast.ClassDef, ast.Lambda)):
        return f"defines code ({type(node).__name__.lower()}): an example calls the engine"
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return "defines a function: an example calls the engine"
    if isinstance(node, ast.Name) and node.id in FORBIDDEN_CALLS:
        return f"uses {node.id}"  # called, or bound to another name and called (run = exec)
    return None


def _change_problem(node: ast.AST, engine: set[str]) -> str | None:
    """An attribute set, or what the engine holds changed (an item, a method that changes it
    in place); what the example made itself it may change."""
    if isinstance(node, ast.Attribute) and not isinstance(node.ctx, ast.Load):
        return "sets an attribute: an example only reads the engine's answers"
    if isinstance(node, ast.Subscript) and not isinstance(node.ctx, ast.Load):
        if _root(node) in engine:
            return f"changes {_root(node)}, which the engine holds"
    if isinstance(node, ast.AugAssign) and _root(node.target) in engine:
        return f"changes {_root(node.target)}, which the engine holds"  # TABLE |= {...}
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        held = _root(node.func.value)
        if node.func.attr in MUTATING and (held in engine or held in BUILTIN_TYPES):
            return f"calls .{node.func.attr}() on {held}, which may change what the engine holds"
    return None


#: Built-in types whose methods, called on the type (``dict.update(TABLE, ...)``), change the
#: object given.
BUILTIN_TYPES = frozenset({"dict", "list", "set", "bytearray"})


def _bound(tree: ast.Module, engine: set[str]) -> None:
    """The names a statement binds to the engine's own objects: those it imports, and those it
    binds to an expression that names one outside a call's arguments or calls one (``table =
    TABLE``, ``row = TABLE["a"]``, ``(t := TABLE)``, ``for t in (TABLE,)``, ``a, b = TABLE, 1``,
    ``[r for r in load(...)]``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            engine.update(alias.asname or alias.name for alias in node.names)
            continue
        pairs: list[tuple[ast.AST, ast.AST]] = []
        if isinstance(node, ast.Assign):
            pairs = [(target, node.value) for target in node.targets]
        elif isinstance(node, (ast.NamedExpr, ast.AnnAssign)) and node.value is not None:
            pairs = [(node.target, node.value)]
        elif isinstance(node, (ast.For, ast.comprehension)):
            pairs = [(node.target, node.iter)]
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            pairs = [(node.optional_vars, node.context_expr)]
        for target, value in pairs:
            if _mentions(value, engine):
                engine.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))


def _mentions(node: ast.AST, engine: set[str]) -> bool:
    """Whether ``node`` names an engine object outside a call's arguments, or calls one: an
    engine function's answer may be what the engine holds (``load("spells.toml")["spell"]``,
    the cached data: attack round twenty-eight changed Smoke's level through a comprehension
    over it); a built-in's (``list(TABLE)``) is a copy, the example's own."""
    if isinstance(node, ast.Call):
        return _mentions(node.func, engine)
    if isinstance(node, ast.Name):
        return node.id in engine
    return any(_mentions(child, engine) for child in ast.iter_child_nodes(node))


def code_problem(source: str, engine: set[str] | None = None) -> str | None:
    """Why an example's statement is refused, or None (a syntax error is doctest's to say);
    ``engine`` gathers the names bound to the engine's objects, statement after statement."""
    engine = set() if engine is None else engine
    try:
        tree = ast.parse(source)
        _bound(tree, engine)
        return next((why for node in ast.walk(tree) if (why := _node_problem(node, engine))), None)
    except SyntaxError:
        return None
    except (RecursionError, MemoryError):  # 3,000 nested terms: no example is that deep
        return "nests its expression too deeply to be read"


def _options_problem(example: object) -> str | None:
    """A doctest option (``# doctest: +SKIP``, ``+ELLIPSIS``) lets a wrong number pass, or
    never runs the example, while the page still says it was checked."""
    options = getattr(example, "options", None)
    return "sets a doctest option (# doctest: ...)" if options else None


def example_code_problems(pages: Iterable[Path]) -> list[str]:
    """Each refused statement of the pages' examples: ``page:line: what``."""
    import doctest

    from nqsphinx.page_examples import _pages_of, book_examples

    found = []
    for page in sorted(p.absolute() for p in pages):
        folder = _pages_of(page)
        if folder is None or not book_examples(folder).should_parse(page):
            continue
        shown = page.resolve().relative_to(folder.resolve().parent)
        engine: set[str] = set()  # a page's examples share their names
        try:
            examples = list(book_examples(folder).parse(page))
        except ValueError as error:  # doctest's "lacks blank after >>>": not an INTERNALERROR
            found.append(f"{shown}: an example is not a doctest Python reads: {error}: refused")
            continue
        for example in examples:
            parsed = example.parsed
            if isinstance(parsed, doctest.Example):
                why = _options_problem(parsed) or code_problem(parsed.source, engine)
                if why:
                    found.append(f"{shown}:{example.line}: this example {why}: refused")
    return found


#: Sybil's comments that run or skip code where no reader sees it (``% invisible-code-block:``).
HIDDEN = re.compile(r"^\s*%\s*(invisible-code-block|skip|clear-namespace)\b")


def hidden_code(pages: Iterable[Path]) -> list[str]:
    """Each line of the pages that holds one of Sybil's hidden-code comments."""
    from nqcore.data.datafiles import DataFileError, utf8_text

    found = []
    for page in sorted(pages):
        try:
            text = utf8_text(page.read_bytes(), str(page))
        except DataFileError:
            continue  # named by unclosed_fences, which reads the page first
        found += [
            f"{page.name}:{n}: a comment that hides code from the reader ({m.group(1)}): refused"
            for n, line in enumerate(text.splitlines(), 1)
            if (m := HIDDEN.match(line))
        ]
    return found
