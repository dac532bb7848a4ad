"""A translated page's code (its doctests that call ``nq``, its ``console`` sessions) is run again
in the page's language only in the examples' sandbox, never in the Sphinx process: the plants of
a hostile page (a doctest copying a file of the build machine into the site, a session writing
into the engine's sources) do nothing, and no file appears."""

from __future__ import annotations

import ast
import io
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sphinx.application import Sphinx
from sphinx.util.console import strip_colors
from sphinx.util.docutils import docutils_namespace

from nqsphinx.languages import code_prose, page_runs
from tools.scratch import ROOT

CONF = """\
from nqsphinx.builder import remember_builder
extensions = ["sphinx.ext.doctest", "nqsphinx.languages.code_prose"]
language = "fr"
def setup(app):
    app.connect("builder-inited", remember_builder)
"""


def _bwrap_works() -> bool:
    from nqsphinx import sandbox

    return bool(sandbox.prefix())


@pytest.fixture
def inside_project() -> Iterator[Path]:
    """A file name in the project's (read-only in the sandbox) build folder, removed after."""
    target = ROOT / "_build" / f"nq-plant-{uuid.uuid4().hex}"
    yield target
    target.unlink(missing_ok=True)


def _build_french(tmp_path: Path, page: str, warning: io.StringIO | None = None) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    out = tmp_path / "out"
    with docutils_namespace():
        app = Sphinx(src, src, out, tmp_path / "doctrees", "html", status=None, warning=warning)
        app.build()
    return out


def test_a_doctest_that_names_the_command_runs_outside_the_sphinx_process(
    tmp_path: Path, inside_project: Path
) -> None:
    """Plant A: the doctest finds the Sphinx application and copies /etc/os-release into its
    output, and into the project and /tmp."""
    loose = tmp_path / "leak.txt"
    page = f"""\
Page
====

.. doctest::

   >>> from nqcore.cli.commands import main
   >>> _engine = "nqcore.cli.commands"
   >>> import contextlib, gc, shutil, sphinx.application
   >>> with contextlib.suppress(OSError, StopIteration):
   ...     _app = next(o for o in gc.get_objects() if isinstance(o, sphinx.application.Sphinx))
   ...     _ = shutil.copyfile("/etc/os-release", _app.outdir / "os-release.txt")
   >>> with contextlib.suppress(OSError):
   ...     _ = shutil.copyfile("/etc/os-release", "{loose}")
   >>> with contextlib.suppress(OSError):
   ...     _ = shutil.copyfile("/etc/os-release", "{inside_project}")
   >>> status = main(["cast", "5", "--wizardry", "2"])
   Casting a level 5 spell at wizardry level 2
   Modifiers: Wizardry level +2
   Roll needed: 7 or less
   Chance: 70.0%
"""
    out = _build_french(tmp_path, page)
    assert not (out / "os-release.txt").exists()
    if _bwrap_works():  # without bwrap the page's code runs unsandboxed, as make's examples do
        assert not loose.exists() and not inside_project.exists()
    html = (out / "index.html").read_text(encoding="utf-8")
    assert "Résultat nécessaire" in html  # the command still answers in French


def test_a_console_session_writes_nothing_outside_the_sandbox(
    tmp_path: Path, inside_project: Path
) -> None:
    """Plant B: ``nq export --output`` into the project's sources: refused before it runs (a
    session reads and writes only the files it shows), and said."""
    page = f"""\
Page
====

.. code-block:: console

   $ nq export --output {inside_project}
   nq export: {inside_project}: cannot write the file (...)
   $ nq cast 5 --wizardry 2
   Casting a level 5 spell at wizardry level 2
   Modifiers: Wizardry level +2
   Roll needed: 7 or less
   Chance: 70.0%
"""
    warnings = io.StringIO()
    _build_french(tmp_path, page, warnings)
    assert not inside_project.exists()
    assert f"a session's command reads '{inside_project}'" in warnings.getvalue()


def test_the_sphinx_side_executes_no_page_text() -> None:
    """code_prose (in the Sphinx process) calls neither exec, eval, compile nor the command."""
    tree = ast.parse(Path(code_prose.__file__).read_text(encoding="utf-8"))
    called = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert not called & {"exec", "eval", "compile", "console_in_language"}
    assert "nqcore.cli" not in {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
    }


