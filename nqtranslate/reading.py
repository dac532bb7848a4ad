"""One reading of a catalogue: what every check reads is what the build reads.

The pipeline has three readers of a ``.po`` file: GNU ``msgfmt`` (the syntax check), Babel
(:mod:`nqcore.po`, the project's one library for catalogues: the engine's
:func:`nqcore.catalogue_loading.load_po`, the translators' tools, and Sphinx, which compiles the
page catalogues with it) and Python's ``gettext`` (which reads what Sphinx and msgfmt compiled).
Where two of them read one file differently, a check could pass on one text while the book prints
another (a first line naming another charset once made a second library see no entry at all,
while the build read every one). So a catalogue is read once, by Babel as the build reads it,
and refused, naming file and line, when it is anything but plain UTF-8 that every reader
reads alike: a byte order mark, a NUL byte, bytes that are not UTF-8, a carriage return, a
charset other than UTF-8 (in the header entry, or anywhere a reader looks for one), an escape
other than ``\\\\ \\" \\n \\t``, a fuzzy header, a Plural-Forms that Python's gettext refuses, or
any message on which the readers disagree (:func:`disagreements`).
"""

from __future__ import annotations

import gettext
import hashlib
import io
import re
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from nqtranslate.formats import plural_forms_problem

if TYPE_CHECKING:
    from nqcore.po import Catalog
    from nqcore.po import Message as BabelMessage

BOM = b"\xef\xbb\xbf"
#: Where a reader that guesses looks for a charset (polib, the translators' tools built on it):
#: the first line that names one, comment or not.
_CHARSET = re.compile(r"charset\s*=\s*([\w\-]+)", re.IGNORECASE)
_UTF8 = ("utf-8", "utf8")
#: A message as gettext keys it: ``context\x04msgid`` (plural forms: ``(key, index)``).
Table = dict[object, str]


@dataclass(frozen=True)
class Finding:
    """A refused catalogue: file, line and why (the one-line error of every catalogue check)."""

    path: Path
    line: int
    what: str

    def __str__(self) -> str:
        from nqcore.terminal import printable
        from nqtranslate.guard import shown

        return printable(f"{shown(self.path)}:{self.line}: {self.what}")


@dataclass(frozen=True)
class Message:
    """One live message as the build reads it (``msgstr`` holds every plural form)."""

    msgid: str
    msgstr: tuple[str, ...]
    line: int
    context: str | None = None
    plural_id: str = ""
    flags: frozenset[str] = frozenset()
    #: The translator comments (``# ...`` lines), one a line.
    comment: str = ""

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and not self.fuzzy

    def pairs(self) -> Iterator[tuple[str, str]]:
        """Each translated form with the English it translates (the plural forms after the
        first translate ``msgid_plural``)."""
        for index, text in enumerate(self.msgstr):
            if text:
                yield (self.msgid if index == 0 or not self.plural_id else self.plural_id), text


@dataclass
class Reading:
    path: Path
    messages: list[Message] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)


