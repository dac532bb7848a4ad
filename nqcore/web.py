"""The engine as the "At the table" page asks it, in the browser (Pyodide) or anywhere else.

The page builds the command line a player would type (``["cast", "5", "--wizardry", "2"]``) and
gets back what ``nq --json`` prints, and the lines ``nq`` prints for a reader of the page's
language: the same parser, the same question functions, the same rendering (:mod:`nqcore.cli`).
Nothing of the game is computed in JavaScript.  A profile is priced from the TOML text
``nq points`` reads, written to a file first, so that the same reader refuses the same files.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import tempfile
from collections.abc import Sequence
from typing import Any

from nqcore import cli
from nqcore.cli_io import FileRefused
from nqcore.i18n import N_, Msg, check_language, translator

#: The engine's refusals that a calculator can meet, as the reader of the page reads them: the
#: rules refuse a combination of values each of which is in range.
REFUSALS: tuple[tuple[re.Pattern[str], Msg], ...] = (
    (re.compile(r"initiates performing a spell chant may not concentrate"),
     N_("initiates performing a spell chant may not concentrate")),
    (re.compile(r"only initiates \(wizardry level 0\) perform spell chants"),
     N_("only initiates (wizardry level 0) perform spell chants")),
    (re.compile(r"[a-z ]+ '(?P<first>[^']+)' and '(?P<second>[^']+)' cannot apply together"),
     N_("the modifiers {first} and {second} cannot apply together")),
    (re.compile(r"give the distance to the target for the (?P<weapon>.+)"),
     N_("give the distance to the target for the {weapon}")),
    (re.compile(r"turn (?P<turn>\d+): (?P<lost>\d+) casualties but only (?P<left>\d+) models left"),
     N_("turn {turn}: {lost} casualties but only {left} models left")),
)  # fmt: skip


def _modifier_label(key: str) -> str:
    from nqcore.close_combat import close_combat_modifiers
    from nqcore.morale import command_modifiers
    from nqcore.ranged import ranged_modifiers

    for table in (close_combat_modifiers(), ranged_modifiers(), command_modifiers()):
        if key in table:
            return table[key].label
    return key


def refusal(message: str, lang: str) -> str:
    """The engine's refusal ``message`` in ``lang`` (as it is when the page cannot say it)."""
    _ = translator(lang)
    for pattern, text in REFUSALS:
        found = pattern.fullmatch(message)
        if found is None:
            continue
        values = found.groupdict()
        for name in ("first", "second"):
            if name in values:
                values[name] = (
                    f"« {_(_modifier_label(values[name]))} »"
                    if lang == "fr"
                    else (f"“{_(_modifier_label(values[name]))}”")
                )
        if "weapon" in values:
            values["weapon"] = _(values["weapon"])
        return _(text).format(**values)
    return message


def ask(argv: Sequence[str], lang: str) -> dict[str, Any]:
    """``nq`` answering ``argv`` in ``lang``: ``{"json": ..., "text": [...]}``, or ``{"error"}``
    in ``lang`` with ``message``, what ``nq`` prints.

    ``json`` is what ``nq --json --lang LANG ARGV`` prints; ``text`` its lines without ``--json``.
    """
    lang = check_language(lang)
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            args = cli.build_parser().parse_args([*argv, "--lang", lang])
    except SystemExit:  # argparse's one line, "nq cast: error: ..."
        message = cli._one_line(errors.getvalue().strip())
        return {"error": message, "message": message}
    try:
        answer = args.handler(args)
    except (cli.UsageError, FileRefused, ValueError, KeyError) as error:
        message = cli._one_line(str(error.args[0] if error.args else error))
        return {"error": refusal(message, lang), "message": message}
    text = cli.render(answer, lang).splitlines()
    answer["question"] = cli._question(answer, lang)
    return {"json": cli._jsonable(answer, lang), "text": text}


def points(toml_text: str, lang: str) -> dict[str, Any]:
    """``nq points FILE`` for a profile given as the text of its TOML file."""
    folder = tempfile.mkdtemp(prefix="nq-profile-")
    path = os.path.join(folder, "profile.toml")
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(toml_text)
        return ask(["points", path], lang)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(path)
            os.rmdir(folder)


def ask_json(request: str) -> str:
    """One request of the page's worker, as JSON text: ``{"argv": [...], "lang": "fr"}`` or
    ``{"toml": "...", "lang": "fr"}``; the answer of :func:`ask` or :func:`points` as JSON."""
    data = json.loads(request)
    if "toml" in data:
        return json.dumps(points(str(data["toml"]), str(data["lang"])), ensure_ascii=False)
    argv = [str(arg) for arg in data["argv"]]
    return json.dumps(ask(argv, str(data["lang"])), ensure_ascii=False)
