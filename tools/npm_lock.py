"""Checks an npm folder of the project (tools/search, tools/engine, tools/lighthouse) before
``npm ci`` installs it, and before ``tools/record-vendored`` records what it installed.

Its install runs no code and fetches nothing but the registry's packages: each package of
``package-lock.json`` is a tarball of https://registry.npmjs.org/ (its ``resolved``, when the lock
writes one, is that package's tarball there; no folder, link, git or other address) with its
``integrity``, under its own name (no alias); no dependency, in ``package.json`` or the lock, is
asked for by a path or an address; ``package.json`` has no ``scripts`` (``npm ci`` runs the
folder's own lifecycle scripts, ``postinstall`` and the like; ``./dev`` also gives
``--ignore-scripts``), no ``overrides`` or ``workspaces``; and the folder has no other file npm
reads in its stead: no ``.npmrc`` (which could name another registry), no
``npm-shrinkwrap.json`` (which ``npm ci`` reads before ``package-lock.json``), no ``yarn.lock``.
A pull request that edits a lock, or adds one beside it, is thus refused, not installed.

``python3 tools/npm_lock.py DIR``: nothing and exit 0, or one line per refusal, naming the file
and the entry, and exit 1.  Only the standard library: ``./dev`` and Read the Docs run it before
any environment is made.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

REGISTRY = "https://registry.npmjs.org/"
#: A package's name on the registry, optionally scoped.
NAME = r"(?:@[a-z0-9][a-z0-9._~-]*/)?[a-z0-9][a-z0-9._~-]*"
#: A lock's key: the package's folder, maybe nested under another package's.
KEY = re.compile(rf"node_modules/({NAME})(?:/node_modules/({NAME}))*")
VERSION = re.compile(r"\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?")
#: The dependency lists whose versions npm resolves.
DEPENDENCIES = ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies")
#: Keys of package.json that run code, or install from elsewhere than the lock.
MANIFEST_REFUSED = (
    "scripts",
    "overrides",
    "workspaces",
    "bundleDependencies",
    "bundledDependencies",
)


def _specs(where: str, entry: dict[str, Any]) -> Iterator[str]:
    """A dependency asked for by a path or an address (``file:``, ``git+``, ``npm:``, a URL, a
    GitHub ``user/repo``) rather than by a version of the registry."""
    for group in DEPENDENCIES:
        specs = entry.get(group, {})
        if not isinstance(specs, dict):
            yield f"{where}: {group} is not a table"
            continue
        for name, spec in specs.items():
            if not isinstance(spec, str) or ":" in spec or "/" in spec:
                yield f"{where}: {group}: {name!r} is {spec!r}, not a version of the registry"


def manifest_refusals(folder: Path) -> Iterator[str]:
    path = folder / "package.json"
    if not path.is_file():
        return
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for key in MANIFEST_REFUSED:
        if manifest.get(key):
            shown = json.dumps(manifest[key], ensure_ascii=False)
            yield f"{path}: {key}: {shown}: refused (npm would run or install it)"
    yield from _specs(str(path), manifest)


def _entry_refusals(path: Path, key: str, entry: Any) -> Iterator[str]:
    """Why the lock's package ``key`` is not the registry's tarball of its name and version."""
    where = f"{path}: packages[{key!r}]"
    found = KEY.fullmatch(key)
    if not found or not isinstance(entry, dict):
        yield f"{where}: not a package of the registry under node_modules"
        return
    name = key.rsplit("node_modules/", 1)[1]
    version = entry.get("version")
    if not isinstance(version, str) or not VERSION.fullmatch(version):
        yield f"{where}: version {version!r} is not a version of the registry"
        return
    tarball = f"{REGISTRY}{name}/-/{name.rsplit('/', 1)[-1]}-{version}.tgz"
    if entry.get("resolved", tarball) != tarball:
        yield f"{where}: resolved {entry['resolved']!r} is not {tarball}"
    if not str(entry.get("integrity", "")).startswith("sha512-"):
        yield f"{where}: no sha512 integrity"
    if entry.get("link") or entry.get("name", name) != name:
        yield f"{where}: a link or an alias, not the registry's package {name}"
    yield from _specs(where, entry)


def lock_refusals(folder: Path) -> Iterator[str]:
    path = folder / "package-lock.json"
    lock = json.loads(path.read_text(encoding="utf-8"))
    if not isinstance(lock, dict):
        yield f"{path}: not a lock file"
        return
    if "dependencies" in lock and "packages" not in lock:
        yield f"{path}: lockfileVersion 1, which lists no package's tarball: refused"
    packages = lock.get("packages", {})
    for key, entry in packages.items() if isinstance(packages, dict) else []:
        if key == "":
            yield from _specs(f"{path}: packages['']", entry if isinstance(entry, dict) else {})
        else:
            yield from _entry_refusals(path, key, entry)


#: Files npm reads in a package's folder besides package.json and package-lock.json: each could
#: install what the checked lock does not say.
OTHER_NPM_FILES = {
    ".npmrc": "it may name another registry",
    "npm-shrinkwrap.json": "npm ci would install from it rather than from package-lock.json",
    "yarn.lock": "npm reads it beside the lock",
}


def refusals(folder: Path) -> list[str]:
    """Why ``npm ci`` must not install ``folder`` (empty: it may)."""
    found = [
        f"{folder / name}: refused ({why})"
        for name, why in OTHER_NPM_FILES.items()
        if (folder / name).exists() or (folder / name).is_symlink()
    ]
    try:
        found += [*manifest_refusals(folder), *lock_refusals(folder)]
    except (OSError, ValueError) as error:
        found.append(f"{folder}: {error}")
    except RecursionError:
        found.append(f"{folder}: a JSON file nested too deep to be a package's")
    return found


def main(argv: list[str] | None = None) -> int:
    (folder,) = sys.argv[1:] if argv is None else argv
    found = refusals(Path(folder))
    for line in found:
        print(f"error: {line}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
