"""`nq` given hostile input: devices, FIFOs, huge and binary files, deep TOML, full disks, huge or
Unicode numbers.  Each is refused with exit status 2, one line on stderr naming the file or the
argument, nothing on stdout; nothing hangs and nothing shows a traceback."""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nqcore.cli.export
import nqcore.cli.files
from nqcore.book.book_warnings import MESSAGES
from nqcore.cli.commands import main
from tests.engine.test_cli import MEN_AT_ARMS

HUGE = "1" + "0" * 100  # 10**100, written out
HUGER = "9" * 5000  # more digits than int() converts by default


def outcome(*argv: str) -> tuple[int | str | None, str, str]:
    """Exit status, stdout and stderr of one in-process run (argparse exits, questions return)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code: int | str | None = main(list(argv))
        except SystemExit as stop:
            code = stop.code
    return code, out.getvalue(), err.getvalue()


def assert_refused(argv: list[str], names: str) -> str:
    code, out, err = outcome(*argv)
    assert (code, out) == (2, ""), err
    assert len(err.splitlines()) == 1 and err.endswith("\n"), err
    assert names in err, err
    assert "Traceback" not in err
    return err


def command(*argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m nqcore` in a process of its own: a file that blocks cannot block the tests."""
    return subprocess.run(
        [sys.executable, "-m", "nqcore", *argv], capture_output=True, text=True, timeout=20
    )


# --- files read ---------------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_an_endless_device_is_refused_at_once() -> None:
    result = command("points", "/dev/zero")
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == (
        "nq points: /dev/zero: cannot read the file (it is a device, not a regular file)\n"
    )


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "profile.toml"
    os.mkfifo(fifo)
    result = command("points", str(fifo))
    assert (result.returncode, result.stdout) == (2, "")
    assert (
        result.stderr == f"nq points: {fifo}: cannot read the file (it is a FIFO, not a "
        "regular file)\n"
    )


def test_a_file_swapped_for_a_fifo_after_the_check_cannot_block(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    regular, fifo = tmp_path / "men.toml", tmp_path / "fifo.toml"
    regular.write_text(MEN_AT_ARMS, encoding="utf-8")
    os.mkfifo(fifo)
    real_stat, regular_stat = os.stat, os.stat(regular)

    def stat(path: str, *args: object, **kwargs: object) -> os.stat_result:
        return regular_stat if path == str(fifo) else real_stat(path, *args, **kwargs)

    monkeypatch.setattr(os, "stat", stat)  # the check sees a regular file
    with watchdog(10):  # opened O_NONBLOCK: no wait for a writer; then fstat refuses it
        assert_refused(["points", str(fifo)], f"{fifo}: cannot read the file (it is a FIFO")


@pytest.fixture
def short_tmp() -> Iterator[Path]:
    """A folder of a short path: a socket's path has at most about 100 bytes."""
    with tempfile.TemporaryDirectory(dir="/tmp") as folder:
        yield Path(folder)


def test_a_socket_is_refused(short_tmp: Path) -> None:
    path = short_tmp / "s.toml"
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(path))
        err = assert_refused(["points", str(path)], f"{path}: cannot read the file")
    assert "it is a socket" in err


def test_a_directory_is_refused(tmp_path: Path) -> None:
    err = assert_refused(["points", str(tmp_path)], f"{tmp_path}: cannot read the file")
    assert "it is a directory" in err


def test_a_file_over_one_mib_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(MEN_AT_ARMS.encode() + b"#" * (2 * 1024 * 1024))
    assert_refused(["points", str(big)], f"{big}: cannot read the file (larger than 1 MiB)")


def test_a_file_growing_past_the_limit_is_read_no_further(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"a" * 100)
    with pytest.raises(nqcore.cli.files.FileRefused, match="larger than"):
        nqcore.cli.files.read_text(str(big), limit=99)
    assert nqcore.cli.files.read_text(str(big), limit=100) == "a" * 100


