"""A translated page's code run again in its language, in the worked examples' sandbox.

A translated page shows what the ``nq`` command answers in its language
(:mod:`nqsphinx.languages.code_prose`): its doctests that call the command and its ``console``
sessions are run again with ``--lang``.  That code is the page's, which any pull request may
change: it never runs in the Sphinx process, where it could write into the site, read the build
machine's files or change the sources.  It runs in the sandbox of ``make verify-examples``
(:mod:`nqsphinx.sandbox`: only the system's libraries, the interpreter and the project,
read-only, an empty ``/tmp``, no network), in two child processes per page that send back text
only:

- the page's child runs the page's doctests, as they are, in English: what each example printed,
  and the arguments of each call of the command (:func:`page_calls`);
- the engine's child, a fresh interpreter that runs none of the page's code, answers those
  calls in the page's language, and runs the page's sessions in it (:func:`engine_answers`).

So what the page's code does to the engine (a ``main`` of its own, a module changed) stays in the
first process: the French answers are the engine's.

``python -m nqsphinx.languages.page_runs page`` is the page's child (the page's blocks as JSON on
standard input, ``[["doctest", TEXT], ["console", TEXT], ...]``); ``python -m
nqsphinx.languages.page_runs engine LANG`` the engine's (``{"calls": [ARGV, ...], "sessions":
[TEXT, ...]}``).  Each writes its answers as JSON on standard output.
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import subprocess
import sys
from collections.abc import Sequence
from typing import Any

from nqsphinx import sandbox

#: Seconds each child may take (the nq page's sessions take about two).
TIMEOUT = 60
#: A doctest that calls the command names its module; the page's later doctests use its names.
COMMAND_MODULE = "nqcore.cli.commands"

#: One block of a page: ``("doctest", text)`` or ``("console", text)``.
Block = tuple[str, str]
#: An example's run in the page's child: what it printed, and each call's arguments.
PageRun = tuple[str, list[list[str]]]


class PageRunError(Exception):
    """The page's code gave no answer (it failed its process, or printed over the answer);
    ``block``: the index of the page's block at fault, when one is (a session refused)."""

    def __init__(self, message: str, block: int | None = None) -> None:
        super().__init__(message)
        self.block = block


def _child(command: list[str], given: object) -> Any:
    """What a sandboxed child (``python -m nqsphinx.languages.page_runs COMMAND``) answers."""
    child = [sys.executable, "-m", "nqsphinx.languages.page_runs", *command]
    try:
        done = sandbox.run(child, timeout=TIMEOUT, stdin=json.dumps(given))
    except subprocess.TimeoutExpired:
        raise PageRunError(f"the page's code ran longer than {TIMEOUT} s") from None
    if done.returncode != 0:
        last = sandbox.last_words(done)
        raise PageRunError(f"the page's code failed its run (exit {done.returncode}): {last}")
    try:
        return json.loads(done.stdout)
    except ValueError:
        raise PageRunError("the page's code printed over its answers") from None


def _is_words(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(word, str) for word in value)


def _checked_page_calls(found: Any, blocks: Sequence[Block]) -> list[list[PageRun] | None]:
    """The page's child's answer, refused unless it has the shape :func:`page_calls` gives."""
    shaped = isinstance(found, list) and len(found) == len(blocks)
    for runs in found if shaped else []:
        shaped = shaped and (runs is None or isinstance(runs, list))
        for run in runs or []:
            shaped = shaped and isinstance(run, list) and len(run) == 2
            shaped = shaped and isinstance(run[0], str) and isinstance(run[1], list)
            shaped = shaped and all(_is_words(call) for call in run[1])
    if not shaped:
        raise PageRunError("the page's code printed over its answers")
    return [None if runs is None else [(text, calls) for text, calls in runs] for runs in found]


def run_in_sandbox(lang: str, blocks: Sequence[Block]) -> list[Any]:
    """The answers of :func:`answers`, computed by the two sandboxed children."""
    doctests = [(kind, text) if kind == "doctest" else ("", "") for kind, text in blocks]
    page: list[list[PageRun] | None] = [None] * len(blocks)
    if any(COMMAND_MODULE in text for _, text in doctests):
        page = _checked_page_calls(_child(["page"], doctests), blocks)
    calls = [call for runs in page for _, example in runs or [] for call in example]
    sessions = [text for kind, text in blocks if kind == "console"]
    if not calls and not sessions:
        return _combined(blocks, page, [], [])
    engine = _child(["engine", lang], {"calls": calls, "sessions": sessions})
    _raise_refused(engine, blocks)
    if not (isinstance(engine, dict) and _is_words(engine.get("calls"))):
        raise PageRunError("the page's code printed over its answers")
    if not _is_words(engine.get("sessions")) or len(engine["calls"]) != len(calls):
        raise PageRunError("the page's code printed over its answers")
    return _combined(blocks, page, engine["calls"], engine["sessions"])


