"""The Content-Security-Policy of every page: only the site's own files run, style and load.

The site is static (any web server, the offline archives, Read the Docs), so the policy travels
in each page: ``<meta http-equiv="Content-Security-Policy">``, the first element of ``<head>``
(``nqsphinx/site/templates/page.html``; a policy applies only to what follows it).  A web server
may send the same policy as a header (README, nginx).

No page keeps an inline script or style, so the policy needs no hash:

- Furo's theme script (``document.body.dataset.theme = ...``) is ``_static/nq-theme-mode.js``;
- Furo's ``<style>`` of code colours is rendered by Furo's own partial into
  ``_static/nq-furo-variables.css`` (:class:`FuroVariables`);
- the root page's language choice is ``nq-root.js`` beside it (:mod:`nqsphinx.site.root_page`);
- Sphinx's ``translations.js`` has doctools.js compile its plural rule with ``new Function``,
  which a policy without ``'unsafe-eval'`` refuses: the build rewrites it to give the same
  catalogue with the rule as plain code (:func:`eval_free_translations`).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from furo import get_pygments_stylesheet
from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from nqsphinx.refusals import Refused

DIRECTIVES: tuple[tuple[str, str], ...] = (
    # Anything a directive below does not name (fonts, fetch of pages for the search summaries,
    # workers, manifests) comes from the site itself, and from nowhere else.
    ("default-src", "'self'"),
    # Scripts are the site's own files: no inline script, no inline event handler (onclick=),
    # no javascript: URL, no eval. An injected script does not run.
    ("script-src", "'self'"),
    # Stylesheets are the site's own files: no inline <style> (Furo's is a file here).
    ("style-src", "'self'"),
    # No style attribute: Furo's icons and index carried some, our copies of those templates use
    # SVG presentation attributes and classes instead; scripts that place elements (the glossary
    # box, doctools.js) set element.style, which a policy does not govern.
    ("style-src-attr", "'none'"),
    # Images are the site's files; data: because Furo's stylesheet draws its icons (search,
    # admonitions, external links) as data: SVG masks.
    ("img-src", "'self' data:"),
    # No plug-in content (<object>, <embed>): the site has none.
    ("object-src", "'none'"),
    # No <base>: an injected one would redirect every relative link and script of the page.
    ("base-uri", "'none'"),
    # The search box submits to the site's own search page, and forms go nowhere else.
    ("form-action", "'self'"),
)
# frame-ancestors, report-uri and sandbox are ignored in a <meta> policy (and Chromium says so in
# the console), so they are left out: the page's policy and a server's header stay identical.

POLICY = "; ".join(f"{name} {value}" for name, value in DIRECTIVES)
META_TAG = f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">'

THEME_SCRIPT = "nq-theme-mode.js"
FURO_VARIABLES = "nq-furo-variables.css"
FURO_VARIABLES_TEMPLATE = "partials/_head_css_variables.html"
TRANSLATIONS = "translations.js"
PYGMENTS = "pygments.css"
#: The first line of a rewritten ``translations.js``: a second build leaves it as it is.
TRANSLATIONS_MARK = "// Sphinx's catalogue without eval (nqsphinx.site.csp)"
#: A gettext plural rule: ``n``, numbers, comparisons, arithmetic, ``?:`` and parentheses.
PLURAL_RULE = re.compile(r"[n0-9\s()!=<>&|?:%+*/-]+")


def eval_free_translations(script: str, where: str) -> str:
    """Sphinx's ``Documentation.addTranslations({...})`` as the three assignments it makes, with
    the plural rule written as code rather than compiled by ``new Function``."""
    match = re.fullmatch(r"\s*Documentation\.addTranslations\((.*)\);?\s*", script, re.S)
    try:
        catalogue: dict[str, Any] = json.loads(match.group(1)) if match else {}
        rule, locale = catalogue["plural_expr"], catalogue["locale"]
        messages = catalogue["messages"]
    except (ValueError, TypeError, KeyError):
        raise Refused(f"{where}: not a Sphinx translation catalogue") from None
    if not isinstance(rule, str) or not PLURAL_RULE.fullmatch(rule):
        raise Refused(f"{where}: plural rule {rule!r} is not a gettext expression")
    return (
        f"{TRANSLATIONS_MARK}: doctools.js would compile\n"
        "// the plural rule with new Function, which the Content-Security-Policy forbids.\n"
        f"Object.assign(Documentation.TRANSLATIONS, {json.dumps(messages, indent=1)});\n"
        f"Documentation.PLURAL_EXPR = (n) => Number({rule});\n"
        f"Documentation.LOCALE = {json.dumps(locale)};\n"
    )


def rewrite_translations(static: Path) -> None:
    path = static / TRANSLATIONS
    if not path.is_file():
        return
    script = path.read_text(encoding="utf-8")
    if not script.startswith(TRANSLATIONS_MARK):
        path.write_text(eval_free_translations(script, str(path)), encoding="utf-8")


class FuroVariables:
    """Furo's inline ``<style>`` (its code colours as CSS variables), as a stylesheet.

    The page template links ``_static/nq-furo-variables.css`` where Furo writes the ``<style>``;
    its text is Furo's own partial, rendered with a page's context, so it follows Furo and the
    Pygments styles."""

    def __init__(self) -> None:
        self.css: str | None = None

    def capture(
        self, app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
    ) -> None:
        if self.css is not None or "furo_pygments" not in context:
            return
        rendered = app.builder.templates.render(FURO_VARIABLES_TEMPLATE, context)
        match = re.fullmatch(r"\s*<style>(.*)</style>\s*", rendered, re.S)
        if match is None:
            raise ExtensionError(f"Furo's {FURO_VARIABLES_TEMPLATE} is no longer one <style>")
        lines = (line.rstrip() for line in match.group(1).splitlines())
        self.css = "\n".join(line for line in lines if line.strip()) + "\n"

    def write(self, static: Path) -> None:
        if self.css is not None:
            (static / FURO_VARIABLES).write_text(self.css, encoding="utf-8")


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    context["nq_csp_meta"] = META_TAG
    context["nq_theme_script"] = f"_static/{THEME_SCRIPT}"
    context["nq_furo_variables"] = f"_static/{FURO_VARIABLES}"


def setup(app: Sphinx) -> None:
    variables = FuroVariables()

    def finished(app: Sphinx, exception: Exception | None) -> None:
        if exception is None and app.builder.format == "html":
            static = Path(app.outdir) / "_static"
            static.mkdir(parents=True, exist_ok=True)
            variables.write(static)
            rewrite_translations(static)

    def before_pages(app: Sphinx, *page: Any) -> None:
        """The files Sphinx copied that we and Furo rewrite, rewritten before a page names its
        bundle (nqsphinx.site.bundles, priority 950: its checksum is of the published text):
        translations.js, and Furo's pygments.css (Furo writes the same when the build ends)."""
        static = Path(app.outdir) / "_static"
        rewrite_translations(static)
        furo = app.builder.name == "html" and app.config.html_theme == "furo"
        if furo and (static / PYGMENTS).is_file():  # Furo's colours are known with its theme
            code_colours = get_pygments_stylesheet()
            if (static / PYGMENTS).read_text(encoding="utf-8") != code_colours:
                (static / PYGMENTS).write_text(code_colours, encoding="utf-8")

    app.connect("html-page-context", _page_context)
    app.connect("html-page-context", before_pages, priority=100)
    # After Furo's handler (priority 500), which sets the Pygments colours.
    app.connect("html-page-context", variables.capture, priority=600)
    app.connect("build-finished", finished)
