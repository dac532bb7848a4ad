"""The builder a transform or directive works for.

Sphinx 9 deprecates ``SphinxTransform.app``, ``SphinxPostTransform.app`` and
``BuildEnvironment.app`` (removed in Sphinx 11) and names nothing in their place; what our
transforms need of the application is its builder (its name, its format, its page addresses).
So the builder is remembered for its environment when Sphinx announces it (``builder-inited``),
through the application the event hands over, which stays public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from sphinx.application import Sphinx
    from sphinx.builders import Builder
    from sphinx.environment import BuildEnvironment

_BUILDERS: WeakKeyDictionary[BuildEnvironment, Builder] = WeakKeyDictionary()


def remember_builder(app: Sphinx) -> None:
    """``builder-inited``: the builder of ``app``'s environment, for :func:`builder_of`."""
    _BUILDERS[app.env] = app.builder


def builder_of(env: BuildEnvironment) -> Builder:
    """The builder working with ``env`` (set up by :func:`nqsphinx.setup`)."""
    try:
        return _BUILDERS[env]
    except KeyError:
        raise RuntimeError("no builder for this environment: is nqsphinx set up?") from None
