"""``{nq-site-page}`at-the-table```: a page of the site named in the book's prose.

On the site it is a link to the page, under its title (as ``{doc}`` makes it).  A print edition
leaves the site's own pages out (the calculators of At the table need a browser:
:data:`nqsphinx.books.editions.SITE_ONLY_PAGES`), and on paper a title alone does not say where
the page is: there the role gives the title and the page's whole address, made from
``nq_site_url`` (``conf.py``) as the print products make it (:mod:`nqprint.site_address`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.nodes import Node, system_message
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.roles import XRefRole
from sphinx.util.docutils import SphinxRole

from nqprint.latex import PrintError
from nqprint.site_address import SETTING, check_site_url, page_address, page_title
from nqsphinx.books.editions import is_print_edition
from nqsphinx.messages import page_language
from nqsphinx.refusals import Refused

ROLE = "nq-site-page"


class SitePage(SphinxRole):
    """The page's link on the site; in print, its title in italics and its address."""

    def run(self) -> tuple[list[Node], list[system_message]]:
        page = self.text.strip()
        if not is_print_edition(self.config):
            link = XRefRole(warn_dangling=True, innernodeclass=nodes.inline)
            return link("std:doc", self.rawtext, page, self.lineno, self.inliner, {}, [])
        lang = page_language(self.config.language)
        source = Path(self.env.srcdir)
        locale = source / (self.config.locale_dirs or ["locale"])[0]
        title = page_title(page, lang, source, locale)
        address = page_address(getattr(self.config, SETTING), lang, page)
        return [
            nodes.emphasis(title, title),
            nodes.Text(" ("),
            nodes.reference(address, address, refuri=address),
            nodes.Text(")"),
        ], []


def _check(app: Sphinx, config: Config) -> None:
    """A print edition needs the address: one line naming the setting if it is wrong."""
    if not is_print_edition(config):
        return
    try:
        check_site_url(getattr(config, SETTING), "conf.py")
    except PrintError as error:
        raise Refused(str(error)) from None


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value(SETTING, "", "env", types=frozenset({str}))
    app.add_role(ROLE, SitePage())
    app.connect("config-inited", _check, priority=800)
    return {"parallel_read_safe": True}
