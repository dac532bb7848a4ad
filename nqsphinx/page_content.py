"""What a page's own markup may put in the published HTML: no code run at build time, nothing in
the page's head, no link that runs a script, and no markup that escapes an HTML attribute.

- Front matter is refused (the rulebook's pages have none): MyST reads per-page configuration
  there (``myst: enable_extensions: [substitution]`` runs Jinja templates, that is Python, at
  build time; ``html_meta`` writes a ``<meta http-equiv=refresh>``). The page is not built.
  MyST substitutions (``substitution`` in ``myst_enable_extensions``) are refused too: only the
  project's ``conf.py`` could turn them on, and the rulebook does not.
- ``{eval-rst}`` blocks are refused (the rulebook has none): reStructuredText reaches directives
  MyST does not offer (``meta``, links of any scheme).
- Every ``meta`` node is refused: the extension makes none, so one comes from a page.
- Every link (``refuri``) must be relative, or ``http``/``https`` with a host, or ``mailto``:
  ``javascript:``, ``data:``, ``vbscript:``, ``file:`` and ``//host`` links (from sphinx-design's
  cards and buttons, an image's ``:target:``, reStructuredText) are replaced by their text.
- Icon roles (sphinx-design's ``octicon``, FontAwesome and Material roles) are refused: the
  octicon role writes its text into an SVG's attributes unescaped, and the rulebook uses none.
- Bidi controls, control characters, invisible characters and line separators (raw, or as a
  character reference) are refused at their line: they reorder or hide what a reader sees,
  break the e-book's XML, and a translation may keep one its English has.
- Lists or quotes nested past markdown-it's limit are refused at their line: the parser would
  drop the rest of the page without a word (:func:`_too_deep`).
- A directive's option holding a number past :data:`MOST_IN_OPTION` is refused at its line:
  Sphinx lists a range's every line, an ``hlist`` its columns, before checking them.
- ``{title}``, ``{meta}``, ``{header}``, ``{footer}``, ``{role}`` and ``{default-role}`` are
  refused at their line: they write beyond the page's text (its ``<title>``, untranslatable).
"""

from __future__ import annotations

import html
import re
from typing import Any
from urllib.parse import urlsplit

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging
from sphinx.util.docutils import SphinxRole

from nqcore.catalogue_check import MAX_MESSAGE
from nqcore.characters import invisible, unshowable
from nqcore.long_words import long_run_problem, long_word_problem
from nqsphinx.upstream import nesting
from nqtranslate.guard import BIDI, CONTROL
from nqtranslate.structure import TOPMATTER

logger = logging.getLogger(__name__)

#: A fence (backticks, tildes or colons) opening an ``{eval-rst}`` block, anywhere in a line, its
#: name in any case.
EVAL_RST = re.compile(r"(`{3,}|~{3,}|:{3,})\s*\{eval-rst\}", re.IGNORECASE)
#: Front matter as MyST's ``read_topmatter`` finds it: a first line that starts with three dashes
#: (``---x`` or ``----`` too: attacker round 39), to a line that starts with them.
FRONT_MATTER = re.compile(r"\A(?:\ufeff)?" + re.escape(TOPMATTER))
SAFE_SCHEMES = ("http", "https")
#: A directive's option, ``:columns: 3``, or in a YAML option block one that Sphinx or docutils
#: reads as a count (``emphasize-lines: 2``): Sphinx expands some into lists before checking
#: them (``1-100000000000`` lines, an ``hlist`` of ``300000000`` columns ate all memory).
OPTION = re.compile(
    r"^\s*(?::(?P<option>[a-z][a-z-]*):|(?P<yaml>emphasize-lines|lines|columns|header-rows"
    r"|stub-columns|lineno-start|depth|scale|widths?|height)\s*:)\s*(?P<spec>.*)$"
)
#: The largest number a directive's option may hold: no table, list or code block is larger.
MOST_IN_OPTION = 10_000
#: Directives that write beyond the page's translated text (its ``<title>``, its head, the
#: document's roles): the rulebook uses none, and a translator could not translate them.
BEYOND_THE_TEXT = re.compile(
    r"(`{3,}|~{3,}|:{3,})\s*\{(?P<name>title|meta|header|footer|role|default-role)\}",
    re.IGNORECASE,  # docutils reads a directive's name in any case ({Title}: attacker round 39)
)
#: The line and paragraph separators: a line break no page's text is written with.
SEPARATORS = "\u2028\u2029"
#: sphinx-design registers its Material roles from this list, kept in its ``setup_icons``.
MATERIAL_STYLES = ("regular", "outlined", "round", "sharp", "twotone")


