"""The At the table page's answers before its engine has loaded: tables the engine writes at build
time (``_static/nq-answers.json``, one per language).

Pyodide and the engine take seconds to load (more than 20 on a slow phone); most questions of the
page have few possible inputs.  For each calculator whose inputs are finite, the build walks
every input the table holds (:data:`TABLED`), builds the command line the page's script would
build from those fields, and asks :func:`nqcompanion.bridge.web.ask`, the very function the page's
worker calls, in the site's language.  The page's script looks the fields up (a lookup, no rule) and
shows that answer at once; anything else (a whole attack, morale over the turns, difficult
terrain, typed ranges, more modifiers than a table holds, profiles, files) waits for the engine.

The file: ``pieces``, each a part of an answer (``["json", key, value]``, ``["text", null,
line]``, a refusal's ``["error", null, text]``, ``["message", null, text]``, ``["field", null,
name]`` and ``["values", null, keys]``) kept once however many answers
share it, and for each calculator its ``dims``: the fields of each dimension and the keys its
values give (what ``nq-at-table.js`` makes of a field: its words on the command line joined by
spaces, ``~`` for a field another one makes unused, the fields of one dimension joined by
``|``); and its ``columns``, one per key of the engine's JSON, line of its text or refusal: the
pieces the column holds (``-1``: none) and which one each input has, inputs in the order of the
dimensions (the last varying fastest).  By column, the file gzips to a sixth of the same answers
listed whole (64 KB a language): a column repeats itself along the inputs.  Which piece each
input has is a string, one character an input (:data:`FIRST`, then the next characters), not a
list of numbers: a phone parses one string at once, where the 47,000 numbers of each column of
the casting table, 2.5 MB of JSON, took it seconds and a garbage collection.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import nqcompanion.bridge
import nqcore
from nqcompanion.bridge.web import ask
from nqcompanion.kept_file import kept_file
from nqcompanion.page.calculators import CALCULATORS, Calculator, Field
from nqcore.i18n import DOMAIN, LOCALE_DIR, ROOT, SOURCE_LANGUAGE, catalogues_held, find_catalogue
from nqsphinx.messages import ui_text

ANSWERS_FILE = "nq-answers.json"
#: The calculators with tables, and the bounds of their fields that are not finite or whose
#: combinations would make a table too large: at most this many modifiers ticked, whole inches
#: up to this distance (a ranged question with a weapon chosen, not typed ranges), these values
#: of a whole number.  A bound not given is the field's whole range.
TABLED: dict[str, dict[str, Any]] = {
    "cast": {},
    "cancel": {},
    "hit": {"mod": 2},
    "shoot": {"mod": 0, "distance": range(0, 61), "weapon": "chosen"},
    "save": {},
    "wound": {},
    "command": {"mod": 2},
    "panic": {},
    "move": {},
}
SKIPPED = "~"
#: The tables' layout and the way they are made: changed with either, so that no table kept by
#: an earlier build (:data:`CACHE`) is read again.
FORMAT = 2
#: The character of a column's first piece, in the string that says which piece each input has:
#: "0", the next ones after it (most columns hold under 200 pieces: one byte a character).
FIRST = 0x30
#: Where the tables made for one engine are kept between builds; ``NQ_ANSWERS_CACHE`` names
#: another folder (the test suite's copies of the project share the checkout's): an entry is
#: named by the digest of what it is made of, not by where the project lies.
CACHE = ROOT / "_build" / "nq-answers"
CACHE_VARIABLE = "NQ_ANSWERS_CACHE"


@dataclass(frozen=True)
class Value:
    """One value of a field: its key (what the page's script makes of it) and its words on the
    command line, as positional arguments or as options."""

    key: str
    positional: tuple[str, ...] = ()
    options: tuple[str, ...] = ()


def _words(item: Field, *values: str) -> Value:
    if item.arg:
        return Value(" ".join((item.arg, *values)), (), (item.arg, *values))
    return Value(" ".join(values), tuple(values), ())


def field_values(item: Field, bound: Any = None) -> list[Value]:
    """Every value of ``item`` a table holds (within ``bound``), as the page would send it."""
    if item.kind == "check":
        return [Value(""), Value(item.arg, (), (item.arg,))]
    if item.kind == "multi":
        assert item.choices is not None
        keys = [key for key, _text in item.choices("en")]
        most = len(keys) if bound is None else bound
        subsets = itertools.chain.from_iterable(
            itertools.combinations(keys, n) for n in range(most + 1)
        )
        return [_multi_words(item, subset) for subset in subsets]
    if item.kind == "choice":
        assert item.choices is not None
        keys = [key for key, _text in item.choices("en")]
        empty = [Value("")] if item.optional and bound != "chosen" else []
        return empty + [_words(item, key) for key in keys]
    if item.kind == "int":  # left empty too if it may be (a command test but a fear test's)
        assert item.allowed is not None
        empty = [Value("")] if item.optional else []
        return empty + [_words(item, str(value)) for value in (bound or item.allowed)]
    if item.kind == "distance":
        assert bound is not None
        return [_words(item, str(value)) for value in bound]
    raise ValueError(f"no table for a field of kind {item.kind!r} ({item.name})")


def _multi_words(item: Field, keys: tuple[str, ...]) -> Value:
    words = tuple(word for key in keys for word in (item.arg, key))
    return Value(" ".join(words), (), words)


def dimensions(calc: Calculator) -> list[tuple[list[str], list[tuple[Value, ...]]]]:
    """The calculator's dimensions: each field alone, with the fields another one makes unused
    (``omit_if``), or used (``used_if``), in that one's dimension; the values of each as tuples
    of its fields' values."""
    bounds = TABLED[calc.command]
    dims: list[tuple[list[str], list[tuple[Value, ...]]]] = []
    for item in calc.fields:
        if item.omit_if or item.used_if:
            continue
        followers = [f for f in calc.fields if f.omit_if == item.name]
        used = [f for f in calc.fields if f.used_if.partition(":")[0] == item.name]
        dims.append(_dimension(item, followers, used, bounds))
    return dims


def _dimension(
    item: Field, followers: list[Field], used: list[Field], bounds: dict[str, Any]
) -> tuple[list[str], list[tuple[Value, ...]]]:
    """The dimension of one field with the fields it makes unused when it has a value
    (``omit_if``: a weapon's ranges) and those used only with one of its values (``used_if``:
    an extra attack's dice, a grenade's thrower's ST): each with its every value where it is
    used, unused (:data:`SKIPPED`) where not."""
    values: list[tuple[Value, ...]] = []
    for value in _values(item, bounds):
        rest = [[Value(SKIPPED)] if value.key else _values(f, bounds) for f in followers]
        rest += [
            _values(f, bounds) if f.used_if.partition(":")[2] in value.options else [Value(SKIPPED)]
            for f in used
        ]
        values += [(value, *others) for others in itertools.product(*rest)]
    return [item.name, *(f.name for f in followers), *(f.name for f in used)], values


def _values(item: Field, bounds: dict[str, Any]) -> list[Value]:
    return field_values(item, bounds.get(item.name))


def inputs(command: str) -> Iterator[list[str]]:
    """Every command line of ``command``'s table, in the table's order, as the page builds it:
    the positional arguments in the order of the fields, then the options."""
    calc = CALCULATORS[command]
    dims = dimensions(calc)
    order = {item.name: index for index, item in enumerate(calc.fields)}
    for combination in itertools.product(*(values for _names, values in dims)):
        chosen: dict[str, Value] = {}
        for (names, _), values in zip(dims, combination, strict=True):
            chosen.update(zip(names, values, strict=True))
        fields = sorted(chosen.items(), key=lambda pair: order[pair[0]])
        positional = [word for _name, value in fields for word in value.positional]
        options = [word for _name, value in fields for word in value.options]
        yield [command, *positional, *options]


class _Pieces:
    """The pieces of the answers, each kept once, and each calculator's answers as columns."""

    def __init__(self) -> None:
        self.pieces: dict[str, int] = {}

    def piece(self, part: list[Any]) -> int:
        text = json.dumps(part, ensure_ascii=False, allow_nan=False)
        return self.pieces.setdefault(text, len(self.pieces))

    def slots(self, answer: dict[str, Any]) -> Iterator[tuple[str, int]]:
        """Each piece of ``answer`` with its column: a key of its JSON, its nth line, or its
        refusal's words."""
        for top, value in answer.items():
            if top == "json":
                for key, item in value.items():
                    yield f"json {key}", self.piece(["json", key, item])
            elif top == "text":
                for number, line in enumerate(value):
                    yield f"text {number}", self.piece(["text", None, line])
            else:
                yield top, self.piece([top, None, value])


def _columns(kept: _Pieces, answers: list[dict[str, Any]]) -> list[tuple[list[int], str]]:
    """The answers as columns, one per key of the JSON, line of text or refusal, in the order
    they first come: each the pieces it holds (``-1`` for none) and, for each input, which (a
    character an input: :data:`FIRST` for the first piece)."""
    found: dict[str, list[int]] = {}
    for index, answer in enumerate(answers):
        for slot, piece in kept.slots(answer):
            column = found.get(slot)
            if column is None:  # made once: a default made for every piece was half the time
                column = found[slot] = [-1] * len(answers)
            column[index] = piece
    columns = []
    for column in found.values():
        values = sorted(set(column))
        if FIRST + len(values) > 0xD800:  # past it, UTF-16's surrogates
            raise ValueError(f"a column of {len(values)} pieces: too many for a character each")
        where = {piece: number for number, piece in enumerate(values)}
        columns.append((values, "".join(chr(FIRST + where[piece]) for piece in column)))
    return columns


def answer_tables(lang: str) -> dict[str, Any]:
    """The tables of every tabled calculator in ``lang``, as the page reads them."""
    kept = _Pieces()
    calculators = {}
    with catalogues_held():
        for command in TABLED:
            dims = dimensions(CALCULATORS[command])
            answers = [ask(argv, lang) for argv in inputs(command)]
            calculators[command] = {
                "dims": [
                    [names, ["|".join(v.key for v in value) for value in values]]
                    for names, values in dims
                ],
                "columns": _columns(kept, answers),
            }
    return {
        "lang": lang,
        "pieces": [json.loads(text) for text in kept.pieces],
        "calculators": calculators,
    }


def position(tables: dict[str, Any], command: str, keys: list[str]) -> int | None:
    """The input of ``command``'s table whose dimensions have ``keys``, if the table holds it."""
    index = 0
    for (_names, values), key in zip(tables["calculators"][command]["dims"], keys, strict=True):
        if key not in values:
            return None
        index = index * len(values) + values.index(key)
    return index


def rebuilt(tables: dict[str, Any], command: str, index: int) -> dict[str, Any]:
    """The answer to input ``index`` of ``command``'s table made whole, as the page's script
    makes it: each column's piece in turn."""
    answer: dict[str, Any] = {}
    for values, at in tables["calculators"][command]["columns"]:
        piece = values[ord(at[index]) - FIRST]
        if piece < 0:
            continue
        top, key, value = tables["pieces"][piece]
        if top == "json":
            answer.setdefault("json", {})[key] = value
        elif top == "text":
            answer.setdefault("text", []).append(value)
        else:
            answer[top] = value
    return answer


def answer_words(lang: str) -> dict[str, str]:
    """What the page says of the tables, in ``lang``: beside the words of
    :func:`nqcompanion.page.forms.page_messages`."""
    return {
        # while the tables load, before any answer: their size, not the engine's (player round
        # eighteen: "needs the rules engine (22 MB)" stood there while 3 MB of answers loaded)
        "answers_loading": ui_text("Loading the answers ({size})…", lang).format(
            size=megabytes(len(cached_answers(lang)), lang)
        ),
        # the answers of the tables are shown, the engine still loads
        "tables": ui_text(
            "Answers change as you type. The rules engine is loading for the rest: a whole "
            "attack, morale over the turns, difficult terrain, profiles and armies.",
            lang,
        ),
        # where the answer will be, for a question the tables do not hold: what the engine's
        # download costs (a phone on mobile data), before it starts; nothing said of the other
        # answers ("the other answers are ready now" stood beside a to-hit in cover that was not)
        "waiting": ui_text(
            "This answer needs the rules engine ({size}), which is loading: it will appear here.",
            lang,
        ).format(size=engine_size(lang)),
        # how much of the engine has arrived, under "waiting" (player round 31: one unchanging
        # line for 79 s on a throttled phone, no sign that it was not stuck)
        "engine_received": ui_text("Received so far: {received} of {size}.", lang).replace(
            "{size}", engine_size(lang)
        ),
        "megabytes": ui_text("{size} MB", lang),
        # the browser asks to save data (Save-Data): the engine waits for a question needing it
        "spared": ui_text(
            "Answers change as you type. Your browser asks to save data: the rules engine "
            "({size}) loads only when a question needs it, or when you use a builder.",
            lang,
        ).format(size=engine_size(lang)),
        # the engine not yet used in this browser: it waits for a question needing it (a first
        # visit fetched it whole, unasked, to read one roll)
        "lazy": ui_text(
            "Answers change as you type. The rules engine ({size}) loads only when a question "
            "needs it, or when you use a builder.",
            lang,
        ).format(size=engine_size(lang)),
        # the same, said where the engine would answer: a calculator, a builder
        "lazy_here": ui_text(
            "This needs the rules engine ({size}): it loads as soon as you use it here.",
            lang,
        ).format(size=engine_size(lang)),
        # the same, said where an answer needs the engine: a calculator, a builder
        "spared_here": ui_text(
            "Your browser asks to save data: the rules engine ({size}) loads once you ask here.",
            lang,
        ).format(size=engine_size(lang)),
    }


def engine_size(lang: str) -> str:
    """The engine's download (its folder: Pyodide, the standard library, the engine's code and
    data: the files the page loads for it) in megabytes, as ``lang`` writes them:
    "13.6 MB", « 13,6 Mo »; the figure the "Keep for offline" box gives for it
    (:func:`megabytes`, nq-offline.js: player round fifteen, "20 MB" there and 25.4 here)."""
    from nqcompanion.engine.bundle import engine_files

    return megabytes(sum(len(data) for data in engine_files().values()), lang)


def megabytes(size: int, lang: str) -> str:
    """``size`` bytes in megabytes to one decimal as ``lang`` writes them, as the "Keep for
    offline" box does (``Intl.NumberFormat``, at most one decimal): "20.4 MB", « 20 Mo »."""
    figure = Decimal(size) / Decimal(10**6)
    text = str(figure.quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)).removesuffix(".0")
    said = ui_text("{size} MB", lang).format(size=text.replace(".", "," if lang == "fr" else "."))
    return said.replace(" ", "\u00a0")  # the number and its unit never apart at a line's end


