"""``nq errata`` and ``nq export``: where the book disagrees with its own rules, and all the rules'
data and tables as JSON."""

from __future__ import annotations

import argparse
import json

from nqcore.cli import args as read
from nqcore.cli.asking import Question, UsageError
from nqcore.cli.render import Answer, print_text
from nqcore.i18n import N_, SOURCE_LANGUAGE

#: ``nq export`` writes data for other programs: one document, whatever the reader's language.
SAME_IN_EVERY_LANGUAGE = N_(
    "the export is data for other programs, the same in every language (the engine's English "
    "text, which its catalogues translate): no --lang {lang}"
)


def _errata(args: argparse.Namespace) -> Answer:
    from nqcore.book.errata import all_errata

    return {
        "question": N_("Errata of the book"),
        "errata": [
            {
                "id": e.id,
                "kind": e.kind,
                "check": e.check,
                "section": e.section,
                "sections": list(e.sections),
                "subject": e.subject,
                "printed": e.printed,
                "correct": e.correct,
                "why": e.why,
            }
            for e in all_errata()
        ],
    }


def _export(args: argparse.Namespace) -> Answer:
    from nqcore.cli.export import export
    from nqcore.cli.files import write_text

    if (lang := getattr(args, "lang", SOURCE_LANGUAGE)) != SOURCE_LANGUAGE:
        raise UsageError(SAME_IN_EVERY_LANGUAGE, lang=lang)

    def text() -> str:
        return json.dumps(export(), ensure_ascii=False, indent=1) + "\n"

    if args.output:
        write_text(args.output, text)  # opens the file first: a bad path fails at once
    else:
        print_text(text(), end="")
    return {}


def _export_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--output", type=read.path, help=N_("write to this file instead of the standard output")
    )


QUESTIONS = (
    Question("errata", N_("where the book disagrees with its own rules"), _errata),
    Question(
        "export",
        N_("all rules data and tables as JSON (nqcore/cli/export.schema.json)"),
        _export,
        _export_arguments,
    ),
)
