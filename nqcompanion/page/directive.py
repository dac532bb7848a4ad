"""The "At the table" page: calculators that ask the rules engine itself, in the browser.

Every number on the page comes from :mod:`nqcore`: the page runs it with Pyodide (CPython built
for WebAssembly, the npm package ``pyodide`` pinned by ``tools/engine/package-lock.json``) in a
web worker.  A form builds the command line a player would type to ``nq`` and shows what
:func:`nqcompanion.bridge.web.ask` answers: the same parser, question functions and rendering as the
CLI. The page's script holds no rule of the game: it checks that a field holds a number of the range
written into the page (from the CLI's own ranges), builds the arguments and shows the answer.

The build vendors the engine (:mod:`nqcompanion.engine.bundle`), once for both languages, into
``_build/html/_engine/`` (each site's ``_static/nq-engine/`` on Read the Docs): Pyodide's
runtime (installed by ``./dev`` with ``npm ci`` in ``tools/engine``; the build never runs npm)
with the part of the standard library that nqcore imports, and ``nq-engine.zip``, the engine's
package with the installed, pinned Babel (only the locale data of English and French), unpacked
into Pyodide's file system without micropip or any network.  Only pages holding a calculator
load it, and only their policy allows WebAssembly (``'wasm-unsafe-eval'``,
:data:`ENGINE_META_TAG`).  The service worker keeps the engine's files once a calculator page
has loaded them (:mod:`nqsphinx.site.offline`).

- ``{nq-calculator} cast`` draws one calculator; its rule link is the section of the rule book it
  answers (:data:`nqcompanion.page.calculators.CALCULATORS`), and that section gets a
  "Work it out" link back that names what it works out (:func:`work_it_out_texts`).
- ``{nq-calculator} builder`` draws the profile builder: its lists are the engine's data, and
  each change goes to :func:`nqcompanion.bridge.web.build`, which prices the profile as
  ``nq points`` does.
- ``{nq-calculator} army`` draws the army builder (:mod:`nqcompanion.page.army`): each
  change goes to :func:`nqcompanion.bridge.web_army.army`, which prices and checks the army as
  ``nq army`` does; each rule section a breach cites is given its address here.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from nqcompanion.engine.bundle import COMPANION
from nqcompanion.engine.bundle import write_engine as write_engine_folder
from nqcompanion.page.answers import ANSWERS_FILE, answer_words, cached_answers
from nqcompanion.page.army import ARMY_RULE, army_html, army_sections
from nqcompanion.page.builder import BUILDER_RULE, builder_html
from nqcompanion.page.forms import CALCULATORS, MARK, calculator_html, page_messages
from nqcompanion.page.rule_names import named_sections
from nqsphinx.languages.typography import french_html
from nqsphinx.messages import page_language, ui_text
from nqsphinx.refusals import Refused
from nqsphinx.site.csp import DIRECTIVES
from nqsphinx.site.engine_files import ENGINE_NAMES, engine_folder, engine_url
from nqsphinx.site.keep_offline import engine_offline_words
from nqsphinx.untrusted import generated_raw

PAGE_SCRIPT = "nq-at-table.js"
#: The sources of the page's one script, in order: the answer tables' lookup, the kept lists of
#: profiles and armies (nq-kept.js), the calculators
#: and the profile builder, then the army builder (which uses the calculators' engine and
#: fields) and its printed roster, then what keeps the player's work and place across the
#: language switch (nq-keep.js, which uses them all): one file, one request.
SCRIPT_PARTS = (
    "nq-answers.js",
    "nq-kept.js",
    "nq-at-table.js",
    "nq-army.js",
    "nq-army-roster.js",
    "nq-keep.js",
)
PAGE_STYLE = "nq-at-table.css"
#: The sources of the page's one stylesheet, in order: the army builder's after the rest.
STYLE_PARTS = ("nq-at-table.css", "nq-army.css")

ENGINE_POLICY = "; ".join(
    f"{name} {value} 'wasm-unsafe-eval'" if name == "script-src" else f"{name} {value}"
    for name, value in DIRECTIVES
)
#: The policy of a calculator page: the site's, and WebAssembly compiled by the page's engine.
ENGINE_META_TAG = f'<meta http-equiv="Content-Security-Policy" content="{ENGINE_POLICY}">'


# --- the engine's state on the page ----------------------------------------------------------


def engine_box(lang: str, to_root: str, rules: dict[str, str] | None = None) -> str:
    """The engine's state and the page's words for its script (read by ``nq-at-table.js``): it
    says "loading" on the served site from the start, that the site must be served elsewhere;
    ``rules``, the rule sections an answer may name in brackets, by heading (their links)."""
    words = {**page_messages(lang), **answer_words(lang), "offline": engine_offline_words(lang)}
    messages = html.escape(json.dumps(words, ensure_ascii=False))
    files = html.escape(json.dumps(list(ENGINE_NAMES)))
    named = html.escape(json.dumps(rules or {}, ensure_ascii=False, sort_keys=True))
    return (
        f'<p class="nq-engine-status" role="status" data-lang="{lang}" data-files="{files}" '
        f'data-answers="{to_root}_static/{ANSWERS_FILE}" data-errata="{to_root}errata.html" '
        f'data-engine="{engine_url(to_root)}" data-messages="{messages}" data-rules="{named}">'
        # served from the web (the body's class nq-served, set by the page's first script), the
        # loading words from the start; else (scripts off, the downloaded copy opened as files,
        # which runs no module script) that the calculators need scripts and the site served
        f'<span class="nq-engine-loading">{html.escape(words["answers_loading"])}</span>'
        f'<span class="nq-engine-served">{html.escape(words["served"])}</span></p>'
    )


# --- the directive and the links ----------------------------------------------------------------


class calculator_node(nodes.General, nodes.Element):  # type: ignore[misc]  # noqa: N801
    """A calculator, drawn once the rule sections' addresses are known."""


