"""The one line ``nq`` prints when its command line is refused, in the reader's language.

``--lang`` may stand before or after the question, so the language is read from the command line
before argparse parses it (:func:`language_of`).  Our own messages (the checks behind the options,
:mod:`nqcore.cli.args`) are engine msgids, said with :func:`say` in the language :func:`speaking`
sets.  argparse's own messages ("the following arguments are required: %s") come from its module's
``_`` and ``ngettext`` names, which it looks up at each call (``from gettext import gettext as _,
ngettext``): :func:`speaking` points them at the engine's catalogue for the length of one answer
and puts them back afterwards, even when argparse leaves with ``SystemExit``.

Why swap those two names rather than anything else:

* ``gettext.install``, ``bindtextdomain`` or ``textdomain`` would change the translations of every
  module in the process (the site runs the engine in Pyodide) and need a compiled ``.mo`` file;
* translating argparse's finished lines by pattern (as ``REFUSALS`` in :mod:`nqcompanion.bridge.web`
  does for the rules' refusals) would have to know how its messages nest ("argument --ability:
  invalid choice: ...") and would miss any new one silently;
* with the swap, each message is translated where argparse formats it, with its own placeholders;
  only the messages of :data:`ARGPARSE_MESSAGES` are looked up, and one French lacks stays English.

The help (``nq --lang fr save --help``) is said in the same language: its lines are engine msgids,
which the help's formatter (:mod:`nqcore.cli.parser`) reads with :func:`word`.

The swap holds for the whole process: a lock makes ``nq``'s answers take turns (the command and the
page answer one question at a time), and any parse of ours in another language waits for it.
"""

from __future__ import annotations

import argparse
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from nqcore.i18n import LANGUAGES, N_, SOURCE_LANGUAGE, Msg, colon, quoted_in, translator

#: The messages of argparse (Python 3.11's ``argparse.py``, word for word) that ``nq`` can print,
#: and the suffix ``nq`` adds; the words of its help too (``usage: `` through its ``_``, the
#: others through :func:`word`, read by the help's formatter in :mod:`nqcore.cli.parser`).
ARGPARSE_MESSAGES: tuple[Msg, ...] = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("ignored explicit argument %r"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("expected %s argument"),
    N_("expected %s arguments"),
)
#: ``nq``'s own end of a refused command line.
SEE_HELP = N_("{prog}: {message} (see {prog} --help)")

_ARGPARSE = frozenset(ARGPARSE_MESSAGES)
_LOCK = threading.RLock()
_LANGUAGE: ContextVar[str] = ContextVar("nq_usage_language", default=SOURCE_LANGUAGE)


def named_languages(argv: Sequence[str]) -> list[str]:
    """The value of each ``--lang`` of ``argv`` (``--lang fr``, ``--lang=fr``; no abbreviation,
    as :mod:`nqcore.cli.parser` takes none), in order, up to ``--``."""
    found: list[str] = []
    for index, arg in enumerate(argv):
        if arg == "--":  # what follows is no option
            break
        option, equals, value = arg.partition("=")
        if option != "--lang":
            continue
        if not equals:
            value = argv[index + 1] if index + 1 < len(argv) else ""
        found.append(value)
    return found


def language_of(argv: Sequence[str]) -> str:
    """The language ``--lang`` asks for, wherever it stands (:func:`named_languages`): English
    if none does, or if one names no language of the engine (argparse refuses that command
    line, in English)."""
    found = named_languages(argv)
    if not found or any(value not in LANGUAGES for value in found):
        return SOURCE_LANGUAGE
    return found[-1]  # argparse keeps the last


def say(message: Msg, /, **values: object) -> str:
    """``message`` in the language of the answer being made, its ``{placeholders}`` filled."""
    return translator(_LANGUAGE.get())(message).format(**values)


def word(text: str) -> str:
    """``text`` (an engine msgid: a help line of ``nq``) in the language of the answer being
    made, its ``%(...)s`` left for argparse to fill."""
    return translator(_LANGUAGE.get())(text)


def word_colon() -> str:
    """The colon of the language of the answer being made, and its spaces: ``": "``, « : »."""
    return colon(_LANGUAGE.get())


def quoted(text: str) -> str:
    """A value the reader typed, quoted as their language quotes (escapes visible): ``'x'``, or
    « x » in French."""
    return quoted_in(_LANGUAGE.get(), text)


def _argparse_words(lang: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    """argparse's ``_`` and ``ngettext`` in ``lang``: its listed messages only."""
    of = translator(lang)

    def gettext(text: str) -> str:
        return of(text) if text in _ARGPARSE else text

    def ngettext(singular: str, plural: str, count: int) -> str:
        return gettext(singular if count == 1 else plural)  # nq's counts are never 0

    return gettext, ngettext


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Parse and answer in ``lang``: our messages through :func:`say`, argparse's through its
    two names, restored on the way out whatever ends the parse."""
    names = vars(argparse)
    with _LOCK:
        saved = names["_"], names["ngettext"]
        token = _LANGUAGE.set(lang)
        if lang != SOURCE_LANGUAGE:
            names["_"], names["ngettext"] = _argparse_words(lang)
        try:
            yield
        finally:
            names["_"], names["ngettext"] = saved
            _LANGUAGE.reset(token)
