"""A site's build into a copy of its last good build, moved into place only on success.

``python -m nqsphinx.site.staged_build OUTDIR DOCTREES -- sphinx-build ... DOCTREES ... OUTDIR``
copies ``OUTDIR`` and ``DOCTREES`` (times kept, so that the build stays incremental) to hidden
folders beside them, runs the command on the copies (each argument equal to ``OUTDIR`` or
``DOCTREES`` is replaced by its copy's path) and, if it succeeds, puts the copies in their place.
With ``--hold`` first, a build that succeeds stays staged until ``--place OUTDIR DOCTREES`` puts
it in place: ``make html`` places both languages only once both have built, so that a French
build that fails does not leave a new English site beside the last worker's list and archive.

Why: a build that fails (a warning under ``-W --keep-going``, a refused file) has already written
some pages and copied some files; in place, those were published beside the last good site, and
the build's output audit had to catch every file it should never have written.  Staged, a failed
build leaves the site and its doctrees as the last good build left them, byte for byte.  The
copies sit beside the originals so that what a build writes next to its site (the shared engine,
``nqsphinx.site.engine_files.engine_folder``) lands where it always did.

Interrupted (Ctrl+C), a build stops with one line and exit status 130: its unfinished copies are
removed and nothing is placed; the builds already held (the other languages') stay held.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

USAGE = (
    "usage: python -m nqsphinx.site.staged_build [--hold] OUTDIR DOCTREES -- COMMAND...\n"
    "       python -m nqsphinx.site.staged_build --place OUTDIR DOCTREES"
)


def staging(folder: Path) -> Path:
    """Where the build of ``folder`` is made: a hidden sibling (``_build/html/.en.next``)."""
    return folder.with_name(f".{folder.name}.next")


def published(folder: Path) -> Path | None:
    """The site ``folder`` is the staged copy of (``.en.next`` → ``en``), or None."""
    name = folder.name
    if name.startswith(".") and name.endswith(".next") and len(name) > len(".next") + 1:
        return folder.with_name(name[1 : -len(".next")])
    return None


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


def place(outdir: Path, doctrees: Path) -> None:
    """Put a held build of ``outdir`` and ``doctrees`` in place (nothing if none is held)."""
    staged = (staging(outdir), staging(doctrees))
    if all(copy.is_dir() and not copy.is_symlink() for copy in staged):
        _put_in_place(staged[1], doctrees)
        _put_in_place(staged[0], outdir)


def build(outdir: Path, doctrees: Path, command: Sequence[str], *, hold: bool = False) -> int:
    """Run ``command`` on staged copies of ``outdir`` and ``doctrees``; its exit status.  On
    success the copies are put in place, or with ``hold`` left staged for :func:`place`."""
    copies = {str(outdir): _stage(outdir), str(doctrees): _stage(doctrees)}
    argv = [str(copies[arg]) if arg in copies else arg for arg in command]
    try:
        status = subprocess.run(argv, check=False).returncode
    except OSError as error:
        print(f"staged_build: cannot run {command[0]}: {error.strerror}", file=sys.stderr)
        status = 127
    if status == 0:
        if not hold:
            place(outdir, doctrees)
    else:
        for copy in copies.values():
            _remove(copy)
        if outdir.is_dir():
            print(f"{outdir}: the last good build is kept (this one failed)", file=sys.stderr)
    return status


def _interrupted(outdir: Path, doctrees: Path) -> int:
    """Ctrl+C during a build: its half-made copies are removed (a second Ctrl+C waits for that),
    one line says so, exit status 130 as a shell gives."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for copy in (staging(outdir), staging(doctrees)):
        _remove(copy)
    print(
        f"interrupted: nothing placed ({outdir}: this build's unfinished copy removed,"
        " the builds already held stay held)",
        file=sys.stderr,
    )
    return 130


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--place"] and len(args) == 3:
        try:
            place(Path(args[1]), Path(args[2]))
        except KeyboardInterrupt:
            print(f"interrupted: {args[1]} was being placed (check it)", file=sys.stderr)
            return 130
        return 0
    hold = args[:1] == ["--hold"]
    args = args[1:] if hold else args
    if len(args) < 4 or args[2] != "--":
        print(USAGE, file=sys.stderr)
        return 2
    try:
        return build(Path(args[0]), Path(args[1]), args[3:], hold=hold)
    except KeyboardInterrupt:
        return _interrupted(Path(args[0]), Path(args[1]))


if __name__ == "__main__":
    sys.exit(main())