def _refuse_at(docname: str, line: int, problem: str) -> None:
    logger.error(problem, location=(docname, line), type="nq", subtype="refused")


def _source_problems(lines: list[str]) -> list[tuple[int, str]]:
    """(line, problem) for the front matter and ``{eval-rst}`` blocks of a page's source, and
    what its translation would be refused for (a word no line holds, a paragraph past the
    catalogues' limit), so that the English build refuses it first."""
    problems = []
    if lines and FRONT_MATTER.match(lines[0]):
        problems.append((1, "front matter is refused (no per-page MyST configuration or metadata)"))
    for number, text in enumerate(lines, start=1):
        if EVAL_RST.search(text):
            problems.append((number, "{eval-rst} blocks are refused (no reStructuredText)"))
        if beyond := BEYOND_THE_TEXT.search(text):
            problems.append(
                (number, f"{{{beyond['name']}}} is refused (it writes beyond the page's text)")
            )
        if problem := _character_problem(text) or _word_problem(text) or _option_problem(text):
            problems.append((number, problem))
    return problems + _paragraph_problems(lines)


def _option_problem(line: str) -> str:
    """A directive's option holding a number past :data:`MOST_IN_OPTION`."""
    spec = OPTION.match(line)
    numbers = re.findall(r"\d+", spec["spec"]) if spec else []
    if spec is None or max(map(int, numbers), default=0) <= MOST_IN_OPTION:
        return ""
    option = spec["option"] or spec["yaml"]
    return f"{option} holds a number past {MOST_IN_OPTION:,}: no table, list or code is that long"


#: The longest run without a space an English line may hold: the book's code lines run to 56
#: (a doctest's call), which the printed books do not show.
MOST_IN_A_RUN = 80
#: A fence of a directive or code block, and what follows it on its line (escaped too: a fence
#: nested too deep, made text).
FENCE = re.compile(r"\s*\\?(?:`{3,}|:{3,}|~{3,})")


def _word_problem(line: str) -> str:
    """A word too long for a line of the PDF books: TeX cannot break it, and it runs off the
    page (a long number, address or literal as much as a long heading word); as the guard says
    it of a translation's word, against no English."""
    if FENCE.match(line):  # a directive's fence and argument: markup, not shown as a run
        return long_word_problem("", line)
    return long_word_problem("", line) or long_run_problem("", line, MOST_IN_A_RUN)


def _paragraph_problems(lines: list[str]) -> list[tuple[int, str]]:
    """A paragraph (lines between blank ones) longer than a catalogue's message may be: its
    French catalogue would be refused, the French site with it."""
    problems, start, size = [], 0, 0
    for number, text in enumerate([*lines, ""], start=1):
        if text.strip():
            start, size = start or number, size + len(text) + 1
            continue
        if size - 1 > MAX_MESSAGE:
            said = f"a paragraph of {size - 1} characters (at most {MAX_MESSAGE})"
            problems.append((start, said))
        start, size = 0, 0
    return problems


#: A fence that opens a directive (``:::{note}``, ```` ```{example} ````), or any fence.
DIRECTIVE_FENCE = re.compile(r"\s*(:{3,}|`{3,}|~{3,})\s*\{[^}]*\}")
ANY_FENCE = re.compile(r"\s*(`{3,}|~{3,})")
#: Directives nested deeper are refused: each level is a nested parse, and Sphinx crashed
#: with "Recursion error!" at 200 naming no page (attack round twenty-two).
MAX_DIRECTIVES = 20


