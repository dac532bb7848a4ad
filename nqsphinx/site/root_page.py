"""The site's root page: sends the reader to the site in their browser's language (English if the
site has none of theirs), with a link to every language's site visible for readers without
JavaScript or who want to choose; and, beside it, the service worker of every language
(:mod:`nqsphinx.site.offline`), written last, as it lists every file; and the one rules engine of
both sites' calculators, when a site has them (written by the companion:
:mod:`nqsphinx.site.engine_files`)."""

from __future__ import annotations

import json
import sys
from html import escape
from pathlib import Path

from nqcore.i18n import LANGUAGES
from nqsphinx.messages import ui_text
from nqsphinx.refusals import Refused
from nqsphinx.site.csp import META_TAG
from nqsphinx.site.engine_files import SHARED_DIR, write_engine
from nqsphinx.site.offline import write_worker

ROOT_SCRIPT_NAME = "nq-root.js"
#: The browser's first language that the site has, kept in a file beside the page: the
#: Content-Security-Policy allows no inline script (:mod:`nqsphinx.site.csp`).
ROOT_SCRIPT_TEMPLATE = """// The root page sends the reader to their language's site (site_root.py).
(function () {
  var sites = %s;
  var langs = navigator.languages || [navigator.language || "en"];
  var chosen = null;
  try { chosen = localStorage.getItem("nq-language"); } catch (e) { /* private browsing */ }
  if (chosen) langs = [chosen].concat(langs);  // the switch's choice, then the browser's
  var choice = "en";
  for (var i = 0; i < langs.length; i++) {
    var code = String(langs[i]).split("-")[0].toLowerCase();
    if (sites.indexOf(code) >= 0) { choice = code; break; }
  }
  window.location.replace(choice + "/index.html" + window.location.hash);
})();
"""
#: The links in a main landmark (axe: landmark-one-main, region) and the site's icon (else the
#: browser asks for /favicon.ico, which is not there), for readers who see this page.
ROOT_PAGE_TEMPLATE = f"""<!DOCTYPE html>
<html lang="en">
<head>
{META_TAG}
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>No Quarter Fantasy Wargames</title>
<link rel="icon" href="en/_static/favicon.svg" type="image/svg+xml" />
<script src="{ROOT_SCRIPT_NAME}"></script>
</head>
<body>
<main>
<h1>No Quarter Fantasy Wargames</h1>
<ul>
{{links}}
</ul>
</main>
</body>
</html>
"""


def language_link(lang: str) -> str:
    """The start page's link to the site of ``lang``, in that language."""
    text = escape(ui_text("English rules", lang))  # each catalogue: its own language's rules
    return f'<li><a href="{lang}/index.html" hreflang="{lang}" lang="{lang}">{text}</a></li>'


#: The root page's script and page, for every language of the editions (nqcore.i18n.LANGUAGES).
ROOT_SCRIPT = ROOT_SCRIPT_TEMPLATE % json.dumps(list(LANGUAGES))
ROOT_PAGE = ROOT_PAGE_TEMPLATE.format(links="\n".join(language_link(lang) for lang in LANGUAGES))


def write_start_page(site: Path) -> Path:
    """The root page and its script in ``site`` (also the offline archive's start page)."""
    site.mkdir(parents=True, exist_ok=True)
    (site / ROOT_SCRIPT_NAME).write_text(ROOT_SCRIPT, encoding="utf-8")
    page = site / "index.html"
    page.write_text(ROOT_PAGE, encoding="utf-8")
    return page


def write_root(site: Path) -> Path:
    """The root page of ``site`` (``_build/html``), then the worker of everything there."""
    page = write_start_page(site)
    if any((site / lang / "_static" / "nq-at-table.js").is_file() for lang in LANGUAGES):
        write_engine(site / SHARED_DIR)  # the sites' builds wrote it beside them, maybe elsewhere
    write_worker(site)
    return page


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m nqsphinx.site.root_page SITE_DIRECTORY", file=sys.stderr)
        return 2
    try:
        write_root(Path(argv[0]))
    except Refused as refused:  # a contributor's file: one line, no traceback
        print(f"ERROR: {refused.message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