class CalculatorDirective(SphinxDirective):
    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        command = self.arguments[0]
        if command not in CALCULATORS and command not in ("builder", "army"):
            raise self.error(f"unknown calculator {command!r}; known: {', '.join(CALCULATORS)}")
        calculators = getattr(self.env, "nq_calculators", {})
        calculators[command] = self.env.docname
        self.env.nq_calculators = calculators  # type: ignore[attr-defined]
        calculator = CALCULATORS.get(command)
        # The rule sections it answers, whose errata its section shows (ErratumNotes).
        sections = (calculator.rule, *calculator.answers) if calculator else ()
        return [calculator_node(command=command, nq_sections=sections)]


def _label(app: Sphinx, label: str) -> tuple[str, str, str]:
    found = app.env.domaindata["std"]["labels"].get(label)
    if found is None:
        raise Refused(f"the calculators' rule section {label!r} has no label")
    return found  # type: ignore[no-any-return]


def _link(app: Sphinx, docname: str, label: str) -> tuple[str, str]:
    """A rule section's address from ``docname`` and its heading."""
    target, anchor, title = _label(app, label)
    return app.builder.get_relative_uri(docname, target) + f"#{anchor}", title


def _sections(app: Sphinx, docname: str) -> dict[str, dict[str, str]]:
    """Each rule section the builders may cite, by label: its address from ``docname`` and
    its heading, in the site's language."""
    found = {}
    for label in army_sections():
        target, anchor, title = _label(app, label)
        href = app.builder.get_relative_uri(docname, target) + f"#{anchor}"
        found[label] = {"href": href, "title": title}
    return found


def _named(app: Sphinx, docname: str) -> dict[str, str]:
    """The rule sections the engine's answers name in brackets, by heading, with their
    addresses from ``docname`` (:func:`nqcompanion.page.rule_names.named_sections`)."""
    uri = {doc: app.builder.get_relative_uri(docname, doc) for doc in sorted(app.env.found_docs)}
    labels = app.env.domaindata["std"]["labels"]
    return named_sections(page_language(app.config.language), labels, uri)


def _heading(node: nodes.Element) -> str:
    """The heading of the section a calculator is drawn in, as the page shows it."""
    section = node.parent
    if isinstance(section, nodes.section) and isinstance(section[0], nodes.title):
        return str(section[0].astext())
    return ""


