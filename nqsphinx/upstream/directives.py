"""The directives docutils knows by name: docutils has no public listing of its registry
(``docutils.parsers.rst.directives._directives``, where Sphinx's ``app.add_directive`` puts
them), which :mod:`nqsphinx.uncatalogued` reads to find every directive with an option whose
words reach no catalogue.  Only here: outside ``nqsphinx/upstream/`` no module touches a
private name of a framework (tests/test_upstream_boundary.py)."""

from __future__ import annotations

from typing import Any

from docutils.parsers.rst import directives


def registered() -> dict[str, Any]:
    """Each registered directive's class (or function), by its name."""
    return dict(directives._directives)