def test_a_binary_file_is_refused(tmp_path: Path) -> None:
    binary = tmp_path / "image.toml"
    binary.write_bytes(b'name = "x"\n\x00\x01\x02')
    assert_refused(["points", str(binary)], f"{binary}: a binary file, not a text file")
    binary.write_bytes(b'name = "\xe9t\xe9"\n')  # Latin-1
    assert_refused(["points", str(binary)], f"{binary}: not UTF-8 text (byte 9)")


def test_a_byte_order_mark_is_allowed(tmp_path: Path) -> None:
    profile = tmp_path / "men.toml"
    profile.write_bytes(b"\xef\xbb\xbf" + MEN_AT_ARMS.encode())
    code, out, err = outcome("points", str(profile))
    assert code == 0 and "Total: 30 points" in out and err == ""


@pytest.mark.parametrize(
    "text",
    [
        "a = " + "[" * 5000 + "]" * 5000,  # tomllib recurses: RecursionError
        "a = " + "{b = " * 5000 + "1" + "}" * 5000,
        "a = " + "[" * 40 + "]" * 40,  # within Python's limits, beyond any profile's
    ],
    ids=["arrays", "inline-tables", "forty-arrays"],
)
def test_toml_nested_too_deep_is_refused(tmp_path: Path, text: str) -> None:
    deep = tmp_path / "deep.toml"
    deep.write_text(text, encoding="utf-8")
    assert_refused(["points", str(deep)], f"{deep}: nested deeper than 32 levels")


#: Keys of more parts than any file needs, under the size limit: tomllib takes time quadratic
#: in a key's parts (200,000 parts in 400 KB: about 25 minutes), so each is refused before it
#: reads the file, at its line and at the column of the key's first dot.
LONG_KEYS = {
    "dotted-key": ("name = 'X'\n" + ".".join(["a"] * 200_000) + " = 1\n", 2, 2),
    "table-header": ("name = 'X'\n[" + ".".join(['"a"'] * 200_000) + "]\n", 2, 5),
    "dotted-table": ("[" + "a." * 5000 + "b]", 1, 3),
    "spaced": ("x = 1\n" + " . ".join(["b"] * 33) + " = 1\n", 2, 3),
    "inline-table": ("x = { " + ".".join(["c"] * 40) + " = 1 }\n", 1, 8),
    "after-a-string": ('y = "no = key"\n' + "'q'." * 33 + "z = 1\n", 2, 4),
}


@pytest.mark.parametrize(("text", "line", "column"), LONG_KEYS.values(), ids=LONG_KEYS)
def test_a_key_of_too_many_parts_is_refused_at_its_line_before_it_is_read(
    tmp_path: Path, text: str, line: int, column: int
) -> None:
    long = tmp_path / "long.toml"
    long.write_text(text, encoding="utf-8")
    said = f"{long}, line {line}: a key of more than 32 parts (column {column})"
    assert_refused(["points", str(long)], said)
    assert_refused(["army", str(long)], said)


def test_dots_in_strings_comments_and_numbers_are_no_key_parts() -> None:
    """Only a key's dots are counted: a name, a comment, floats and dates keep theirs."""
    from nqcore.data.toml_keys import long_key_at

    text = (
        'name = "' + "a." * 40 + '"  # ' + "." * 40 + "\n"
        "note = '''\n" + "x." * 40 + " = 1\n'''\n"
        "floats = [" + ", ".join(["1.5"] * 40) + "]\n"
        "when = 1979-05-27T07:32:00.999\n" + ".".join(["k"] * 32) + " = 1\n"
    )
    assert long_key_at(text) is None
    longer = text + ".".join(["k"] * 33) + " = 1\n"
    assert long_key_at(longer) == len(text) + 1  # the first dot of the 33 parts


