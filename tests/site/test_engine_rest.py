"""The standard library in two parts (nqcompanion/bridge/stdlib_rest.py): a first visit downloads
the modules that the page's questions load; the rest of what the engine may import waits in a
second zip, fetched only by an import that asks for it."""

from __future__ import annotations

import io
import json
import sys
import zipfile
from pathlib import Path

import pytest

from nqcompanion.bridge.stdlib_rest import RestOfStdlib
from nqcompanion.engine import bundle, imports, trace
from nqsphinx.site import engine_files


def _names(data: bytes) -> set[str]:
    return set(zipfile.ZipFile(io.BytesIO(data)).namelist())


def test_the_two_zips_split_what_the_engine_may_import() -> None:
    """Nothing the engine may import is lost or shipped twice; the first zip holds what the
    questions load (re, json, argparse, Pyodide's own), the rest what they never do (email,
    the HTTP client), and a first visit downloads little more than half of the library."""
    files = bundle.engine_files()
    first, rest = (_names(files[name]) for name in (engine_files.STDLIB, engine_files.STDLIB_REST))
    modules = {name for name in first | rest if name.endswith(".py")}
    assert not {name for name in first & rest if name.endswith(".py")}
    assert {"re/__init__.py", "json/decoder.py", "argparse.py", "_pyodide/_base.py"} <= first
    assert {"email/utils.py", "http/client.py"} <= rest
    kept = bundle.imported()
    assert {imports.module_name(name) for name in modules} <= set(kept)
    listed = json.loads(
        zipfile.ZipFile(io.BytesIO(files[engine_files.ENGINE_ZIP])).read(
            engine_files.STDLIB_REST_NAMES
        )
    )
    assert set(listed) == {imports.module_name(name) for name in rest if name.endswith(".py")}
    assert len(files[engine_files.STDLIB]) < 0.6 * (
        len(files[engine_files.STDLIB]) + len(files[engine_files.STDLIB_REST])
    )
    assert engine_files.STDLIB_REST not in engine_files.STARTING_NAMES


def test_a_listed_import_fetches_the_rest_once_and_no_other_fetches_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    archive = io.BytesIO()
    with zipfile.ZipFile(archive, "w") as made:
        made.writestr("nq_rest_probe/__init__.py", "")
        made.writestr("nq_rest_probe/inner.py", "VALUE = 7\n")
    fetched: list[int] = []

    def fetch() -> bytes:
        fetched.append(1)
        return archive.getvalue()

    finder = RestOfStdlib(["nq_rest_probe", "nq_rest_probe.inner"], str(tmp_path / "r.zip"), fetch)
    monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder])
    assert finder.find_spec("some_optional_module") is None
    assert not fetched and not (tmp_path / "r.zip").exists()
    try:
        from nq_rest_probe.inner import VALUE  # type: ignore[import-not-found]

        assert VALUE == 7
        assert fetched == [1] and finder.served == [
            "nq_rest_probe"
        ]  # the inner one: its package's path
    finally:
        for name in ("nq_rest_probe.inner", "nq_rest_probe"):
            sys.modules.pop(name, None)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundle.write_engine(tmp_path_factory.mktemp("engine") / "_engine")


@pytest.mark.slow  # Node starts Pyodide twice: about 12 s
def test_the_questions_load_only_the_first_zip(engine: Path) -> None:
    """Pyodide (in Node) started as the worker starts it, every kind of question asked in both
    languages, its memory made and restored: no module came from the rest, and each module
    loaded is on the list (else: ``python -m nqcompanion.engine.trace ENGINE --write``)."""
    found = trace.trace(engine)
    assert not found.served, found.served
    assert set(found.loaded) <= imports.first_modules(), set(found.loaded) - imports.first_modules()
    assert {"argparse", "json", "tomllib", "fractions"} <= set(found.loaded)


@pytest.mark.slow
def test_an_import_not_foreseen_is_served_from_the_rest(engine: Path) -> None:
    """After the questions, and in the restored engine, a module of the rest imports and works."""
    check = "import email.utils\nassert email.utils.quote('a\"') == 'a\\\\\"'"
    found = trace.trace(engine, then=check)
    assert "email" in found.served and "email.utils" in found.loaded


def test_the_trace_command_names_its_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert trace.main([]) == 2
    assert trace.main(["--write"]) == 2
    assert (
        "usage: python -m nqcompanion.engine.trace ENGINE_FOLDER [--write]"
        in capsys.readouterr().err
    )
