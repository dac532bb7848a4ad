"""``nq points`` and ``nq army``: a profile file's points, and a whole army file priced and
checked against the book's army rules (the army's answer is :mod:`nqcore.cli.army`'s)."""

from __future__ import annotations

import argparse
import shlex

from nqcore.cli import args as read
from nqcore.cli.asking import Question, UsageError
from nqcore.cli.render import Answer
from nqcore.i18n import N_, Msg, Refusal


def _points(args: argparse.Namespace) -> Answer:
    from nqcore.army.file_kinds import ARMY_FOR_POINTS, file_kind
    from nqcore.army.profile_files import parse_profile
    from nqcore.army.profile_points import profile_points
    from nqcore.cli.files import read_toml

    record = read_toml(args.file)
    if file_kind(record) == "army":
        raise UsageError(ARMY_FOR_POINTS, where=args.file, file=shlex.quote(args.file))
    profile = parse_profile(record, args.file)
    try:
        breakdown = profile_points(profile)
    except Refusal as error:
        raise error.at(args.file, UsageError) from None
    except ValueError as error:  # a created weapon no table prices
        raise UsageError(f"{args.file}: {error}") from None
    return {
        "question": N_("Points of {name}"),
        "file": args.file,
        "name": Msg(profile.name),
        "points": breakdown.total,
        "items": [{"item": line.parts, "points": line.points} for line in breakdown.lines],
        "warnings": list(breakdown.warnings),
    }


def _army(args: argparse.Namespace) -> Answer:
    from nqcore.cli.army import army_answer

    return army_answer(args)


def _points_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file",
        type=read.path,
        help=N_("a profile file (see `nqcore.army.profiles` for its fields), at most 1 MiB"),
    )


def _army_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "file",
        type=read.path,
        help=N_("an army file (see `nqcore.army.army_schema` for its fields), at most 1 MiB"),
    )
    p.add_argument(
        "--pdf",
        type=read.path,
        metavar="OUT.pdf",
        help=N_(
            "print the roster to this PDF (with TeX Live's xelatex); none if the army is refused"
        ),
    )
    p.add_argument("--paper", choices=("a4", "letter"), default="a4", help=N_("the roster's paper"))


QUESTIONS = (
    Question(
        "points", N_("the points cost of a profile in a TOML file"), _points, _points_arguments
    ),
    Question(
        "army",
        N_("a whole army priced and checked against the book's army rules"),
        _army,
        _army_arguments,
    ),
)
