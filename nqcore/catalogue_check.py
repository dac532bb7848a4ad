"""The checks a catalogue passes before the engine (or the build's guard) believes it.

A ``.po`` file is text that a translator, or anyone with write access to it, controls; the
engine formats its messages with ``str.format``.  A field such as ``{actions.__class__.__mro__}``
would print Python's internals, ``{actions:>9999999999}`` allocate gigabytes.  So a translation's
fields, parsed with ``string.Formatter().parse`` (the parser ``str.format`` uses), must be its
English message's, exactly.  And the file must be what every tool reads alike: UTF-8, each line
a keyword and one quoted string (or a comment), each message once, a Plural-Forms that Python's
gettext compiles and that never divides by zero.

Shared by :mod:`nqcore.i18n` and :mod:`nqtranslate.formats` (nqcore imports no nqtranslate).
"""

from __future__ import annotations

import gettext
import os
import re
import unicodedata
from collections import Counter
from functools import lru_cache
from pathlib import Path
from string import Formatter

from nqcore.catalogue_header import header_problem
from nqcore.characters import shows_nothing

#: The longest message a reader takes: the book's longest paragraph is a few thousand
#: characters; an 800 KB msgstr made the build take minutes, a 5 MB one `nq` seven seconds.
MAX_MESSAGE = 20_000
#: A translation runs longer than its English, never this many times: past
#: :data:`LONG_MESSAGE` characters, a msgstr longer than its msgid times :data:`MAX_GROWTH` is a
#: padding (a page of "très" for "Smoke"), not a translation.
MAX_GROWTH = 20
LONG_MESSAGE = 2_000
#: Plural forms the header may declare for a language (gettext's limit in practice).
MAX_PLURALS = 6
#: One line of a ``.po`` file: a keyword and its quoted string, a continued string, or a comment.
_STRING = r'"(?:[^"\\]|\\.)*"'
_LINE = re.compile(rf"(?:(msgctxt|msgid|msgid_plural|msgstr(?:\[\d\])?) [ \t]*)?({_STRING})\s*")
#: A keyword followed by a blank other than a space (a tab, a no-break space): GNU reads it,
#: Babel does not.
_SPACED = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?! )(\s)")
_CHARSET = re.compile(r"charset=([^\s;\\]+)", re.I)
#: The escapes every reader reads alike.  msgfmt also reads octal ``\033``, hex ``\x1b``, ``\a``
#: and the like as the character they stand for, where Babel (the engine, Sphinx) and polib keep
#: their letters: each reader would ship another text.
SAFE_ESCAPES = frozenset('\\"nt')
SAFE_SAID = 'only \\n \\t \\" \\\\'
_ESCAPE = re.compile(r"\\([0-7]{1,3}|x[0-9A-Fa-f]*|u[0-9A-Fa-f]*|.?)")
#: C0 controls but the newline and the tab, DEL and C1 controls: an escape rewrites a terminal,
#: breaks the EPUB's XML; a carriage return or a NUL ends a line or a string for one reader only.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CONTROL_NAMES = {
    "\0": "NUL byte (not a text file)",
    "\r": "carriage return (save it with LF line ends only)",
}
#: Bidi overrides and isolates: they reorder what a reader sees (allowed in a translation whose
#: English has the same one).
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
#: The keyword a line of a message (or of an obsolete one, ``#~``) starts with.
_KEYWORD = re.compile(r"(?:#~\s*)?(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\b")


def brace_fields(text: str) -> Counter[str] | str:
    """The replacement fields of ``text`` as ``str.format`` reads them (name with its attribute
    and index chain, conversion, spec), or why it cannot read them."""
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


def chained_fields(text: str) -> set[str]:
    """The fields of ``text`` that reach into their value (``{x.y}``, ``{x[0]}``), as far as
    ``str.format`` would read them (an unreadable format string: none)."""
    try:
        parsed = list(Formatter().parse(text))
    except ValueError:
        return set()
    return {name for _, name, _, _ in parsed if name and re.search(r"[.\[]", name)}


#: A blank line (a line of spaces is one): a paragraph break in LaTeX, which ends the argument
#: of a heading, a table cell or a PDF's metadata.
_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n")


