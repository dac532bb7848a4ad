"""The prose inside code, in the page's language: doctest comments and the engine's answers.

The sources' doctests are English and run against the engine in English (Sybil, ``make
verify-examples``, the doctest builder read the sources or the unresolved doctrees).  A translated
page shows a rendering of them:

- each comment (``# 7 lost: not yet half of 16``) is a message of the page's catalogue: a
  :class:`code_comments` node beside each doctest carries them through Sphinx's gettext builder
  and its Locale transform, like a paragraph;
- what the ``nq`` command prints (its doctests call ``nqcore.cli.commands.main``; ``$ nq ...`` in a
  ``console`` block) is run again with ``--lang``: the command's own answer in the page's
  language, decimal comma included, aligned line by line with the English one where the doctest
  elides with ``...``;
- a string in a Python result that is one of the engine's messages (``'Half of the starting
  number lost'``) takes its translation from the engine's catalogue.

Python's own words (``True``, ``Fraction``, the names of fields and JSON keys) stay: they are code.
"""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import re
import tokenize
from collections.abc import Iterator, Sequence
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.transforms import SphinxTransform
from sphinx.transforms.post_transforms import SphinxPostTransform

from nqcore.cli import commands as cli
from nqcore.i18n import SOURCE_LANGUAGE, translator
from nqsphinx.builder import builder_of
from nqsphinx.languages.console import console_in_language
from nqsphinx.messages import page_language

#: A comment that is doctest's, not the reader's (Sphinx trims them from the page).
DOCTEST_FLAG = re.compile(r"doctest:")
#: A Python string literal in a result (``repr`` quotes with ' or ").
STRING = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*\"""")
ELLIPSIS = "..."


class code_comments(nodes.Element, addnodes.translatable):  # type: ignore[misc]  # docutils
    """The comments of one doctest, as messages of the page's catalogue; never shown itself."""

    def preserve_original_messages(self) -> None:
        self.setdefault("translations", {})

    def extract_original_messages(self) -> Sequence[str]:
        return list(self["comments"])

    def apply_translated_message(self, original_message: str, translated_message: str) -> None:
        self.setdefault("translations", {})[original_message] = translated_message


def _comment_tokens(source: str) -> Iterator[tuple[int, int, str]]:
    """(line, column, text without ``#``) of each comment of ``source``, lines from 0."""
    with contextlib.suppress(tokenize.TokenError, SyntaxError):
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                yield token.start[0] - 1, token.start[1], token.string[1:].strip()


def comments(session: str) -> list[str]:
    """The reader's comments of a doctest session, in order, without doctest's flags."""
    found = []
    for example in doctest.DocTestParser().get_examples(session):
        for _, _, text in _comment_tokens(example.source):
            if text and not DOCTEST_FLAG.match(text) and text not in found:
                found.append(text)
    return found


class CodeComments(SphinxTransform):
    """Beside each doctest, its comments, before Sphinx's Locale transform (20) reads them."""

    default_priority = 15

    def apply(self, **kwargs: Any) -> None:
        for block in list(self.document.findall(nodes.literal_block)):
            if block.get("testnodetype") != "doctest":
                continue
            found = comments(block.astext())
            if found:
                node = code_comments(comments=found)
                node.source, node.line = block.source, block.line
                block.parent.insert(block.parent.index(block) + 1, node)


class _Bilingual:
    """The session's ``main``: it answers in English, and keeps its answer in ``lang`` aside."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.aside = io.StringIO()

    def __call__(self, argv: Sequence[str] | None = None) -> int:
        with contextlib.redirect_stdout(self.aside), contextlib.redirect_stderr(io.StringIO()):
            cli.main(["--lang", self.lang, *(argv or [])])
        return cli.main(argv)


def _run(
    examples: list[doctest.Example], lang: str, namespace: dict[str, Any]
) -> list[tuple[str, str]]:
    """What each example prints, and what the command printed in ``lang`` meanwhile."""
    printed = []
    for example in examples:
        out = io.StringIO()
        bilinguals = _bilinguals(namespace, lang)
        for bilingual in bilinguals:
            bilingual.aside = io.StringIO()
        with contextlib.redirect_stdout(out):
            try:
                exec(compile(example.source, "<example>", "single"), namespace)  # noqa: S102
            except Exception:  # noqa: BLE001 - its doctest says what it raises
                printed.append(("", ""))
                continue
        printed.append((out.getvalue(), "".join(b.aside.getvalue() for b in bilinguals)))
    _bilinguals(namespace, lang)  # for the page's next sessions
    return printed


def _bilinguals(namespace: dict[str, Any], lang: str) -> list[_Bilingual]:
    """The session's names for the command, each made :class:`_Bilingual`."""
    for name, value in list(namespace.items()):
        if value is cli.main:
            namespace[name] = _Bilingual(lang)
    return [value for value in namespace.values() if isinstance(value, _Bilingual)]


