"""A site's build into a copy of its last good build, moved into place only on success.

``python -m nqsphinx.site.staged_build OUTDIR DOCTREES -- sphinx-build ... DOCTREES ... OUTDIR``
copies ``OUTDIR`` and ``DOCTREES`` (times kept, so that the build stays incremental) to hidden
folders beside them, runs the command on the copies (each argument equal to ``OUTDIR`` or
``DOCTREES`` is replaced by its copy's path) and, if it succeeds, puts the copies in their place.

Why: a build that fails (a warning under ``-W --keep-going``, a refused file) has already written
some pages and copied some files; in place, those were published beside the last good site, and
the build's output audit had to catch every file it should never have written.  Staged, a failed
build leaves the site and its doctrees as the last good build left them, byte for byte.  The
copies sit beside the originals so that what a build writes next to its site (the shared engine,
``nqsphinx.site.engine.engine_folder``) lands where it always did.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

USAGE = "usage: python -m nqsphinx.site.staged_build OUTDIR DOCTREES -- COMMAND..."


def staging(folder: Path) -> Path:
    """Where the build of ``folder`` is made: a hidden sibling (``_build/html/.en.next``)."""
    return folder.with_name(f".{folder.name}.next")


def _remove(folder: Path) -> None:
    if folder.is_symlink() or folder.is_file():
        folder.unlink()
    elif folder.exists():
        shutil.rmtree(folder)


def _stage(folder: Path) -> Path:
    """A fresh copy of ``folder`` (empty if it does not exist yet), symbolic links kept as links
    (the output audit refuses them)."""
    copy = staging(folder)
    _remove(copy)
    if folder.is_dir():
        shutil.copytree(folder, copy, symlinks=True)
    else:
        copy.mkdir(parents=True)
    return copy


def _put_in_place(copy: Path, folder: Path) -> None:
    """``copy`` becomes ``folder``; the old one is removed once the new one is there."""
    old = folder.with_name(f".{folder.name}.old")
    _remove(old)
    if folder.exists():
        folder.rename(old)
    copy.rename(folder)
    _remove(old)


def build(outdir: Path, doctrees: Path, command: Sequence[str]) -> int:
    """Run ``command`` on staged copies of ``outdir`` and ``doctrees``; its exit status."""
    copies = {str(outdir): _stage(outdir), str(doctrees): _stage(doctrees)}
    argv = [str(copies[arg]) if arg in copies else arg for arg in command]
    try:
        status = subprocess.run(argv, check=False).returncode
    except OSError as error:
        print(f"staged_build: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
        status = 127
    if status == 0:
        _put_in_place(copies[str(doctrees)], doctrees)
        _put_in_place(copies[str(outdir)], outdir)
    else:
        for copy in copies.values():
            _remove(copy)
        if outdir.is_dir():
            print(f"{outdir}: the last good build is kept (this one failed)", file=sys.stderr)
    return status


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) < 4 or args[2] != "--":
        print(USAGE, file=sys.stderr)
        return 2
    return build(Path(args[0]), Path(args[1]), args[3:])


if __name__ == "__main__":
    sys.exit(main())
