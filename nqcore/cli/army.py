"""``nq army FILE``: a whole force priced and checked against the book.

The answer lists the roster (each entry, line by line, with its profiles' warnings), the army's
total against the agreed size of the game, then every refusal and warning of the book's army
rules (:mod:`nqcore.army.army_rules`), each naming its entry, its rule and the rule's section.
A refusal makes the exit status 2, after the answer is shown.
"""

from __future__ import annotations

import argparse
import shlex
from typing import Any

from nqcore.cli.asking import UsageError
from nqcore.i18n import N_, P_, Counted, Msg, Refusal, format_number, plural, translator
from nqcore.i18n import colon as i18n_colon

#: How the roster names each kind of entry.
KIND_NAMES: dict[str, Msg] = {
    "unit": P_("army", "Unit"),
    "individual": P_("army", "Individual"),
    "character": P_("army", "Character"),
    "support": P_("army", "Support unit"),
}


def army_answer(args: argparse.Namespace) -> dict[str, Any]:
    """The answer to ``nq army FILE``: roster, totals, refusals and warnings."""
    from nqcore.army.army_rules import check
    from nqcore.army.force import army

    try:
        force = army(args.file)
    except Refusal:
        _profile_given(args.file)
        raise
    breaches = check(force)
    answer = force_answer(force, breaches, args.file)
    if getattr(args, "pdf", None):
        answer.update(_roster_pdf(force, breaches, args, bool(answer["refusals"])))
    return answer


def _profile_given(file: str) -> None:
    """A profile file given to ``nq army``, said as one, with the question it goes to."""
    from nqcore.army.file_kinds import PROFILE_FOR_ARMY, file_kind
    from nqcore.cli.files import read_toml

    try:
        kind = file_kind(read_toml(file))
    except Refusal:
        return
    if kind == "profile":
        raise UsageError(PROFILE_FOR_ARMY, where=file, file=shlex.quote(file)) from None


def force_answer(force: Any, breaches: list[Any], file: str) -> dict[str, Any]:
    """What ``nq army`` answers on the priced ``force`` (of ``file``) and its ``breaches``."""
    from nqcore.army.army_rules import TYPE_NAMES

    roster = []
    for item in force.entries:
        entry = item.entry
        roster.append(
            {
                "kind": entry.kind,
                "kind_name": KIND_NAMES[entry.kind],
                "name": entry.name,
                "profile": Msg(entry.profile.name),
                "models": Counted(
                    entry.models, P_("army", "{count} model"), P_("army", "{count} models")
                ),
                "class": None if item.classification is None else TYPE_NAMES[item.classification],
                "general": entry.general,
                "joins": entry.joins,
                "points": item.points,
                "lines": [
                    {
                        "item": line.label,
                        "count": line.count,
                        "each": line.each,
                        "detail": line.detail,
                        "points": line.points,
                        "models": line.models,
                        "printed": line.printed,
                    }
                    for line in item.lines
                ],
                "warnings": list(item.warnings),
            }
        )
    return {
        "question": N_("Army {name}: {total} of {agreed} points"),
        "file": file,
        "name": force.name,
        "total": force.total,
        "agreed": force.points,
        "roster": roster,
        "refusals": [_breach(b) for b in breaches if b.refused],
        "army_warnings": [_breach(b) for b in breaches if not b.refused],
    }


#: Why ``nq army FILE --pdf`` wrote no roster.
NO_LATEX = N_(
    "{file}: no roster printed: the roster is set by xelatex, of TeX Live, which is not "
    "installed here"
)

#: ``nq army FILE --pdf /nonexistent/x.pdf``: the folder is not made.
NO_FOLDER = N_("{file}: no roster printed: the folder {folder} does not exist")
NOT_A_PDF = N_(
    "{file}: no roster printed: the file is there and is not a PDF (a roster replaces only a"
    " roster printed before)"
)
#: ``nq army FILE --pdf /dev/stdout`` (a pipe), a FIFO, a socket: the copy is refused with no
#: reason of the system's (Python's ``None``); the reason in words.
NOT_A_FILE = N_(
    "{file}: no roster printed: it is not a regular file (a pipe or a socket); give the name of"
    " a file"
)


