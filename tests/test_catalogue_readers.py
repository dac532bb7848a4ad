"""Hostile catalogues fed to every reader of the pipeline: GNU msgfmt (its .mo read by Python's
gettext), Babel (:mod:`nqcore.po`: the engine, the translators' tools), Sphinx (Babel's .mo, read
by gettext) and the guard's own reading. For each, either the guard refuses the file naming file
and line, or every reader reads the same messages, entry for entry: no check can read one text
while the build publishes another. polib, which guesses the charset from the first line that
names one, is read too: it is no reader of the pipeline, and shows why none may guess."""

from __future__ import annotations

import gettext
import io
import re
import shutil
import subprocess
from pathlib import Path

import polib
import pytest

from nqtranslate.guard import check_catalogue
from nqtranslate.reading import read

HEADER = (
    'msgid ""\nmsgstr ""\n'
    '"Language: fr\\n"\n'
    '"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
ENTRY = 'msgid "A cold wind"\nmsgstr "Un vent glacé"\n\n'
HIDDEN = 'msgid "Read the rules"\nmsgstr "[Lire](../../../../etc/passwd)"\n'


def _utf16_first_line() -> bytes:
    """polib takes its charset from the first line naming one: this one, hidden behind a NUL."""
    data = b"#\x00( Content-Type: text/plain; charset=utf-16-le\n" + (HEADER + HIDDEN).encode()
    return data + b"\n" * (len(data) % 2)


def _plural(header_rule: str, forms: str) -> bytes:
    header = HEADER.replace("nplurals=2; plural=(n > 1);", header_rule)
    return (header + 'msgid "{n} point"\nmsgid_plural "{n} points"\n' + forms).encode()


HOSTILE: dict[str, bytes] = {
    "utf16-first-line": _utf16_first_line(),
    "charset-in-comment": (
        "# Content-Type: text/plain; charset=latin-1\n" + HEADER + ENTRY
    ).encode(),
    "latin1-header": (HEADER.replace("UTF-8", "ISO-8859-1") + ENTRY).encode("latin-1"),
    "ascii-header": (HEADER.replace("UTF-8", "ASCII") + 'msgid "A"\nmsgstr "B"\n').encode(),
    "bom": b"\xef\xbb\xbf" + (HEADER + ENTRY).encode(),
    "bom-inside": (HEADER + 'msgid "A"\nmsgstr "\ufeffB"\n').encode(),
    "nul-in-msgstr": (HEADER + 'msgid "A"\nmsgstr "B\0C"\n').encode(),
    "invalid-utf8": (HEADER).encode() + b'msgid "A"\nmsgstr "caf\xe9"\n',
    "cr-only": (HEADER + ENTRY).replace("\n", "\r").encode(),
    "crlf": (HEADER + ENTRY).replace("\n", "\r\n").encode(),
    "duplicate-msgid": (HEADER + ENTRY + 'msgid "A cold wind"\nmsgstr "Autre"\n').encode(),
    "empty-context-twin": (
        HEADER + 'msgctxt ""\nmsgid "A"\nmsgstr "B"\n\nmsgid "A"\nmsgstr "C"\n'
    ).encode(),
    "context-with-eot": (HEADER + 'msgctxt "x\x04"\nmsgid "A"\nmsgstr "B"\n').encode(),
    "obsolete-msgid-live-msgstr": (HEADER + '#~ msgid "A cold wind"\nmsgstr "Chaud"\n').encode(),
    "obsolete-without-space": (HEADER + '#~msgid "A"\n#~msgstr "B"\n').encode(),
    "header-duplicated": (HEADER + HEADER.replace("UTF-8", "UTF-8 ") + ENTRY).encode(),
    "fuzzy-header": ("#, fuzzy\n" + HEADER + ENTRY).encode(),
    "plural-out-of-range": _plural(
        "nplurals=2; plural=(n > 1);", 'msgstr[0] "{n} point"\nmsgstr[2] "{n} points"\n'
    ),
    "plural-rule-too-complex": _plural(
        "nplurals=2; plural=" + "(" * 150 + "n > 1" + ")" * 150 + ";",
        'msgstr[0] "{n} point"\nmsgstr[1] "{n} points"\n',
    ),
    "plural-rule-beyond-nplurals": _plural(
        "nplurals=2; plural=(n > 1 ? 3 : 0);", 'msgstr[0] "{n} point"\nmsgstr[1] "{n} points"\n'
    ),
    "plural-plain-msgstr": _plural("nplurals=2; plural=(n > 1);", 'msgstr "{n} points"\n'),
    "hex-escape": (HEADER + 'msgid "A"\nmsgstr "\\x41\\x42"\n').encode(),
    "octal-escape": (HEADER + 'msgid "A"\nmsgstr "\\101"\n').encode(),
    "bell-escape": (HEADER + 'msgid "A"\nmsgstr "B\\a"\n').encode(),
    "very-long-line": (HEADER + f'msgid "A"\nmsgstr "{"é" * 200_000}"\n').encode(),
    "unterminated-string": (HEADER + 'msgid "A\nmsgstr "B"\n').encode(),
    "msgstr-without-msgid": (HEADER + 'msgstr "B"\n\n' + ENTRY).encode(),
    "fine": (HEADER + ENTRY).encode(),
}
#: The ones every reader reads alike: the guard lets them through (``#~msgid``: an obsolete
#: message to msgfmt and Babel alike, which msgcat writes ``#~ msgid``).
ACCEPTED = {"fine", "obsolete-without-space"}  # a message over 20,000 characters is refused


def _gettext_table(mo: bytes) -> dict[object, str]:
    catalogue = gettext.GNUTranslations(io.BytesIO(mo))._catalog  # type: ignore[attr-defined]
    return {k: v for k, v in catalogue.items() if k not in ("", ("", 0)) and v}


def _msgfmt(path: Path) -> dict[object, str] | None:
    mo = path.with_suffix(".msgfmt.mo")
    msgfmt = shutil.which("msgfmt")
    assert msgfmt is not None
    done = subprocess.run([msgfmt, "-o", str(mo), str(path)], capture_output=True, check=False)
    return _gettext_table(mo.read_bytes()) if done.returncode == 0 else None


def _sphinx(path: Path) -> dict[object, str] | None:
    """Sphinx's own compilation (``CatalogInfo.write_mo``), read by gettext as Sphinx reads it."""
    from sphinx.util.i18n import CatalogInfo

    info = CatalogInfo(path.parent, path.stem, "utf-8-sig")
    try:
        info.write_mo("fr")
        return _gettext_table(info.mo_path.read_bytes()) if info.mo_path.exists() else None
    except Exception:  # noqa: BLE001 - a reader that fails reads nothing: a disagreement
        return None


def _key(msgid: str, context: str | None) -> str:
    return f"{context}\x04{msgid}" if context is not None else msgid


def _polib(path: Path) -> dict[object, str] | None:
    try:
        entries = polib.pofile(str(path))
    except (OSError, ValueError, UnicodeError):
        return None
    table: dict[object, str] = {}
    for e in entries:
        if e.obsolete or "fuzzy" in e.flags or not e.msgid:
            continue
        if e.msgid_plural:
            table.update(
                {(_key(e.msgid, e.msgctxt), int(i)): t for i, t in e.msgstr_plural.items() if t}
            )
        elif e.msgstr:
            table[_key(e.msgid, e.msgctxt)] = e.msgstr
    return table


def _babel(path: Path) -> dict[object, str] | None:
    from nqcore.catalogue_loading import load_po

    load_po.cache_clear()
    try:
        return dict(load_po(path))
    except Exception:  # noqa: BLE001 - a reader that fails reads nothing
        return None


def readings(path: Path) -> dict[str, object]:
    """What each reader of the pipeline reads of ``path`` (None: it refuses the file)."""
    return {"msgfmt": _msgfmt(path), "sphinx": _sphinx(path), "babel (engine)": _babel(path)}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_every_reader_reads_the_same_or_the_guard_refuses_with_file_and_line(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / f"{name}.po"
    path.write_bytes(HOSTILE[name])
    findings = check_catalogue(path)
    if name in ACCEPTED:
        assert findings == []
        tables = readings(path)
        simple = {k: v for k, v in tables.items() if k != "babel (engine)"}
        assert None not in simple.values(), tables
        assert len({repr(sorted(t.items(), key=repr)) for t in simple.values()}) == 1, tables
        return
    assert findings, f"{name}: not refused; the readers read {readings(path)}"
    for finding in findings:
        assert re.fullmatch(rf".*{re.escape(name)}\.po:[1-9]\d*: .+", str(finding)), finding


def test_the_attack_line_hides_every_message_from_polib_not_from_the_build(tmp_path: Path) -> None:
    """Why the one reading is needed: the hidden message is the build's, not polib's."""
    path = tmp_path / "hidden.po"
    path.write_bytes(HOSTILE["utf16-first-line"])
    tables = readings(path)
    assert tables["msgfmt"] == {"Read the rules": "[Lire](../../../../etc/passwd)"}
    assert not _polib(path)
    assert [str(f).split(": ", 1)[0] for f in check_catalogue(path)] == [f"{path}:1"]


def test_a_refused_catalogue_yields_no_messages_to_check(tmp_path: Path) -> None:
    path = tmp_path / "x.po"
    path.write_bytes(HOSTILE["hex-escape"])
    reading = read(path)
    assert reading.findings and reading.findings[0].line == 10


@pytest.mark.parametrize("tool", ["lint", "glossary", "spelling"])
@pytest.mark.parametrize("name", ["invalid-utf8", "latin1-header", "truncated"])
def test_every_translators_check_refuses_what_the_build_refuses_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], tool: str, name: str
) -> None:
    """The checks that read polib's entries read them through the one reading: a catalogue the
    build refuses is named with file and line by each, no traceback, no finding read from it."""
    from nqtranslate.__main__ import main

    data = HOSTILE.get(name) or (HEADER + ENTRY + 'msgid "Unclosed"\nmsgstr "Pas fini\n').encode()
    path = tmp_path / f"{name}.po"
    path.write_bytes(data)
    assert main([tool, str(path)]) == 1
    out = capsys.readouterr()
    lines = (out.out + out.err).strip().splitlines()
    assert len(lines) == 1, lines
    assert re.fullmatch(rf"{re.escape(str(path))}:[1-9]\d*: .+", lines[0]), lines
    assert "1.0" not in lines[0]
