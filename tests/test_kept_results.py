"""The package catalogues' warnings kept in the process and beside a build's doctrees
(nqtranslate/kept_results.py): made once for the same bytes, made again when a file read changes,
appears or goes, or when the checker's code or hunspell's dictionaries change."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from nqcore.i18n import ROOT
from nqtranslate import english_words, kept_results
from nqtranslate.kept_results import KEPT_FILE, kept_in, kept_lines


def test_the_same_bytes_are_not_checked_again_and_a_change_is(tmp_path: Path) -> None:
    read = [tmp_path / "a.po", tmp_path / "b.toml"]
    read[0].write_text("one", encoding="utf-8")
    made: list[int] = []

    def make() -> list[str]:
        made.append(1)
        return [f"warning {len(made)}"]

    key = ("test", str(tmp_path))
    first = kept_lines(key, read, make)
    first.append("added by a caller")  # a new list each time: the kept one is not changed
    assert kept_lines(key, read, make) == ["warning 1"] and len(made) == 1
    read[1].write_text("now there", encoding="utf-8")  # a file read appears
    assert kept_lines(key, read, make) == ["warning 2"]
    read[0].write_text("two", encoding="utf-8")  # a file read changes
    assert kept_lines(key, read, make) == ["warning 3"]
    read[0].write_text("one", encoding="utf-8")  # back as it was: what it gave then
    read[1].unlink()
    assert kept_lines(key, read, make) == ["warning 1"] and len(made) == 3
    assert kept_lines(("other", str(tmp_path)), read, make) == ["warning 4"]


def _counting() -> tuple[list[int], Callable[[], list[str]]]:
    made: list[int] = []

    def make() -> list[str]:
        made.append(1)
        return [f"warning {len(made)}"]

    return made, make


def test_a_build_finds_what_the_last_build_of_its_folder_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process (the memo emptied) reads the file beside the doctrees; what a build did
    not use is not kept for the next."""
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    doctrees = tmp_path / "doctrees"
    made, make = _counting()
    with kept_in(doctrees):
        assert kept_lines(("test",), read, make) == ["warning 1"]
        assert kept_lines(("unused",), read, make) == ["warning 2"]
    monkeypatch.setattr(kept_results, "_KEPT", {})
    with kept_in(doctrees):
        assert kept_lines(("test",), read, make) == ["warning 1"] and len(made) == 2
    monkeypatch.setattr(kept_results, "_KEPT", {})
    with kept_in(doctrees):
        assert kept_lines(("unused",), read, make) == ["warning 3"]
    monkeypatch.setattr(kept_results, "_KEPT", {})
    assert kept_lines(("test",), read, make) == ["warning 4"]  # outside kept_in: no file read


def test_other_code_or_dictionaries_make_the_warnings_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    made, make = _counting()
    with kept_in(tmp_path):
        kept_lines(("test",), read, make)
    monkeypatch.setattr(kept_results, "_KEPT", {})
    monkeypatch.setattr(kept_results, "_LAST_TOOLS", [])
    monkeypatch.setattr(english_words, "forget", lambda: None)
    monkeypatch.setattr(kept_results, "tools_digest", lambda: kept_results._CODE_AT_START + "x")
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, make) == ["warning 2"]


def test_the_tools_digest_follows_the_code_and_hunspell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = kept_results.tools_digest()
    dictionaries = tmp_path / "dicts"
    dictionaries.mkdir()
    monkeypatch.setenv("DICPATH", str(dictionaries))
    (dictionaries / "fr_FR.dic").write_text("1\nmot\n", encoding="utf-8")
    assert kept_results.tools_digest() != before
    monkeypatch.delenv("DICPATH")
    assert kept_results.tools_digest() == before
    code = kept_results._code()
    copied = tmp_path / "project"
    for module in code:
        target = copied / module.relative_to(ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(module.read_bytes())
    (copied / "locale/fr").mkdir(parents=True)
    (copied / "locale/fr/wordlist.txt").write_bytes((ROOT / "locale/fr/wordlist.txt").read_bytes())
    monkeypatch.setattr(kept_results, "ROOT", copied)  # a copy: the same code, the same key
    assert kept_results.tools_digest() == before
    changed = copied / code[0].relative_to(ROOT)
    changed.write_bytes(changed.read_bytes() + b"#")  # one byte of one module
    assert kept_results.tools_digest() != before


@pytest.mark.parametrize(
    "stored",
    ["not json", "[1, 2]", '{"KEY": "a string"}', '{"KEY": [1]}', "[" * 100_000],
    ids=["garbled", "a list", "a string", "a number", "too deep"],
)
def test_a_broken_file_of_kept_warnings_is_made_again(tmp_path: Path, stored: str) -> None:
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    made, make = _counting()
    with kept_in(tmp_path):
        kept_lines(("test",), read, make)
    kept = json.loads((tmp_path / KEPT_FILE).read_text(encoding="utf-8"))
    (tmp_path / KEPT_FILE).write_text(stored.replace("KEY", *kept), encoding="utf-8")
    kept_results._KEPT.clear()
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, make) == ["warning 2"]


