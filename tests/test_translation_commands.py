"""``python -m nqtranslate COMMAND``: each command runs its module, an unknown one is refused."""

from __future__ import annotations

import pytest

from nqtranslate import status
from nqtranslate.__main__ import COMMANDS, main


def test_an_unknown_command_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["translate"]) == 2
    assert main([]) == 2
    err = capsys.readouterr().err
    assert all(f"  {name} " in err for name in [*COMMANDS, "check"])


def test_a_command_runs_its_module(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status"]) == status.main([])
    out = capsys.readouterr().out
    first, second = out[: len(out) // 2], out[len(out) // 2 :]
    assert first == second and "other catalogues," in first  # the same table twice
