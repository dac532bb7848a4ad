"""The sandbox of the pages' code: the worked examples (``make verify-examples``, ``./dev live``)
and a translated page's sessions run again in its language (:mod:`nqsphinx.languages.page_runs`).

Bubblewrap, as the Makefile's SANDBOX_ARGS (:func:`arguments`): read-only, only the system's
libraries (``/usr``), the interpreter's folders and the project (not the home folder, other
checkouts, ``/etc``); an empty ``/tmp``; every namespace new, so no network and a ``/proc`` of
the sandbox's own processes; a new session, so no terminal whose input the page's code could
type into (``TIOCSTI``); no capability; stdin ``/dev/null``; only the environment's variables it
needs (:func:`environment`); the process ended with its parent.
Without a working bwrap the code runs unsandboxed, with a warning, as the Makefile's examples do.
"""

from __future__ import annotations

import functools
import os
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


#: Names at the root that a merged /usr makes links into it (bound as they are, else).
USR_LINKS = ("bin", "sbin", "lib", "lib64", "lib32", "libx32")
#: The one file of /etc the interpreter reads: the dynamic linker's cache.
ETC_FILES = ("/etc/ld.so.cache",)


def _system() -> list[str]:
    """The system's programs and libraries read-only (/usr, and its links at the root)."""
    found = ["--ro-bind", "/usr", "/usr"]
    for name in USR_LINKS:
        path = Path("/", name)
        if path.is_symlink():
            found += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            found += ["--ro-bind", str(path), str(path)]
    for name in ETC_FILES:
        found += ["--ro-bind-try", name, name]
    return found


def arguments() -> tuple[str, ...]:
    """bwrap's arguments, the command to run after them: every namespace new (no network, a
    PID namespace whose /proc shows its own processes), a new session (no controlling terminal,
    so no keystroke pushed into the caller's), no capability; read-only, the system's libraries,
    the interpreter's installation and virtual environment, the project; an empty /tmp."""
    # The catalogue folders of NQ_LOCALE_PATH too (a pseudo language's, outside the project, in
    # /tmp): the engine in the sandbox reads the language the build reads.
    extra = [str(folder.resolve()) for folder in extra_locale_folders()]
    interpreter = [Path(sys.base_prefix).resolve(), Path(sys.prefix).resolve()]
    folders = [*map(str, interpreter), str(CODE_ROOT), *extra]
    binds = []
    for folder in sorted({f for f in folders if f and Path(f).is_dir()}):  # parents first
        binds += ["--ro-bind", folder, folder]
    return (
        *("--unshare-all", "--new-session", "--die-with-parent", "--cap-drop", "ALL"),
        *_system(),
        *("--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"),
        *binds,
        *("--setenv", "NQ_IN_SANDBOX", "1"),  # nqsphinx.page_examples: run them here
        *("--chdir", str(CODE_ROOT), "--"),
    )


@functools.cache
def prefix() -> tuple[str, ...]:
    """The command that runs the rest of a command line in the sandbox, from the project's
    root; empty if bwrap does not work here."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return ()
    command = (bwrap, *arguments())
    probe = subprocess.run([*command, "true"], capture_output=True, check=False)
    return command if probe.returncode == 0 else ()


#: The environment's variables the sandboxed code sees (the project's own, NQ_..., by their
#: prefix): what finds programs and modules, the language and the dates; none of the rest (a CI
#: job's tokens).  Its home is its empty /tmp.
KEPT_VARIABLES = ("PATH", "LANG", "LANGUAGE", "TZ", "SOURCE_DATE_EPOCH")
KEPT_PREFIXES = ("LC_", "PYTHON", "NQ_")


def environment() -> dict[str, str]:
    """The environment of a sandboxed process (:data:`KEPT_VARIABLES`)."""
    kept = {
        name: value
        for name, value in os.environ.items()
        if name in KEPT_VARIABLES or name.startswith(KEPT_PREFIXES)
    }
    return kept | {"HOME": "/tmp"}


def sandboxed(command: list[str]) -> list[str]:
    """``command`` run in the sandbox (or, without bwrap, as it is, after the warning)."""
    found = prefix()
    if not found:
        print(UNSANDBOXED, file=sys.stderr)
    return [*found, *command]


#: The address space a sandboxed run may take (the Makefile's SANDBOX_KB): more, and Python
#: raises MemoryError where the page's code allocates it (attacker round 27: 4 GB unchecked).
MEMORY_BYTES = 2 * 1024**3


def _limit_memory() -> None:
    """In the child, before it runs the command: its address space at most :data:`MEMORY_BYTES`."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def run(command: list[str], *, timeout: float, stdin: str | None = None) -> Ran:
    """``command`` run in the sandbox from the project's root, its output as text, ``stdin`` its
    input (else ``/dev/null``); raises ``subprocess.TimeoutExpired`` after ``timeout`` seconds
    (the sandbox ended: its processes die with bwrap); its memory bounded (:data:`MEMORY_BYTES`)."""
    return subprocess.run(
        sandboxed(command),
        preexec_fn=_limit_memory,  # noqa: PLW1509 - no thread holds a lock the child needs
        input=stdin,
        stdin=subprocess.DEVNULL if stdin is None else None,
        capture_output=True,
        text=True,
        cwd=CODE_ROOT,
        env=environment() if prefix() else None,
        timeout=timeout,
        check=False,
    )


def last_words(ran: Ran) -> str:
    """The last line a sandboxed process wrote on its error output: what a refusal quotes."""
    return (ran.stderr.strip().splitlines() or ["no message"])[-1]
