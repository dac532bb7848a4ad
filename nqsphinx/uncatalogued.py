"""Markup whose words reach no catalogue is refused in the English sources: a French page would
show them in English, without a warning (attack round seventeen).  Sphinx's ``{index}`` (its
entries go to the index as written; the rulebook's index is ``docs/_data/rules_index.toml``,
translated with the engine's words) and the ``{abbr}`` role (whose explanation the catalogue's
markup guard will not let a translator change), and sphinx_design's ``:tooltip:`` and
``:link-alt:`` options (directive options reach no catalogue).  The rulebook uses none."""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective, SphinxRole

from nqsphinx.upstream.directives import registered

logger = logging.getLogger(__name__)

#: Why each is refused, after its name.
WHY = "its words reach no catalogue: a French page would show them in English"


def _refused(what: str, location: tuple[str, int | None] | str | None) -> None:
    logger.error(f"{what} is refused: {WHY}", location=location, type="nq", subtype="refused")


class RefusedIndex(SphinxDirective):
    """``{index}``: refused at its line, nothing published."""

    has_content = True
    optional_arguments = 1
    final_argument_whitespace = True
    option_spec = {"name": lambda value: value}

    def run(self) -> list[nodes.Node]:
        _refused("the index directive", self.get_location())
        return []


class RefusedRole(SphinxRole):
    """``{index}`` and ``{abbr}`` as roles: refused at their line, their text kept as text."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        _refused(f"the {self.name} role", self.get_location())
        return [nodes.Text(self.text)], []


#: Options of sphinx_design's directives whose words reach no catalogue: a button's
#: ``:tooltip:`` (its title), a card's ``:link-alt:`` (its link's text for a screen reader).
OPTIONS = ("tooltip", "link-alt")


def _refusing(directive: type[SphinxDirective]) -> type[SphinxDirective]:
    """``directive`` with :data:`OPTIONS` refused at its line and dropped, the rest built."""

    class Refusing(directive):  # type: ignore[valid-type,misc]
        def run(self) -> list[nodes.Node]:
            for option in OPTIONS:
                if option in self.options:
                    _refused(f"the {self.name} directive's :{option}:", self.get_location())
                    del self.options[option]
            return list(super().run())

    Refusing.__name__ = Refusing.__qualname__ = f"Refusing{directive.__name__}"
    return Refusing


def refuse_options(app: Sphinx) -> None:
    """Every directive registered with one of :data:`OPTIONS` (sphinx_design's buttons and
    cards), registered again refusing it: after every extension's setup."""
    for name, directive in sorted(registered().items()):
        spec = getattr(directive, "option_spec", None) or {}
        is_sphinx = isinstance(directive, type) and issubclass(directive, SphinxDirective)
        if is_sphinx and set(spec) & set(OPTIONS):
            app.add_directive(name, _refusing(directive), override=True)


def setup(app: Sphinx) -> None:
    app.add_directive("index", RefusedIndex, override=True)
    app.add_role("index", RefusedRole(), override=True)
    app.add_role("abbr", RefusedRole(), override=True)
    app.connect("builder-inited", refuse_options)
