"""hunspell run so that only the system's dictionaries and the words given judge a text.

hunspell looks for ``-d``'s dictionary in its working folder before the system's, and adds the
words of a personal dictionary from ``./.hunspell_<dictionary>``, ``~/.hunspell_<dictionary>`` or
``$WORDLIST``: a pull request adding ``fr_FR.dic`` or ``.hunspell_fr_FR`` at the project's root
made English words French and its English sentences pass unwarned.  Here it runs in an empty
folder, with that folder as its home, without those variables, and with a personal dictionary
of exactly the words given (none by default).  ``DICPATH``, the system's own setting, is kept.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

#: Variables that make hunspell read a dictionary or word list of their choosing.
UNSET = ("WORDLIST", "DICTIONARY", "DICTIONARIES")


def hunspell_path() -> str | None:
    """The hunspell command, or None when it is not installed."""
    return shutil.which("hunspell")


def run_hunspell(
    arguments: list[str], stdin: str, words: Iterable[str] = ()
) -> subprocess.CompletedProcess[str]:
    """``hunspell arguments`` on ``stdin``, in an empty folder, its personal dictionary holding
    ``words`` only; :exc:`OSError` when it cannot start."""
    hunspell = hunspell_path()
    if hunspell is None:
        raise FileNotFoundError("hunspell")
    with tempfile.TemporaryDirectory(prefix="nq-hunspell-") as folder:
        personal = Path(folder) / "words.dic"
        personal.write_text("".join(f"{word}\n" for word in words), encoding="utf-8")
        env = {key: value for key, value in os.environ.items() if key not in UNSET}
        env["HOME"] = folder
        return subprocess.run(
            [hunspell, *arguments, "-p", str(personal)],
            input=stdin,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            cwd=folder,
            env=env,
        )