def _line_at(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


#: The largest catalogue read, ten times the largest the project holds (nqcore.po, 220 kB); the
#: longest string over continued lines (the project's longest runs 20 lines). The readers join a
#: continued string line by line in a time that grows with the square of its lines: a message of
#: a million short lines held the French build and tidy-po for minutes, refused by nothing.
MAX_BYTES = 2_000_000
MAX_CONTINUED_LINES = 1_000
#: A line that continues a string: of a message, or of an obsolete (#~) or previous (#|) one.
_CONTINUED = re.compile(rb'[ \t]*(?:#[~|][ \t]*)?"')


def size_findings(path: Path, data: bytes) -> list[Finding]:
    """A catalogue too large for the readers to read in a time of its size, before any reads it."""
    if len(data) > MAX_BYTES:
        return [Finding(path, 1, f"{len(data):,} bytes: a catalogue holds at most {MAX_BYTES:,}")]
    run = 0
    for number, line in enumerate(data.split(b"\n"), 1):
        run = run + 1 if _CONTINUED.match(line) else 0
        if run > MAX_CONTINUED_LINES:
            start = max(number - run, 1)  # the keyword's line, where the string starts
            reason = f"a string continued over more than {MAX_CONTINUED_LINES:,} lines"
            return [Finding(path, start, reason)]
    return []


def byte_findings(path: Path, data: bytes) -> list[Finding]:
    """Bytes that readers decode differently, or that hide lines from one of them; a size that
    would hold them for minutes."""
    if found := size_findings(path, data):
        return found
    if data.startswith(BOM):
        return [Finding(path, 1, "starts with a byte order mark (save it as UTF-8 without BOM)")]
    if b"\0" in data:
        return [Finding(path, _line_at(data, data.index(b"\0")), "NUL byte (not a text file)")]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        return [Finding(path, _line_at(data, error.start), "bytes that are not UTF-8")]
    if "\r" in text:
        line = _line_at(data, data.index(b"\r"))
        return [Finding(path, line, "carriage return (save it with LF line ends only)")]
    if "\ufeff" in text:
        line = _line_at(data, data.index("\ufeff".encode()))
        return [Finding(path, line, "byte order mark inside the file")]
    return _text_findings(path, text)


def _text_findings(path: Path, text: str) -> list[Finding]:
    """A charset named where a guessing reader looks first; then what the engine's reader refuses
    too (:func:`nqcore.catalogue_check.character_problem`: controls, escapes the readers read
    differently, bidi controls; :func:`nqcore.catalogue_check.text_problem`: a line that is
    not a keyword and a quoted string, a message or a header field twice, a msgstr that does not
    fit its msgid), the one check of every reader."""
    from nqcore.catalogue_check import character_problem, text_problem

    findings = []
    for number, line in enumerate(text.split("\n"), 1):
        match = _CHARSET.search(line)
        if match:
            if match.group(1).lower() not in _UTF8:
                findings.append(Finding(path, number, f"charset {match.group(1)}: only UTF-8"))
            break
    if found := character_problem(text) or text_problem(text.encode("utf-8")):
        findings.append(Finding(path, *found))
        findings += _later_breaks(path, text, found[0])
    return findings


#: What breaks a line for one reader of a catalogue and not for another (Python's
#: ``splitlines`` splits at them, GNU gettext does not), besides the controls.
_LINE_BREAKS = re.compile("[\u2028\u2029]")


def _later_breaks(path: Path, text: str, after: int) -> list[Finding]:
    """The lines past line ``after`` of ``text`` with a control character or a line or paragraph
    separator: the first problem of a catalogue stops its reading, but these are each named,
    at their lines, so that one pass of the translator fixes them all."""
    from nqcore.catalogue_check import CONTROL

    findings = []
    for number, line in enumerate(text.split("\n")[after:], after + 1):
        if found := CONTROL.search(line) or _LINE_BREAKS.search(line):
            code = f"U+{ord(found[0]):04X}"
            findings.append(Finding(path, number, f"control character or line break {code}"))
    return findings


def msgfmt_findings(path: Path, mo: Path) -> list[Finding]:
    """GNU msgfmt's syntax and format checks (``--check``), compiling to ``mo``."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return []
    result = subprocess.run(
        [msgfmt, "--check", "-o", str(mo), str(path)], capture_output=True, text=True, check=False
    )
    if result.returncode == 0:
        return []
    found = [_msgfmt_finding(path, line) for line in result.stderr.splitlines() if _located(line)]
    return found or [Finding(path, 1, _msgfmt_reason(result.stderr))]


def _msgfmt_reason(stderr: str) -> str:
    """msgfmt's reason for a refusal it names no line of (a missing header: "PO file header
    missing or invalid"), not its closing count of fatal errors."""
    lines = [line.strip() for line in stderr.strip().splitlines()] or ["msgfmt refuses it"]
    reason = next((line for line in lines if "warning:" in line or "error:" in line), lines[-1])
    return "msgfmt: " + re.sub(r"^.*?(?:warning|error): ", "", reason)


def _located(line: str) -> bool:
    head = line.split(":", 2)
    return len(head) == 3 and head[1].strip().isdigit()


def _msgfmt_finding(path: Path, line: str) -> Finding:
    _, number, what = line.split(":", 2)
    return Finding(path, int(number), what.strip())


def _babel(path: Path, data: bytes) -> tuple[Catalog | None, list[Finding]]:
    from nqcore import po

    try:
        return po.read(data, where=str(path)), []
    except po.CatalogueSyntaxError as error:
        return None, [Finding(path, error.number, error.why)]


def _message(message: BabelMessage, lines: list[str]) -> Message | None:
    """Babel's message; its flags as the file writes them (Babel puts its own guess of
    ``python-format`` and ``python-brace-format`` in their place: "25% of" is no format)."""
    from nqcore import po

    if not message.id:
        return None
    ids = po.ids(message)
    line = int(message.lineno or 0)
    return Message(
        msgid=ids[0],
        msgstr=po.forms(message),
        line=line,
        context=message.context,
        plural_id=ids[1] if len(ids) > 1 else "",
        flags=written_flags(lines, line),
        comment="\n".join(message.user_comments),
    )


def written_flags(lines: list[str], line: int) -> frozenset[str]:
    """The flags of the ``#,`` lines above the msgid at ``line`` (counted from 1) of ``lines``:
    its comments and its msgctxt, up to the entry before it."""
    flags: set[str] = set()
    index = line - 2
    while index >= 0 and lines[index].startswith(("#", "msgctxt", '"')):
        if lines[index].startswith("#~"):
            break
        if lines[index].startswith("#,"):
            flags.update(flag.strip() for flag in lines[index][2:].split(",") if flag.strip())
        index -= 1
    return frozenset(flags)


def read(path: Path) -> Reading:
    """``path`` as the build reads it, with every reason to refuse it."""
    from nqcore.catalogue_check import file_problem, plural_header_problem

    reading = Reading(path)
    if problem := file_problem(path):
        reading.findings = [Finding(path, 1, problem)]
        return reading
    data = path.read_bytes()
    reading.findings = byte_findings(path, data)
    if reading.findings:
        return reading
    if plural := plural_header_problem(data.decode("utf-8")):  # before msgfmt: at its own line
        reading.findings = [Finding(path, *plural)]
        return reading
    with tempfile.TemporaryDirectory() as folder:
        mo = Path(folder) / "msgfmt.mo"
        reading.findings = msgfmt_findings(path, mo)
        if reading.findings:
            return reading
        text = data.decode("utf-8")
        catalogue, reading.findings = _babel(path, data)
        if catalogue is None:
            return reading
        lines = text.split("\n")
        found = (_message(message, lines) for message in catalogue)
        reading.messages = [message for message in found if message is not None]
        reading.findings = header_findings(path, text, catalogue)
        if not reading.findings:
            compiled = mo if mo.exists() else None
            reading.findings = disagreements(path, reading, catalogue, compiled)
    return reading


class CatalogueRefused(Exception):
    """A catalogue the build refuses, told in one line: file, line and why."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(str(finding))
        self.finding = finding


def checked_messages(path: Path) -> list[Message]:
    """The live messages of ``path`` (fuzzy ones too), for the translators' checks (lint,
    glossary, spelling), once :func:`read` finds that the build reads the file alike: a file
    the build refuses (not UTF-8, another charset, a syntax error) raises
    :class:`CatalogueRefused` with the first reason, at its line, rather than a traceback or a
    finding read from a misread header. One reading per content, shared by the checks."""
    if problem := file_problem_of(path):
        raise CatalogueRefused(Finding(path, 1, problem))
    reading = read_once(path)
    if reading.findings:
        raise CatalogueRefused(reading.findings[0])
    return reading.messages


def file_problem_of(path: Path) -> str:
    """Why ``path`` is no catalogue file to read (a link, a folder, a device, nothing)."""
    from nqcore.catalogue_check import file_problem

    return file_problem(path) or ("" if path.is_file() else "no such catalogue file")


def read_once(path: Path) -> Reading:
    """:func:`read`, once for each content of the regular file ``path`` in one process (the
    checks that follow the guard, the build's record of each page)."""
    return _read_once(path, hashlib.sha256(path.read_bytes()).hexdigest())


@lru_cache(maxsize=128)
def _read_once(path: Path, digest: str) -> Reading:
    return read(path)


def header_findings(path: Path, text: str, catalogue: Catalog) -> list[Finding]:
    """A header the readers treat differently: fuzzy (msgfmt drops it), another charset, a
    Plural-Forms that Python's gettext (which reads the compiled pages) refuses."""
    line = _header_line(text)
    if catalogue.fuzzy:
        return [Finding(path, line, "the header entry is fuzzy (msgfmt drops it)")]
    charset = str(catalogue.charset or "").lower()
    if charset not in _UTF8:
        return [Finding(path, line, f"the header declares charset {charset or 'none'}: UTF-8 only")]
    problem = plural_forms_problem(catalogue.plural_forms)
    if problem:
        return [Finding(path, _line_of(text, "Plural-Forms:") or line, problem)]
    return []


def _header_line(text: str) -> int:
    match = re.search(r'^msgid ""\s*\nmsgstr ', text, re.M)
    return text.count("\n", 0, match.start()) + 1 if match else 1


def _line_of(text: str, needle: str) -> int:
    offset = text.find(needle)
    return text.count("\n", 0, offset) + 1 if offset >= 0 else 0


def _key(msgid: str, context: str | None) -> str:
    return f"{context}\x04{msgid}" if context is not None else msgid


def babel_table(reading: Reading) -> Table:
    """What Babel hands the engine (:func:`nqcore.catalogue_loading.load_po`): translated, not
    fuzzy."""
    table: Table = {}
    for message in reading.messages:
        if message.fuzzy:
            continue
        key = _key(message.msgid, message.context)
        if message.plural_id:
            table.update({(key, i): text for i, text in enumerate(message.msgstr) if text})
        elif message.msgstr[0]:
            table[key] = message.msgstr[0]
    return table


def mo_table(data: bytes) -> Table:
    """What Python's gettext reads from a compiled catalogue, header left out."""
    translations = gettext.GNUTranslations(io.BytesIO(data))
    catalogue: dict[object, str] = translations._catalog  # type: ignore[attr-defined]
    return {key: text for key, text in catalogue.items() if key != "" and key != ("", 0) and text}


def sphinx_mo(catalogue: Catalog) -> bytes:
    """The compiled catalogue as Sphinx writes it (Babel's ``write_mo``, fuzzy left out)."""
    from nqcore import po

    return po.compiled(catalogue)


def disagreements(
    path: Path, reading: Reading, catalogue: Catalog, mo: Path | None
) -> list[Finding]:
    """Every message that two readers read differently, at its line."""
    tables = {
        "babel": babel_table(reading),
        "sphinx (babel .mo, gettext)": mo_table(sphinx_mo(catalogue)),
    }
    if mo is not None:
        tables["msgfmt (gettext)"] = mo_table(mo.read_bytes())
    reference = tables["babel"]
    lines = {_key(m.msgid, m.context): m.line for m in reading.messages}
    findings = []
    for name, table in tables.items():
        for key in sorted(set(table) ^ set(reference), key=repr)[:5]:
            findings.append(
                _disagreement(
                    path,
                    lines,
                    key,
                    f"{name} reads it, babel does not"
                    if key in table
                    else f"babel reads it, {name} does not",
                )
            )
        for key in sorted(
            (k for k in set(table) & set(reference) if table[k] != reference[k]), key=repr
        )[:5]:
            findings.append(_disagreement(path, lines, key, f"{name} reads another text"))
    return sorted(set(findings), key=lambda f: (f.line, f.what))


def _disagreement(path: Path, lines: dict[str, int], key: object, what: str) -> Finding:
    text = str(key[0] if isinstance(key, tuple) else key)
    shown = text.replace("\x04", " | ")[:50]
    return Finding(path, lines.get(text, 1), f"readers disagree on {shown!r}: {what}")
