"""Terminal sessions of the ``nq`` command, as the ``nq`` page shows them: ``console`` blocks of
``$ nq ...`` lines, each followed by what the command prints.

A player types ``nq cast ...`` in a terminal, not ``main(["cast", ...])`` in Python, so the page
shows the commands as typed; the suite runs each block as it is written
(``nqsphinx/page_examples.py``) and a translated page shows the same session run in its language
(``$ nq --lang fr ...``, the French answer). ``$ cat FILE`` shows a file the next commands read:
the lines after it are the file's text, which the session writes to a scratch folder first.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import os
import re
import shlex
import tempfile
from dataclasses import dataclass
from pathlib import Path

from nqcore.cli import commands as cli
from nqcore.cli.parser import asked_language
from nqcore.i18n import ROOT, SOURCE_LANGUAGE

PROMPT = "$ "
#: What a shown answer may leave out: ``...`` stands for any text, as in a doctest.
_CHECKER = doctest.OutputChecker()


class SessionRefused(ValueError):
    """A session that cannot be run as written, in one line: ``line N: why`` (N counts the
    block's lines from 1), which the page's check places on the page (:func:`where`)."""

    def __init__(self, line: int, why: str) -> None:
        super().__init__(f"line {line}: {one_line(why)}")
        self.line, self.why = line, one_line(why)


@dataclass(frozen=True)
class Step:
    """One command of a session, the lines the page shows after it, and its line in the block
    (from 1)."""

    command: str
    shown: str
    line: int = 1

    @property
    def words(self) -> list[str]:
        try:
            return shlex.split(self.command)
        except ValueError as error:  # an unclosed quote
            raise SessionRefused(
                self.line, f"a session's command cannot be read ({error}): {self.command}"
            ) from None


def steps(text: str) -> list[Step]:
    """The commands of a session, each with the lines up to the next prompt."""
    found: list[Step] = []
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.startswith(PROMPT):
            found.append(Step(line[len(PROMPT) :].rstrip("\n"), "", number))
        elif found:
            last = found[-1]
            found[-1] = Step(last.command, last.shown + line, last.line)
    return found


def one_line(text: str) -> str:
    return " ".join(text.split("\n"))


def named_language(words: list[str]) -> str | None:
    """The language ``nq WORDS`` answers in, as the ``nq`` parser reads it
    (:func:`nqcore.cli.parser.asked_language`), or None when the command names none."""
    return asked_language(words[1:])


def in_language(words: list[str], lang: str) -> list[str]:
    """``nq ARGS`` asked in ``lang``: ``nq --lang fr ARGS`` (as typed; English needs nothing)."""
    if lang == SOURCE_LANGUAGE or named_language(words) is not None:
        return words
    return [words[0], "--lang", lang, *words[1:]]


#: ``-h`` alone or among other short options (``-vh``): argparse's help, never translated.
_HELP = re.compile(r"-[A-Za-z]*h[A-Za-z]*")


def refusal(words: list[str]) -> str:
    """Why a session may not run ``nq WORDS`` ('' when it may): a command that names the
    source language would show English on every translated page; a path that is absolute or
    climbs out (``..``) would print what ``nq`` reads of a file outside the project on the
    page (only the files the session shows with ``cat`` are read)."""
    if named_language(words) == SOURCE_LANGUAGE:
        return f"names --lang {SOURCE_LANGUAGE}: every translated page would show English"
    if any(word == "--help" or _HELP.fullmatch(word) for word in words[1:]):
        return "asks for --help, whose text is English on every page: show an answer instead"
    for word in words[1:]:
        path = word.partition("=")[2] if word.startswith("-") else word
        if path.startswith(("/", "~")) or ".." in Path(path).parts or _leaves_project(path):
            return f"reads {word!r}: a session reads only the files it shows with `cat`"
    return ""


def _leaves_project(path: str) -> bool:
    """``PATH`` (relative to the working folder) passes through a symbolic link (a file's or a
    folder's, which may point anywhere on the machine), or is a file outside the checkout."""
    here = Path.cwd()
    try:
        for part in Path(path).parts:
            here = here / part
            if here.is_symlink():
                return True
    except (OSError, ValueError):  # a name too long, a NUL: no file nq could read either
        return False
    return os.path.lexists(path) and not Path(os.path.realpath(path)).is_relative_to(ROOT)


def run(text: str, lang: str = SOURCE_LANGUAGE) -> list[tuple[Step, str]]:
    """Each step of a session and what it prints, run in a scratch folder (``nq`` there: a file
    it writes, a relative path it reads, is the folder's, never the project's), ``nq`` in
    ``lang``; :class:`SessionRefused` for a step that cannot run as written."""
    done: list[tuple[Step, str]] = []
    with tempfile.TemporaryDirectory(prefix="nq-session-") as scratch:
        files: dict[str, str] = {}
        for step in steps(text):
            words = step.words
            if words[:1] == ["cat"] and len(words) == 2:
                name = _file_name(words[1])
                if not name:
                    raise SessionRefused(step.line, f"`{step.command}` shows no file")
                path = Path(scratch) / name
                try:
                    path.write_text(step.shown, encoding="utf-8")
                except (OSError, ValueError) as error:  # a name too long, a NUL in it
                    why = error.strerror if isinstance(error, OSError) else error
                    raise SessionRefused(step.line, f"`{step.command}`: {why}") from None
                files[words[1]] = str(path)
                done.append((step, step.shown))
            elif words[:1] == ["nq"]:
                if why := refusal(["shown" if word in files else word for word in words]):
                    raise SessionRefused(step.line, f"a session's command {why}: {step.command}")
                if lang != SOURCE_LANGUAGE and _question(words) == "export":
                    why = "writes the export, data in English on every page (nq refuses --lang)"
                    raise SessionRefused(step.line, f"a session's command {why}: {step.command}")
                argv = [files.get(word, word) for word in in_language(words, lang)[1:]]
                with contextlib.chdir(scratch):  # what it writes (--pdf NAME) stays there
                    answer = printed(argv)
                for word, kept in files.items():  # a refusal names the file as it was typed
                    answer = answer.replace(kept, word)
                done.append((step, answer))
            else:
                raise SessionRefused(
                    step.line, f"a session runs `nq` and `cat FILE` only, not: {step.command}"
                )
    return done


def _question(words: list[str]) -> str:
    """The question ``nq WORDS`` asks (``export`` of ``nq --lang fr export``), '' for none."""
    rest = iter(words[1:])
    for word in rest:
        if word == "--lang":
            next(rest, None)
        elif not word.startswith("-"):
            return word
    return ""


def _file_name(path: str) -> str:
    """The name of the file ``cat PATH`` shows ('' for a folder: ``.``, ``..``, ``dir/``)."""
    name = Path(path).name
    return "" if path.endswith("/") or name in ("", ".", "..") else name


def page_problems(text: str, page: str, first_line: int) -> list[str]:
    """:func:`differences`, or the one line ``PAGE:LINE: why`` of a session that cannot run
    (``first_line``: the page's line of the block's first line)."""
    try:
        return differences(text)
    except SessionRefused as refused:
        return [f"{page}:{first_line + refused.line - 1}: {refused.why}"]


def printed(argv: list[str]) -> str:
    """What ``nq ARGV`` writes, its errors included, as a terminal shows them (argparse's
    refusal of a command line too, which ends with SystemExit)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        with contextlib.suppress(SystemExit):
            cli.main(argv)
    return out.getvalue()


def agrees(shown: str, answer: str) -> bool:
    """The page shows the command's answer (``...`` may stand for any part of it)."""
    return _CHECKER.check_output(shown.rstrip("\n") + "\n", answer, doctest.ELLIPSIS)


def differences(text: str) -> list[str]:
    """Every step whose shown lines are not what the command prints, with both."""
    return [
        f"$ {step.command}\n--- shown:\n{step.shown}--- printed:\n{answer}"
        for step, answer in run(text)
        if not agrees(step.shown, answer)
    ]


def console_in_language(text: str, lang: str) -> str:
    """A session as a page in ``lang`` shows it: each ``nq`` command asked in ``lang``, with its
    answer; a step whose shown lines are not the English answer (an edited block) is left as
    it is written, so that the English check (:func:`differences`) reports it."""
    if lang == SOURCE_LANGUAGE:
        return text
    english, other = run(text), run(text, lang)
    lines: list[str] = []
    for (step, answer), (_, answer_there) in zip(english, other, strict=True):
        words = step.words
        if words[:1] == ["nq"] and agrees(step.shown, answer):
            command = shlex.join(in_language(words, lang))
            shown = _shown_in_language(step.shown, answer, answer_there)
            if shown is None:  # else the page in ``lang`` would show the English lines
                why = f"the lines shown (with ...) match no lines of the answer in {lang}"
                raise SessionRefused(step.line, f"{why}: {step.command}")
        else:
            command, shown = step.command, step.shown
        lines.append(PROMPT + command + "\n" + shown.rstrip("\n"))
    return "\n".join(lines) + ("\n" if text.endswith("\n") else "")


def _shown_in_language(shown: str, english: str, other: str) -> str | None:
    """The lines shown of the English answer, as the other language printed them: all of it,
    or line for line where the page leaves some out (``...``); None when they cannot be
    matched line for line."""
    if "..." not in shown:
        return other
    from nqsphinx.languages.code_prose import printed_in_language

    return printed_in_language(shown, english, other)