def one_line_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` may not stand for ``msgid`` in a catalogue of one-line strings (the
    engine's, the extension's, the print products'): blank where its English is not (a spell
    named by spaces reads as nothing), or a line or paragraph break its English lacks (a name
    over two lines breaks a terminal's answer; a blank line ends LaTeX's argument)."""
    if not msgstr.strip() and msgid.strip():
        return "msgstr is blank where its msgid is not"
    if len(_PARAGRAPH_BREAK.findall(msgstr)) > len(_PARAGRAPH_BREAK.findall(msgid)):
        return "msgstr has a blank line (a paragraph break) its msgid lacks"
    if msgstr.count("\n") > msgid.count("\n"):
        return "msgstr has a line break its msgid lacks"
    return ""


def blank_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` shows nothing where ``msgid`` shows something: white space of any kind,
    invisible characters, blank glyphs (a braille blank), combining marks alone
    (:func:`nqcore.characters.shows_nothing`, the one definition): the build strips or draws
    nothing, and the page shows an empty term, neither French nor English.  A msgstr of ASCII
    blanks only is refused by each kind of catalogue's own rule (:func:`one_line_problem`, the
    page's structure)."""
    other = msgstr.strip(" \t\n")
    if other and shows_nothing(other) and not shows_nothing(msgid):
        return f"msgstr shows nothing ({_first_named(other)}) where its msgid shows something"
    return ""


def _first_named(text: str) -> str:
    return f"U+{ord(text[0]):04X} {unicodedata.name(text[0], 'unnamed')}"


