"""``./dev`` installs the npm folders (tools/search, tools/engine, tools/lighthouse) running no
code of a pull request: ``npm ci --ignore-scripts``, and only after tools/npm_lock.py accepts the
folder (the registry's tarballs with their integrity, no scripts); tools/record-vendored records
nothing it refuses.  The plants are attack eleven's: a ``postinstall`` in package.json, and a
lock that installs MiniSearch from a tarball of the pull request."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tools import npm_lock
from tools.scratch import ROOT

FOLDERS = ("tools/search", "tools/engine", "tools/lighthouse")
TARBALL = "file:vendor/minisearch-7.2.0.tgz"


def _copy(tmp_path: Path) -> Path:
    """A scratch project: ./dev, the tools it runs (the build's lock too), the npm folders'
    package.json and lock."""
    for name in ("dev", "tools/npm_lock.py", "tools/record-vendored", "pyproject.toml") + (
        "nqcore/__init__.py",
        "nqcore/locks.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / "constraints.txt").write_text("\n", encoding="utf-8")
    for folder in FOLDERS:
        (tmp_path / folder).mkdir(parents=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy2(ROOT / folder / name, tmp_path / folder / name)
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv/.installed").touch()  # newer than pyproject.toml: no venv is made
    return tmp_path


def _edit(path: Path, change: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def _postinstall(project: Path) -> None:
    """Finding 2: a script npm ci would run, the lock edited so that ./dev installs again."""
    search = project / "tools/search"
    _edit(
        search / "package.json",
        lambda d: d.update(scripts={"postinstall": "cp /etc/os-release ../../docs/_static/x"}),
    )
    with (search / "package-lock.json").open("a", encoding="utf-8") as lock:
        lock.write("\n")


def _tarball_in_the_pull_request(project: Path) -> None:
    """Finding 3: MiniSearch from a tarball of the pull request, with that file's integrity."""
    search = project / "tools/search"
    _edit(search / "package.json", lambda d: d["dependencies"].update(minisearch=TARBALL))

    def lock(data: dict[str, dict[str, dict[str, object]]]) -> None:
        data["packages"][""]["dependencies"] = {"minisearch": TARBALL}
        data["packages"]["node_modules/minisearch"]["resolved"] = TARBALL

    _edit(search / "package-lock.json", lock)


@pytest.mark.parametrize("folder", FOLDERS)
def test_the_projects_npm_folders_are_accepted(folder: str) -> None:
    assert npm_lock.refusals(ROOT / folder) == []


def test_a_postinstall_is_refused_naming_the_file(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    _postinstall(project)
    (refusal,) = npm_lock.refusals(project / "tools/search")
    assert refusal.startswith(f"{project}/tools/search/package.json: scripts: ")
    assert "postinstall" in refusal


def test_a_tarball_of_the_pull_request_is_refused_naming_the_entries(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    _tarball_in_the_pull_request(project)
    found = npm_lock.refusals(project / "tools/search")
    lock = f"{project}/tools/search/package-lock.json"
    assert f"{lock}: packages['node_modules/minisearch']: resolved {TARBALL!r} is not " in (
        "\n".join(found)
    )
    assert any(f"{lock}: packages['']: dependencies: 'minisearch'" in line for line in found)
    assert any(line.startswith(f"{project}/tools/search/package.json: depend") for line in found)


@pytest.mark.parametrize(
    "resolved",
    [
        "https://registry.npmjs.org/evil/-/evil-7.2.0.tgz",
        "https://example.com/minisearch/-/minisearch-7.2.0.tgz",
        "git+https://github.com/x/minisearch.git",
    ],
)
def test_another_address_than_the_registry_s_tarball_is_refused(
    tmp_path: Path, resolved: str
) -> None:
    project = _copy(tmp_path)
    lock = project / "tools/search/package-lock.json"
    _edit(lock, lambda d: d["packages"]["node_modules/minisearch"].update(resolved=resolved))
    assert npm_lock.refusals(project / "tools/search") == [
        f"{lock}: packages['node_modules/minisearch']: resolved {resolved!r} is not "
        "https://registry.npmjs.org/minisearch/-/minisearch-7.2.0.tgz"
    ]


def test_an_npmrc_is_refused(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    (project / "tools/search/.npmrc").write_text("registry=https://example.com/\n")
    assert npm_lock.refusals(project / "tools/search") == [
        f"{project}/tools/search/.npmrc: refused (it may name another registry)"
    ]


def test_a_shrinkwrap_or_yarn_lock_beside_the_lock_is_refused(tmp_path: Path) -> None:
    """Attack twelve: npm ci reads npm-shrinkwrap.json before package-lock.json, so a shrinkwrap
    pointing at another tarball was installed past a lock that passed."""
    project = _copy(tmp_path)
    search = project / "tools/search"
    shutil.copy2(search / "package-lock.json", search / "npm-shrinkwrap.json")
    (search / "yarn.lock").write_text("# yarn lockfile v1\n", encoding="utf-8")
    assert npm_lock.refusals(search) == [
        f"{search}/npm-shrinkwrap.json: refused (npm ci would install from it rather than "
        "from package-lock.json)",
        f"{search}/yarn.lock: refused (npm reads it beside the lock)",
    ]


def test_a_lock_nested_too_deep_is_refused_in_one_line(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    search = project / "tools/search"
    (search / "package-lock.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    done = subprocess.run(
        ["python3", ROOT / "tools/npm_lock.py", search], capture_output=True, text=True
    )
    assert done.returncode == 1
    assert done.stderr == f"error: {search}: a JSON file nested too deep to be a package's\n"


def _fake_tools(project: Path) -> dict[str, str]:
    """An npm that notes where and how it was run (and installs a file), a make that does
    nothing: the environment ./dev runs them with."""
    bin_folder = project / "fake-bin"
    bin_folder.mkdir()
    log = project / "npm.log"
    (bin_folder / "npm").write_text(
        f'#!/bin/sh\necho "$PWD $*" >> {log}\n'
        "mkdir -p node_modules/lib && echo installed > node_modules/lib/index.js\n"
        "echo '{}' > node_modules/.package-lock.json\n",
        encoding="utf-8",
    )
    (bin_folder / "make").write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    for tool in bin_folder.iterdir():
        tool.chmod(0o755)
    return os.environ | {"PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}"}


def _dev(project: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    missing = subprocess.run(
        [project / "dev", "--print-missing", "html-fr"], capture_output=True, text=True, env=env
    )
    if missing.returncode != 0 or missing.stdout.strip():
        pytest.skip(f"./dev would install Debian packages here: {missing.stdout.strip()}")
    return subprocess.run(
        [project / "dev", "html-fr"], capture_output=True, text=True, env=env, timeout=120
    )


def _npm_runs(project: Path) -> list[str]:
    log = project / "npm.log"
    return log.read_text(encoding="utf-8").splitlines() if log.exists() else []


def test_dev_installs_running_no_script(tmp_path: Path) -> None:
    project = _copy(tmp_path)
    done = _dev(project, _fake_tools(project))
    assert done.returncode == 0, done.stderr
    assert _npm_runs(project) == [
        f"{project}/{folder} ci --ignore-scripts --no-audit --no-fund --loglevel=error"
        for folder in ("tools/search", "tools/engine")
    ]
    assert (project / "tools/search/node_modules/.nq-installed.sha256").is_file()


@pytest.mark.parametrize("plant", [_postinstall, _tarball_in_the_pull_request])
def test_dev_refuses_a_planted_folder_naming_it(tmp_path: Path, plant: object) -> None:
    project = _copy(tmp_path)
    plant(project)  # type: ignore[operator]
    done = _dev(project, _fake_tools(project))
    assert done.returncode != 0
    assert "error: tools/search/package" in done.stderr
    assert done.stderr.rstrip().endswith("Refused: tools/search is not installed (above: why)")
    assert not any("tools/search" in run for run in _npm_runs(project))


def test_record_vendored_records_no_refused_folder(tmp_path: Path) -> None:
    """The install made by hand (or by Read the Docs' commands) is not recorded either."""
    project = _copy(tmp_path)
    _tarball_in_the_pull_request(project)
    search = project / "tools/search"
    (search / "node_modules").mkdir()
    done = subprocess.run(
        [project / "tools/record-vendored", search], capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "resolved 'file:vendor/minisearch-7.2.0.tgz'" in done.stderr
    assert not (search / "node_modules/.nq-installed.sha256").exists()


def test_dev_refuses_a_file_git_tracks_under_node_modules_in_one_line(tmp_path: Path) -> None:
    """Attack thirteen: a pull request adds (``git add -f``) a changed MiniSearch under
    tools/search/node_modules; a checkout whose packages are installed takes it, and ./dev would
    skip ``npm ci`` since the lock is unchanged."""
    project = _copy(tmp_path)
    planted = "tools/search/node_modules/minisearch/dist/umd/index.js"
    (project / planted).parent.mkdir(parents=True)
    (project / planted).write_text('alert("attack13");\n', encoding="utf-8")
    for args in (["init", "-q"], ["add", "-f", planted]):
        subprocess.run(["git", *args], cwd=project, check=True, capture_output=True)
    done = _dev(project, _fake_tools(project))
    assert done.returncode != 0
    assert done.stderr.splitlines() == [
        f"Refused: git tracks {planted}, under node_modules, where only npm installs "
        "(git rm -r --cached tools/search/node_modules)"
    ]
    assert _npm_runs(project) == []


@pytest.mark.parametrize(
    ("planted", "link"),
    [
        (".venv/bin/python", None),  # ./dev would run it
        ("nqcore/__pycache__/locks.cpython-311.pyc", None),  # an "unchecked" one runs as is
        ("_build", "/etc"),  # the build would write through it
        (".mypy_cache/3.11/x.json", None),
    ],
)
def test_dev_refuses_what_git_tracks_where_only_the_tools_write(
    tmp_path: Path, planted: str, link: str | None
) -> None:
    """A pull request adds (``git add -f``) a virtual environment's file, a bytecode file, a
    symbolic link for the build's folder or a cache: refused in one line before anything runs."""
    project = _copy(tmp_path)
    path = project / planted
    path.parent.mkdir(parents=True, exist_ok=True)
    if link:
        path.symlink_to(link)
    else:
        path.write_text("planted\n", encoding="utf-8")
    for args in (["init", "-q"], ["add", "-f", planted]):
        subprocess.run(["git", *args], cwd=project, check=True, capture_output=True)
    done = _dev(project, _fake_tools(project))
    assert done.returncode != 0
    assert done.stderr.splitlines() == [
        f"Refused: git tracks {planted}, where only the tools write (git rm -r --cached {planted})"
    ]
    assert _npm_runs(project) == []