def _raise_refused(engine: Any, blocks: Sequence[Block]) -> None:
    """The session the engine's child refused, as a :class:`PageRunError` naming its block."""
    refused = engine.get("refused") if isinstance(engine, dict) else None
    if refused is None:
        return
    if not (isinstance(refused, list) and len(refused) == 3):
        raise PageRunError("the page's code printed over its answers")
    session, line, why = refused
    consoles = [index for index, (kind, _) in enumerate(blocks) if kind == "console"]
    shaped = isinstance(session, int) and 0 <= session < len(consoles)
    if not (shaped and isinstance(line, int) and isinstance(why, str)):
        raise PageRunError("the page's code printed over its answers")
    raise PageRunError(f"its session's line {line}: {why}", block=consoles[session])


def _combined(
    blocks: Sequence[Block],
    page: Sequence[list[PageRun] | None],
    answered: list[str],
    sessions: list[str],
) -> list[Any]:
    """Each block's answer, as JSON reads it: a doctest's runs, ``[ENGLISH, OTHER]`` (what each
    example printed in English, what its calls answered in the page's language); a session as
    shown in that language."""
    answered_calls, shown_sessions = iter(answered), iter(sessions)
    found: list[Any] = []
    for (kind, _), runs in zip(blocks, page, strict=True):
        if kind == "console":
            found.append(next(shown_sessions))
        else:
            found.append(
                [[text, "".join(next(answered_calls) for _ in calls)] for text, calls in runs or []]
            )
    return found


class _Recorder:
    """The session's ``main``: it answers in English, and notes each call's arguments."""

    def __init__(self, calls: list[list[str]]) -> None:
        self.calls = calls

    def __call__(self, argv: Sequence[str] | None = None) -> int:
        from nqcore.cli import commands as cli

        self.calls.append([str(word) for word in argv or []])
        return cli.main(argv)


def _recorders(namespace: dict[str, Any], calls: list[list[str]]) -> bool:
    """The session's names for the command, each made a :class:`_Recorder` into ``calls``;
    whether it has any."""
    from nqcore.cli import commands as cli

    for name, value in list(namespace.items()):
        if value is cli.main:
            namespace[name] = _Recorder(calls)
        elif isinstance(value, _Recorder):
            value.calls = calls
    return any(isinstance(value, _Recorder) for value in namespace.values())


def _run(examples: list[doctest.Example], namespace: dict[str, Any]) -> list[PageRun]:
    """What each example prints, and the arguments of the command's calls meanwhile."""
    printed: list[PageRun] = []
    for example in examples:
        out, calls = io.StringIO(), list[list[str]]()
        _recorders(namespace, calls)
        with contextlib.redirect_stdout(out):
            try:
                exec(compile(example.source, "<example>", "single"), namespace)  # noqa: S102
            except Exception:  # noqa: BLE001 - its doctest says what it raises
                printed.append(("", []))
                continue
        printed.append((out.getvalue(), calls))
    _recorders(namespace, [])  # for the page's next sessions
    return printed


def page_calls(blocks: Sequence[Block]) -> list[list[PageRun] | None]:
    """Each doctest's runs (none when it calls no command; ``None`` for another block).  The
    page's doctests share their names, as doctest's do.  Runs the page's code: only in the
    page's child."""
    namespace: dict[str, Any] = {}
    found: list[list[PageRun] | None] = []
    for kind, text in blocks:
        if kind != "doctest":
            found.append(None)
        elif COMMAND_MODULE in text or _recorders(namespace, []):
            found.append(_run(doctest.DocTestParser().get_examples(text), namespace))
        else:
            found.append([])
    return found


def answered(argv: list[str], lang: str) -> str:
    """What the command prints in ``lang`` when asked ``argv`` (its error output left out)."""
    from nqcore.cli.commands import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(Exception, SystemExit):
            main(["--lang", lang, *argv])
    return out.getvalue()


def engine_answers(lang: str, calls: list[list[str]], sessions: list[str]) -> dict[str, Any]:
    """The calls answered in ``lang``, the sessions as ``lang`` shows them.  Runs none of the
    page's code (the sessions' ``nq`` commands only): the engine's child."""
    from nqsphinx.languages.console import SessionRefused, console_in_language

    shown: list[str] = []
    for index, text in enumerate(sessions):
        try:
            shown.append(console_in_language(text, lang))
        except SessionRefused as refused:  # named at its block by the build
            return {"refused": [index, refused.line, refused.why]}
    return {"calls": [answered(argv, lang) for argv in calls], "sessions": shown}


def answers(lang: str, blocks: Sequence[Block]) -> list[Any]:
    """Each block's answer: a doctest's runs (what each of its examples printed, in English and
    in ``lang``; none when it calls no command), a session as shown in ``lang``.  In this
    process (the tests'); the build runs it in the sandbox (:func:`run_in_sandbox`)."""
    page = page_calls(blocks)
    calls = [call for runs in page for _, example in runs or [] for call in example]
    sessions = [text for kind, text in blocks if kind == "console"]
    engine = engine_answers(lang, calls, sessions)
    _raise_refused(engine, blocks)
    return _combined(blocks, page, engine["calls"], engine["sessions"])


def main(argv: Sequence[str] | None = None) -> int:
    which, *rest = sys.argv[1:] if argv is None else argv
    given = json.load(sys.stdin)
    if which == "page":
        found: Any = page_calls([(str(kind), str(text)) for kind, text in given])
    else:
        (lang,) = rest
        found = engine_answers(lang, given["calls"], given["sessions"])
    sys.stdout.write(json.dumps(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