def test_toml_integers_beyond_64_bits_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.toml"
    path.write_text(MEN_AT_ARMS.replace("ac = 8", f"ac = {HUGE}"), encoding="utf-8")
    assert_refused(["points", str(path)], f"{path}: ac: an integer beyond TOML's 64-bit range")
    path.write_text(MEN_AT_ARMS.replace("ac = 8", f"ac = {HUGER}"), encoding="utf-8")
    line = MEN_AT_ARMS.splitlines().index("ac = 8") + 1  # named, as other TOML refusals are
    assert_refused(
        ["points", str(path)],
        f"{path}, line {line}: not valid TOML: an integer of more than 4,300 digits (column 6)",
    )
    assert_refused(
        ["points", str(path), "--lang", "fr"],
        f"{path}, ligne {line}\u00a0: TOML non valide\u00a0: "
        "un entier de plus de 4\u202f300 chiffres"
        " (colonne 6)",
    )


def test_a_missing_file_and_an_empty_name(tmp_path: Path) -> None:
    assert_refused(
        ["points", str(tmp_path / "none.toml")],
        "none.toml: cannot read the file (No such file or directory)",
    )
    assert_refused(["points", ""], "nq points: argument file: not a file name: ''")


# --- the profile's warnings ---------------------------------------------------------------------

#: A core profile above the core limit: treated as elite, the elite maxima judge it.
BRUTE = MEN_AT_ARMS.replace("ac = 8", "ac = 11").replace("co = 6", "co = 8")
BRUTE = BRUTE.replace('["sword", "bow"]', '["halberd"]') + (
    '[[element]]\nname = "Horse"\ncc = 3\nst = 8\n'
)


def test_points_show_the_books_warnings(tmp_path: Path) -> None:
    path = tmp_path / "brute.toml"
    path.write_text(BRUTE, encoding="utf-8")
    code, out, err = outcome("points", str(path))
    assert code == 0 and err == ""
    warnings = [line for line in out.splitlines() if line.startswith("Warning: ")]
    assert warnings == [
        "Warning: CO 8 is above the recommended maximum of 7 for an elite model",
        "Warning: Horse: ST 8 is above the recommended maximum of 6 for an elite model",
        "Warning: Halberd: two handed, may not be used with a shield",
        "Warning: 74 points is above the core limit of 35: the model is elite",
    ]
    code, out, _ = outcome("--lang", "fr", "--json", "points", str(path))
    assert code == 0
    warnings = json.loads(out)["warnings"]
    assert [w["text"] for w in warnings] == [
        "Co 8 dépasse le maximum recommandé de 7 pour une figurine d’élite",
        "Horse\u00a0: F 8 dépasse le maximum recommandé de 6 pour une figurine d’élite",
        "Hallebarde\u00a0: arme à deux mains, ne peut pas être utilisée avec un bouclier",
        "74 points dépasse la limite des réguliers de 35\u00a0: la figurine est d’élite",
    ]
    assert [w["code"] for w in warnings] == [
        "above-maximum",
        "above-maximum",
        "two-handed-shield",
        "core-points-limit",
    ]
    assert warnings[1]["params"] == {
        "owner": "Horse",
        "key": "ST",
        "value": 8,
        "maximum": 6,
        "model": "an elite model",
    }


def test_a_profile_without_warnings_shows_none(tmp_path: Path) -> None:
    path = tmp_path / "men.toml"
    path.write_text(MEN_AT_ARMS, encoding="utf-8")
    code, out, _ = outcome("--json", "points", str(path))
    assert code == 0 and '"warnings": []' in out
    assert "Warning" not in outcome("points", str(path))[1]


WEAPONS = 'weapons = ["sword", "bow"]\n'


def profile(kind: str, extra: str) -> str:
    """The Men At Arms as a model of type ``kind``, with ``extra`` fields instead of weapons."""
    head, armour = MEN_AT_ARMS.split("[armour]")
    head = head.replace('type = "core"', f'type = "{kind}"').replace(WEAPONS, "")
    return f"{head}{extra}\n[armour]{armour}"