def _not_a_pdf(path: Any) -> bool:
    """Whether ``path`` is a regular file that does not start as a PDF does."""
    if not path.is_file():
        return False
    try:
        with path.open("rb") as existing:
            return bool(existing.read(5) != b"%PDF-")
    except OSError:
        return True


def _roster_pdf(force: Any, breaches: list[Any], args: argparse.Namespace, refused: bool) -> Any:
    """``--pdf OUT``: the roster on paper, set by the print products' LaTeX
    (:mod:`nqprint.army_roster`) from the engine's roster (:mod:`nqcore.army.roster`); none for
    an army the book refuses (the answer says so, and the exit status is 2)."""
    if refused:
        return {"pdf_refused": args.pdf}
    from pathlib import Path

    from nqcore.army.names import code_point
    from nqcore.army.roster import roster_sheet
    from nqcore.cli.asking import UsageError
    from nqprint.army_roster import UnshapedCharacters, roster_pdf
    from nqprint.latex import PAPERS, MissingCharacters, PrintError

    lang = getattr(args, "lang", "en")
    paper = PAPERS[getattr(args, "paper", None) or "a4"]
    folder = Path(args.pdf).parent
    if not folder.is_dir():  # never made: a mistyped folder is the reader's to create
        raise UsageError(NO_FOLDER, file=args.pdf, folder=str(folder))
    if _not_a_pdf(Path(args.pdf)):  # the army's own file, a leader's: the reader's work
        raise UsageError(NOT_A_PDF, file=args.pdf)
    try:
        roster_pdf(roster_sheet(force, breaches, lang), lang, paper, Path(args.pdf))
    except OSError as error:  # the copy to the reader's file: /dev/full, a read-only folder
        if error.strerror is None:  # shutil's SpecialFileError: a named pipe (/dev/stdout)
            raise UsageError(NOT_A_FILE, file=args.pdf) from None
        raise UsageError(
            N_("{file}: no roster printed: {problem}"), file=args.pdf, problem=error.strerror
        ) from None
    except MissingCharacters as error:
        char = error.characters[0]
        place = glyph_place(force, char, args.file)
        raise UsageError(
            NO_SHAPING if isinstance(error, UnshapedCharacters) else NO_GLYPH,
            where=f"{args.file}, {place}" if place else args.file,
            file=args.pdf,
            code=code_point(char),
            char=char,
        ) from None
    except PrintError as error:
        if "xelatex is needed" in str(error):
            raise UsageError(NO_LATEX, file=args.pdf) from None
        raise UsageError(
            N_("{file}: no roster printed: {problem}"), file=args.pdf, problem=str(error)
        ) from None
    return {"pdf": args.pdf}


#: ``nq army FILE --pdf``: a character of the army's that the roster's font lacks would print as
#: an empty box.
NO_GLYPH = N_("no roster printed ({file}): its font has no glyph for {code} ({char})")
#: A character of a script the roster's LaTeX cannot shape
#: (:data:`nqprint.army_roster.UNSHAPED_SCRIPTS`) would print out of place (a Devanagari vowel
#: sign after its consonant) or backwards (Hebrew).
NO_SHAPING = N_(
    "no roster printed ({file}): its fonts cannot set the script of {code} ({char}) as it is "
    "written"
)


def glyph_place(force: Any, char: str, army_file: str = "") -> str:
    """Where the army holds ``char``: its name's field, an entry's, the field of the leader's
    file that holds it, or the entry whose profile or options hold it (its kind and number, as
    a refusal of the army file names them); '' for none."""
    if char in force.name:
        return "field name"
    counts: dict[str, int] = {}
    for item in force.entries:
        entry = item.entry
        counts[entry.kind] = counts.get(entry.kind, 0) + 1
        at = f"{entry.kind} #{counts[entry.kind]}"
        if char in entry.name:
            return f"{at}, field name"
        if entry.leader is not None and char in repr(entry.leader) and army_file:
            leader = _leader_place(army_file, entry.kind, counts[entry.kind] - 1, char)
            if leader:
                return f"{at} ({entry.name}), leader: {leader}"
        if char in repr(entry):
            return f"{at} ({entry.name})"
    return ""  # a text of the roster's own


