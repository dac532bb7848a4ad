"""A contributor's input refused from inside Sphinx: one line naming the file, exit status 2.

Sphinx 9 prints its crash report (versions, last messages, extensions, a traceback, "please open
an issue") for any exception an extension raises, :class:`~sphinx.errors.ExtensionError`
included: right for a bug, wrong for a bad data file, catalogue or stylesheet, which is the
contributor's to fix.  A :class:`Refused` error is printed by ``sphinx-build`` as
``ERROR: <file>, <record>: <why>`` and nothing else (:mod:`nqsphinx.upstream.refusal_report`);
any other exception keeps Sphinx's report.
"""

from __future__ import annotations

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from nqsphinx.upstream import refusal_report


class Refused(ExtensionError):
    """Input the build refuses (its message names the file and the record or line)."""


def refusal_line(exception: BaseException) -> str | None:
    """The one line of the :class:`Refused` error behind ``exception`` (Sphinx may wrap it),
    or of a data file the engine's schema refuses (:class:`~nqcore.data.datafiles.DataFileError`,
    which names its file and record): attacker round 27 found two read late, by an event
    handler (``search.toml``'s words, ``rules_index.toml``'s terms), given Sphinx's report."""
    from nqcore.data.datafiles import DataFileError

    seen: BaseException | None = exception
    while seen is not None:
        if isinstance(seen, Refused):
            return f"ERROR: {seen.message}"
        if isinstance(seen, DataFileError):
            return f"ERROR: Refused input: {seen}"
        seen = seen.__cause__ or getattr(seen, "orig_exc", None)
    return None


def setup(app: Sphinx) -> None:
    refusal_report.install(refusal_line)