#: Profiles that together raise every shape of warning the engine words.
WARNING_PROFILES = {
    "characteristics": BRUTE,
    "limits": profile(
        "core",
        'weapons = ["halberd"]\nabilities = ["evade", "dodge", "double-time"]\ntraits = ["undead"]',
    ),
    "undead-archer": profile("core", 'weapons = ["bow"]\ntraits = ["undead"]').replace(
        "ra = 3", "ra = 5"
    ),
    "tattoos": profile(
        "core", 'spells = ["smoke"]\nequipment = [{ key = "magic-tattoos", level = "AR5" }]'
    ),
    "magic": profile(
        "elite",
        'spells = ["smoke", "fog"]\ntraits = [{ key = "magic-user", '
        'level = "1" }]\nabilities = [{ key = "extra-attack", level = "x3" }]',
    ),
    "initiate": profile(
        "elite",
        'spells = ["smoke", "fog"]\ntraits = ["initiate"]\n'
        'abilities = [{ key = "extra-attack", level = "x3" }]',
    ),
    "level-4": profile("elite", 'traits = [{ key = "magic-user", level = "4" }]'),
    "level-3": profile("elite", 'traits = [{ key = "magic-user", level = "3" }]'),
    "created-weapons": profile(
        "core",
        'weapons = [{ name = "Claws", st_bonus = 1, uc = 7, '
        'rules = ["two-ranks"] }, { name = "Spout", teardrop = "TTL", '
        'st = 9, uc = 2 }, { name = "Zapper", st = 6, cr = "15/+1", '
        'mr = "30/+0", lr = "45/-1" }]',
    ),
    "support-weapons": profile(
        "core",
        'weapons = [{ name = "Lance", st_bonus = 1, extra_wound = '
        'true, rules = ["cavalry-and-chariots-only"] }, { name = "Boom", '
        'kind = "support", st = 9, uc = 3, blast = 3, cr = "10/+1", '
        'mr = "20/+0", lr = "30/-1" }]',
    ),
    "cavalry": profile(
        "individual",
        'mounted = true\nweapons = [{ name = "Pike", st_bonus = 1, '
        'rules = ["no-cavalry"] }]\nspells = ["smoke"]',
    ),
}


@pytest.mark.parametrize("key", WARNING_PROFILES)
def test_every_warning_reads_in_french(tmp_path: Path, key: str) -> None:
    path = tmp_path / "profile.toml"
    path.write_text(WARNING_PROFILES[key], encoding="utf-8")
    code, out, err = outcome("--json", "points", str(path))
    assert code == 0, err
    english = json.loads(out)["warnings"]
    french = json.loads(outcome("--lang", "fr", "--json", "points", str(path))[1])["warnings"]
    assert english and len(french) == len(english)
    assert [w["code"] for w in french] == [w["code"] for w in english]
    assert [w["params"] for w in french] == [w["params"] for w in english]
    untranslated = [en for en, fr in zip(english, french, strict=True) if en["text"] == fr["text"]]
    assert untranslated == []
    texts = [w["text"] for w in french]
    # French colons: a no-break space before each
    assert not [t for t in texts if ": " in t.replace("\u00a0: ", "")], texts
    assert not [t for t in texts if "{" in t or "}" in t], texts  # every placeholder filled


def test_the_profiles_raise_every_shape_of_warning(tmp_path: Path) -> None:
    path = tmp_path / "profile.toml"
    raised = set()
    for text in WARNING_PROFILES.values():
        path.write_text(text, encoding="utf-8")
        raised |= {
            w["code"] for w in json.loads(outcome("--json", "points", str(path))[1])["warnings"]
        }
    assert sorted(set(MESSAGES) - raised) == []


# --- files written ------------------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_full_disk_is_one_line() -> None:
    full = "nq export: /dev/full: cannot write the file (No space left on device)"
    assert_refused(["export", "--output", "/dev/full"], full)


def test_a_missing_folder_and_a_directory(tmp_path: Path) -> None:
    missing = tmp_path / "missing" / "rules.json"
    assert_refused(
        ["export", "--output", str(missing)],
        f"{missing}: cannot write the file (the folder {missing.parent} does not exist)",
    )
    assert_refused(
        ["export", "--output", str(tmp_path)],
        f"{tmp_path}: cannot write the file (it is a directory)",
    )
    assert list(tmp_path.iterdir()) == []
    assert_refused(["export", "--output", ""], "nq export: argument --output: not a file name")