def test_a_page_whose_sandboxed_run_fails_is_not_built(tmp_path: Path) -> None:
    """A page's code that breaks its answer (it ends its process) is an error naming the page."""
    page = """\
Page
====

.. doctest::

   >>> _engine = "nqcore.cli.commands"
   >>> import os; os._exit(3)
"""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    warnings = io.StringIO()
    with docutils_namespace():
        app = Sphinx(
            src, src, tmp_path / "out", tmp_path / "dt", "html", status=None, warning=warnings
        )
        app.build()
    (warning,) = strip_colors(warnings.getvalue()).splitlines()
    assert warning.endswith(
        "index.rst:4: WARNING: its code, run again in fr, gave no answer: "
        "the page's code failed its run (exit 3): no message"
    ), warning


def test_page_code_that_replaces_the_command_does_not_write_the_french_answers(
    tmp_path: Path,
) -> None:
    """Attack eleven's fifth finding: the page's code replaced ``nqcore.cli.commands.main``,
    which then printed what the page chose (a file of the build machine) as the French answer
    of the doctest and of the page's later sessions."""
    page = """\
Page
====

.. doctest::

   >>> import nqcore.cli.commands as _c
   >>> _c.main = lambda argv=None: print("DECIDED-" * 3 if "--lang" in (argv or []) else "x")
   >>> from nqcore.cli.commands import main
   >>> main(["cast", "5", "--wizardry", "2"])  # doctest: +ELLIPSIS
   x...

.. code-block:: console

   $ nq cast 5 --wizardry 2
   Casting a level 5 spell at wizardry level 2
   Modifiers: Wizardry level +2
   Roll needed: 7 or less
   Chance: 70.0%
"""
    html = (_build_french(tmp_path, page) / "index.html").read_text(encoding="utf-8")
    assert "DECIDED-" * 3 not in html
    assert "Résultat nécessaire" in html  # the engine's French answer, the session's


def test_page_code_that_never_ends_is_an_error_naming_the_page_in_seconds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack eleven's sixth finding: ``while True: pass`` held the French build for five
    minutes (the limit was 300 s)."""
    assert page_runs.TIMEOUT <= 60
    monkeypatch.setattr(page_runs, "TIMEOUT", 3)
    page = """\
Page
====

.. doctest::

   >>> _engine = "nqcore.cli.commands"
   >>> while True: pass
"""
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text(CONF, encoding="utf-8")
    (src / "index.rst").write_text(page, encoding="utf-8")
    warnings = io.StringIO()
    started = time.monotonic()
    with docutils_namespace():
        app = Sphinx(
            src, src, tmp_path / "out", tmp_path / "dt", "html", status=None, warning=warnings
        )
        app.build()
    assert time.monotonic() - started < 30
    (warning,) = strip_colors(warnings.getvalue()).splitlines()
    assert warning.endswith(
        "index.rst:4: WARNING: its code, run again in fr, gave no answer: "
        "the page's code ran longer than 3 s"
    ), warning


def test_a_refused_session_is_named_at_its_own_block(tmp_path: Path) -> None:
    """Attack sixteen's fifth finding: a session refused in the sandbox (a command writing the
    export) was reported at the page's first session, line 10 of ``docs/nq.md`` for a block at
    line 334: a translator sent there found nothing wrong."""
    page = """\
Page
====

.. code-block:: console

   $ nq cast 5 --wizardry 2
   Casting a level 5 spell at wizardry level 2
   Modifiers: Wizardry level +2
   Roll needed: 7 or less
   Chance: 70.0%

Later.

.. code-block:: console

   $ nq cast 5 --wizardry 2
   ...
   $ nq export --output=_build/planted-export.json
   ...
"""
    warnings = io.StringIO()
    _build_french(tmp_path, page, warnings)
    (warning,) = strip_colors(warnings.getvalue()).splitlines()
    assert "index.rst:14: WARNING: its code, run again in fr, gave no answer: " in warning, warning
    assert "its session's line 3: a session's command writes" in warning, warning
