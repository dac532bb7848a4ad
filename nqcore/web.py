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
import tempfile
from collections.abc import Sequence
from typing import Any

from nqcore import cli
from nqcore.cli_io import FileRefused
from nqcore.i18n import check_language


def ask(argv: Sequence[str], lang: str) -> dict[str, Any]:
    """``nq`` answering ``argv`` in ``lang``: ``{"json": ..., "text": [...]}`` or ``{"error"}``.

    ``json`` is what ``nq --json --lang LANG ARGV`` prints; ``text`` its lines without ``--json``.
    """
    lang = check_language(lang)
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            args = cli.build_parser().parse_args([*argv, "--lang", lang])
    except SystemExit:  # argparse's one line, "nq cast: error: ..."
        return {"error": cli._one_line(errors.getvalue().strip())}
    try:
        answer = args.handler(args)
    except (cli.UsageError, FileRefused, ValueError, KeyError) as error:
        return {"error": cli._one_line(str(error.args[0] if error.args else error))}
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
