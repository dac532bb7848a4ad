"""A language code is two or three small letters, and a country's two capitals after ``_``
(attack round twenty-four, minor observation 2): ``nqcore/locale/_engine/`` made ``nq`` offer
``--lang _engine`` and ``./dev html-_engine`` start a build into the site's engine folder.  It is
refused before it names a folder: by the Makefile's language list, and by the engine's discovery
of languages (left out of ``LANGUAGES``; the build names it in one line)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from nqcore import i18n, language_codes

ROOT = Path(__file__).resolve().parents[2]
FRENCH = ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"


def _locale(tmp_path: Path, *codes: str) -> Path:
    for code in codes:
        folder = tmp_path / "nqcore" / "locale" / code / "LC_MESSAGES"
        folder.mkdir(parents=True)
        shutil.copyfile(FRENCH, folder / "nqcore.po")
    return tmp_path / "nqcore" / "locale"


@pytest.mark.parametrize("code", ["_engine", "FR", "french", "fr_fr", "f"])
def test_the_engine_leaves_a_misnamed_folder_out_and_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    locale = _locale(tmp_path, "fr", "pt_BR", code)
    languages, misnamed = language_codes.discovered([locale], "nqcore", "en")
    assert languages == ("en", "fr", "pt_BR")
    assert [path.parents[1].name for path in misnamed] == [code]
    monkeypatch.setattr(i18n, "MISNAMED", misnamed)
    [said] = language_codes.misnamed_problems()
    assert said.endswith(
        f"/{code}/LC_MESSAGES/nqcore.po:1: {code!r} is not a language code"
        " (two or three small letters, then _ and a country's two capitals if"
        " any: fr, pt_BR): refused"
    )


@pytest.mark.parametrize("code", ["_engine", "FR", "fr_fr"])
def test_the_makefile_refuses_it_in_one_line(tmp_path: Path, code: str) -> None:
    _locale(tmp_path, "fr", code)
    done = subprocess.run(
        ["make", "-s", "-n", "-f", str(ROOT / "Makefile"), "-C", str(tmp_path), "html-en"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode != 0
    [line] = done.stderr.splitlines()
    assert f"Refused input: nqcore/locale/{code}/LC_MESSAGES/nqcore.po: language code" in line


def test_the_makefile_takes_good_codes(tmp_path: Path) -> None:
    _locale(tmp_path, "fr", "pt_BR", "gsw")
    done = subprocess.run(
        ["make", "-s", "-n", "-f", str(ROOT / "Makefile"), "-C", str(tmp_path), "html-pt_BR"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "Refused input" not in done.stderr