def answers_json(lang: str) -> str:
    return json.dumps(answer_tables(lang), ensure_ascii=False, separators=(",", ":"))


def _engine_digest(lang: str) -> str:
    """A digest of what the tables are made of: the engine's files (code, data, catalogues) and
    its bridge's code, the tabled fields and their bounds, the file's :data:`FORMAT`, the
    language and its catalogue wherever it was found (not the page's words: a label changed
    makes no new table)."""
    digest = hashlib.sha256(f"{FORMAT} {lang} {TABLED!r}".encode())
    for command in TABLED:
        for names, values in dimensions(CALCULATORS[command]):
            digest.update(repr((names, values)).encode("utf-8"))
    engine = Path(nqcore.__file__).parent
    sources = sorted(p for p in engine.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for path in sources:  # named within the engine: a copy of the project finds the same entry
        digest.update(path.relative_to(engine).as_posix().encode("utf-8") + b"\0")
        digest.update(path.read_bytes())
    bridge = Path(nqcompanion.bridge.__file__).parent  # what asks the engine: ask() above
    for path in sorted(p for p in bridge.glob("*.py") if p.is_file()):
        digest.update(f"bridge/{path.name}".encode() + b"\0" + path.read_bytes())
    found = find_catalogue(LOCALE_DIR, lang, DOMAIN) if lang != SOURCE_LANGUAGE else None
    digest.update(b"catalogue\0" + (found.read_bytes() if found else b""))
    return digest.hexdigest()[:20]


def cache_folder() -> Path:
    """:data:`CACHE`, or the folder ``NQ_ANSWERS_CACHE`` names."""
    return Path(os.environ.get(CACHE_VARIABLE) or CACHE)


@functools.cache  # the resident builder builds again in one process
def cached_answers(lang: str) -> bytes:
    """The tables of ``lang`` as the page loads them, made once for the same engine: 37 s
    of asking the engine, kept in ``_build/nq-answers/`` for the next build (both sites' builds
    and the test suite's builds share it).  Two builds that want the same tables at once make
    them once: the second waits for the first's lock, then reads its file."""
    path = cache_folder() / f"{_engine_digest(lang)}-{lang}.json"
    return kept_file(path, lambda: answers_json(lang).encode("utf-8"))
