"""The Makefile gives file names to the shell (the changed pages to pytest, the languages to
sphinx-build): a name that could run a command stops make before any recipe runs; and a page
without a worked example (pytest's "no tests ran") does not stop the build.  Each test runs make
in a scratch folder holding the project's Makefile and a few files: no build, no Sphinx."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

MAKEFILE = Path(__file__).parent.parent / "Makefile"
INPUT_DIRS = ("docs", "locale", "nqsphinx", "nqcompanion", "nqtranslate", "nqcore", "nqprint")

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="no make")


def _project(tmp_path: Path, *files: str) -> Path:
    shutil.copy(MAKEFILE, tmp_path / "Makefile")
    for folder in INPUT_DIRS:
        (tmp_path / folder).mkdir()
    made = ("conf.py", "pyproject.toml", "constraints.txt", "docs/index.md")
    for name in (*made, "nqcore/locale/fr/LC_MESSAGES/nqcore.po", *files):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("# A page\n", encoding="utf-8")
    return tmp_path


def _make(project: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize(
    ("name", "target"),
    [
        ("docs/q`touch injected`.md", "verify-examples"),
        ("docs/q$(touch injected).md", "verify-examples"),
        ("nqcore/locale/a`touch injected`/LC_MESSAGES/nqcore.po", "html-fr"),
        ("docs/two words.md", "verify-examples"),
    ],
)
def test_a_file_name_that_could_run_a_command_stops_make(
    tmp_path: Path, name: str, target: str
) -> None:
    project = _project(tmp_path, name)
    done = _make(project, target, "PYTHON=true", "SPHINXBUILD=true")
    assert done.returncode != 0
    assert "Refused input: " in done.stderr
    assert all(word in done.stderr for word in name.split())
    assert not (project / "injected").exists()
    assert not (project / "_build").exists()


def test_a_language_code_must_be_letters(tmp_path: Path) -> None:
    project = _project(tmp_path, "nqcore/locale/pt+x/LC_MESSAGES/nqcore.po")
    done = _make(project, "-n", "html-fr")
    assert done.returncode != 0
    assert "Refused input: language code(s) not letters and _" in done.stderr
    assert done.stderr.rstrip().endswith("pt+x.  Stop.")


def test_safe_names_pass(tmp_path: Path) -> None:
    project = _project(tmp_path, "docs/a-b_c.d+e.md", "nqcore/locale/pt_BR/LC_MESSAGES/nqcore.po")
    done = _make(project, "verify-examples", "PYTHON=true")
    assert done.returncode == 0, done.stderr
    assert (project / "_build/.stamps/examples").is_file()


def _python_exiting(project: Path, code: int) -> str:
    fake = project / f"exit{code}.sh"
    fake.write_text(f"#!/bin/sh\nexit {code}\n", encoding="utf-8")
    fake.chmod(0o755)
    return f"PYTHON={fake}"


def test_pages_without_examples_are_no_failure(tmp_path: Path) -> None:
    project = _project(tmp_path)
    done = _make(project, "verify-examples", _python_exiting(project, 5))
    assert done.returncode == 0, done.stderr
    assert (project / "_build/.stamps/examples").is_file()


def test_a_failing_example_still_stops_make(tmp_path: Path) -> None:
    project = _project(tmp_path)
    done = _make(project, "verify-examples", _python_exiting(project, 1))
    assert done.returncode != 0
    assert not (project / "_build/.stamps/examples").exists()


def _python_writing(project: Path) -> str:
    fake = project / "writer.sh"
    fake.write_text(
        "#!/bin/sh\ntouch written 2>/dev/null\necho > /tmp/nq-scratch-file || exit 1\n",
        encoding="utf-8",
    )
    fake.chmod(0o755)
    return f"PYTHON={fake}"


def _bwrap_works() -> bool:
    if shutil.which("bwrap") is None:
        return False
    probe = ["bwrap", "--ro-bind", "/", "/", "--unshare-net", "--", "true"]
    return subprocess.run(probe, capture_output=True, check=False).returncode == 0


@pytest.mark.skipif(not _bwrap_works(), reason="no working bwrap")
def test_the_examples_run_with_the_project_read_only(tmp_path: Path) -> None:
    project = _project(tmp_path)
    done = _make(project, "verify-examples", _python_writing(project))
    assert done.returncode == 0, done.stderr
    assert not (project / "written").exists()
    assert "unsandboxed" not in done.stderr


def test_without_bwrap_the_examples_run_with_a_warning(tmp_path: Path) -> None:
    project = _project(tmp_path)
    done = _make(project, "verify-examples", _python_writing(project), "BWRAP=no-such-bwrap")
    assert done.returncode == 0, done.stderr
    assert (project / "written").exists()
    assert "warning: no working bwrap (bubblewrap): the worked examples run unsandboxed" in (
        done.stderr
    )


#: A sphinx-build that writes a page of the site and a doctree, then fails as -W makes a warning
#: fail (or succeeds, with "exit 0").
SPHINX_BUILD = """#!/bin/sh
for out; do :; done
mkdir -p "$out" && echo '<p>Foudre<img src=x></p>' > "$out/at-the-table.html"
while [ "$1" != "-d" ]; do shift; done
mkdir -p "$2" && echo 'new' > "$2/environment.pickle"
echo "WARNING: a refused translation" >&2
exit 1
"""


@pytest.mark.parametrize("fails", [True, False])
def test_a_failed_site_build_leaves_the_last_good_one(tmp_path: Path, fails: bool) -> None:
    """What a build wrote before it failed is neither served nor kept: the site and its doctrees
    are the last good build's, byte for byte; a build that succeeds replaces both."""
    project = _project(tmp_path)
    fake = tmp_path / "sphinx-build"
    fake.write_text(SPHINX_BUILD if fails else SPHINX_BUILD.replace("exit 1", "exit 0"))
    fake.chmod(0o755)
    site, doctrees = project / "_build/html/fr", project / "_build/doctrees/fr"
    for folder, name in ((site, "index.html"), (doctrees, "environment.pickle")):
        folder.mkdir(parents=True)
        (folder / name).write_text("the last good build\n")
    done = subprocess.run(
        ["make", "--no-print-directory", "html-fr", f"PYTHON={sys.executable}"]
        + [f"SPHINXBUILD={fake}", "EXAMPLES_OK="],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=dict(os.environ, PYTHONPATH=str(MAKEFILE.parent)),
    )
    assert sorted(p.name for p in (project / "_build/html").iterdir()) == ["fr"], "no staging left"
    assert sorted(p.name for p in (project / "_build/doctrees").iterdir()) == ["fr"]
    if fails:
        assert done.returncode != 0
        assert "_build/html/fr: the last good build is kept (this one failed)" in done.stderr
        assert [p.name for p in site.iterdir()] == ["index.html"]
        assert (doctrees / "environment.pickle").read_text() == "the last good build\n"
        assert not (project / "_build/.stamps/html-fr").exists()
    else:
        assert done.returncode == 0, done.stderr
        assert sorted(p.name for p in site.iterdir()) == ["at-the-table.html", "index.html"]
        assert (doctrees / "environment.pickle").read_text() == "new\n"
        assert (project / "_build/.stamps/html-fr").exists()


