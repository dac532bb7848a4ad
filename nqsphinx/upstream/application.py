"""The application ``sphinx-build ARGUMENTS`` makes, kept between builds by the live preview
(:mod:`nqsphinx.site.live_sites`).

Sphinx has no public interface that parses its command line into an application, nor one that
points a running application's warnings at a new stream and counts them again: these functions
use its private names (``sphinx.cmd.build._parse_*``, ``Sphinx._status``, ``_warncount``),
written against Sphinx :data:`GUARD`, and only here: outside ``nqsphinx/upstream/`` no module
touches a private name of Sphinx, MyST, docutils or Furo (tests/test_upstream_boundary.py).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sphinx.application import Sphinx

#: The Sphinx whose private names these are (tests/test_upstream_boundary.py checks them).
GUARD = "9.0"


def confdir(arguments: Sequence[str]) -> Path:
    """The configuration's folder that ``sphinx-build ARGUMENTS`` reads (its docutils.conf)."""
    from sphinx.cmd import build

    args = build._parse_arguments(build.get_parser(), list(arguments))
    return Path(build._parse_confdir(args.noconfig, args.confdir, args.sourcedir) or args.sourcedir)


def sphinx_app(arguments: Sequence[str], warning: io.StringIO) -> Sphinx:
    """The application ``sphinx-build ARGUMENTS`` makes (Sphinx's own parsing of them)."""
    from sphinx.application import Sphinx
    from sphinx.cmd import build

    parser = build.get_parser()
    args = build._parse_arguments(parser, list(arguments))
    confdir = build._parse_confdir(args.noconfig, args.confdir, args.sourcedir)
    overrides = build._parse_confoverrides(parser, args.define, args.htmldefine, args.nitpicky)
    return Sphinx(
        srcdir=args.sourcedir,
        confdir=confdir,
        outdir=args.outputdir,
        doctreedir=build._parse_doctreedir(args.doctreedir, args.outputdir),
        buildername=args.builder,
        confoverrides=overrides,
        status=None,
        warning=warning,
        freshenv=args.freshenv,
        warningiserror=args.warningiserror,
        tags=args.tags,
        verbosity=args.verbosity,
        parallel=args.jobs,
        keep_going=False,
        pdb=False,
        exception_on_warning=args.exception_on_warning,
    )


def log_to(app: Sphinx, warnings: io.StringIO, *, fresh: bool) -> None:
    """Send the application's warnings to ``warnings`` (emptied by the caller); ``fresh``:
    count them, and the build's status, from zero, as a new ``sphinx-build`` would."""
    from sphinx.util import logging as sphinx_logging

    sphinx_logging.setup(app, app._status, warnings, verbosity=app.verbosity)
    if fresh:
        app._warncount, app.statuscode = 0, 0
