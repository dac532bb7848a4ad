"""The package catalogues' warnings kept in the process (nqtranslate/kept_results.py): made once
for the same bytes, made again when a file read changes, appears or goes."""

from __future__ import annotations

from pathlib import Path

from nqtranslate.kept_results import kept_lines


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
