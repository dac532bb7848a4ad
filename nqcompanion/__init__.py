"""At the table: the calculators, the profile builder and the army builder, which ask the rules
engine itself in the reader's browser, and what keeps them offline.

- :mod:`nqcompanion.page`: the ``{nq-calculator}`` directive and the page's forms, drawn at build
  time, with the answer tables shown before the engine has loaded;
- :mod:`nqcompanion.engine`: the engine as files for Pyodide (``_engine/``; where the sites keep
  it, and the pages the offline worker keeps with it: :mod:`nqsphinx.site`);
- :mod:`nqcompanion.bridge`: what the page's worker imports in Pyodide to ask :mod:`nqcore`;
- ``static/``: the page's scripts and styles, and the engine's worker.

The Sphinx extension ``nqcompanion`` (loaded by :mod:`nqsphinx`) adds all of it.  Sphinx is
imported by :func:`setup` only: the bridge runs in Pyodide, where Sphinx is absent, and
``import nqcompanion.bridge.web`` imports this package first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sphinx.application import Sphinx


def setup(app: Sphinx) -> dict[str, Any]:
    """The ``{nq-calculator}`` directive, its pages' policy, scripts and styles, and the engine."""
    from nqcompanion.page import directive

    directive.setup(app)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