def _unwritable_folder(tmp_path: Path) -> Path:
    if os.geteuid() != 0:
        tmp_path.chmod(0o555)
        return tmp_path
    if Path("/sys/kernel").is_dir():  # sysfs refuses new files even to root
        return Path("/sys")
    pytest.skip("running as root without sysfs: no folder refuses a new file")


def test_a_permission_error_is_one_line(tmp_path: Path) -> None:
    target = _unwritable_folder(tmp_path) / "rules.json"
    try:
        assert_refused(
            ["export", "--output", str(target)],
            f"{target}: cannot write the file (Permission denied)",
        )
    finally:
        tmp_path.chmod(0o755)


def test_a_fifo_nobody_reads_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "rules.json"
    os.mkfifo(fifo)
    result = command("export", "--output", str(fifo))
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"nq export: {fifo}: cannot write the file (no process reads it)\n"


def test_a_failed_export_leaves_the_old_file_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "rules.json"
    target.write_text("the old rules\n", encoding="utf-8")

    def disk_full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(nqcore.cli.files.os, "fsync", disk_full)
    assert_refused(
        ["export", "--output", str(target)],
        f"{target}: cannot write the file (No space left on device)",
    )
    assert target.read_text(encoding="utf-8") == "the old rules\n"
    assert [p.name for p in tmp_path.iterdir()] == ["rules.json"]  # no temporary file left


def test_an_export_replaces_the_file_and_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "rules.json"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target.name)
    code, out, err = outcome("export", "--output", str(link))
    assert (code, out, err) == (0, "", "")
    assert link.is_symlink() and target.read_text(encoding="utf-8").startswith("{")
    assert target.stat().st_mode & 0o777 == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "rules.json"]


# --- arguments ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv,names",
    [
        (["cast", "5", "--chant", HUGE], "argument --chant: chanting initiates must be 0 to 100"),
        (["shoot", "5", "1e400", "--weapon", "bow"], "argument distance: a distance is a number"),
        (["shoot", "5", "1e999999999", "--weapon", "bow"], "argument distance: a distance is a"),
        (["shoot", "5", HUGE, "--weapon", "bow"], "argument distance: a distance is a number"),
        (["shoot", "5", f"1/{HUGE}", "--weapon", "bow"], "argument distance: a distance is a"),
        (["shoot", "5", "1001", "--weapon", "bow"], "a distance must be 0 to 1000 inches"),
        (["save", "3", "4", "--pm", f"-{HUGE}"], "argument --pm: PM must be -10 to 0"),
        (["attack", "5", "4", "4", "--hit-modifier", HUGE], "argument --hit-modifier: a to-hit"),
        (["attack", HUGE, "4", "4"], "argument N: SKILL, ST or T must be 0 to 99"),
        (["attack", "5", "4", "4", "--weapon", "bow", "--distance", "inf"], "argument --distance"),
        (["command", "7", "--fear", HUGE], "argument --fear: a fear level must be 0 to 2"),
        (["morale", HUGE, "1"], "argument starting: a unit's starting number must be 1 to 1000"),
        (["morale", "16", "1", HUGER], "argument casualties: casualties in a turn must be"),
        (["move", HUGER], "argument actions: actions must be 0 to 20"),
        (["cast", "\u0663"], "argument level: spell level must be a whole number, not '٣'"),
        (["hit", "\uff15"], "argument cc: CC must be a whole number, not '５'"),
        (["wound", "4", "\u0969"], "argument toughness: T must be a whole number"),
        (["shoot", "5", "\u0661\u0662", "--weapon", "bow"], "argument distance: a distance is"),
        (["hit", "1_0"], "argument cc: CC must be a whole number, not '1_0'"),
        (["hit", " 5"], "argument cc: CC must be a whole number, not ' 5'"),
        (["hit", "5.0"], "argument cc: CC must be a whole number, not '5.0'"),
        (["hit", "nan"], "argument cc: CC must be a whole number, not 'nan'"),
        (["hit", ""], "argument cc: CC must be a whole number, not ''"),
        (["hit", "-0"], "argument cc: CC must be 1 to 10, not 0"),
        (["shoot", "5", "", "--weapon", "bow"], "argument distance: a distance is a number"),
        (["shoot", "5", "nan", "--weapon", "bow"], "argument distance: a distance is a number"),
        (["shoot", "5", "12", "--ranges", "10/+1", "20/+0", "٣٠/-1"], "argument --ranges"),
        (["cast", "--spell", ""], "argument --spell: a name is 1 to 100 characters, not ''"),
        (["shoot", "5", "12", "--weapon", "x" * 5000], "argument --weapon: a name is 1 to 100"),
    ],
    ids=lambda value: value[0] if isinstance(value, list) else None,
)
def test_bad_numbers_are_one_usage_line(argv: list[str], names: str) -> None:
    started = time.process_time()  # the process's own CPU: no other process's load counts
    err = assert_refused(argv, names)
    assert time.process_time() - started < 2
    assert len(err) < 300  # a huge number is not echoed back whole


