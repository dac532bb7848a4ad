"""The sandbox of the pages' code: the worked examples (``make verify-examples``, ``./dev live``)
and a translated page's sessions run again in its language (:mod:`nqsphinx.languages.page_runs`).

Bubblewrap, as the Makefile's SANDBOX_ARGS: the whole file system read-only, an empty ``/tmp``,
no network, the process ended with its parent.  The project and the Python environment are bound
read-only again over the empty ``/tmp`` (a scratch copy of the project lives there).  Without a
working bwrap the code runs unsandboxed, with a warning, as the Makefile's examples do.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from pathlib import Path

from nqcore.i18n import ROOT, extra_locale_folders

#: The project's root (the folder of the code the sandboxed processes import).
CODE_ROOT = ROOT
#: A finished sandboxed process, its output as text.
Ran = subprocess.CompletedProcess[str]
UNSANDBOXED = "warning: no working bwrap (bubblewrap): the pages' code runs unsandboxed"


@functools.cache
def prefix() -> tuple[str, ...]:
    """The command that runs the rest of a command line in the sandbox, from the project's
    root; empty if bwrap does not work here."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return ()
    binds = []
    # The catalogue folders of NQ_LOCALE_PATH too (a pseudo language's, outside the project, in
    # /tmp): the engine in the sandbox reads the language the build reads.
    extra = [str(folder.resolve()) for folder in extra_locale_folders()]
    folders = [str(CODE_ROOT), str(Path(sys.prefix).resolve()), *extra]
    for folder in dict.fromkeys(f for f in folders if f and Path(f).is_dir()):
        binds += ["--ro-bind", folder, folder]
    command = (
        bwrap,
        *("--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp"),
        *binds,
        *("--setenv", "NQ_IN_SANDBOX", "1"),  # docs/conftest.py: run the examples here
        *("--chdir", str(CODE_ROOT), "--unshare-net", "--die-with-parent", "--"),
    )
    probe = subprocess.run([*command, "true"], capture_output=True, check=False)
    return command if probe.returncode == 0 else ()


def sandboxed(command: list[str]) -> list[str]:
    """``command`` run in the sandbox (or, without bwrap, as it is, after the warning)."""
    found = prefix()
    if not found:
        print(UNSANDBOXED, file=sys.stderr)
    return [*found, *command]


def run(command: list[str], *, timeout: float, stdin: str | None = None) -> Ran:
    """``command`` run in the sandbox from the project's root, its output as text; raises
    ``subprocess.TimeoutExpired`` after ``timeout`` seconds."""
    return subprocess.run(
        sandboxed(command),
        input=stdin,
        capture_output=True,
        text=True,
        cwd=CODE_ROOT,
        timeout=timeout,
        check=False,
    )


def last_words(ran: Ran) -> str:
    """The last line a sandboxed process wrote on its error output: what a refusal quotes."""
    return (ran.stderr.strip().splitlines() or ["no message"])[-1]
