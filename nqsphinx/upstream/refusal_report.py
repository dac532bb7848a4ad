"""``sphinx-build``'s report of an exception, for a refusal: one line instead of the crash report.

Sphinx 9's ``build_main`` catches every exception of a build and hands it to
``sphinx._cli.util.errors.handle_exception``, which prints its crash report (versions, last
messages, extensions, a traceback, "please open an issue") for all of them, with no hook for an
extension.  Wrapped here, on Sphinx 9 only (another version keeps its own report: a refusal is
then still refused, only reported at length): a :class:`nqsphinx.refusals.Refused` error
prints as ``ERROR: <its message>``; anything else goes to Sphinx's report unchanged."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import sphinx

#: The Sphinx this wrapper was written against (its private module's name and signature).
GUARD = 9


def install(is_refusal: Callable[[BaseException], str | None]) -> bool:
    """Wrap Sphinx's handler; ``is_refusal`` gives a refusal's one line (None: not one).
    Whether it was installed."""
    if sphinx.version_info[0] != GUARD:
        return False
    try:
        from sphinx._cli.util import errors
    except ImportError:
        return False
    original = errors.handle_exception
    if getattr(original, "nq_refusals", False):
        return True

    def handle_exception(exception: BaseException, /, *args: Any, **kwargs: Any) -> None:
        line = is_refusal(exception)
        if line is None:
            original(exception, *args, **kwargs)
        else:
            print(line, file=kwargs.get("stderr") or sys.stderr)

    handle_exception.nq_refusals = True  # type: ignore[attr-defined]
    errors.handle_exception = handle_exception
    return True