def test_a_newline_in_a_name_stays_on_one_line() -> None:
    assert_refused(["hit", "5", "--mod", "a\nb"], "nq hit: unknown close combat modifier 'a\\nb'")
    assert_refused(["hit", "5", "--mod", "a\u2028b"], "unknown close combat modifier")


def test_an_output_that_cannot_show_accents_gets_question_marks() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "nqcore", "--lang", "fr", "cast", "5"],
        capture_output=True,
        text=True,
        timeout=20,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert (result.returncode, result.stderr) == (0, "")
    assert "R?sultat n?cessaire?: 5 ou moins" in result.stdout


def test_ctrl_c_is_exit_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("nqcore.cli.commands.build_parser", interrupted)
    assert outcome("errata") == (130, "", "")


# --- any command line ---------------------------------------------------------------------------

EVIL = [
    HUGE,
    f"-{HUGE}",
    HUGER,
    "1e400",
    "1e999999999",
    "-1e400",
    "nan",
    "inf",
    "-inf",
    "-0",
    "0",
    "\u0663",
    "\uff15",
    "\u0661\u0662",
    "1_000",
    " 7",
    "7 ",
    "",
    "-",
    "--",
    "1/0",
    "25/2",
    "3.5",
    "0x10",
    "٣/٢",
    "10/+1",
    "-1",
    "5",
    "12",
    "\x00",
    "a\nb",
    "\u2028",
]
QUESTIONS = {
    "cast": ["--spell", "--wizardry", "--concentrate", "--chant"],
    "cancel": ["--spell", "--concentrate"],
    "hit": ["--mod"],
    "shoot": ["--weapon", "--ranges", "--mod"],
    "save": ["--pm", "--re", "--ranked"],
    "wound": [],
    "attack": [
        "--attacker",
        "--target",
        "--weapon",
        "--distance",
        "--armour",
        "--pm",
        "--re",
        "--mod",
        "--hit-modifier",
        "--ranked",
    ],
    "command": ["--mod", "--fear", "--battle-standard"],
    "morale": [],
    "move": ["--ability"],
    "points": [],
    "errata": [],
    "export": ["--output"],
}
NAMES = [
    "bow",
    "sword",
    "orc-bruiser",
    "dwarf",
    "Fireball",
    "charging",
    "large-target",
    "banner",
    "flying",
    "fr",
    "en",
]


#: Files to give `points` and `export`, one of each kind (filled by the fixture `playground`).
FILES: list[str] = []