def _too_nested(lines: list[str]) -> list[int]:
    """The lines of the directive fences (openers and their closers) nested past
    :data:`MAX_DIRECTIVES`, the first one first."""
    open_fences: list[tuple[str, bool, bool]] = []  # each open fence: directive? too deep?
    deep: list[int] = []
    for number, text in enumerate(lines, start=1):
        stripped = text.strip()
        top = open_fences[-1][0] if open_fences else ""
        if top and len(stripped) >= len(top) and stripped == top[0] * len(stripped):
            deep += [number] if open_fences.pop()[2] else []
            continue
        if open_fences and not open_fences[-1][1]:
            continue  # a code block's text is not parsed
        found = DIRECTIVE_FENCE.match(text) or ANY_FENCE.match(text)
        if found:
            directive = found.re is DIRECTIVE_FENCE
            depth = sum(fence[1] for fence in open_fences) + directive
            open_fences.append((found[1], directive, directive and depth > MAX_DIRECTIVES))
            deep += [number] if open_fences[-1][2] else []
    return deep


def _character_problem(line: str) -> str:
    """Why a line of a page shows a reader what its words do not say ('' if it does not): a
    bidi control reorders it, a control character breaks the e-book's XML and the PDF, an
    invisible character or a line separator hides in it, a noncharacter, private-use or
    unassigned code point no reader can show; as written, or as a character
    reference that the markup decodes (``&#x202E;``, ``&rlm;``)."""
    for text in (line, html.unescape(line)):
        if found := BIDI.search(text):
            return f"bidi control U+{ord(found[0]):04X}: it reorders what a reader sees"
        if found := CONTROL.search(text):
            return f"control character U+{ord(found[0]):04X}: no reader can be shown it"
        if hidden := next((c for c in text if invisible(c) or c in SEPARATORS), ""):
            return f"invisible character U+{ord(hidden):04X}: it hides in the text"
        if unknown := unshowable(text):  # a noncharacter breaks the e-book's XML
            return f"{unknown}: no reader can show it"
    return ""


def _check_source(app: Sphinx, docname: str, source: list[str]) -> None:
    """An error at each front matter, ``{eval-rst}`` block, directive beyond the page's text and
    option past any count (the build fails); the front matter becomes blank lines, the block a
    literal block and the option 1, so that none is read."""
    lines = source[0].split("\n")
    if deep := _too_nested(lines):  # its fences read as text: their parse would crash
        _refuse_at(docname, deep[0], f"directives nested deeper than {MAX_DIRECTIVES} levels")
        for line in deep:
            lines[line - 1] = "\\" + lines[line - 1].lstrip()
        source[0] = "\n".join(lines)
    problems = _source_problems(lines)
    for line, problem in problems:
        _refuse_at(docname, line, problem)
        if line == 1 and problem.startswith("front matter"):
            end = next((n for n in range(1, len(lines)) if FRONT_MATTER.match(lines[n])), 0)
            lines[: end + 1] = [""] * (end + 1)
        else:
            lines[line - 1] = _defused(lines[line - 1])
    if problems:
        source[0] = "\n".join(lines)


def _defused(line: str) -> str:
    """A refused line made harmless: an option's number read as 1, never expanded; a
    directive's fence a literal block's."""
    if _option_problem(line) and (spec := OPTION.match(line)):
        return line[: spec.start("spec")] + "1"
    return BEYOND_THE_TEXT.sub(r"\1text", EVAL_RST.sub(r"\1text", line))


def link_problem(uri: str) -> str:
    """Why a link is refused ('' for a relative link, http(s) with a host, or mailto)."""
    text = "".join(uri.split())  # browsers drop the whitespace and controls inside a scheme
    if not text or text.startswith("#"):
        return ""
    if text.startswith(("//", "\\\\", "/\\", "\\/")):
        return f"link {uri!r} names another host without a scheme"
    try:
        parts = urlsplit(text)
    except ValueError:
        return f"link {uri!r} is not a URL"
    if not parts.scheme:
        return "" if ":" not in text.split("/")[0] else f"link {uri!r} has an unknown scheme"
    if parts.scheme.lower() == "mailto" and len(text) > len("mailto:"):
        return ""
    if parts.scheme.lower() in SAFE_SCHEMES and parts.hostname:
        return ""
    return f"link {uri!r} is refused (only relative, http(s) and mailto links)"