@pytest.mark.parametrize(
    "link",
    [
        "nqcore/leak.py",
        "examples/leak.py",
        "nqcore/etcdir",
        "tools/gyp.toml",
        "tools/etcdir",
        "handbook/leak.md",
        ".ci/leak.py",
        "leak.toml",
    ],
)
def test_a_symbolic_link_among_the_sources_stops_make(tmp_path: Path, link: str) -> None:
    """A link to /etc/passwd as engine code was read (its first line printed in a traceback);
    one to /etc as a folder would be walked; one anywhere else in the checkout (tools/, the root)
    is a file a terminal session of the ``nq`` page could read."""
    project = _project(tmp_path)
    (project / link).parent.mkdir(parents=True, exist_ok=True)
    (project / link).symlink_to("/etc/passwd" if link.endswith(".py") else "/etc")
    done = _make(project, "html-en", "PYTHON=true", "SPHINXBUILD=true")
    assert done.returncode != 0
    target = "/etc/passwd" if link.endswith(".py") else "/etc"
    assert "Refused input, nothing built: symbolic link(s)" in done.stderr
    assert f"may point outside the project: {link} (to {target})" in done.stderr
    assert not (project / "_build").exists()


def test_make_html_places_no_site_when_one_language_fails(tmp_path: Path) -> None:
    """English builds, French fails: the English site stays the last good one (the worker's
    list and the archive were made with it); its new build waits, and ``make html-en`` places it."""
    project = _project(tmp_path)
    (project / "nqcore/locale/fr/LC_MESSAGES/nqcore.po").parent.mkdir(parents=True, exist_ok=True)
    fake = tmp_path / "sphinx-build"
    fails_in_french = 'case "$*" in *language=fr*) exit 1 ;; esac\nexit 0\n'
    fake.write_text(SPHINX_BUILD.replace("exit 1\n", fails_in_french))
    fake.chmod(0o755)
    for lang in ("en", "fr"):
        (project / f"_build/html/{lang}").mkdir(parents=True)
        (project / f"_build/html/{lang}/index.html").write_text("the last good build\n")
    options = [_python_logging(project), f"SPHINXBUILD={fake}", "EXAMPLES_OK="]
    env = dict(os.environ, PYTHONPATH=str(MAKEFILE.parent))

    def make(target: str) -> subprocess.CompletedProcess[str]:
        command = ["make", "--no-print-directory", target, *options]
        return subprocess.run(
            command, cwd=project, capture_output=True, text=True, timeout=60, env=env, check=False
        )

    done = make("html")
    assert done.returncode != 0
    for lang in ("en", "fr"):
        assert [p.name for p in (project / f"_build/html/{lang}").iterdir()] == ["index.html"]
    placed = make("html-en")
    assert placed.returncode == 0, placed.stderr
    assert (project / "_build/html/en/at-the-table.html").is_file()
    assert [p.name for p in (project / "_build/html/fr").iterdir()] == ["index.html"]


