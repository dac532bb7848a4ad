"""``nq``: the questions players ask at the table, answered by the engine.

Every answer gives the roll needed and its exact probability, in English or French (``--lang fr``),
or as JSON for scripts (``--json``).  A mistake in the question, or a file that cannot be read or
written, gets one line and exit status 2: never a traceback.  Arguments are read by
:mod:`nqcore.cli.args`, files by :mod:`nqcore.cli.files`; the command line is
:mod:`nqcore.cli.parser`'s, the questions :mod:`nqcore.cli.questions`' and the rendering of the
answers :mod:`nqcore.cli.render`'s.  The names other code reads here (the ranges of the values a
question may ask about, :class:`UsageError`, :func:`build_parser`) stay importable from here.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from nqcore.cli import usage
from nqcore.cli.asking import ACTION_VALUES as ACTION_VALUES
from nqcore.cli.asking import ARMOUR_VALUES as ARMOUR_VALUES
from nqcore.cli.asking import ATTACK_NUMBERS as ATTACK_NUMBERS
from nqcore.cli.asking import BARRIER_VALUES as BARRIER_VALUES
from nqcore.cli.asking import CASUALTY_VALUES as CASUALTY_VALUES
from nqcore.cli.asking import HIT_MODIFIER_VALUES as HIT_MODIFIER_VALUES
from nqcore.cli.asking import INITIATE_VALUES as INITIATE_VALUES
from nqcore.cli.asking import PENETRATION_VALUES as PENETRATION_VALUES
from nqcore.cli.asking import RESILIENCE_VALUES as RESILIENCE_VALUES
from nqcore.cli.asking import SKILL_VALUES as SKILL_VALUES
from nqcore.cli.asking import STRENGTH_VALUES as STRENGTH_VALUES
from nqcore.cli.asking import UNIT_SIZES as UNIT_SIZES
from nqcore.cli.asking import UsageError as UsageError
from nqcore.cli.files import FileRefused
from nqcore.cli.parser import build_parser as build_parser
from nqcore.cli.parser import one_line
from nqcore.cli.render import jsonable, print_text, question, render
from nqcore.data.datafiles import DataFileError
from nqcore.i18n import Refusal, language_problem
from nqcore.terminal import printable as printable
from nqcore.typography import colon


def main(argv: Sequence[str] | None = None) -> int:
    """Answer one question: 0, or 2 with one line on stderr (argparse exits with 2 itself)."""
    try:
        return _answer(argv)
    except KeyboardInterrupt:  # Ctrl-C: the shell's own status, no traceback
        return 130


def _answer(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if refused := _catalogue_refusal(usage.language_of(argv)):  # before any word of it is read
        print(f"nq: {printable(refused)}", file=sys.stderr)
        return 2
    try:  # the options' bounds come from the engine's data, which may be refused
        parser = build_parser()
    except (DataFileError, Refusal) as error:
        print(f"nq: {printable(say_in(usage.language_of(argv), error))}", file=sys.stderr)
        return 2
    if refused := _data_refusal(usage.language_of(argv)):
        print(f"nq: {printable(refused)}", file=sys.stderr)
        return 2
    with usage.speaking(usage.language_of(argv)):  # its mistakes in the reader's language
        args = parser.parse_args(argv)
        return _reply(args)


def _catalogue_refusal(lang: str) -> str:
    """Why ``nq`` refuses to answer in ``lang`` ('' when it need not), as ``file:line: why``:
    the engine's catalogue of ``lang`` holds what the build's guard refuses too (a control
    character, an escape its readers read differently, a broken line), where
    :func:`nqcore.catalogue_loading.load_po` would show the English instead.  One line and a
    failure, as for any input the engine refuses, rather than an answer half in the wrong
    language."""
    from nqcore import i18n
    from nqcore.catalogue_check import text_problem

    if lang == i18n.SOURCE_LANGUAGE or lang not in i18n.LANGUAGES:
        return ""
    path = i18n.find_catalogue(i18n.LOCALE_DIR, lang, i18n.DOMAIN)
    problem = text_problem(path.read_bytes()) if path else None
    return f"{i18n._where(path)}:{problem[0]}: {problem[1]}" if path and problem else ""


def _data_refusal(lang: str) -> str:
    """Why the engine cannot speak ``lang`` ('' when it can): its catalogue is checked against
    the names of the engine's data (:mod:`nqcore.catalogue_loading`), which may be refused
    (attacker round 27: a refused data file made every French question a traceback).  Said in
    English: the words that would say it are what failed to load."""
    from nqcore import i18n

    if lang == i18n.SOURCE_LANGUAGE or lang not in i18n.LANGUAGES:
        return ""
    try:
        i18n.translator(lang)
    except DataFileError as error:
        return str(error)
    return ""


def _reply(args: argparse.Namespace) -> int:
    lang, as_json = getattr(args, "lang", "en"), getattr(args, "json", False)
    if problem := language_problem(lang):
        print(f"nq: {problem}", file=sys.stderr)
        return 2
    messages: list[str] = []
    try:
        answer = args.handler(args)
    except OSError as error:  # none expected: cli_io names the file of every failure
        messages = [f"{error.filename or ''}: {error.strerror}"]
    except (UsageError, FileRefused, ValueError, KeyError) as error:
        several = error.lines(lang) if isinstance(error, Refusal) else []
        messages = several if len(several) > 1 else [_said(error, lang)]  # a file's, a line each
    for message in messages:  # French sets its space before the colon, as argparse's lines
        print(f"nq {args.command}{colon(lang)}{one_line(message)}", file=sys.stderr)
    if messages:
        return 2
    if not answer:
        return 0
    if as_json:
        answer["question"] = question(answer, lang)
        text = json.dumps(jsonable(answer, lang), ensure_ascii=False, indent=2)
    else:
        text = render(answer, lang)
    print_text(text, json=as_json)
    return 2 if answer.get("refusals") else 0  # an army the book refuses (nq army)


def _said(error: BaseException, lang: str) -> str:
    """A refusal's words: English ``nq`` says the engine's own (two modifiers by the keys
    typed)."""
    return str(error.args[0]) if lang == "en" and error.args else say_in(lang, error)


def say_in(lang: str, error: BaseException) -> str:
    """An exception's message for the reader of ``lang``: a :class:`Refusal` in that language,
    anything else as it is."""
    if isinstance(error, Refusal):
        return error.text(lang)
    return str(error.args[0] if error.args else error)
