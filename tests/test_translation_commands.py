"""``python -m nqtranslate COMMAND``: each command runs its module, an unknown one is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqtranslate import tidy
from nqtranslate.__main__ import COMMANDS, main


def test_an_unknown_command_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate"]) == 2
    assert main([]) == 2
    err = capsys.readouterr().err
    assert all(f"  {name} " in err for name in [*COMMANDS, "check"])


def test_a_command_runs_its_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``tidy`` through the entry point lays a catalogue out as its module does: a command that
    reads the one catalogue it is given (``status`` reads every one: 8 s each way)."""
    long = "A sentence long enough that msgcat wraps it at seventy-nine columns, as Poedit does. "
    header = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    text = f'{header}msgid "{long * 2}"\nmsgstr ""\n'
    through, alone = tmp_path / "through", tmp_path / "alone"
    for folder in (through, alone):
        folder.mkdir()
        (folder / "page.po").write_text(text, encoding="utf-8")
    assert main(["tidy", str(through)]) == 0 == tidy.main([str(alone)])
    assert capsys.readouterr().out.count("tidied ") == 2
    tidied = (through / "page.po").read_text(encoding="utf-8")
    assert tidied != text and tidied == (alone / "page.po").read_text(encoding="utf-8")
