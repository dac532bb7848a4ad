"""One change to the pinned Pyodide's runtime (``pyodide.asm.mjs``): restoring a memory snapshot
larger than the WebAssembly module's first memory (30 MiB) grows the memory first.

Pyodide sizes the memory for a snapshot through Emscripten's ``INITIAL_MEMORY``, which a module
that defines its own memory ignores: the restore then fails ("offset is out of bounds") and the
worker starts Python from scratch, seconds later.  The engine's memory, which a browser keeps
after the first answers (nq-engine-worker.js), is over 30 MiB, so the restore grows the memory to
the snapshot's size with Emscripten's own ``growMemory``, as Cloudflare's Python Workers do
before theirs.  The text replaced must be found exactly once: another Pyodide version stops the
build here, to be looked at again."""

from __future__ import annotations

from nqsphinx.refusals import Refused

#: The end of Pyodide's ``API.restoreSnapshot``: the memory set from the snapshot's bytes ``t``.
RESTORE = b"return Module.HEAP8.set(t),l}"
#: The same, the memory grown first when the snapshot is larger.
GROWN = b"return t.length>Module.HEAP8.length&&Module.growMemory(t.length),Module.HEAP8.set(t),l}"


def restore_grows_memory(runtime: bytes) -> bytes:
    """``pyodide.asm.mjs`` whose snapshot restore grows the memory to the snapshot's size."""
    found = runtime.count(RESTORE)
    if found != 1:
        raise Refused(
            f"pyodide.asm.mjs: the snapshot restore to change was found {found} times, "
            "not once (nqcompanion/engine/pyodide_patch.py): is this another Pyodide version?"
        )
    return runtime.replace(RESTORE, GROWN)