def _line(node: nodes.Element) -> int:
    """The node's line, else its first descendant's (an image's ``:target:`` link has none of
    its own), else its nearest ancestor's."""
    inner = next((n.line for n in node.findall(nodes.Element) if n.line), None)
    if inner:
        return int(inner)
    current: nodes.Node | None = node
    while current is not None and not current.line:
        current = current.parent
    return int(current.line) if current is not None and current.line else 0


def _check_doctree(doctree: nodes.document, docname: str) -> None:
    for meta in list(doctree.findall(nodes.meta)):
        _refuse_at(docname, _line(meta), "meta tags are refused (nothing in the page head)")
        meta.parent.remove(meta)
    # a page's opening field list is its metadata, front matter by another road (attacker
    # round 20: ``:nosearch:`` took a page out of the search)
    for info in list(doctree.findall(nodes.docinfo)):
        said = "a field list opening a page is refused (no per-page metadata, such as :nosearch:)"
        _refuse_at(docname, _line(info), said)
        info.parent.remove(info)
    for node in list(doctree.findall(nodes.Element)):
        problem = link_problem(str(node.get("refuri", "")))
        if problem:
            _refuse_at(docname, _line(node), problem)
            node.replace_self(nodes.inline("", "", *node.children))


def _doctree_read(app: Sphinx, doctree: nodes.document) -> None:
    _check_doctree(doctree, app.env.docname)


def _doctree_resolved(app: Sphinx, doctree: nodes.document, docname: str) -> None:
    _check_doctree(doctree, docname)


class RefusedRole(SphinxRole):
    """An icon role the rulebook does not use: an error at its line, its text kept as text."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        _refuse_at(self.env.docname, self.lineno, f"the {self.name!r} role is refused (no icons)")
        return [nodes.Text(self.text)], []


def _icon_roles() -> list[str]:
    """sphinx-design's icon roles: ``octicon``, the FontAwesome styles, the Material styles."""
    from sphinx_design import icons

    material = [f"material-{style}" for style in MATERIAL_STYLES]
    return ["octicon", *icons.FA_ROLE_STYLES, *material]


def _too_deep(state: Any, start: int, end: int) -> None:
    """markdown-it stops at ``maxNesting`` levels of blocks (20: a list of ten levels, its items
    and paragraphs) and drops the rest of the input without a word: the rest of the page, after
    a list nested twelve deep.  So reaching it with text left is an error at the page's line."""
    line = state.skipEmptyLines(start)
    if state.level < state.md.options.maxNesting or line >= end:
        return
    if state.sCount[line] < state.blkIndent:
        return  # the nested block ends here: nothing is dropped
    document = state.md.options.get("document")
    env = getattr(getattr(document, "settings", None), "env", None)
    if env is None or not getattr(env, "docname", None):
        return  # a parse outside a page (a catalogue's message: its own check)
    problem = (
        f"lists or quotes nested deeper than {state.md.options.maxNesting} levels of blocks: "
        "markdown-it drops the rest of the page from here"
    )
    _refuse_at(env.docname, line + 1, problem)


def _check_config(app: Sphinx, config: Config) -> None:
    if "substitution" in (getattr(config, "myst_enable_extensions", None) or ()):
        logger.error("MyST substitutions are refused (Jinja templates run code at build time)")
        raise SystemExit(2)


def setup(app: Sphinx) -> dict[str, Any]:
    app.setup_extension("sphinx_design")
    for name in _icon_roles():
        app.add_role(name, RefusedRole(), override=True)
    nesting.guard(_too_deep)
    app.connect("config-inited", _check_config)
    app.connect("source-read", _check_source, priority=100)
    app.connect("doctree-read", _doctree_read, priority=100)
    app.connect("doctree-resolved", _doctree_resolved, priority=900)
    return {"parallel_read_safe": True}