@pytest.fixture(scope="module")
def playground(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder of files of every kind, and the working folder of the generated command lines:
    whatever file a command line names, it is read or written in there.  The rules data that
    `nq export` writes is built once (it takes no input), so that a busy machine does not take
    its time for a hang."""
    folder = tmp_path_factory.mktemp("untrusted")
    (folder / "men.toml").write_text(MEN_AT_ARMS, encoding="utf-8")
    (folder / "deep.toml").write_text("a = " + "[" * 3000 + "]" * 3000, encoding="utf-8")
    (folder / "binary.toml").write_bytes(b"\x00\xff")
    os.mkfifo(folder / "fifo")
    names = ("men.toml", "deep.toml", "binary.toml", "fifo", "out.json")
    FILES[:] = [str(folder / n) for n in names] + [str(folder), "/dev/zero", "/dev/full"]
    FILES.append("/nonexistent/x.toml")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nqcore.cli.export, "export", cache(nqcore.cli.export.export))
        outcome("--lang", "fr", "export")  # imports and catalogues once, not in the first example
        yield folder


def hostile() -> st.SearchStrategy[str]:
    """Text no argument should take: huge, non-finite, Unicode digits, empty, or anything."""
    huge = st.text("0123456789", min_size=20, max_size=400).map(lambda digits: f"1{digits}")
    return st.one_of(
        st.sampled_from(EVIL),
        st.one_of(huge, huge.map(lambda text: f"-{text}"), huge.map(lambda text: f"1/{text}")),
        st.floats().map(str),  # 1e+300, inf, nan, -0.0
        st.text(max_size=12),
    )


def well_formed(question: str) -> list[str]:
    """A question that `nq` answers, to be spoilt by :func:`command_lines`."""
    return {
        "cast": ["5", "--wizardry", "0", "--chant", "1", "--spell", "Fireball"],
        "cancel": ["5", "--concentrate", "--spell", "smoke"],
        "hit": ["5", "--mod", "charging"],
        "shoot": ["5", "12", "--weapon", "bow", "--ranges", "10/+1", "20/+0", "30/-1"],
        "save": ["3", "4", "--pm", "-1", "--re", "1", "--ranked"],
        "wound": ["4", "3"],
        "attack": [
            "5",
            "4",
            "4",
            "--armour",
            "3",
            "--pm",
            "-1",
            "--hit-modifier",
            "1",
            "--re",
            "0",
            "--weapon",
            "bow",
            "--distance",
            "12",
            "--mod",
            "aiming",
        ],
        "command": ["7", "--fear", "1", "--mod", "banner", "--battle-standard"],
        "morale": ["16", "3", "4", "2"],
        "move": ["6", "--ability", "flying"],
        "points": [FILES[0]],
        "errata": [],
        "export": ["--output", FILES[4]],
    }[question]


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A well-formed question with some of its values made hostile, perhaps an option more."""
    question = draw(st.sampled_from(sorted(QUESTIONS)))
    argv = well_formed(question)
    slots = [i for i, word in enumerate(argv) if not word.startswith("--")]
    for i in draw(st.lists(st.sampled_from(slots), min_size=1, max_size=2)) if slots else []:
        argv[i] = draw(hostile())
    if draw(st.booleans()):  # another option, and what follows it
        option = draw(st.sampled_from(QUESTIONS[question] + ["--lang", "--json", "--help"]))
        following = st.one_of(hostile(), st.sampled_from(NAMES + FILES))
        argv += [option, *draw(st.lists(following, max_size=2))]
    if question == "export":  # it writes: only in the working folder, or to a file of ours
        argv = [word if word in FILES else word.replace("/", "_") for word in argv]
    return [
        *draw(st.lists(st.sampled_from(["--json", "--lang", "fr"]), max_size=2)),
        question,
        *argv,
    ]


@contextlib.contextmanager
def watchdog(seconds: float) -> Iterator[None]:
    """A call blocked in the system (opening a FIFO, reading a pipe) fails instead of hanging."""

    def expired(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


#: CPU seconds past which a command line's answer counts as a runaway.
RUNAWAY_CPU_SECONDS = 10


@pytest.mark.slow  # 300 command lines, each a process
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(argv=command_lines())
def test_any_command_line_is_an_answer_or_one_line(playground: Path, argv: list[str]) -> None:
    started = time.process_time()  # CPU spent on the answer: a busy machine's wait is not counted
    with contextlib.chdir(playground), watchdog(60):
        code, out, err = outcome(*argv)
    elapsed = time.process_time() - started
    # A runaway answer (an argument that makes the engine loop) fails; a loaded machine does not:
    # ``export``, the longest answer, took 2.25 s of CPU in a run of the whole suite beside builds.
    assert elapsed < RUNAWAY_CPU_SECONDS, f"{elapsed:.2f} s of CPU"
    assert code in (0, 2), (code, err)
    assert "Traceback" not in err
    if code == 2:
        assert len(err.splitlines()) <= 1, err
    elif "--help" not in argv and "-h" not in argv:
        assert err == "", err


@pytest.mark.parametrize(
    ("data", "added", "said"),
    [
        ("game_limits.toml", "foo = 1\n", "game_limits.toml, field combination foo"),
        ("abilities.toml", "zzz = 1\n", "abilities.toml"),
    ],
)
def test_a_refused_data_file_is_one_line_for_every_question(
    tmp_path: Path, data: str, added: str, said: str
) -> None:
    """The options' bounds are read from the engine's data before any question: a data file
    the schema refuses printed a 40-line traceback for every question, ``--help`` too (attack
    round twenty-two); now one line naming the file and record, exit 2."""
    import shutil

    import nqcore

    copy = tmp_path / "nqcore"
    ignored = shutil.ignore_patterns("__pycache__")
    shutil.copytree(Path(nqcore.__file__).parent, copy, ignore=ignored)
    with (copy / "data" / data).open("a", encoding="utf-8") as file:
        file.write(added)
    for argv in (["cast", "5", "--wizardry", "2"], ["--help"], ["--lang", "fr", "move", "3"]):
        run = subprocess.run(
            [sys.executable, "-c", "import sys; from nqcore.cli.commands import main; "
             "sys.exit(main(sys.argv[1:]))", *argv],
            env={**os.environ, "PYTHONPATH": str(tmp_path)}, cwd=tmp_path,
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert run.returncode == 2, (argv, run.stderr)
        assert "Traceback" not in run.stderr and said in run.stderr, (argv, run.stderr)
        assert len(run.stderr.strip().splitlines()) == 1, run.stderr


def test_a_key_of_too_many_parts_is_refused_by_the_page_and_the_data_reader() -> None:
    """The page's import (the engine's reader of a player's file) and the reader of the
    project's data files (a contributor's) refuse it as ``nq`` does, in the page's language."""
    from nqcompanion.bridge.web import points
    from nqcore.data.datafiles import DataFileError, parse

    text = LONG_KEYS["dotted-key"][0]
    said = points(text, "fr", "long.toml")
    assert said["error"] == "long.toml, ligne 2\u00a0: une clé de plus de 32 parties (colonne 2)"
    with pytest.raises(DataFileError, match=r"^spells\.toml, line 2: a key of more than 32 parts"):
        parse(text, "spells.toml", None)


def test_a_refused_data_file_is_one_line_in_french_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attacker round 27: the French catalogue is checked against the data's names as it loads,
    so a refused data file (Fireball's range_inches = 100) made every ``nq --lang fr`` question
    and the translators' guard print a 49-line traceback; now the file's one line, exit 2."""
    from nqcore import i18n
    from nqcore.cli.commands import main
    from nqcore.data.datafiles import DataFileError
    from nqtranslate import guard

    said = "nqcore/data/spells.toml, spell #1 (fireball), field range_inches: expected int <= 99"

    def refused(lang: str) -> object:
        raise DataFileError(said)

    monkeypatch.setattr(i18n, "translator", refused)
    capsys.readouterr()
    assert main(["--lang", "fr", "move", "3"]) == 2
    assert capsys.readouterr().err == f"nq: {said}\n"
    monkeypatch.setattr(guard, "verify", refused)
    assert guard.main(["fr"]) == 2
    assert capsys.readouterr().err == f"Refused input: {said}\n"
