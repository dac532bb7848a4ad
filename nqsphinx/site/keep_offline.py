"""Offline by consent: the "Keep for offline" control, and the words of the service worker.

A first visit keeps only what the reader read (the service worker of
:mod:`nqsphinx.site.offline` keeps each page and the files it loads): a phone does not download
both sites, the calculators' engine and eight PDFs unasked.  The home page and the At the table
page, in both languages, carry a control (:func:`control_html`) that lists what it can keep, each
site, the engine, the PDFs, with its size and whether it is kept, and keeps what the reader
chooses, from either language.  ``_static/nq-offline.js`` asks the worker for the sizes and the
state and sends the reader's choice; without a worker (``file:``, an old browser) the control
stays hidden.  Offline, a page not kept gets a page that says so and how to get it
(:func:`not_kept_words`), in its language.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
from typing import Any

from sphinx.application import Sphinx

from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language, ui_text

#: The pages that carry the control: the home page and the calculators' page.
PAGES = ("index", "at-the-table")


def _typeset(text: str, lang: str) -> str:
    """French typography (spaces before : ; ! ? and inside « »): these words are added after the
    pages' own typography transform."""
    return french_html(text) if lang == "fr" else text


def not_kept_words(lang: str) -> dict[str, str]:
    """The service worker's page for a page not kept, offline: what it says, the way back to
    the page the reader came from, and the pages of the site that are kept."""
    words = {
        "title": ui_text("Not kept for offline reading", lang),
        "text": ui_text(
            "This page is not kept on this device, and there is no network. Open this page "
            "once online first, or keep the site with “Keep for offline”, at the top of the "
            "home page and of the At the table page.",
            lang,
        ),
        "back": ui_text("Back to the page you came from", lang),
        "home": ui_text("Go to the home page", lang),
        "kept": ui_text("Pages kept on this device:", lang),
        # The ways to the other language, said in this page's (player round fifteen: the French
        # page's ways out were in English): the same page, and the pages kept in it.
        "twin_en": ui_text("This page in English, kept on this device", lang),
        "twin_fr": ui_text("This page in French, kept on this device", lang),
        "kept_en": ui_text("Pages kept in English:", lang),
        "kept_fr": ui_text("Pages kept in French:", lang),
    }
    return {"lang": lang, **{key: _typeset(text, lang) for key, text in words.items()}}


#: The page for a page not kept, in the reader's theme: Furo's colours, light or dark as the
#: reader chose (the site's theme script sets ``data-theme``; "auto" follows the system).
NOT_KEPT_STYLE = (
    ":root{color-scheme:light dark}"
    "body{margin:0;font:1.0625rem/1.5 system-ui,sans-serif;background:#fff;color:#000}"
    "main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}a{color:#7d5a2c}"
    '@media (prefers-color-scheme:dark){body:not([data-theme="light"]){background:#131416;'
    'color:#cfd0d0}body:not([data-theme="light"]) a{color:#e0b883}}'
    'body[data-theme="dark"]{background:#131416;color:#cfd0d0}'
    'body[data-theme="dark"] a{color:#e0b883}'
)


def not_kept_head() -> dict[str, str]:
    """The not-kept page's style and its policy: the site's (no inline script, no other
    origin), with this one style allowed by its digest."""
    digest = base64.b64encode(hashlib.sha256(NOT_KEPT_STYLE.encode()).digest()).decode()
    policy = (
        f"default-src 'none'; script-src 'self'; style-src 'sha256-{digest}'; "
        "img-src 'self'; base-uri 'none'; form-action 'none'"
    )
    return {"style": NOT_KEPT_STYLE, "policy": policy}


def engine_offline_words(lang: str) -> str:
    """The calculators' page, offline, when the engine is not kept."""
    return _typeset(
        ui_text(
            "The rules engine is not kept on this device, and there is no network: the "
            "calculators answer what the page's tables hold (a single roll, most often), and "
            "the whole attack, the morale tests over the turns, the terrain's cost and the "
            "profile and army builders wait for the engine. Next time you are online, keep it "
            "with “Keep for offline”.",
            lang,
        ),
        lang,
    )


def control_words(lang: str) -> dict[str, str]:
    words = {
        "en": ui_text("The English site", lang),
        "fr": ui_text("The French site", lang),
        "site": ui_text("This site", lang),
        "engine": ui_text("The calculators’ rules engine, with the pages they link to", lang),
        "pdf": ui_text("The PDFs (A4 and Letter, both languages)", lang),
        "size": ui_text("{size} MB", lang),
        "size_engine": ui_text("{engine} MB, and {pages} MB of pages", lang),
        "part": ui_text("{part} ({size}): {state}", lang),
        "kept": ui_text("kept", lang),
        # not "not kept for sure", read as surely not kept (player round 21)
        "not_kept": ui_text("not kept yet (the browser may have it)", lang),
        "kept_list": ui_text("(kept: {parts})", lang),
        "starting": ui_text("Keeping the chosen parts…", lang),
        "keeping": ui_text("Keeping: {done} of {total} files…", lang),
        "done": ui_text("Kept: ready to read without a network.", lang),
        "failed": ui_text("Not all of it could be kept: try again online.", lang),
    }
    return {key: _typeset(text, lang) for key, text in words.items()}


def control_html(lang: str) -> str:
    """The control, hidden until the page's script finds a service worker to ask."""
    summary = _typeset(ui_text("Keep for offline", lang), lang)
    intro = _typeset(ui_text("Keep on this device, to read and use without a network:", lang), lang)
    button = _typeset(ui_text("Keep the chosen parts", lang), lang)
    words = html.escape(json.dumps(control_words(lang), ensure_ascii=False))
    return (
        f'<details class="nq-keep" id="nq-keep" data-words="{words}" hidden>'
        f'<summary>{html.escape(summary)} <span class="nq-keep-summary"></span></summary>'
        f'<p>{html.escape(intro)}</p><ul class="nq-keep-groups"></ul>'
        f'<button type="button" class="nq-keep-button">{html.escape(button)}</button>'
        '<p class="nq-keep-status" role="status"></p></details>'
    )


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if app.builder.name != "html" or pagename not in PAGES:
        return
    body = context.get("body", "")
    heading_end = body.find("</h1>")
    if heading_end < 0:
        return
    at = heading_end + len("</h1>")
    control = control_html(page_language(app.config.language))
    context["body"] = body[:at] + control + body[at:]


def setup(app: Sphinx) -> None:
    app.connect("html-page-context", _page_context)
