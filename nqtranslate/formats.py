"""Format strings and plural rules of a catalogue, parsed as the code that uses them parses them.

The engine, the extension, the examples and the print products fill their messages with
``str.format``; a few (argparse's, the theme's) with ``%``. A translation whose placeholders differ
from its English message's makes that call fail (``{}`` is an IndexError, ``{x!r}`` shows a
repr, ``{x:>9}`` pads) or drop a number. So each message is parsed with
``string.Formatter().parse``, the parser ``str.format`` itself uses, and its fields (name,
conversion, format spec) compared with the English message's; ``%`` conversions likewise, where
the English message is a ``%`` format. The Plural-Forms header is compiled by ``gettext.c2py``,
the function Python's gettext compiles it with when it reads the book's compiled catalogues.
"""

from __future__ import annotations

import gettext
import re
from collections import Counter
from string import Formatter

#: One ``%`` conversion as Python's ``%`` operator reads it (mapping key, flags, width,
#: precision, length modifier, type).
PERCENT = re.compile(
    r"%(?:\((?P<key>[^)]*)\))?(?P<flags>[-#0 +]*)(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d+))?"
    r"[hlL]?(?P<type>[diouxXeEfFgGcrsa%])"
)
#: A ``%`` conversion an English message holds when it is a ``%`` format (``%s``, ``%(name)s``,
#: ``%d``; not the French "70 % de" or "100 %, sans").
PERCENT_FORMAT = re.compile(r"%(\([A-Za-z_]\w*\))?[-#0+]*\d*(\.\d+)?[sdrif]")
#: The gettext flags that say how a message is formatted.
BRACE_FLAG, PERCENT_FLAG = "python-brace-format", "python-format"
#: Plural forms the header may declare for a language (gettext's limit in practice).
MAX_PLURALS = 6


def brace_fields(text: str) -> Counter[str] | str:
    """The replacement fields of ``text`` as ``str.format`` reads them (name, conversion,
    spec), or why it cannot read them."""
    try:
        parsed = list(Formatter().parse(text))
    except ValueError as error:
        return f"not a valid format string ({error})"
    fields: Counter[str] = Counter()
    for _, name, spec, conversion in parsed:
        if name is None:
            continue
        shown = "{" + name + (f"!{conversion}" if conversion else "")
        fields[shown + (f":{spec}" if spec else "") + "}"] += 1
    return fields


def percent_fields(text: str) -> Counter[str]:
    """The ``%`` conversions of ``text`` (``%%`` is a percent sign, not a field). ``%s``,
    ``%r`` and ``%a`` take any value alike: one kind (French quotes a typed value « %s »
    where English shows its repr)."""
    return Counter(
        m.group()[:-1] + ("s" if m.group("type") in "rsa" else m.group("type"))
        for m in PERCENT.finditer(text)
        if m.group("type") != "%"
    )


def is_percent_format(msgid: str, flags: frozenset[str]) -> bool:
    return PERCENT_FLAG in flags or PERCENT_FORMAT.search(msgid) is not None


def placeholder_problems(msgid: str, msgstr: str, flags: frozenset[str] = frozenset()) -> list[str]:
    """What ``msgstr`` does to its English message's placeholders: each is refused."""
    if is_percent_format(msgid, flags) and BRACE_FLAG not in flags:
        return _compare(percent_fields(msgid), percent_fields(msgstr), "conversion")
    wanted = brace_fields(msgid)
    if isinstance(wanted, str):  # the English is not formatted: the translation need not be
        return []
    found = brace_fields(msgstr)
    if isinstance(found, str):
        return [f"msgstr is {found}"]
    return _compare(wanted, found, "placeholder")


def _compare(wanted: Counter[str], found: Counter[str], kind: str) -> list[str]:
    dropped = [f"msgstr drops the {kind} {name}" for name in sorted(wanted - found)]
    added = [f"msgstr adds the {kind} {name}, not in its msgid" for name in sorted(found - wanted)]
    return dropped + added


def plural_forms_problem(header: str) -> str:
    """Why Python's gettext (or the catalogue's own count) refuses a Plural-Forms header; ''
    when it reads it."""
    if not header:
        return ""
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", header)
    if match is None:
        return f"Plural-Forms {header[:60]!r} is not 'nplurals=N; plural=EXPR;'"
    count = int(match.group(1))
    if not 1 <= count <= MAX_PLURALS:
        return f"Plural-Forms: nplurals={count} (1 to {MAX_PLURALS})"
    try:
        rule = gettext.c2py(match.group(2))
    except (ValueError, RecursionError, SyntaxError) as error:
        return f"Plural-Forms refused by Python's gettext: {error}"
    for n in (*range(1000), 10**6):
        if not 0 <= rule(n) < count:
            return f"Plural-Forms: plural({n}) = {rule(n)}, not below nplurals={count}"
    return ""
