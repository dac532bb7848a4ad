"""The command line of ``nq``, built from its table of questions (:data:`QUESTIONS`): each
question's module (:mod:`nqcore.cli.questions`) holds its arguments beside the function that
answers it.  A mistake in the command line is one line in the reader's language, exit status 2.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from collections.abc import Sequence
from typing import Any, NoReturn

from nqcore.cli import usage
from nqcore.cli.asking import Question
from nqcore.cli.questions import army, attack, book, combat, magic, morale, movement
from nqcore.i18n import LANGUAGES, N_
from nqcore.terminal import printable

#: The questions, in the order ``nq --help`` lists them.
QUESTIONS: tuple[Question, ...] = (
    *magic.QUESTIONS,
    *combat.QUESTIONS,
    *attack.QUESTIONS,
    *morale.QUESTIONS,
    *movement.QUESTIONS,
    *army.QUESTIONS,
    *book.QUESTIONS,
)


class _Help(argparse.HelpFormatter):
    """argparse's help in the language of :func:`nqcore.cli.usage.speaking`: each help line,
    the description and epilog, and the headings of the groups, read as engine msgids (player
    round eighteen: ``nq --lang fr save --help`` was all English)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return usage.word(action.help) if action.help else action.help

    def _format_text(self, text: str) -> str:
        return super()._format_text(usage.word(text))

    def start_section(self, heading: str | None) -> None:
        """A group's heading, and before the colon argparse adds, the space the language puts
        there (« options : »)."""
        if heading:
            heading = usage.word(heading) + usage.word_colon().removesuffix(": ")
        super().start_section(heading)


class _Parser(argparse.ArgumentParser):
    """argparse, but a mistake is one line (the usage is one ``--help`` away), in the language
    of :func:`nqcore.cli.usage.speaking`, and so is the help; and no option is taken by an
    abbreviation (``--l en`` is not ``--lang en``: a command line reads as what it names, in
    full)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["allow_abbrev"] = False
        kwargs.setdefault("formatter_class", _Help)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, usage.say(usage.SEE_HELP, prog=self.prog, message=one_line(message)) + "\n")


def one_line(message: str) -> str:
    """A message as one line, whatever text of the reader's it quotes."""
    return printable(" ".join(message.splitlines()))


def _common_options() -> _Parser:
    """--lang and --json, accepted before or after the question."""
    common = _Parser(add_help=False)
    common.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=argparse.SUPPRESS,
        help=N_("language of the answer (en or fr)"),
    )
    common.add_argument(
        "--json",
        action="store_true",
        default=argparse.SUPPRESS,
        help=N_("answer as JSON, for scripts"),
    )
    return common


def build_parser() -> argparse.ArgumentParser:
    common = _common_options()
    parser = _Parser(
        prog="nq",
        description=N_(
            "The questions players ask at the table, answered "
            "by the rules engine: the roll needed and its exact chance."
        ),
        parents=[common],
        epilog=N_("`nq QUESTION --help` explains each question."),
    )
    sub = parser.add_subparsers(
        dest="command",
        required=True,
        metavar="QUESTION",
        title=N_("questions"),
        parser_class=_Parser,
    )
    for question in QUESTIONS:
        p = sub.add_parser(
            question.name, help=question.help, description=question.help, parents=[common]
        )
        p.set_defaults(handler=question.answer)
        question.arguments(p)
    return parser


def asked_language(argv: Sequence[str]) -> str | None:
    """The language ``nq ARGV`` answers in, as its parser reads the command line (the last
    ``--lang``, before or after the question); None when it names none.  A command line the
    parser refuses is answered by its one line, in :func:`nqcore.cli.usage.language_of`'s
    language: that one, if it names any."""
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            args = build_parser().parse_args(list(argv))
    except SystemExit:
        return usage.language_of(argv) if usage.named_languages(argv) else None
    lang = getattr(args, "lang", None)
    return lang if isinstance(lang, str) else None
