"""The engine ships its Python without docstrings and comments, and Babel's data without what
it never formats (nqcompanion/engine/slim.py): the same answers, a smaller first download."""

from __future__ import annotations

import io
import json
import pickle
import subprocess
import sys
import zipfile
from pathlib import Path

from nqcompanion.engine import bundle, slim, trace
from nqsphinx.site import engine_files

SOURCE = b'''"""The module's docstring."""
from __future__ import annotations
# a comment
class Kept:
    """Only a docstring."""
def twice(value: int) -> int:
    """Its docstring."""
    return value * 2  # a comment at the end
'''


def test_docstrings_and_comments_go_and_the_code_stays() -> None:
    slimmed = slim.stripped_source(SOURCE).decode("utf-8")
    assert "docstring" not in slimmed and "comment" not in slimmed
    assert "value: int" in slimmed  # annotations stay: dataclasses and msgspec read them
    space: dict[str, object] = {}
    exec(compile(slimmed, "slimmed", "exec"), space)  # noqa: S102 - the test's own source
    assert space["twice"](21) == 42  # type: ignore[operator]
    assert space["Kept"].__doc__ is None


def test_a_module_the_build_cannot_parse_or_pyodide_s_own_is_kept_as_written() -> None:
    newer = b"type Pair = tuple[int, int]  # Python 3.12's syntax\n"
    if sys.version_info < (3, 12):
        assert slim.stripped_source(newer) == newer
    assert slim.slim_module("_pyodide.docstring", SOURCE) == SOURCE
    assert slim.slim_module("pyodide.ffi", SOURCE) == SOURCE
    assert slim.slim_module("json.decoder", SOURCE) != SOURCE


def test_a_module_too_deep_for_ast_is_kept_as_written() -> None:
    """CPython compiles a sum of 600 terms; ``ast`` cannot write it back (the build stopped on a
    RecursionError naming no file)."""
    deep = b'"""Its docstring."""\nTOTAL = ' + b" + ".join([b"1"] * 600) + b"\n"
    space: dict[str, object] = {}
    exec(compile(deep, "deep", "exec"), space)  # noqa: S102 - the test's own source
    assert space["TOTAL"] == 600
    assert slim.stripped_source(deep) == deep


def test_a_module_in_another_encoding_is_shipped_in_utf_8() -> None:
    latin = "# -*- coding: latin-1 -*-\nNAME = 'Élan'\n".encode("latin-1")
    slimmed = slim.stripped_source(latin)
    space: dict[str, object] = {}
    exec(compile(slimmed.decode("utf-8"), "slimmed", "exec"), space)  # noqa: S102
    assert space["NAME"] == "Élan"


def test_babel_s_data_keeps_numbers_and_plurals_only() -> None:
    shipped = zipfile.ZipFile(io.BytesIO(bundle.engine_zip()))
    french = pickle.loads(shipped.read("babel/locale-data/fr.dat"))  # noqa: S301 - ours
    assert set(french) <= slim.LOCALE_KEYS and {"number_symbols", "plural_form"} <= set(french)
    found = pickle.loads(shipped.read("babel/global.dat"))  # noqa: S301 - ours
    assert set(found) == slim.GLOBAL_KEYS
    catalogues = [name for name in shipped.namelist() if name.endswith(".po")]
    assert catalogues and all(not shipped.read(name) for name in catalogues)
    assert engine_files.COMPILED_CATALOGUES in shipped.namelist()


#: Runs the engine from an unpacked engine zip (or the repository) and prints each answer.
ASK = """
import contextlib, io, json, sys
sys.path[:0] = [p for p in sys.argv[2:3] if p]
import babel, nqcore
for module in (babel, nqcore):  # from the unpacked engine, when one is given
    assert not sys.path[0] or module.__file__.startswith(sys.path[0]), module.__file__
from nqcore.cli.commands import main
answers = []
for question in json.loads(open(sys.argv[1], encoding="utf-8").read()):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main([*question["argv"], "--lang", question["lang"]])
        except SystemExit as stop:
            out.write(f"exit {stop.code}")
    answers.append(out.getvalue())
print(json.dumps(answers))
"""


def _answers(questions: Path, path: str, cwd: Path, script: str = ASK) -> list[str]:
    """The answers of the engine at ``path`` (nqcore's, installed, when empty)."""
    run = subprocess.run(
        [sys.executable, "-c", script, str(questions), path],
        capture_output=True,
        text=True,
        check=True,
        cwd=cwd,
        timeout=300,
    )
    answers: list[str] = json.loads(run.stdout)
    return answers


def test_the_shipped_engine_answers_as_nqcore_does(tmp_path: Path) -> None:
    """Every question of the trace that ``nq`` answers, in both languages: the shipped engine's
    words (slimmed sources, trimmed Babel, compiled catalogues) are nqcore's, byte for byte."""
    unpacked = tmp_path / "engine"
    zipfile.ZipFile(io.BytesIO(bundle.engine_zip())).extractall(unpacked)
    compiled = unpacked / engine_files.COMPILED_CATALOGUES
    questions = tmp_path / "questions.json"
    asked = [q for q in json.loads(trace.QUESTIONS.read_text(encoding="utf-8")) if "argv" in q]
    questions.write_text(json.dumps(asked), encoding="utf-8")
    shipped_ask = ASK.replace(
        "from nqcore.cli.commands import main",
        "from nqcore.catalogue_loading import use_compiled\n"
        f"use_compiled({str(compiled)!r})\n"
        "from nqcore.cli.commands import main",
    )
    shipped = _answers(questions, str(unpacked), tmp_path, shipped_ask)
    assert len(asked) >= 30 and {q["lang"] for q in asked} == {"en", "fr"}
    assert shipped == _answers(questions, "", tmp_path)
    assert any("," in answer and "%" in answer for answer in shipped)  # French numbers
