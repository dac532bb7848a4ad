"""The translation guard's command line beyond its catalogues: ``--help`` and an unknown option
(:mod:`nqtranslate.guard` reads every other argument as a language or a catalogue file)."""

from __future__ import annotations

import sys

USAGE = """usage: python -m nqtranslate.guard [LANG | FILE...]

Check every catalogue of LANG (fr by default), or the catalogue FILEs named: one line for each
error and each entry a catalogue lacks; exit 1 if there is any."""


def answered_options(args: list[str]) -> int | None:
    """The guard's exit status where ``args`` hold an option (no catalogue is named so): its
    usage for ``--help`` (0), a refusal for another (2); none without one (attacker round 32:
    ``guard --help`` was read as a file named "--help")."""
    options = [arg for arg in args if arg.startswith("-")]
    if not options:
        return None
    if options[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    print(f"guard: unknown option {options[0]} (see guard --help)", file=sys.stderr)
    return 2