def _leader_place(army_file: str, kind: str, index: int, char: str) -> str:
    """The leader's file of the army's ``index``-th ``kind`` entry and its field holding
    ``char`` (as a refusal of a leader's file names them); '' for a leader of the book's."""
    import os

    from nqcore.cli.files import read_toml

    records = read_toml(army_file).get(kind) or []
    ref = records[index].get("leader") if index < len(records) else None
    if not (isinstance(ref, dict) and isinstance(ref.get("file"), str)):
        return ""
    path = os.path.join(os.path.dirname(army_file), ref["file"])
    fields = [key for key, value in read_toml(path).items() if char in repr(value)]
    return f"{path}, field {fields[0]}" if fields else path


def _breach(found: Any) -> dict[str, Any]:
    return {
        "rule": found.rule.key,
        "section": found.rule.section,
        "heading": found.rule.name,
        "entry": found.where or None,
        "concerns": list(found.concerns),
        "field": found.rule.field,
        "text": found,
    }


def roster_lines(answer: dict[str, Any], lang: str) -> list[str]:
    """The roster, the total and the breaches of ``nq army``, in ``lang``."""
    from nqcore.army.roster import price_said

    _ = translator(lang)
    colon = i18n_colon(lang)
    lines = []
    for entry in answer["roster"]:
        models = entry["models"] if entry["kind"] in ("unit", "support") else None
        details = [text for text in (entry["class"], models) if text is not None]
        said = [_(d) if isinstance(d, Msg) else d.text(lang) for d in details]
        if entry["general"]:
            said.append(_(P_("army", "General")))
        if entry["joins"]:
            said.append(_(N_("joins {unit}")).format(unit=entry["joins"]))
        points = plural(entry["points"], N_("{count} point"), N_("{count} points"), lang)
        facts = f" ({', '.join(said)})" if said else ""  # an individual alone: none to say
        lines.append(f"{_(entry['kind_name'])} {entry['name']}{facts}{colon}{points}")
        for line in entry["lines"]:
            label = _(line["item"]) if isinstance(line["item"], Msg) else str(line["item"])
            if line["detail"]:  # the leader's profile, by its name in the reader's language
                label = f"{label} ({_(Msg(line['detail']))})"
            priced = price_said(
                label, line["count"], line["each"], line["models"], lang, line["printed"]
            )
            lines.append(f"  {priced}")
        lines += [
            f"  {_(N_('Refused') if w.refused else N_('Warning'))}{colon}{w.text(lang)}"
            + (f" ({w.rule_said(lang)})" if w.refused else "")
            for w in entry["warnings"]
        ]
    lines.append(
        plural(
            answer["total"],
            N_("Total: {count} point of the {points} agreed"),
            N_("Total: {count} points of the {points} agreed"),
            lang,
            points=format_number(answer["agreed"], lang),
        )
    )
    for key, label in (("refusals", N_("Refused")), ("army_warnings", N_("Warning"))):
        for found in answer[key]:
            rule = _(N_("rule {heading}, section {section}")).format(
                heading=_(found["heading"]), section=found["section"]
            )
            lines.append(f"{_(label)}{colon}{found['text'].text(lang)} ({rule})")
    forbidden = any(w.refused for entry in answer["roster"] for w in entry["warnings"])
    if not answer["refusals"] and not answer["army_warnings"] and not forbidden:
        lines.append(_(N_("The army keeps every army rule of the book.")))
    if answer.get("pdf"):
        lines.append(_(N_("Roster printed: {file}")).format(file=answer["pdf"]))
    if answer.get("pdf_refused"):
        lines.append(
            _(N_("No roster printed ({file}): the army breaks a rule the book refuses")).format(
                file=answer["pdf_refused"]
            )
        )
    return lines
