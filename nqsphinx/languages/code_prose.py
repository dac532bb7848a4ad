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
  elides with ``...``.  The page's code runs in the examples' sandbox, in a child process
  (:mod:`nqsphinx.languages.page_runs`), never in Sphinx's: this module only reads its answers;
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
from sphinx.util import logging

from nqcore.i18n import SOURCE_LANGUAGE, translator
from nqsphinx.builder import builder_of
from nqsphinx.languages import page_runs
from nqsphinx.messages import page_language

logger = logging.getLogger(__name__)

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


def _elided(want: str, got: str) -> list[str] | None:
    """The texts doctest's ``...`` stand for when ``want`` matches ``got``, else None: each
    shortest, found left to right as doctest's own matcher does, in linear time (a regular
    expression of many ``...e`` backtracked for minutes on a long line, attacker round 30)."""
    if ELLIPSIS not in want:
        return [] if want == got else None
    first, *middle, last = want.split(ELLIPSIS)
    end = len(got) - len(last)
    if end < len(first) or not got.startswith(first) or not got.endswith(last):
        return None
    elided, at = [], len(first)
    for part in middle:
        found = got.find(part, at, end)
        if found < 0:
            return None
        elided.append(got[at:found])
        at = found + len(part)
    return [*elided, got[at:end]]


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
    session: str, lang: str, translations: dict[str, str], runs: Sequence[tuple[str, str]] = ()
) -> str:
    """A doctest session as a reader of ``lang`` reads it (see the module's docstring); ``runs``:
    what each of its examples printed in English and in ``lang``, from the sandboxed run
    (:func:`nqsphinx.languages.page_runs.answers`; none: the session calls no command).

    Nothing of the session runs here, nor any catalogue's text."""
    examples = doctest.DocTestParser().get_examples(session)
    lines = session.split("\n")
    for number, example in reversed(list(enumerate(examples))):
        _comments_in_language(lines, example, translations)
        if not example.want:
            continue
        shown = None
        if number < len(runs) and runs[number][1]:
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
        if lang != SOURCE_LANGUAGE:
            blocks = [
                (block, kind)
                for block in self.document.findall(nodes.literal_block)
                if (kind := _kind(block))
            ]
            answers = self._answers(lang, blocks)
            for (block, kind), answer in zip(blocks, answers, strict=True):
                if kind == "console":
                    _set_text(block, answer if isinstance(answer, str) else block.astext())
                    continue
                holder = block.next_node(code_comments, siblings=True, descend=False)
                translations = holder.get("translations", {}) if holder else {}
                runs = _runs(answer)
                _set_text(block, session_in_language(block.astext(), lang, translations, runs))
        for node in list(self.document.findall(code_comments)):
            node.parent.remove(node)

    def _answers(self, lang: str, blocks: list[tuple[nodes.literal_block, str]]) -> list[Any]:
        """The page's blocks run in the sandbox, if one of them runs the command."""
        texts = [(kind, block.astext()) for block, kind in blocks]
        running = [b for b, k in blocks if k == "console" or page_runs.COMMAND_MODULE in b.astext()]
        if not running:
            return [[] for _ in blocks]
        try:
            return page_runs.run_in_sandbox(lang, texts)
        except page_runs.PageRunError as error:
            where = running[0] if error.block is None else blocks[error.block][0]
            logger.warning(
                "its code, run again in %s, gave no answer: %s", lang, error, location=where
            )
            return [[] for _ in blocks]


def _kind(block: nodes.literal_block) -> str:
    """``doctest``, ``console`` (a session of ``nq``), or '' for other code."""
    if block.get("testnodetype") == "doctest":
        return "doctest"
    if block.get("language") == "console" and "$ nq " in block.astext():
        return "console"
    return ""


def _runs(answer: Any) -> list[tuple[str, str]]:
    """A doctest's runs as the child sent them (pairs of texts), else none."""
    if not isinstance(answer, list):
        return []
    pairs = [tuple(pair) for pair in answer if isinstance(pair, list) and len(pair) == 2]
    if len(pairs) != len(answer) or not all(isinstance(t, str) for p in pairs for t in p):
        return []
    return [(english, other) for english, other in pairs]


def setup(app: Sphinx) -> None:
    app.add_transform(CodeComments)
    app.add_post_transform(CodeInPageLanguage)
