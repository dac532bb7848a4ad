"""The engine bundle's slow steps kept between builds (nqcompanion/engine/kept_steps.py): the
same inputs read what was made, other inputs or other code make a new entry, and what is read
is what the step makes."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from unittest import mock

import pytest

from nqcompanion.engine import imports, kept_steps

SOURCES = {
    "a": ("import b\n", False),
    "b": ("from c import d\n", False),
    "c": ("", True),
    "c.d": ("x = 1\n", False),
    "e": ("import a\n", False),
}


def _zip(modules: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:  # as Pyodide's is
        for name, text in modules.items():
            archive.writestr(name, text)
    return out.getvalue()


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(kept_steps.CACHE_VARIABLE, str(tmp_path))
    return tmp_path


def test_a_closure_is_made_once_then_read(folder: Path) -> None:
    made = kept_steps.closure(SOURCES, ["a"])
    assert made == imports.closure(SOURCES, ["a"]) == {"a", "b", "c", "c.d"}
    with mock.patch.object(imports, "closure", side_effect=AssertionError("made again")):
        assert kept_steps.closure(SOURCES, ["a"]) == made
        with pytest.raises(AssertionError, match="made again"):  # another root: another entry
            kept_steps.closure(SOURCES, ["e"])
        changed = SOURCES | {"c.d": ("import e\n", False)}
        with pytest.raises(AssertionError, match="made again"):  # another source: another entry
            kept_steps.closure(changed, ["a"])
    assert len(list(folder.glob("closure-*"))) == 1


def test_a_trimmed_zip_is_made_once_then_read(folder: Path) -> None:
    data = _zip({"a.py": '"""Doc."""\nimport b\n', "b.py": "x = 1  # note\n", "z.py": ""})
    made = kept_steps.trimmed(data, {"a", "b"})
    assert made == imports.trimmed(data, {"a", "b"})
    assert zipfile.ZipFile(io.BytesIO(made)).namelist() == ["a.py", "b.py"]
    with mock.patch.object(imports, "trimmed", side_effect=AssertionError("made again")):
        assert kept_steps.trimmed(data, {"a", "b"}) == made
        with pytest.raises(AssertionError, match="made again"):
            kept_steps.trimmed(data, {"a"})
    assert [p.read_bytes() for p in folder.glob("trimmed-*")] == [made]


def test_the_code_that_makes_a_step_is_part_of_its_key(
    folder: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """An edit of the trimming code (imports.py, slim.py) names a new entry: a build never
    reads what older code made."""
    kept_steps.closure(SOURCES, ["a"])
    edited = tmp_path_factory.mktemp("code") / "slim.py"
    edited.write_bytes(Path(kept_steps.slim.__file__ or "").read_bytes() + b"\n# edited\n")
    with mock.patch.object(kept_steps.slim, "__file__", str(edited)):
        kept_steps.closure(SOURCES, ["a"])
    assert len(list(folder.glob("closure-*"))) == 2
