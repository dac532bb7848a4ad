"""``python -m nqtranslate COMMAND [ARGS...]``: one entry point for the translation tooling.

Each command is a module of its own, run with the arguments that follow it
(``python -m nqtranslate update --pot-dir _build/gettext`` is
``python -m nqtranslate.update --pot-dir _build/gettext``); ``check`` runs every check of the
French catalogues (no arguments), one after the other, and fails if any fails.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

from nqcore.data.datafiles import DataFileError
from nqcore.terminal import printable
from nqtranslate.python_sources import SourceError

#: Command → (module, what it does).
COMMANDS: dict[str, tuple[str, str]] = {
    "update": ("nqtranslate.update", "bring every catalogue in step with the English (update-po)"),
    "tidy": ("nqtranslate.tidy", "lay catalogues out as msgcat does, drop format flags (tidy-po)"),
    "status": ("nqtranslate.status", "per page: translated, fuzzy, untranslated"),
    "guard": ("nqtranslate.guard", "markup a translation adds, catalogues that do not parse"),
    "lint": ("nqtranslate.lint", "markup, numbers and placeholders a translation lost"),
    "glossary": ("nqtranslate.glossary_check", "French terms against the glossary"),
    "spelling": ("nqtranslate.spelling", "hunspell's French dictionary"),
    "pseudo": ("nqtranslate.pseudo", "the pseudo language's catalogues, into a scratch folder"),
    "catalogue": ("nqtranslate.catalogue", "extract or check one package's catalogue"),
}
#: What ``check`` runs, on the French catalogues.
CHECKS = ("guard", "lint", "glossary", "spelling")


def _main(command: str) -> Callable[[list[str]], int]:
    main: Callable[[list[str]], int] = importlib.import_module(COMMANDS[command][0]).main
    return main


def usage() -> str:
    lines = ["usage: python -m nqtranslate COMMAND [ARGS...]", ""]
    lines += [f"  {name:<10} {what}" for name, (_, what) in COMMANDS.items()]
    lines.append(f"  {'check':<10} all of: {', '.join(CHECKS)}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {*COMMANDS, "check"}:
        print(usage(), file=sys.stderr)
        return 2
    command, args = argv[0], argv[1:]
    try:
        if command == "check":
            failed = [name for name in CHECKS if _main(name)([]) != 0]
            return 1 if failed else 0
        return _main(command)(args)
    except (SourceError, DataFileError) as error:  # a file the messages come from: one line
        print(f"nqtranslate {command}: {printable(str(error))}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