@pytest.mark.parametrize(
    "name", ["docs/_static/notes.txt", "nqcore/leak.py", "examples/x.py", "tools/notes.txt"]
)
def test_a_hard_link_among_the_sources_stops_make(tmp_path: Path, name: str) -> None:
    """`ln /tmp/x/secret.txt docs/_static/notes.txt` published the outside file: the hard link is
    the same file as its other name, which may be anywhere on the file system."""
    project = _project(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("host-secret-text\n", encoding="utf-8")
    (project / name).parent.mkdir(parents=True, exist_ok=True)
    os.link(secret, project / name)
    done = _make(project, "html-en", "PYTHON=true", "SPHINXBUILD=true")
    assert done.returncode != 0
    assert "Refused input, nothing built: hard link(s)" in done.stderr
    assert f"may be outside the project: {name}" in done.stderr
    assert not (project / "_build").exists()


def _python_logging(project: Path) -> str:
    """A python that runs the staged build (nqsphinx.site.staged_build) and logs the other steps."""
    fake = project / "python.sh"
    fake.write_text(
        "#!/bin/sh\n"
        f'[ "$2" = nqsphinx.site.staged_build ] && exec {sys.executable} "$@"\n'
        f'echo "$2" >> {project / "steps.log"}\n',
        encoding="utf-8",
    )
    fake.chmod(0o755)
    return f"PYTHON={fake}"


@pytest.mark.parametrize("sites", [("en", "fr"), ("en",)])
def test_one_language_placed_leaves_no_stale_archive_or_worker(
    tmp_path: Path, sites: tuple[str, ...]
) -> None:
    """`make html-en` placed the new English site, but the offline archive and sw.js kept the
    previous build's pages: with every site in place they are made again (as `make html` makes
    them); while a language has none, they are removed, with a message."""
    project = _project(tmp_path)
    fake = tmp_path / "sphinx-build"
    fake.write_text(SPHINX_BUILD.replace("exit 1", "exit 0"))
    fake.chmod(0o755)
    html = project / "_build/html"
    for lang in sites:
        (html / lang).mkdir(parents=True)
        (html / lang / "index.html").write_text("the last good build\n")
    for stale in ("noquarter-html.zip", "sw.js"):
        (html / stale).write_text("the previous build's pages\n")
    done = subprocess.run(
        ["make", "--no-print-directory", "html-en", _python_logging(project)]
        + [f"SPHINXBUILD={fake}", "EXAMPLES_OK="],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        env=dict(os.environ, PYTHONPATH=str(MAKEFILE.parent)),
    )
    assert done.returncode == 0, done.stderr
    assert (html / "en" / "at-the-table.html").is_file(), "the new site is in place"
    steps = (project / "steps.log").read_text().split() if (project / "steps.log").exists() else []
    if sites == ("en", "fr"):
        expected = ["nqsphinx.site.output_audit", "nqsphinx.site.root_page"]
        assert steps == [*expected, "nqsphinx.site.archive"]
    else:
        assert steps == []
        assert not (html / "noquarter-html.zip").exists()
        assert not (html / "sw.js").exists()
        assert "removed _build/html/noquarter-html.zip: it held the previous build's pages" in (
            done.stdout
        )


def test_an_input_deleted_rebuilds_what_read_it(tmp_path: Path) -> None:
    """A catalogue taken back (a hostile one, after its pull request was built) is a change:
    make compared the times of the files still there, and kept the site built with it (attack
    round seventeen).  The names of the inputs are an input."""
    project = _project(tmp_path, "locale/fr/LC_MESSAGES/magic.po")
    stamp = "_build/.stamps/html-fr"
    (project / stamp).parent.mkdir(parents=True)
    touched = _make(project, "-t", stamp, "EXAMPLES_OK=")
    assert touched.returncode == 0, touched.stderr
    assert _make(project, "-q", stamp, "EXAMPLES_OK=").returncode == 0, "up to date"
    (project / "locale/fr/LC_MESSAGES/magic.po").unlink()
    assert _make(project, "-q", stamp, "EXAMPLES_OK=").returncode == 1, "stale"
    assert _make(project, "-t", stamp, "EXAMPLES_OK=").returncode == 0
    assert _make(project, "-q", stamp, "EXAMPLES_OK=").returncode == 0, "up to date again"


def test_an_engine_catalogue_for_english_is_no_second_english(tmp_path: Path) -> None:
    """``nqcore/locale/en`` made English a language twice: make warned five times that each of
    its targets was given more than once (attack round eighteen)."""
    project = _project(tmp_path, "nqcore/locale/en/LC_MESSAGES/nqcore.po")
    done = _make(project, "-n", "html-en", "PYTHON=true", "SPHINXBUILD=true")
    assert done.returncode == 0, done.stderr
    assert "given more than once" not in done.stderr
