"""Updating the catalogues after an English edit loses nothing: the changed message keeps its
French, marked fuzzy for review; every other translation stays; a second update changes nothing."""

from __future__ import annotations

import fcntl
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from nqcore import po
from nqcore.atomic import PAUSE_VARIABLE, TEMPORARY_GLOB
from nqtranslate.catalogue import extract
from tools.scratch import copy_project, scratch_env

#: Every fixture runs `make update-po` (a gettext build of the whole book) on a copy.
pytestmark = pytest.mark.slow

PARAGRAPH = "Magic users or Wizards are individuals who have trained for many years"


@pytest.fixture(scope="module")
def updated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str], str]:
    copy = copy_project(tmp_path_factory.mktemp("update") / "project")
    magic = po.read((copy / "locale/fr/LC_MESSAGES/magic.po").read_bytes())
    before = {m.id: m.string for m in po.messages(magic, obsolete=True)}
    page = copy / "docs" / "magic.md"
    text = page.read_text(encoding="utf-8")
    assert PARAGRAPH in text
    page.write_text(
        text.replace(PARAGRAPH, PARAGRAPH.replace("many years", "many long years")),
        encoding="utf-8",
    )
    venv_bin = str(Path(sys.executable).parent)
    env = dict(os.environ, PYTHONPATH=str(copy), PATH=f"{venv_bin}:{os.environ['PATH']}")
    run = subprocess.run(["make", "update-po"], cwd=copy, env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    snapshot = {
        p.relative_to(copy).as_posix(): p.read_text(encoding="utf-8")
        for p in copy.glob("locale/fr/LC_MESSAGES/*.po")
    }
    again = subprocess.run(["make", "update-po"], cwd=copy, env=env, capture_output=True, text=True)
    assert again.returncode == 0, again.stdout + again.stderr
    changed = [
        name
        for name, content in snapshot.items()
        if (copy / name).read_text(encoding="utf-8") != content
    ]
    return copy, before, ",".join(changed)


def test_the_changed_paragraph_keeps_its_french_and_becomes_fuzzy(
    updated: tuple[Path, dict[str, str], str],
) -> None:
    copy, before, _ = updated
    catalogue = po.read((copy / "locale/fr/LC_MESSAGES/magic.po").read_bytes())
    (entry,) = [m for m in po.messages(catalogue, obsolete=True) if "many long years" in m.id]
    old = next(msgid for msgid in before if PARAGRAPH in msgid)
    assert "fuzzy" in entry.flags
    assert entry.string == before[old]  # the translator's work is still there, to review


def test_no_other_translation_is_lost(updated: tuple[Path, dict[str, str], str]) -> None:
    copy, before, _ = updated
    catalogue = po.read((copy / "locale/fr/LC_MESSAGES/magic.po").read_bytes())
    after = {m.id: m.string for m in po.messages(catalogue, obsolete=True)}
    lost = [m for m, s in before.items() if s and m not in after and PARAGRAPH not in m]
    assert not lost
    assert all(after[m] == s for m, s in before.items() if m in after)


def test_a_second_update_changes_nothing(updated: tuple[Path, dict[str, str], str]) -> None:
    _, _, changed = updated
    assert changed == "", f"catalogues churned on a second update: {changed}"


# --- Never losing a translation: revival, atomic writes, one run at a time --------------------
#
# Each scratch copy starts as the checkout is. A run of `./dev update-po` takes 3 to 6 s (most of
# it Sphinx's gettext build), so the fixtures below share their runs.

CATALOGUE_FOLDERS = (
    "locale",
    "nqcore/locale",
    "nqsphinx/locale",
    "nqprint/locale",
    "examples/locale",
)
ENGINE_PO = "nqcore/locale/fr/LC_MESSAGES/nqcore.po"
MAGIC_PO = "locale/fr/LC_MESSAGES/magic.po"
#: Pages that lose their first paragraph in the English edit (as magic.md loses PARAGRAPH).
TRIMMED_PAGES = ("morale", "turn-sequence", "actions")
WAITING = "update-po: waiting for another run to finish"


def _env(copy: Path, **extra: str) -> dict[str, str]:
    return scratch_env(copy) | extra


def _make_update_po(copy: Path) -> str:
    run = subprocess.run(
        ["make", "update-po"], cwd=copy, env=_env(copy), capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout + run.stderr


def _catalogues(copy: Path) -> dict[str, bytes]:
    return {
        p.relative_to(copy).as_posix(): p.read_bytes()
        for folder in CATALOGUE_FOLDERS
        for p in sorted((copy / folder).rglob("*.po"))
    }


def _temporaries(copy: Path) -> list[Path]:
    return [p for folder in CATALOGUE_FOLDERS for p in (copy / folder).rglob(TEMPORARY_GLOB)]


def _entries(data: bytes) -> list[tuple[str | None, str, str, list[str], bool]]:
    """Every entry of a catalogue: in use, then obsolete."""
    catalogue = po.read(data)
    obsolete = list(catalogue.obsolete.values())
    return [
        (m.context, m.id, m.string, sorted(m.flags), any(m is o for o in obsolete))
        for m in po.messages(catalogue, obsolete=True)
    ]


def _translations(data: bytes) -> set[str]:
    """Every French text of a catalogue, in use or obsolete."""
    return {m.string for m in po.messages(po.read(data), obsolete=True) if m.string}


def _engine_message(copy: Path) -> tuple[Path, str]:
    """A translated engine message marked once, in Python only: its source file and msgid."""
    engine = po.messages(po.read((copy / ENGINE_PO).read_bytes()), obsolete=True)
    french = {m.id: m.string for m in engine if m.string}
    for message in sorted(extract(copy / "nqcore"), key=lambda m: (-len(m.id), m.id)):
        (where, _line), *others = message.locations or [("", 0)]
        source = copy / "nqcore" / where
        if message.id in french and not others and where.endswith(".py"):
            if source.read_text(encoding="utf-8").count(_marked(message.id)) == 1:
                return source, message.id
    raise AssertionError("no engine message marked once in Python")


def _marked(msgid: str) -> str:
    return f'N_("{msgid}")'


def _remove(path: Path, text: str, replacement: str = "") -> str:
    """Replace ``text`` (present once) in ``path``; return the file's old content."""
    old = path.read_text(encoding="utf-8")
    assert old.count(text) == 1, f"{path}: {text!r}"
    path.write_text(old.replace(text, replacement), encoding="utf-8")
    return old


def _edit_english(copy: Path) -> tuple[dict[Path, str], str]:
    """Remove a paragraph from four pages and the mark of one engine message, add a table to the
    magic page; return the files' old texts and the engine msgid."""
    old_texts = {}
    for name in ("magic", *TRIMMED_PAGES):
        page = copy / "docs" / f"{name}.md"
        lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
        old_texts[page] = _remove(page, next(filter(_paragraph_to_remove(name), lines)))
    source, msgid = _engine_message(copy)
    old_texts[source] = _remove(source, _marked(msgid), _marked(msgid).removeprefix("N_"))
    magic = copy / "docs" / "magic.md"
    magic.write_text(magic.read_text(encoding="utf-8") + NEW_TABLE, encoding="utf-8")
    return old_texts, msgid


#: A new table whose headings Babel's own merge (difflib at 0.6) would have given the French of
#: unrelated messages of the page: « Lancer un Sort » for "Casting bonus", « Liste des sorts »
#: for "Spells".
NEW_TABLE = "\n| Casting bonus | Spells |\n|---|---|\n| +1 | 2 |\n"


def _paragraph_to_remove(page: str) -> Callable[[str], bool]:
    """PARAGRAPH on the magic page, the first paragraph of prose on the others."""
    if page == "magic":
        return lambda line: PARAGRAPH in line
    return lambda line: line[:1].isupper() and len(line) > 60


@dataclass
class RoundTrip:
    original: dict[str, bytes]
    clean_run: dict[str, bytes]  # after a run on the unchanged copy
    edited: dict[str, bytes]  # after the paragraphs and the engine message were removed
    restored: dict[str, bytes]  # after they all came back
    engine_msgid: str


@pytest.fixture(scope="module")
def round_trip(tmp_path_factory: pytest.TempPathFactory) -> RoundTrip:
    copy = copy_project(tmp_path_factory.mktemp("round-trip") / "project")
    original = _catalogues(copy)
    _make_update_po(copy)
    clean_run = _catalogues(copy)
    old_texts, msgid = _edit_english(copy)
    _make_update_po(copy)
    edited = _catalogues(copy)
    for path, text in old_texts.items():
        path.write_text(text, encoding="utf-8")
    _make_update_po(copy)
    return RoundTrip(original, clean_run, edited, _catalogues(copy), msgid)


@pytest.fixture(scope="module")
def single_run(round_trip: RoundTrip) -> dict[str, bytes]:
    """The catalogues after one run on the edited English (the run before it changed nothing)."""
    assert round_trip.clean_run == round_trip.original
    return round_trip.edited


def test_a_run_on_the_clean_checkout_changes_no_catalogue(round_trip: RoundTrip) -> None:
    assert round_trip.clean_run == round_trip.original  # none changed, none made


def test_every_catalogue_a_run_writes_is_what_msgcat_writes(round_trip: RoundTrip) -> None:
    """No tool rewraps update-po's output: msgcat (as msgmerge and Poedit) writes the same bytes."""
    changed = [
        name for name, data in round_trip.edited.items() if data != round_trip.original[name]
    ]
    assert len(changed) >= 5  # the four pages and the engine's catalogue
    for name in changed:
        data = round_trip.edited[name]
        again = subprocess.run(["msgcat", "-"], input=data, capture_output=True, check=True)
        assert again.stdout == data, name


def test_a_new_table_is_not_given_unrelated_french(round_trip: RoundTrip) -> None:
    magic = po.messages(po.read(round_trip.edited[MAGIC_PO]), obsolete=True)
    new = [(m.id, m.string, sorted(m.flags)) for m in magic if m.id in ("Casting bonus", "Spells")]
    assert new == [("Casting bonus", "", []), ("Spells", "", [])]


def test_removed_messages_wait_as_obsolete_entries(round_trip: RoundTrip) -> None:
    for name in ("magic", *TRIMMED_PAGES):
        path = f"locale/fr/LC_MESSAGES/{name}.po"
        assert po.read(round_trip.edited[path]).obsolete, path
    magic = po.read(round_trip.edited[MAGIC_PO])
    assert not [m for m in po.messages(magic) if PARAGRAPH in m.id]
    (paragraph,) = [m for m in magic.obsolete.values() if PARAGRAPH in m.id]
    assert paragraph.string
    engine = po.read(round_trip.edited[ENGINE_PO])
    found = [m for m in po.messages(engine, obsolete=True) if m.id == round_trip.engine_msgid]
    message = found[0] if found else None
    obsolete = list(engine.obsolete.values())
    assert message is not None and any(message is o for o in obsolete) and message.string


def test_a_removed_paragraph_comes_back_translated(round_trip: RoundTrip) -> None:
    for name in ("magic", *TRIMMED_PAGES):
        path = f"locale/fr/LC_MESSAGES/{name}.po"
        assert _entries(round_trip.restored[path]) == _entries(round_trip.original[path])
        # (translated, not fuzzy, in its place, and no obsolete copy left)


def test_a_removed_engine_message_comes_back_translated(round_trip: RoundTrip) -> None:
    assert round_trip.restored[ENGINE_PO] == round_trip.original[ENGINE_PO]


def test_two_concurrent_runs_take_turns(
    tmp_path_factory: pytest.TempPathFactory, single_run: dict[str, bytes]
) -> None:
    copy = copy_project(tmp_path_factory.mktemp("concurrent") / "project")
    _edit_english(copy)
    runs = [
        subprocess.Popen(
            ["make", "update-po"],
            cwd=copy,
            env=_env(copy),
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        for _ in range(2)
    ]
    outputs = [run.communicate(timeout=120)[0] for run in runs]
    assert [run.returncode for run in runs] == [0, 0], "\n".join(outputs)
    assert sum(WAITING in output for output in outputs) == 1, "the runs did not overlap"
    assert _catalogues(copy) == single_run


def test_a_second_run_can_give_up_with_one_line(tmp_path: Path) -> None:
    copy = copy_project(tmp_path / "project")
    lock = copy / "locale" / ".update-po.lock"
    with lock.open("a") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        run = subprocess.run(
            [sys.executable, "-m", "nqtranslate.update", "--wait", "0"],
            cwd=copy,
            env=_env(copy),
            capture_output=True,
            text=True,
        )
    assert run.returncode == 1
    assert run.stdout == ""
    assert run.stderr == f"update-po: {lock}: another run holds it (waited 0 s)\n"


#: When each run is killed: ``delay`` s after it began writing its ``n``-th catalogue (``n == 0``:
#: after it started, in the gettext build). Each write pauses 0.3 s before its ``os.replace``;
#: the runs follow one another on the same copy, as if a translator pressed Ctrl-C again and again.
KILLS = ((0, 1.0), (2, 0.4), (1, 0.0))
PAUSE = "0.3"
Stamps = dict[Path, tuple[int, int, int]]


def _stamps(copy: Path) -> Stamps:
    stamps = {}
    for folder in CATALOGUE_FOLDERS:
        for path in (copy / folder).rglob("*.po"):
            info = path.stat()
            stamps[path] = (info.st_ino, info.st_mtime_ns, info.st_size)
    return stamps


def _being_written(copy: Path, before: Stamps, stale: set[Path]) -> set[Path]:
    """The catalogues a run has started to write: those with a temporary file, those changed."""
    new = set(_temporaries(copy)) - stale
    temporaries = {t.with_name(t.name[1:].rsplit(".", 2)[0]) for t in new}  # .x.po.1a2b.tmp: x.po
    return temporaries | {po for po, stamp in _stamps(copy).items() if before.get(po) != stamp}


def _run_and_kill(copy: Path, writes: int, delay: float) -> None:
    before, stale = _stamps(copy), set(_temporaries(copy))  # the run removes stale temporaries
    run = subprocess.Popen(
        [sys.executable, "-m", "nqtranslate.update"],
        cwd=copy,
        env=_env(copy, **{PAUSE_VARIABLE: PAUSE}),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 60
    while run.poll() is None and time.monotonic() < deadline:
        if len(_being_written(copy, before, stale)) >= writes:
            break
        time.sleep(0.005)
    time.sleep(delay)
    run.kill()
    output = run.communicate()[0].decode(errors="replace")
    assert run.returncode == -signal.SIGKILL, f"the run ended before its kill:\n{output}"


def _msgfmt_errors(copy: Path, names: list[str]) -> list[str]:
    errors = []
    for name in names:
        done = subprocess.run(
            ["msgfmt", "--check", "-o", "/dev/null", str(copy / name)],
            capture_output=True,
            text=True,
        )
        if done.returncode:
            errors.append(f"{name}: {done.stderr}")
    return errors


@dataclass
class AfterKill:
    files: dict[str, bytes]
    temporaries: list[str]  # written but not yet in place when the run died
    msgfmt_errors: list[str]


@dataclass
class Killed:
    original: dict[str, bytes]
    after_kills: list[AfterKill]
    recovery: str  # the output of a whole run after the kills
    recovered: dict[str, bytes]
    left_over: list[Path]  # temporaries after that run


@pytest.fixture(scope="module")
def killed(tmp_path_factory: pytest.TempPathFactory) -> Killed:
    copy = copy_project(tmp_path_factory.mktemp("killed") / "project")
    original = _catalogues(copy)
    _edit_english(copy)
    after_kills = []
    for temporaries, delay in KILLS:
        _run_and_kill(copy, temporaries, delay)
        files = _catalogues(copy)
        left = [p.name for p in _temporaries(copy)]
        after_kills.append(AfterKill(files, left, _msgfmt_errors(copy, sorted(files))))
    recovery = _make_update_po(copy)
    return Killed(original, after_kills, recovery, _catalogues(copy), _temporaries(copy))


def test_a_killed_run_leaves_every_catalogue_whole(
    killed: Killed, single_run: dict[str, bytes]
) -> None:
    for after in killed.after_kills:
        assert not after.msgfmt_errors
        assert sorted(after.files) == sorted(killed.original)
        for data in after.files.values():
            po.read(data)  # parses
        torn = [
            name
            for name, data in after.files.items()
            if data not in (killed.original[name], single_run[name])
        ]
        assert not torn, f"neither the old nor the new catalogue: {torn}"


def test_a_killed_run_loses_no_translation(killed: Killed) -> None:
    for after in killed.after_kills:
        lost = {
            name: sorted(_translations(data) - _translations(after.files[name]))[:3]
            for name, data in killed.original.items()
        }
        assert not any(lost.values()), lost


def test_the_kills_hit_runs_in_mid_write(killed: Killed) -> None:
    """The last kill left a catalogue written but not yet in place: the moment when a write in
    place would have left it truncated."""
    assert killed.after_kills[-1].temporaries
    assert any(after.files != killed.original for after in killed.after_kills[:-1])


def test_the_next_run_cleans_up_and_finishes_the_job(
    killed: Killed, single_run: dict[str, bytes]
) -> None:
    assert killed.recovered == single_run
    assert killed.left_over == []
    assert "left by an interrupted run" in killed.recovery


def test_a_message_too_long_to_compare_gets_no_guess() -> None:
    """Six paragraphs of 19,000 characters held ``./dev update-po`` for minutes, each compared
    with every translated one (attacker round 31): beyond the book's longest paragraph three
    times over, no French is guessed; a paragraph of the book's length edited still is."""
    from nqtranslate.catalogue import MAX_GUESSED_LENGTH, similarity

    long = "The quick brown fox jumps over the lazy dog. " * 430
    assert len(long) > MAX_GUESSED_LENGTH and similarity(long, long + "!") == 0.0
    paragraph = "A model with no Wounds left is removed from the table. " * 23
    assert 1200 < len(paragraph) <= MAX_GUESSED_LENGTH
    assert similarity(paragraph, paragraph.replace("table", "battlefield", 1)) > 0.9