def _elided(want: str, got: str) -> list[str] | None:
    """The texts doctest's ``...`` stand for when ``want`` matches ``got``, else None."""
    pattern = "(.*?)".join(re.escape(part) for part in want.split(ELLIPSIS))
    match = re.fullmatch(pattern, got, re.DOTALL)
    return list(match.groups()) if match else None


def _line_in_language(want: str, english: str, other: str) -> str:
    """One line of ``want`` (eliding a part of ``english``) as ``other`` gives it."""
    if ELLIPSIS not in want:
        return other
    elided = _elided(want, english) or []
    shown = other
    for part in filter(None, elided):
        if part in shown:
            shown = shown.replace(part, ELLIPSIS, 1)
        elif want.endswith(ELLIPSIS) and english.endswith(part):
            # a translated tail: cut after as many sentences as the English keeps
            sentences = want.count(". ")
            pieces = shown.split(". ")
            if 0 < sentences < len(pieces):
                shown = ". ".join(pieces[:sentences]) + ". " + ELLIPSIS
    return shown


def printed_in_language(want: str, english: str, other: str) -> str | None:
    """``want`` (what the doctest shows of ``english``) as the command printed ``other``."""
    if _elided(want, english) is None:
        return None
    got, theirs = english.splitlines(), other.splitlines()
    if len(got) != len(theirs):
        return None
    shown, index = [], 0
    for line in want.splitlines():
        if line == ELLIPSIS:
            shown.append(line)
            continue  # the next line of ``want`` is looked for further down
        while index < len(got) and _elided(line, got[index]) is None:
            index += 1
        if index == len(got):
            return None
        shown.append(_line_in_language(line, got[index], theirs[index]))
        index += 1
    return "\n".join(shown) + ("\n" if want.endswith("\n") else "")


def strings_in_language(want: str, lang: str) -> str:
    """``want`` with each string that is an engine message translated (repr quoted)."""
    _ = translator(lang)

    def translate(match: re.Match[str]) -> str:
        try:
            text = ast.literal_eval(match[0])
        except (ValueError, SyntaxError):
            return match[0]
        translated = _(text) if isinstance(text, str) else text
        return repr(translated) if translated != text else match[0]

    return STRING.sub(translate, want)


def _comments_in_language(
    lines: list[str], example: doctest.Example, translations: dict[str, str]
) -> None:
    """The example's comments, in ``lines``, replaced by their translations (on one line each:
    a catalogue adds no line to the code)."""
    for row, column, text in _comment_tokens(example.source):
        if text in translations:
            at, start = example.lineno + row, example.indent + 4 + column
            lines[at] = lines[at][:start] + "# " + " ".join(translations[text].split())


def session_in_language(
    session: str, lang: str, translations: dict[str, str], namespace: dict[str, Any]
) -> str:
    """A doctest session as a reader of ``lang`` reads it (see the module's docstring).

    What runs is the session of the sources, never a catalogue's text."""
    examples = doctest.DocTestParser().get_examples(session)
    runs: list[tuple[str, str]] = []
    if "nqcore.cli.commands" in session or any(
        isinstance(v, _Bilingual) for v in namespace.values()
    ):
        runs = _run(examples, lang, namespace)  # the page's sessions share their names
    lines = session.split("\n")
    for number, example in reversed(list(enumerate(examples))):
        _comments_in_language(lines, example, translations)
        if not example.want:
            continue
        shown = None
        if runs and runs[number][1]:
            shown = printed_in_language(example.want, *runs[number])
        shown = shown or strings_in_language(example.want, lang)
        start = example.lineno + example.source.count("\n")
        end = start + example.want.count("\n")
        indent = " " * example.indent
        lines[start:end] = [indent + line for line in shown.rstrip("\n").split("\n")]
    return "\n".join(lines)


def _set_text(block: nodes.literal_block, text: str) -> None:
    block.children = []
    block += nodes.Text(text)
    block.rawsource = text


class CodeInPageLanguage(SphinxPostTransform):
    """On a translated page, the doctests and ``nq`` sessions rendered in its language."""

    default_priority = 150  # before the examples' view (200), which folds the code away

    def is_supported(self) -> bool:
        return builder_of(self.env).name != "gettext"

    def run(self, **kwargs: Any) -> None:
        lang = page_language(self.config.language)
        namespace: dict[str, Any] = {}
        for block in list(self.document.findall(nodes.literal_block)):
            if lang == SOURCE_LANGUAGE:
                break
            if block.get("testnodetype") == "doctest":
                holder = block.next_node(code_comments, siblings=True, descend=False)
                translations = holder.get("translations", {}) if holder else {}
                _set_text(block, session_in_language(block.astext(), lang, translations, namespace))
            elif block.get("language") == "console" and "$ nq " in block.astext():
                _set_text(block, console_in_language(block.astext(), lang))
        for node in list(self.document.findall(code_comments)):
            node.parent.remove(node)


def setup(app: Sphinx) -> None:
    app.add_transform(CodeComments)
    app.add_post_transform(CodeInPageLanguage)
