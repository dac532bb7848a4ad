"""Our reader of catalogues (:mod:`nqcore.po`, Babel) against GNU gettext, the reference: for
every catalogue of the repository and every hostile sample of the tests, either the guard's
reading (:func:`nqtranslate.reading.read`) refuses the file naming file and line, or Babel reads
what GNU reads: the translated messages (``msgfmt``, its ``.mo`` read by Python's ``gettext``),
the fuzzy ones (``msgfmt --use-fuzzy``), the obsolete ones (``msgattrib --only-obsolete``) and
the header's charset, plural forms and language."""

from __future__ import annotations

import gettext
import io
import shutil
import subprocess
from collections.abc import Iterable
from pathlib import Path

import pytest

from nqcore import po
from nqtranslate.reading import read
from tests.building import ROOT
from tests.test_catalogue_escapes import ENGINE_REFUSED, REFUSED
from tests.test_catalogue_readers import HOSTILE

HEADER = (
    'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"MIME-Version: 1.0\\n"\n'
    '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
PLURAL = 'msgid "a"\nmsgid_plural "as"\n'
#: Bodies under :data:`HEADER`, by what they try: flags, plurals, contexts, obsolete entries,
#: escapes, continued lines, layouts and duplicates.
BODIES = {
    "fuzzy": '#, fuzzy\nmsgid "A"\nmsgstr "B"\n\nmsgid "C"\nmsgstr "D"\n',
    "fuzzy-no-space": '#,fuzzy\nmsgid "A"\nmsgstr "B"\n',
    "fuzzy-second-flag": '#, python-format,fuzzy\nmsgid "A"\nmsgstr "B"\n',
    "fuzzy-two-lines": '#, python-format\n#, fuzzy\nmsgid "A"\nmsgstr "B"\n',
    "fuzzy-plural": "#, fuzzy\n" + PLURAL + 'msgstr[0] "b"\nmsgstr[1] "bs"\n',
    "fuzzy-after-msgid": 'msgid "A"\n#, fuzzy\nmsgstr "B"\n',
    "plural": PLURAL + 'msgstr[0] "b"\nmsgstr[1] "bs"\n',
    "plural-half": PLURAL + 'msgstr[0] "b"\nmsgstr[1] ""\n',
    "plural-missing-form": PLURAL + 'msgstr[0] "b"\n',
    "plural-reordered": PLURAL + 'msgstr[1] "bs"\nmsgstr[0] "b"\n',
    "context": 'msgctxt "k"\nmsgid "A"\nmsgstr "B"\n\nmsgid "A"\nmsgstr "C"\n',
    "context-empty": 'msgctxt ""\nmsgid "A"\nmsgstr "B"\n',
    "context-plural": 'msgctxt "k"\n' + PLURAL + 'msgstr[0] "b"\nmsgstr[1] "c"\n',
    "context-continued": 'msgctxt ""\n"k"\n"j"\nmsgid "A"\nmsgstr "B"\n',
    "context-twice": 'msgctxt "a"\nmsgctxt "b"\nmsgid "A"\nmsgstr "B"\n',
    "obsolete": 'msgid "A"\nmsgstr "B"\n\n#~ msgid "O"\n#~ msgstr "P"\n',
    "obsolete-continued": '#~ msgid ""\n#~ "O"\n#~ "Q"\n#~ msgstr ""\n#~ "P"\n#~ "R"\n',
    "obsolete-context": '#~ msgctxt "k"\n#~ msgid "O"\n#~ msgstr "P"\n',
    "obsolete-fuzzy": '#, fuzzy\n#~ msgid "O"\n#~ msgstr "P"\n',
    "obsolete-plural": '#~ msgid "o"\n#~ msgid_plural "os"\n#~ msgstr[0] "p"\n#~ msgstr[1] "q"\n',
    "obsolete-previous": '#~| msgid "N"\n#~ msgid "O"\n#~ msgstr "P"\n',
    "obsolete-twin-of-live": 'msgid "A"\nmsgstr "B"\n\n#~ msgid "A"\n#~ msgstr "C"\n',
    "previous": '#, fuzzy\n#| msgid "Z"\nmsgid "A"\nmsgstr "B"\n',
    "escapes": 'msgid "a\\"b\\\\c\\nd\\te"\nmsgstr "x\\"y\\\\z\\nw\\tv"\n',
    "escaped-backslash-n": 'msgid "a"\nmsgstr "\\\\n"\n',
    "escape-r": 'msgid "a"\nmsgstr "b\\r"\n',
    "escape-question": 'msgid "a"\nmsgstr "b\\?"\n',
    "escape-f-v-b": 'msgid "a"\nmsgstr "\\f\\v\\b"\n',
    "continued": 'msgid ""\n"A "\n"B"\nmsgstr ""\n"C "\n"D"\n',
    "continued-after-comment": 'msgid "A"\nmsgstr "C"\n# x\n"D"\n',
    "continued-after-blank": 'msgid "A"\nmsgstr "C"\n\n"D"\n',
    "two-strings-on-a-line": 'msgid "A" "B"\nmsgstr "C" "D"\n',
    "keyword-without-space": 'msgid"A"\nmsgstr"B"\n',
    "keyword-and-tab": 'msgid\t"A"\nmsgstr\t"B"\n',
    "keyword-and-tab-after-space": 'msgid \t"A"\nmsgstr "B"\n',
    "keyword-and-no-break-space": 'msgid "A"\nmsgstr\u00a0"B"\n',
    "keyword-and-narrow-no-break-space": 'msgid\u202f"A"\nmsgstr "B"\n',
    "comment-between-strings": 'msgid "A"\nmsgstr ""\n"B"\n# x\n"C"\n',
    "comment-between-msgid-strings": 'msgid ""\n"A"\n#. x\n"B"\nmsgstr "C"\n',
    "obsolete-comment-between-strings": '#~ msgid "O"\n#~ msgstr ""\n# x\n#~ "P"\n',
    "obsolete-garbage": 'msgid "A"\nmsgstr "B"\n\n#~ this is no message\n',
    "obsolete-previous-no-space": '#~|msgid "N"\n#~ msgid "O"\n#~ msgstr "P"\n',
    "location-unbalanced-isolate": '#: \u2068a b.md:3\nmsgid "A"\nmsgstr "B"\n',
    "location-balanced-isolate": '#: \u2068a b.md\u2069:3\nmsgid "A"\nmsgstr "B"\n',
    "plural-form-beyond-nplurals": PLURAL + 'msgstr[0] "b"\nmsgstr[1] "c"\nmsgstr[2] "d"\n',
    "trailing-blanks": 'msgid "A"   \nmsgstr "B"\t\n',
    "leading-blanks": '  msgid "A"\n  msgstr "B"\n',
    "comment-like-a-message": '# msgid "A"\n# msgstr "X"\nmsgid "A"\nmsgstr "B"\n',
    "duplicate": 'msgid "A"\nmsgstr "B"\n\nmsgid "A"\nmsgstr "C"\n',
    "duplicate-in-context": 'msgctxt "k"\nmsgid "A"\nmsgstr "B"\n\n'
    + 'msgctxt "k"\nmsgid "A"\nmsgstr "C"\n',
    "duplicate-plural": PLURAL + 'msgstr[0] "b"\nmsgstr[1] "c"\n\n' + PLURAL + 'msgstr[0] "d"\n',
    "untranslated": 'msgid "A"\nmsgstr ""\n',
    "no-blank-line-between": 'msgid "A"\nmsgstr "B"\nmsgid "C"\nmsgstr "D"\n',
    "keyword-in-capitals": 'msgid "A"\nMSGSTR "B"\n',
    "unknown-keyword": 'msgid "A"\nmsgfoo "X"\nmsgstr "B"\n',
}
#: Whole files: headers that are not :data:`HEADER`.
FILES = {
    "header-continued": (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n"Content-Type: text/plain; "\n'
        '"charset=UTF-8\\n"\n"Plural-Forms: nplurals=2; "\n"plural=(n > 1);\\n"\n\n'
        'msgid "A"\nmsgstr "B"\n'
    ),
    "header-without-plural-forms": (
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "A"\nmsgstr "B"\n'
    ),
    "header-in-lower-case": (
        'msgid ""\nmsgstr ""\n"content-type: text/plain; charset=UTF-8\\n"\n'
        '"plural-forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"\n\n'
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "b"\nmsgstr[1] "c"\nmsgstr[2] "d"\n'
    ),
}


def samples() -> dict[str, bytes]:
    """Every hostile sample: the readers' test's, the bodies and files above, the escapes' and
    the engine's refusals."""
    found = {f"readers-{name}": data for name, data in HOSTILE.items()}
    found |= {name: (HEADER + body).encode() for name, body in BODIES.items()}
    found |= {name: text.encode() for name, text in FILES.items()}
    found |= {
        f"escape-{n}": (HEADER + f'msgid "A"\nmsgstr "{msgstr}"\n').encode()
        for n, (msgstr, _) in enumerate(REFUSED)
    }
    found |= {
        f"engine-refused-{n}": (HEADER.rstrip("\n") + "\n" + body).encode()
        for n, body in enumerate(sorted(ENGINE_REFUSED))
    }
    return found


def repository_catalogues() -> list[Path]:
    skipped = {".venv", "node_modules", "_build", ".git"}
    return sorted(
        path
        for path in ROOT.rglob("*.po")
        if not skipped & set(path.relative_to(ROOT).parts) and path.is_file()
    )


Table = dict[object, str]


def _key(msgid: str, context: str | None) -> str:
    return f"{context}\x04{msgid}" if context is not None else msgid


def _table(messages: Iterable[po.Message]) -> Table:
    """The translated forms of ``messages`` as gettext keys them."""
    table: Table = {}
    for message in messages:
        ids, forms = po.ids(message), po.forms(message)
        if not ids[0]:
            continue
        key = _key(ids[0], message.context)
        if len(ids) > 1:
            table.update({(key, n): text for n, text in enumerate(forms) if text})
        elif forms[0]:
            table[key] = forms[0]
    return table


def _compiled(path: Path, *options: str) -> tuple[Table, dict[str, str]]:
    mo = path.with_name(path.stem + "-".join(options) + ".mo")
    subprocess.run(["msgfmt", *options, "-o", str(mo), str(path)], check=True, capture_output=True)
    translations = gettext.GNUTranslations(io.BytesIO(mo.read_bytes()))
    catalogue: Table = translations._catalog  # type: ignore[attr-defined]
    table = {k: v for k, v in catalogue.items() if k not in ("", ("", 0)) and v}
    return table, translations.info()


def gnu(path: Path) -> dict[str, object]:
    """What GNU gettext reads of ``path``: translated, fuzzy, obsolete, header."""
    live, header = _compiled(path)
    every, _ = _compiled(path, "--use-fuzzy")
    obsolete = path.with_name(path.stem + "-obsolete.po")
    subprocess.run(
        ["msgattrib", "--only-obsolete", "--clear-obsolete", "-o", str(obsolete), str(path)],
        check=True,
        capture_output=True,
    )
    old = _compiled(obsolete, "--use-fuzzy")[0] if obsolete.exists() else {}
    return {
        "translated": live,
        "fuzzy": sorted(map(repr, set(every) - set(live))),
        "obsolete": old,
        "charset": header.get("content-type", "").partition("charset=")[2].lower(),
        "plural forms": header.get("plural-forms", "nplurals=2; plural=(n != 1);"),
        "language": header.get("language", ""),
    }


def babel(path: Path) -> dict[str, object]:
    """What our reader reads of ``path``, keyed as :func:`gnu`."""
    catalogue = po.read(path.read_bytes())
    live = _table(m for m in catalogue if not m.fuzzy)
    return {
        "translated": live,
        "fuzzy": sorted(map(repr, set(_table(catalogue)) - set(live))),
        "obsolete": _table(catalogue.obsolete.values()),
        "charset": str(catalogue.charset).lower(),
        "plural forms": catalogue.plural_forms,
        "language": str(catalogue.locale or ""),
    }


def differences(path: Path) -> list[str]:
    """What Babel reads otherwise than GNU gettext in a file the guard's reading accepts. The
    plural rule counts where a plural message is translated: without a Plural-Forms, Babel takes
    the language's rule and gettext English's, and ``msgfmt --check`` refuses such a message."""
    ours, theirs = babel(path), gnu(path)
    translated = theirs["translated"]
    assert isinstance(translated, dict)
    if not any(isinstance(key, tuple) for key in translated):
        del ours["plural forms"], theirs["plural forms"]
    return [
        f"{what}: ours {ours[what]!r}, GNU {theirs[what]!r}"
        for what in theirs
        if ours[what] != theirs[what]
    ]


needs_gettext = pytest.mark.skipif(
    not (shutil.which("msgfmt") and shutil.which("msgattrib")), reason="GNU gettext not installed"
)


@needs_gettext
@pytest.mark.parametrize("name", sorted(samples()))
def test_a_hostile_sample_is_read_as_gnu_reads_it_or_refused_at_its_line(
    tmp_path: Path, name: str
) -> None:
    path = tmp_path / f"{name}.po"
    path.write_bytes(samples()[name])
    findings = read(path).findings
    if findings:
        assert all(f.path == path and f.line >= 1 and f.what for f in findings), findings
        return
    assert differences(path) == []


@needs_gettext
@pytest.mark.parametrize("path", repository_catalogues(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_catalogue_of_the_repository_is_read_as_gnu_reads_it(
    tmp_path: Path, path: Path
) -> None:
    assert read(path).findings == []
    copy = tmp_path / path.name
    copy.write_bytes(path.read_bytes())
    assert differences(copy) == []


def babel_refusal(data: bytes) -> int | None:
    """The line (from 1) at which Babel refuses ``data``, or None when it reads it."""
    try:
        po.read(data)
    except po.PoFileError as error:
        return int(error.lineno) + 1
    except UnicodeDecodeError:
        return 0
    return None


@pytest.mark.parametrize("name", sorted(samples()))
def test_what_babel_refuses_every_reader_refuses_first_at_the_faulty_line(
    tmp_path: Path, name: str
) -> None:
    """The engine's check (:func:`nqcore.catalogue_check.text_problem`) refuses every sample
    Babel refuses, before Babel's traceback, at the line of the fault (Babel counts its lines
    from 0, and names the msgid of a message it cannot finish), and so do the guard's reading
    and the reader of every tool (:func:`nqcore.po.read`)."""
    from nqcore.catalogue_check import text_problem

    data = samples()[name]
    babel_line = babel_refusal(data)
    if babel_line is None:
        return
    found = text_problem(data)
    assert found is not None, f"{name}: Babel refuses line {babel_line}, the engine's check not"
    path = tmp_path / f"{name}.po"
    path.write_bytes(data)
    assert read(path).findings[0].line == found[0], (read(path).findings, found)
    with pytest.raises(po.CatalogueSyntaxError) as refused:
        po.read(data, where=str(path))
    assert str(refused.value).startswith(f"{path}:{found[0]}: "), refused.value


#: The faulty line of each sample whose fault is on one line (from 1, under :data:`HEADER`).
FAULTY_LINES = {
    "keyword-and-tab": 9,
    "keyword-and-no-break-space": 10,
    "keyword-and-narrow-no-break-space": 9,
    "comment-between-strings": 13,
    "continued-after-comment": 12,
    "comment-between-msgid-strings": 12,
    "obsolete-comment-between-strings": 12,
    "obsolete-garbage": 12,
    "obsolete-previous": 9,
    "obsolete-previous-no-space": 9,
    "location-unbalanced-isolate": 9,
    "plural-form-beyond-nplurals": 13,
}


@pytest.mark.parametrize("name", sorted(FAULTY_LINES))
def test_a_refused_sample_is_named_at_its_faulty_line(name: str) -> None:
    from nqcore.catalogue_check import text_problem

    assert (text_problem(samples()[name]) or (0, ""))[0] == FAULTY_LINES[name]


@needs_gettext
def test_the_samples_hold_what_babel_alone_reads_otherwise(tmp_path: Path) -> None:
    """The refusals are the guard's: Babel alone reads some samples otherwise than GNU (the
    escapes msgfmt reads as characters), and the guard refuses each of those."""
    read_otherwise = []
    for name, data in samples().items():
        path = tmp_path / f"{name}.po"
        path.write_bytes(data)
        try:
            found = differences(path)
        except (po.PoFileError, subprocess.CalledProcessError, ValueError):
            continue  # one of the two refuses the file
        if found:
            read_otherwise.append(name)
            assert read(path).findings, f"{name}: {found}"
    assert {"readers-hex-escape", "readers-octal-escape", "escape-f-v-b"} <= set(read_otherwise)