def _resolve(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    lang = page_language(app.config.language)
    html_build = app.builder.format == "html"
    placed = False
    for node in list(doctree.findall(calculator_node)):
        if not html_build:
            node.parent.remove(node)
            continue
        command = node["command"]
        rule = {"builder": BUILDER_RULE, "army": ARMY_RULE}.get(command)
        target, anchor, title = _label(app, rule or CALCULATORS[command].rule)
        href = app.builder.get_relative_uri(docname, target) + f"#{anchor}"
        box = "" if placed else engine_box(lang, "../" * docname.count("/"), _named(app, docname))
        placed = True
        if command == "builder":
            drawn = builder_html(lang, href, title, _sections(app, docname))
        elif command == "army":
            drawn = army_html(lang, href, title, _sections(app, docname))
        else:
            also = [_link(app, docname, label) for label in CALCULATORS[command].answers]
            drawn = calculator_html(command, lang, href, title, name=_heading(node), also=also)
        node.replace_self(generated_raw(box + drawn, "html"))
    if html_build:
        _work_it_out(app, doctree, docname, lang)


def work_it_out_texts(lang: str) -> dict[str, str]:
    """Each calculator's "Work it out" link text, naming what it works out: a screen reader's
    list of links otherwise reads several identical "Work it out" going to different places."""
    return {
        "cast": ui_text("Work it out: the chance to cast a spell", lang),
        "cancel": ui_text("Work it out: the chance to cancel a spell", lang),
        "hit": ui_text("Work it out: the chance to hit in close combat", lang),
        "shoot": ui_text("Work it out: the chance to hit with a ranged attack", lang),
        "save": ui_text("Work it out: the chance to save against a hit", lang),
        "wound": ui_text("Work it out: the chance to wound", lang),
        "attack": ui_text("Work it out: the chance that one attack wounds", lang),
        "command": ui_text("Work it out: the chance to pass a command test", lang),
        "morale": ui_text("Work it out: when a unit takes a morale test", lang),
        "panic": ui_text("Work it out: the chance of each panic table result", lang),
        "move": ui_text("Work it out: how far a model moves", lang),
        "move-cost": ui_text("Work it out: moving through difficult terrain", lang),
        "charge": ui_text("Work it out: a charge and its momentum attack", lang),
        "builder": ui_text("Work it out: a profile’s points", lang),
    }


def _work_it_out(app: Sphinx, doctree: nodes.document, docname: str, lang: str) -> None:
    """A "Work it out" link under each rule section that a calculator answers."""
    where: dict[str, str] = getattr(app.env, "nq_calculators", {})
    rules = {command: calc.rule for command, calc in CALCULATORS.items()}
    rules["builder"] = BUILDER_RULE
    texts = work_it_out_texts(lang)  # added after the typography transform: spaced here
    if lang == "fr":
        texts = {command: french_html(text) for command, text in texts.items()}
    for command, rule in rules.items():
        if command not in where:
            continue
        target, anchor, _title = _label(app, rule)
        if target != docname:
            continue
        for section in doctree.findall(nodes.section):
            if anchor in section["ids"]:
                uri = app.builder.get_relative_uri(docname, where[command]) + f"#nq-{command}"
                link = nodes.reference("", texts[command], refuri=uri, classes=["nq-work-it-out"])
                section.insert(1, nodes.paragraph("", "", link, classes=["nq-work-it-out"]))
                break


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if app.builder.format != "html" or f'class="{MARK}"' not in context.get("body", ""):
        return
    context["nq_csp_meta"] = ENGINE_META_TAG
    # The answer tables fetched while the page is read, not once its script has run: on a
    # throttled phone the script runs seconds after the page has come.
    context["nq_preload"] = f"_static/{ANSWERS_FILE}"
    app.add_css_file(PAGE_STYLE)
    app.add_js_file(PAGE_SCRIPT, type="module")


def _write_page_files(app: Sphinx, env: Any) -> None:
    """The page's script and stylesheet, written before any page is: Sphinx names each with
    ``?v=<checksum>`` of the file it finds in the output, so a reader's browser never keeps the
    last release's script for the new page (written at the end, a clean build named them without
    a checksum, an incremental one with the previous build's)."""
    if app.builder.format != "html" or not getattr(env, "nq_calculators", None):
        return
    static = Path(app.outdir) / "_static"
    static.mkdir(parents=True, exist_ok=True)
    sources = COMPANION / "static"
    for name, parts in ((PAGE_STYLE, STYLE_PARTS), (PAGE_SCRIPT, SCRIPT_PARTS)):
        text = "\n".join((sources / part).read_text(encoding="utf-8") for part in parts)
        (static / name).write_text(text, encoding="utf-8")


def _write_engine(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    if not getattr(app.env, "nq_calculators", None):
        return
    write_engine_folder(engine_folder(Path(app.outdir)))
    static = Path(app.outdir) / "_static"
    # the answers before the engine has loaded, in the site's language
    answers = cached_answers(page_language(app.config.language))
    if not (static / ANSWERS_FILE).is_file() or (static / ANSWERS_FILE).read_bytes() != answers:
        (static / ANSWERS_FILE).write_bytes(answers)


def _purge(app: Sphinx, env: Any, docname: str) -> None:
    where = getattr(env, "nq_calculators", {})
    for command in [c for c, doc in where.items() if doc == docname]:
        del where[command]


def _merge(app: Sphinx, env: Any, docnames: Any, other: Any) -> None:
    env.nq_calculators = {
        **getattr(env, "nq_calculators", {}),
        **getattr(other, "nq_calculators", {}),
    }


def setup(app: Sphinx) -> None:
    app.add_node(calculator_node)
    app.add_directive("nq-calculator", CalculatorDirective)
    app.connect("doctree-resolved", _resolve)
    # After csp (its policy for every page) and before bundles (950), which gathers the files.
    app.connect("html-page-context", _page_context, priority=700)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    app.connect("env-updated", _write_page_files)
    # Before the service worker's list (offline: 950) and the bundles (900).
    app.connect("build-finished", _write_engine, priority=800)