def length_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` is too long to stand for ``msgid`` ('' when it is not)."""
    if len(msgstr) > MAX_MESSAGE:
        return f"a message of {len(msgstr)} characters (at most {MAX_MESSAGE})"
    if len(msgstr) > max(LONG_MESSAGE, MAX_GROWTH * len(msgid)):
        return (
            f"a msgstr of {len(msgstr)} characters for an English of {len(msgid)} "
            f"(at most {MAX_GROWTH} times as long)"
        )
    return ""


def field_problem(msgid: str, msgstr: str) -> str:
    """Why ``msgstr`` may not stand for ``msgid`` when formatted ('' when it may): its fields
    differ, or it reaches into a value its English does not."""
    reaching = chained_fields(msgstr) - chained_fields(msgid)
    if reaching:
        return f"the field {{{sorted(reaching)[0]}}} reaches into a value its English does not"
    wanted = brace_fields(msgid)
    if isinstance(wanted, str):  # the English is never formatted: neither is the translation
        return ""
    found = brace_fields(msgstr)
    if isinstance(found, str):
        return f"msgstr is {found}"
    if found != wanted:  # each field as often as it is written: {x} {x} is not {x}
        written, english = sorted(found.elements()), sorted(wanted.elements())
        return f"its fields {written} are not its English's {english}"
    return ""


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
    for n in (*range(1001), 10**6):
        try:
            form = rule(n)
        except (ZeroDivisionError, ArithmeticError) as error:
            return f"Plural-Forms: plural({n}) fails ({error})"
        if not 0 <= form < count:
            return f"Plural-Forms: plural({n}) = {form}, not below nplurals={count}"
    return ""


@lru_cache(maxsize=8)  # by content: `nq` checks its catalogue, then reads it
def text_problem(data: bytes) -> tuple[int, str] | None:
    """Where and why the bytes of a ``.po`` file are not one every tool reads alike: not UTF-8,
    another charset declared, a line that is not a keyword and a quoted string, a message twice,
    a Plural-Forms refused (:func:`plural_header_problem`)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return data.count(b"\n", 0, error.start) + 1, f"not valid UTF-8 ({error.reason})"
    charset = _CHARSET.search(text)
    if charset and charset[1].lower().replace("_", "-") not in ("utf-8", "utf8"):
        return text.count("\n", 0, charset.start()) + 1, f"charset {charset[1]}, not UTF-8"
    return (
        character_problem(text)
        or _syntax_problem(text.splitlines())
        or header_problem(text)
        or plural_header_problem(text)
    )


def character_problem(text: str) -> tuple[int, str] | None:
    """Where and why the catalogue ``text`` holds what no reader may be sent, or what its
    readers read differently: a control character (raw: escaped ones are escapes), a line
    separator (in a comment too), an escape
    other than ``\\n \\t \\" \\\\``, a bidi control in a translation (or a context) that its
    English does not have.  The one check of every reader of a catalogue: the engine's
    (:func:`nqcore.i18n.load_po`), the build's guard (:mod:`nqtranslate.reading`), tidy-po."""
    if found := CONTROL.search(text):
        named = _CONTROL_NAMES.get(found[0], "")
        return text.count(
            "\n", 0, found.start()
        ) + 1, named or f"control character U+{ord(found[0]):04X}"
    if found := _SEPARATOR.search(text):  # anywhere, a comment too: GNU reads one line, Python
        # two (attacker round 20: a msgid "twice" named at lines an editor does not show)
        line = text.count("\n", 0, found.start()) + 1
        return line, f"line separator U+{ord(found[0]):04X}: readers differ on where lines end"
    for escape in _ESCAPE.finditer(text):  # one pass in C: a catalogue has thousands of lines
        start = text.rfind("\n", 0, escape.start()) + 1
        if escape[1] not in SAFE_ESCAPES and not _comment(text[start : escape.start()]):
            line = text.count("\n", 0, start) + 1
            return line, f"escape \\{escape[1]}: readers differ on it ({SAFE_SAID})"
    return _bidi_problem(text) if BIDI.search(text) else None


#: Unicode's line and paragraph separators: Python's ``splitlines`` ends a line at them, GNU
#: gettext does not.
_SEPARATOR = re.compile("[\u2028\u2029]")


def _comment(line_start: str) -> bool:
    """Whether a line starting so is a comment, never read as a message (``#~``, an obsolete
    message, is read by polib)."""
    stripped = line_start.lstrip()
    return stripped.startswith("#") and not stripped.startswith("#~")


def _bidi_problem(text: str) -> tuple[int, str] | None:
    """The first line of a translation or a context with a bidi control its English lacks."""
    keyword, english = "", ""
    for number, line in enumerate(text.split("\n"), 1):
        if _comment(line):
            continue
        started = _KEYWORD.match(line.strip())
        if started and _starts_message(started[1], keyword):
            english = ""
        keyword = started[1] if started else keyword
        if keyword.startswith("msgid"):
            english += line
        elif (bidi := BIDI.search(line)) and bidi[0] not in english:
            return number, f"bidi control U+{ord(bidi[0]):04X} its English does not have"
    return None


def _starts_message(keyword: str, before: str) -> bool:
    """Whether the line of ``keyword`` after one of ``before`` starts another message."""
    return keyword == "msgctxt" or (keyword == "msgid" and not before.startswith("msgctxt"))


def syntax_problem(text: str) -> tuple[int, str] | None:
    """Where and why the catalogue ``text`` is not one Babel (the engine, Sphinx, every tool),
    GNU gettext and this check read alike, its lines counted as Babel counts them (``\\n``
    only): Babel raises on what this names, naming the line before it."""
    return _syntax_problem(text.split("\n")) or header_problem(text)


def _syntax_problem(lines: list[str]) -> tuple[int, str] | None:
    syntax = _Syntax()
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped and (problem := syntax.read(stripped, number)):
            return problem
    return syntax.end()


#: A location comment's file names, each between isolates (U+2068 ... U+2069), as GNU writes
#: a name with a space: Babel refuses a location comment whose isolates do not pair up.
_LOCATIONS = re.compile("[^\u2068\u2069]*(?:\u2068[^\u2068\u2069]*\u2069[^\u2068\u2069]*)*")
_PLURAL_COUNT = re.compile(r"nplurals\s*=\s*(\d+)")
Problem = tuple[int, str] | None


class _Syntax:
    """The lines of a catalogue read one by one as Babel's parser reads them: a comment ends a
    message (a string after it continues nothing), an obsolete line (``#~``) is read as a
    message's line, a keyword is followed by a space; and as GNU gettext reads them: a message
    once, its plural forms within the header's nplurals."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], int] = {}
        self.context, self.msgid, self.started = "", "", 0
        self.keyword, self.previous, self.header = "", "", ""
        self.obsolete = False
        #: Each msgstr[N] line with its N, checked against the header's nplurals at the end.
        self.forms: list[tuple[int, int]] = []

    def read(self, stripped: str, number: int) -> Problem:
        """Where and why the (stripped, not blank) line ``number`` is refused; None when read."""
        if stripped.startswith("#~"):
            rest = stripped[2:].lstrip()
            return self.message_line(rest, number, obsolete=True) if rest else None
        if stripped.startswith("#"):
            self.keyword = self.previous = ""  # Babel ends the message at a comment
            if stripped.startswith("#:") and not _LOCATIONS.fullmatch(stripped):
                return number, "a location comment whose isolates (U+2068, U+2069) do not pair"
            return None
        return self.message_line(stripped, number, obsolete=False)

    def message_line(self, stripped: str, number: int, *, obsolete: bool) -> Problem:
        match = _parsed(stripped, self.keyword, self.previous)
        if isinstance(match, str):
            return number, match
        if match[1] == "msgctxt" or (match[1] == "msgid" and self.keyword != "msgctxt"):
            self.obsolete = obsolete
        elif obsolete != self.obsolete:
            kind = "its msgid obsolete (#~), not it" if self.obsolete else "it obsolete (#~)"
            return number, f"{match[1] or 'a string'} without its msgid: {kind}"
        self.previous = self.keyword = match[1] or self.keyword
        if obsolete:
            return None  # an obsolete message is never read as a translation
        return self.take(match[1], match[2][1:-1], number)

    def take(self, keyword: str | None, piece: str, number: int) -> Problem:
        if keyword == "msgctxt":
            self.context, self.msgid = piece, ""
        elif keyword == "msgid":
            self.msgid, self.started = piece, number
        elif keyword is None and self.keyword == "msgctxt":
            self.context += piece
        elif keyword is None and self.keyword == "msgid":
            self.msgid += piece
        elif self.keyword == "msgstr" and not self.msgid and not self.context:
            self.header += piece if len(self.seen) == 1 else ""  # the header entry's fields
        if not (keyword and keyword.startswith("msgstr")):
            return None
        key = (self.context, self.msgid)
        if key in self.seen and keyword in ("msgstr", "msgstr[0]"):
            return self.started, f"msgid {self.msgid[:40]!r} twice (first at line {self.seen[key]})"
        self.seen.setdefault(key, self.started)
        if keyword.startswith("msgstr["):
            self.forms.append((number, int(keyword[7:-1])))
        if keyword in ("msgstr", "msgstr[0]"):
            self.context = ""
        return None

    def end(self) -> Problem:
        """A plural form beyond the header's nplurals (Babel refuses it), a header field twice."""
        declared = _PLURAL_COUNT.search(self.header)
        count = int(declared[1]) if declared else 2
        beyond = next((line for line, index in self.forms if index >= count), None)
        if beyond is not None:
            return beyond, f"a plural form beyond the header's nplurals={count}"
        return _header_fields_problem(self.header, self.seen.get(("", ""), 1))


def _parsed(stripped: str, keyword: str, previous: str) -> re.Match[str] | str:
    """One line of a message, parsed; or why it is none (after the keywords ``keyword``, the
    one it continues, and ``previous``, the last written)."""
    match = _LINE.fullmatch(stripped)
    if match is None and (spaced := _SPACED.match(stripped)):
        return f"{spaced[1]} followed by U+{ord(spaced[2]):04X}, not a space (Babel refuses it)"
    if match is None:
        return f"not a keyword and one quoted string: {stripped[:60]!r}"
    if match[1] is None and not keyword:
        return "a string that continues no keyword"
    if match[1] and (wrong := _order_problem(previous, match[1])):
        return wrong
    return match


def _order_problem(previous: str, keyword: str) -> str:
    """Why ``keyword`` may not follow the keyword ``previous`` ('' when it may): msgfmt refuses
    what Babel reads (a msgstr after an obsolete ``#~ msgid`` gives it a translation of
    nothing, ``msgstr[1]`` of a message without plural a form no reader asks for)."""
    if keyword == "msgid_plural" and previous != "msgid":
        return "msgid_plural without its msgid"
    if keyword == "msgstr" and previous == "msgid_plural":
        return "msgstr of a message with plural forms (msgstr[0], msgstr[1]...)"
    if keyword == "msgstr" and previous != "msgid":
        return "msgstr without its msgid"
    if keyword.startswith("msgstr[") and not (
        previous == "msgid_plural" or previous.startswith("msgstr[")
    ):
        return f"{keyword} of a message without msgid_plural"
    return ""


def _header_fields_problem(header: str, line: int) -> tuple[int, str] | None:
    """A field the header entry names twice: each reader keeps another of the two (Babel and
    polib the last, msgfmt and this check the first charset, the first Plural-Forms)."""
    names = [field.partition(":")[0].strip().lower() for field in header.split("\\n")]
    twice = sorted({name for name in names if name and names.count(name) > 1})
    return (line, f"the header names {twice[0]} twice") if twice else None


def file_problem(path: Path) -> str:
    """Why ``path``, named like a catalogue, is not one to read ('' for a regular file): a
    symbolic link may point outside the project (``/etc/passwd``), a folder or a device
    (``/dev/zero``) would crash or hang a reader."""
    if path.is_symlink():
        return f"a symbolic link (to {os.readlink(path)}), not a catalogue"
    if path.exists() and not path.is_file():
        return "a folder or a device, not a catalogue file"
    return ""


#: The Plural-Forms field of a header entry, as the file writes it.
_PLURAL_HEADER = re.compile(r'^"Plural-Forms:\s*((?:[^"\\]|\\.)*?)(?:\\n)?"', re.M)


def plural_header_problem(text: str) -> tuple[int, str] | None:
    """The line and the reason why the Plural-Forms of the catalogue ``text`` is refused
    (:func:`plural_forms_problem`: nplurals from 1 to 6, a C expression over ``n`` that Python's
    gettext compiles, always a form below nplurals), or None."""
    match = _PLURAL_HEADER.search(text)
    if match is None:
        return None
    problem = plural_forms_problem(match[1].replace('\\"', '"'))
    return (text.count("\n", 0, match.start()) + 1, problem) if problem else None