def test_a_file_of_the_project_is_keyed_by_its_path_in_the_project(tmp_path: Path) -> None:
    """A copy of the project (the fault injection's) finds what the original kept; a file
    outside it is keyed by its whole path."""
    inside = ROOT / "nqtranslate" / "kept_results.py"
    assert kept_results._named(inside) == "nqtranslate/kept_results.py"
    assert kept_results._named(tmp_path / "a.po") == str(tmp_path / "a.po")


def test_what_the_process_kept_under_other_tools_is_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A resident builder (make live) that lives on while hunspell's English dictionary is
    installed: what it judged without it is neither shown nor kept on disk for the next build."""
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    made, make = _counting()
    forgotten: list[int] = []
    monkeypatch.setattr(kept_results, "_KEPT", {})
    monkeypatch.setattr(kept_results, "_LAST_TOOLS", [])
    monkeypatch.setattr(english_words, "forget", lambda: forgotten.append(1))
    start = kept_results._CODE_AT_START
    monkeypatch.setattr(kept_results, "tools_digest", lambda: start + "no English dictionary")
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, make) == ["warning 1"]
    monkeypatch.setattr(kept_results, "tools_digest", lambda: start + "English dictionary")
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, make) == ["warning 2"]
    assert forgotten == [1]
    monkeypatch.setattr(kept_results, "_KEPT", {})  # the next process
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, make) == ["warning 2"] and len(made) == 2


def test_links_among_the_code_are_not_followed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module that is a loop of links, or a link to a device, is no code: the digest is made
    without reading it (Read the Docs builds without make's check of links)."""
    code = tmp_path / "nqtranslate"
    code.mkdir()
    (code / "loop.py").symlink_to("loop.py")
    (code / "zero.py").symlink_to("/dev/zero")
    (code / "real.py").write_text("x = 1\n", encoding="utf-8")
    (tmp_path / "outside.py").write_text("y = 2\n", encoding="utf-8")
    (code / "elsewhere.py").symlink_to(tmp_path / "outside.py")  # a regular file, elsewhere
    monkeypatch.setattr(kept_results, "ROOT", tmp_path)
    assert kept_results._code() == [code / "real.py"]
    assert kept_results.tools_digest()
    assert kept_results._named(code / "loop.py") == str(code / "loop.py")


def test_a_folder_that_takes_no_file_keeps_nothing(tmp_path: Path) -> None:
    (tmp_path / KEPT_FILE).mkdir()
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, lambda: ["warning"]) == ["warning"]
    assert (tmp_path / KEPT_FILE).is_dir()
    assert not list(tmp_path.glob(f".{KEPT_FILE}.*"))


def test_a_result_made_while_a_tool_failed_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """hunspell killed (or out of memory) judges no word: its empty answer would otherwise be
    kept beside the doctrees, and every later build would show no English."""
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    monkeypatch.setattr(kept_results, "_KEPT", {})

    def failing() -> list[str]:
        kept_results.unsure()
        return []

    with kept_in(tmp_path):
        assert kept_lines(("test",), read, failing) == []
        assert kept_lines(("test",), read, lambda: ["warning"]) == ["warning"]
    monkeypatch.setattr(kept_results, "_KEPT", {})
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, lambda: ["made again"]) == ["warning"]


def test_code_saved_since_the_process_started_keeps_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module saved during a build: the lines the old code made are not kept under the new
    code's key, and none are read."""
    read = [tmp_path / "a.po"]
    read[0].write_text("one", encoding="utf-8")
    with kept_in(tmp_path):
        kept_lines(("test",), read, lambda: ["old code"])
    monkeypatch.setattr(kept_results, "_KEPT", {})
    monkeypatch.setattr(kept_results, "_CODE_AT_START", "the code as imported")
    with kept_in(tmp_path):
        assert kept_lines(("test",), read, lambda: ["new code"]) == ["new code"]
    kept = json.loads((tmp_path / KEPT_FILE).read_text(encoding="utf-8"))
    assert list(kept.values()) == [["old code"]]  # nothing written under the changed code


def test_a_failed_lookup_is_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word hunspell could not be asked about is not taken as judged."""
    answers: list[dict[str, bool] | None] = [None, {"Bloodlust": False}, {"Bloodlust": True}]
    monkeypatch.setattr(english_words, "_lookup", lambda _d, w: answers.pop(0) if w else {})
    english_words.forget()
    try:
        english_words.learn(["Bloodlust"])
        assert "Bloodlust" not in english_words._ASKED
        english_words.learn(["Bloodlust"])
        assert english_words._KNOWN["fr_FR", "Bloodlust"] is False
    finally:
        english_words.forget()
