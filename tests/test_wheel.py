"""The wheel is all a user needs: built offline from the packages, installed in a scratch
virtual environment away from the sources, it builds a French page with a conf.py of its own."""

from __future__ import annotations

import ast
import importlib.metadata
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import sphinx
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.building import ROOT

pytestmark = pytest.mark.slow  # a wheel, a virtual environment and a Sphinx build: ~20 s

PACKAGES = ("nqcore", "nqsphinx", "nqcompanion", "nqprint", "nqtranslate")
#: Where a user of the wheel finds what each package imports: the engine's in the wheel's own
#: dependencies, the others' in an extra (`pip install noquarter[sphinx]`).
EXTRAS = {
    "nqcore": "",
    "nqsphinx": "sphinx",
    "nqcompanion": "sphinx",
    "nqprint": "print",
    "nqtranslate": "translate",
}
#: Not shipped: compiled catalogues (the .po is read at run time) and caches.
NOT_SHIPPED = ("__pycache__", "*.pyc", "*.mo")

CONF = 'extensions = ["nqsphinx"]\nlocale_dirs = ["locale/"]\n'
PAGE = """\
Casting
=======

.. example::

   A Shaman casts.

.. nq-table:: wound-table
"""
CATALOGUE = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Casting"
msgstr "Lancer un Sort"

msgid "A Shaman casts."
msgstr "Un Chaman lance un sort."
"""


def run(*command: str | Path, cwd: Path) -> str:
    """Run ``command`` away from the sources, without their path; its output."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    result = subprocess.run(
        [str(c) for c in command], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built offline from a copy of the packages and pyproject.toml."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "source"
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package, source / package, ignore=shutil.ignore_patterns(*NOT_SHIPPED)
        )
    shutil.copy(ROOT / "pyproject.toml", source)
    run(
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--no-build-isolation",
        "--no-index",
        "-q",
        "-w",
        base / "dist",
        source,
        cwd=base,
    )
    [built] = (base / "dist").glob("noquarter-*.whl")
    return built


def package_files() -> set[str]:
    """Every file of the packages in the repository, but the ones never shipped."""
    found = set()
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*"):
            parts = path.relative_to(ROOT).parts
            if path.is_file() and "__pycache__" not in parts and path.suffix not in (".pyc", ".mo"):
                found.add("/".join(parts))
    return found


def test_the_wheel_holds_every_file_of_the_packages(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    assert sorted(package_files() - shipped) == []
    assert "nqsphinx/locale/fr/LC_MESSAGES/nqsphinx.po" in shipped


#: Modules that only Pyodide has, imported by the companion's code that runs in its worker
#: (nqcompanion/bridge/stdlib_rest.py): no distribution to declare.
IN_PYODIDE = {"js"}


def third_party_imports(package: str) -> set[str]:
    """The top-level modules that ``package``'s code imports from outside the standard library
    and the project."""
    found = set()
    for path in (ROOT / package).rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found.add(node.module.split(".")[0])
    return found - set(sys.stdlib_module_names) - set(PACKAGES) - IN_PYODIDE


def installed_with(requirements: list[Requirement], extra: str) -> set[str]:
    """The distributions that installing ``requirements`` with ``extra`` brings, theirs included
    (as this environment's metadata declares them)."""
    found: set[str] = set()
    todo = [r for r in requirements if r.marker is None or r.marker.evaluate({"extra": extra})]
    while todo:
        name = canonicalize_name(todo.pop().name)
        if name in found:
            continue
        found.add(name)
        for line in importlib.metadata.requires(name) or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                todo.append(requirement)
    return found


def test_the_wheel_declares_what_each_package_imports(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        [metadata] = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        lines = archive.read(metadata).decode().splitlines()
    declared = [
        Requirement(line.split(":", 1)[1]) for line in lines if line.startswith("Requires-Dist:")
    ]
    distributions = importlib.metadata.packages_distributions()
    missing = {}
    for package, extra in EXTRAS.items():
        needed = {canonicalize_name(distributions[m][0]) for m in third_party_imports(package)}
        missing[package] = sorted(needed - installed_with(declared, extra))
    assert missing == {package: [] for package in PACKAGES}
    assert not any(r.marker is None and "sphinx" in r.name.lower() for r in declared)


def test_the_installed_wheel_builds_a_french_page(wheel: Path, tmp_path: Path) -> None:
    scratch = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", scratch, cwd=tmp_path)
    python = scratch / "bin" / "python"
    run(
        sys.executable,
        "-m",
        "pip",
        "--python",
        python,
        "install",
        "--no-deps",
        "--no-index",
        "-q",
        wheel,
        cwd=tmp_path,
    )
    # Sphinx and the other dependencies from the project's environment, after the wheel, so
    # that nothing is downloaded; its .pth files (the editable install) are not read from there.
    site = Path(
        run(
            python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=tmp_path
        ).strip()
    )
    (site / "project-dependencies.pth").write_text(f"{Path(sphinx.__file__).parents[1]}\n")
    where = run(
        python,
        "-c",
        "import nqsphinx, nqcore; print(nqsphinx.__file__, nqcore.__file__)",
        cwd=tmp_path,
    )
    assert all(Path(f).is_relative_to(site) for f in where.split()), where

    book = tmp_path / "book"
    (book / "locale" / "fr" / "LC_MESSAGES").mkdir(parents=True)
    (book / "conf.py").write_text(CONF, encoding="utf-8")
    (book / "index.rst").write_text(PAGE, encoding="utf-8")
    (book / "locale" / "fr" / "LC_MESSAGES" / "index.po").write_text(CATALOGUE, encoding="utf-8")
    run(
        python,
        "-m",
        "sphinx",
        "-q",
        "-W",
        "-b",
        "html",
        "-D",
        "language=fr",
        book,
        book / "out",
        cwd=tmp_path,
    )
    html = (book / "out" / "index.html").read_text(encoding="utf-8")
    assert "Lancer un Sort" in html  # the page's catalogue
    assert ">Exemple<" in html  # nqsphinx's catalogue
    assert "Un Chaman lance un sort." in html
    assert "Résultat requis pour blesser" in html  # nqcore's catalogue
    assert "nq-translation-notice" not in html
