"""A translated page's code run again in its language, in the worked examples' sandbox.

A translated page shows what the ``nq`` command answers in its language
(:mod:`nqsphinx.languages.code_prose`): its doctests that call the command and its ``console``
sessions are run again with ``--lang``.  That code is the page's, which any pull request may
change: it never runs in the Sphinx process, where it could write into the site, read the build
machine's files or change the sources.  One child process per page runs it, in the sandbox of
``make verify-examples`` (:mod:`nqsphinx.sandbox`: only the system's libraries, the interpreter
and the project, read-only, an empty ``/tmp``, no network), and sends back text only: for each
doctest, what each of its examples printed in English and in the page's language; for each
session, the session as the page's language shows it.

``python -m nqsphinx.languages.page_runs LANG`` is the child: the page's blocks as JSON on
standard input (``[["doctest", TEXT], ["console", TEXT], ...]``), their answers on standard output.
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

#: Seconds a page's code may take in the child (the nq page's sessions take about two).
TIMEOUT = 300
#: A doctest that calls the command names its module; the page's later doctests use its names.
COMMAND_MODULE = "nqcore.cli.commands"

#: One block of a page: ``("doctest", text)`` or ``("console", text)``.
Block = tuple[str, str]


class PageRunError(Exception):
    """The page's code gave no answer (it failed its process, or printed over the answer)."""


def run_in_sandbox(lang: str, blocks: Sequence[Block]) -> list[Any]:
    """The answers of :func:`answers`, computed by a sandboxed child process."""
    command = [sys.executable, "-m", "nqsphinx.languages.page_runs", lang]
    try:
        done = sandbox.run(command, timeout=TIMEOUT, stdin=json.dumps(list(blocks)))
    except subprocess.TimeoutExpired:
        raise PageRunError(f"the page's code ran longer than {TIMEOUT} s") from None
    last = sandbox.last_words(done)
    if done.returncode != 0:
        raise PageRunError(f"the page's code failed its run (exit {done.returncode}): {last}")
    try:
        found = json.loads(done.stdout)
    except ValueError:
        raise PageRunError("the page's code printed over its answers") from None
    if not isinstance(found, list) or len(found) != len(blocks):
        raise PageRunError("the page's code printed over its answers")
    return found


class _Bilingual:
    """The session's ``main``: it answers in English, and keeps its answer in ``lang`` aside."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.aside = io.StringIO()

    def __call__(self, argv: Sequence[str] | None = None) -> int:
        from nqcore.cli import commands as cli

        with contextlib.redirect_stdout(self.aside), contextlib.redirect_stderr(io.StringIO()):
            cli.main(["--lang", self.lang, *(argv or [])])
        return cli.main(argv)


def _bilinguals(namespace: dict[str, Any], lang: str) -> list[_Bilingual]:
    """The session's names for the command, each made :class:`_Bilingual`."""
    from nqcore.cli import commands as cli

    for name, value in list(namespace.items()):
        if value is cli.main:
            namespace[name] = _Bilingual(lang)
    return [value for value in namespace.values() if isinstance(value, _Bilingual)]


def _run(
    examples: list[doctest.Example], lang: str, namespace: dict[str, Any]
) -> list[tuple[str, str]]:
    """What each example prints, and what the command printed in ``lang`` meanwhile."""
    printed = []
    for example in examples:
        out = io.StringIO()
        bilinguals = _bilinguals(namespace, lang)
        for bilingual in bilinguals:
            bilingual.aside = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                exec(compile(example.source, "<example>", "single"), namespace)  # noqa: S102
            except Exception:  # noqa: BLE001 - its doctest says what it raises
                printed.append(("", ""))
                continue
        printed.append((out.getvalue(), "".join(b.aside.getvalue() for b in bilinguals)))
    _bilinguals(namespace, lang)  # for the page's next sessions
    return printed


def answers(lang: str, blocks: Sequence[Block]) -> list[Any]:
    """Each block's answer: a doctest's runs (what each example printed, in English and in
    ``lang``; none when it calls no command), a session as shown in ``lang``.  The page's
    doctests share their names, as doctest's do.  Runs the page's code: only in the child."""
    from nqsphinx.languages.console import console_in_language

    namespace: dict[str, Any] = {}
    found: list[Any] = []
    for kind, text in blocks:
        if kind == "console":
            found.append(console_in_language(text, lang))
        elif COMMAND_MODULE in text or any(isinstance(v, _Bilingual) for v in namespace.values()):
            found.append(_run(doctest.DocTestParser().get_examples(text), lang, namespace))
        else:
            found.append([])
    return found


def main(argv: Sequence[str] | None = None) -> int:
    (lang,) = sys.argv[1:] if argv is None else argv
    blocks = [(str(kind), str(text)) for kind, text in json.load(sys.stdin)]
    found = answers(lang, blocks)
    sys.stdout.write(json.dumps(found))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
