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

import re
from collections import Counter

from nqcore.catalogue_check import (
    MAX_PLURALS,
    brace_fields,
    chained_fields,
    plural_forms_problem,
)

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
__all__ = ["MAX_PLURALS", "brace_fields", "placeholder_problems", "plural_forms_problem"]


def percent_fields(text: str) -> Counter[str]:
    """The ``%`` conversions of ``text`` (``%%`` is a percent sign, not a field). ``%s``,
    ``%r`` and ``%a`` take any value alike: one kind (French quotes a typed value « %s »
    where English shows its repr)."""
    return Counter(
        m.group()[:-1] + ("s" if m.group("type") in "rsa" else m.group("type"))
        for m in PERCENT.finditer(text)
        if m.group("type") != "%"
    )


class _Zeros(dict[str, int]):
    """Any key's value is 0, which every conversion type formats."""

    def __missing__(self, key: str) -> int:
        return 0


def percent_problems(msgid: str, msgstr: str) -> list[str]:
    """Whether Python's ``%`` formats ``msgstr`` as it formats its English: a ``%`` that starts
    no conversion ("à 100 %" at the end) passes the fields' comparison, then stops the build
    that formats it with a traceback (attack round nineteen)."""
    fields = percent_fields(msgid)
    keyed = any(field.startswith("%(") for field in fields)
    values: object = _Zeros() if keyed else (0,) * sum(fields.values())
    # An English that Python's % does not format ("%b %d, %Y", a date for strftime) is never
    # %-formatted: neither is its translation.
    try:
        msgid % values  # noqa: B018 - formatted to see it format
    except (ValueError, TypeError, KeyError):
        return []
    try:
        msgstr % values  # noqa: B018 - formatted to see it format
    except (ValueError, TypeError, KeyError) as error:
        return [f"msgstr does not format as its English does ({error}): write %% for a % sign"]
    return []


def is_percent_format(msgid: str, flags: frozenset[str]) -> bool:
    return PERCENT_FLAG in flags or PERCENT_FORMAT.search(msgid) is not None


def placeholder_problems(msgid: str, msgstr: str, flags: frozenset[str] = frozenset()) -> list[str]:
    """What ``msgstr`` does to its English message's placeholders: each is refused. A field
    that reaches into its value (``{x.__class__}``, ``{x[0]}``) is refused whatever the format,
    unless the English has it."""
    reaching = sorted(chained_fields(msgstr) - chained_fields(msgid))
    if reaching:
        return [
            f"msgstr reaches into a value with {{{name}}}, not in its msgid" for name in reaching
        ]
    if is_percent_format(msgid, flags) and BRACE_FLAG not in flags:
        differ = compare_fields(percent_fields(msgid), percent_fields(msgstr), "conversion")
        return differ or percent_problems(msgid, msgstr)
    wanted = brace_fields(msgid)
    if isinstance(wanted, str):  # the English is not formatted: the translation need not be
        return []
    found = brace_fields(msgstr)
    if isinstance(found, str):
        return [f"msgstr is {found}"]
    return compare_fields(wanted, found, "placeholder")


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"


def compare_fields(wanted: Counter[str], found: Counter[str], kind: str) -> list[str]:
    """Each ``kind`` (placeholder, conversion) the msgstr drops, adds, or has as often as its
    msgid does not (``{x} {x}`` for ``{x}``: counted, not called absent)."""
    dropped = [
        f"msgstr drops the {kind} {name}" for name in sorted(wanted - found) if not found[name]
    ]
    added = [
        f"msgstr adds the {kind} {name}, not in its msgid"
        for name in sorted(found - wanted)
        if not wanted[name]
    ]
    counted = [
        f"msgstr has the {kind} {name} {_times(found[name])}, its msgid {_times(wanted[name])}"
        for name in sorted(set(wanted) & set(found))
        if found[name] != wanted[name]
    ]
    return dropped + added + counted
