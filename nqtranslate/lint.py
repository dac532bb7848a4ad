"""What a translation must keep of its English message, beyond what the build refuses.

:mod:`nqtranslate.guard` refuses markup a msgstr *adds*; these checks find the mistakes a
translator's editor lets through, each reported as ``file:line: what``:

- **inline markup**: bold, emphasis, code, each role and links, the same count of each as in the
  msgid, each one closed (a stray ``**`` or backtick left in the text fails);
- **numbers**: the same numbers in the same order, compared normalised (``0,5`` is ``0.5``,
  ``1 000`` is ``1,000``, ``½`` is ``.5``); dice (``D10``, ``2D5``) are the same but may move
  (« sur un résultat de 9 ou moins au D10 » is the French order of "on a D10 roll of 9 or less");
  a translator comment holding ``numbers-reordered`` allows another order of the same numbers,
  ``numbers-differ`` any difference (to say why);
- **English left as is**: a msgstr identical to an English msgid of at least
  :data:`LONG_MESSAGE_WORDS` words, or of :data:`MOSTLY_ENGLISH_WORDS` words or more of which
  more than :data:`MOSTLY_ENGLISH` are its msgid's, in order (the English with a word or two
  changed), or English words (:func:`nqtranslate.english_words.english_sentence`), unless the
  msgstr is its msgid and a translator comment gives ``same-as-english: why`` (the marker
  covers no other text, and no marker without its reason).

``python -m nqtranslate.lint [PO...]`` checks the given catalogues (default: every French
catalogue of the project) and exits 1 when any finding is printed.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from sphinx.search.en import SearchEnglish
from sphinx.search.fr import SearchFrench

from nqtranslate.english_words import english_sentence, learn
from nqtranslate.guard import Finding, _markdown, catalogues
from nqtranslate.reading import CatalogueRefused, Message, checked_messages

#: A msgid of this many words or more is never its own French (unless marked as intended).
LONG_MESSAGE_WORDS = 4
#: Translator-comment markers (``# numbers-reordered: ...``) that allow a reviewed exception.
REORDERED, NUMBERS_DIFFER, SAME_AS_ENGLISH = (
    "numbers-reordered",
    "numbers-differ",
    "same-as-english",
)

_NAMES = {"strong_open": "bold", "em_open": "emphasis", "code_inline": "code", "link_open": "link"}
_STRAY = (
    ("**", "unclosed `**`"),
    ("__", "unclosed `__`"),
    ("*", "unclosed `*`"),
    ("`", "unclosed backtick"),
)
_FRACTIONS = {"½": ".5", "¼": ".25", "¾": ".75"}
_TARGET = re.compile(r"<[^<>`]*>`")  # a role's target: a label's digits are not the text's
_SPACE_THOUSANDS = re.compile(r"(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))")
_COMMA_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_NUMBER = re.compile(r"\b\d*D\d+\b|\d*[½¼¾]|\d+(?:[.,]\d+)?")
_WORD = re.compile(r"[^\W\d_]{2,}")


def _inline_children(text: str) -> Iterator[Any]:
    for token in _markdown().parse(text):
        if token.type == "inline":
            yield from token.children or []


def inline_structure(text: str) -> Counter[str]:
    """Each kind of inline markup of ``text`` counted, with the delimiters left unclosed."""
    found: Counter[str] = Counter()
    for child in _inline_children(text):
        if child.type == "myst_role":
            found[f"role {{{child.meta.get('name', '')}}}"] += 1
        elif child.type in _NAMES:
            found[_NAMES[child.type]] += 1
        elif child.type == "text":
            rest = child.content
            for delimiter, name in _STRAY:
                found[name] += rest.count(delimiter)
                rest = rest.replace(delimiter, "")
    return +found


def markup_difference(msgid: str, msgstr: str) -> str:
    """How the msgstr's inline markup differs from the msgid's (empty: the same)."""
    english, french = inline_structure(msgid), inline_structure(msgstr)
    if english == french:
        return ""
    kinds = sorted(set(english) | set(french))
    return ", ".join(
        f"{kind} {english[kind]} in msgid, {french[kind]} in msgstr"
        for kind in kinds
        if english[kind] != french[kind]
    )


def numbers(text: str, *, french: bool) -> list[str]:
    """The numbers and dice of ``text`` in order, normalised: decimal point, no thousands mark."""
    text = _TARGET.sub("`", text)
    text = (_SPACE_THOUSANDS if french else _COMMA_THOUSANDS).sub("", text)
    found = []
    for match in _NUMBER.findall(text):
        if match[-1] in _FRACTIONS:
            match = (match[:-1] or "0") + _FRACTIONS[match[-1]]
        found.append(match if "D" in match else match.replace(",", "."))
    return found


def number_difference(msgid: str, msgstr: str, comment: str) -> str:
    """Why the msgstr's numbers are not the msgid's (empty: the same, or a comment allows it)."""
    english, french = numbers(msgid, french=False), numbers(msgstr, french=True)
    shown = f"{' '.join(english)} in msgid, {' '.join(french)} in msgstr"
    if NUMBERS_DIFFER in comment:
        return ""
    if sorted(english) != sorted(french):
        return f"numbers differ: {shown}"
    if _values(english) != _values(french) and REORDERED not in comment:
        return (
            f"numbers in another order: {shown} (a translator comment '{REORDERED}: why' allows it)"
        )
    return ""


def _values(found: list[str]) -> list[str]:
    """The numbers that are not dice, in order."""
    return [number for number in found if "D" not in number]


def words(text: str) -> int:
    """The words a reader sees in ``text``: code and role keys left out."""
    return len(word_list(text))


def word_list(text: str) -> list[str]:
    """The words a reader sees in ``text``, in order: code and role keys left out."""
    seen = []
    for child in _inline_children(text):
        if child.type == "text":
            seen.append(child.content)
        elif child.type == "myst_role" and "<" in child.content:
            seen.append(child.content[: child.content.rfind("<")])
    return _WORD.findall(" ".join(seen))


#: A msgstr of at least this many words, of which more than :data:`MOSTLY_ENGLISH` are its
#: msgid's words in order, is its English with a word or two changed (attack round twenty-five,
#: finding 8: "Wizard's" → "wizard's", "require" → "requires" shipped an English paragraph as
#: translated).
MOSTLY_ENGLISH_WORDS = 6
MOSTLY_ENGLISH = 0.8
#: A placeholder's name ("{actions}") is no word of either language.
_FIELD = re.compile(r"\{[\w.:!]*\}")


def english_share(msgid: str, msgstr: str) -> tuple[int, int]:
    """How many of ``msgstr``'s words are ``msgid``'s, in order (case ignored), and how many
    words it has."""
    from difflib import SequenceMatcher

    english = [word.casefold() for word in word_list(_FIELD.sub(" ", msgid))]
    said = [word.casefold() for word in word_list(_FIELD.sub(" ", msgstr))]
    matcher = SequenceMatcher(None, english, said, autojunk=False)
    return sum(block.size for block in matcher.get_matching_blocks()), len(said)


#: The stop words of English that are none of French's (Sphinx's search lists: "the", "of",
#: "must"...), and of French that are none of English's; a msgstr with at least
#: :data:`ENGLISH_STOP_WORDS` of the first, more than twice its words of the second, is written
#: in English (attacker round 24: a paraphrase of its msgid, numbers and abbreviations kept,
#: shipped as French).  None of the French catalogues' translations comes near (at most 2).
ENGLISH_ONLY = frozenset(SearchEnglish.stopwords) - frozenset(SearchFrench.stopwords)
FRENCH_ONLY = frozenset(SearchFrench.stopwords) - frozenset(SearchEnglish.stopwords)
ENGLISH_STOP_WORDS = 3


def written_in_english(msgstr: str) -> int:
    """How many English stop words ``msgstr`` has, when they make it read as English (0 when
    not): its markup and placeholders left out."""
    said = [word.casefold() for word in word_list(_FIELD.sub(" ", msgstr))]
    english = sum(word in ENGLISH_ONLY for word in said)
    french = sum(word in FRENCH_ONLY for word in said)
    return english if english >= ENGLISH_STOP_WORDS and english > 2 * french else 0


def left_in_english(msgid: str, msgstr: str, comment: str) -> str:
    """A long msgstr that is its English msgid, or mostly (:func:`english_share`), or written in
    English (:func:`written_in_english`), not marked as intended (empty: fine)."""
    if not msgstr or (msgstr == msgid and explained(SAME_AS_ENGLISH, comment)):
        return ""
    shared, count = english_share(msgid, msgstr)
    if msgstr == msgid and words(msgid) >= LONG_MESSAGE_WORDS:
        said = f"msgstr is the English msgid ({words(msgid)} words)"
    elif msgstr != msgid and count >= MOSTLY_ENGLISH_WORDS and shared > MOSTLY_ENGLISH * count:
        said = f"msgstr is mostly its English msgid ({shared} of its {count} words, in order)"
    elif english := written_in_english(msgstr):
        said = f"msgstr reads as English ({english} English words such as 'the', 'of', 'must')"
    elif found := english_sentence(msgstr, msgid):
        sentence, english_words = found
        such = ", ".join(f"'{word}'" for word in dict.fromkeys(english_words[:3]))
        sentence = " ".join(sentence.split())
        shown = sentence if len(sentence) <= 60 else sentence[:57] + "..."
        count = len(english_words)
        said = f"msgstr has a sentence in English ({count} English words such as {such}: {shown!r})"
    else:
        return ""
    return f"{said}; translate it, or say why in a translator comment '{SAME_AS_ENGLISH}: why'"


def _markup_rule(msgid: str, msgstr: str, comment: str) -> str:
    difference = markup_difference(msgid, msgstr)
    return f"inline markup differs: {difference}" if difference else ""


def _unexplained(msgid: str, msgstr: str, comment: str) -> str:
    """A marker that allows an exception without its reason ("numbers-differ:" alone): the
    next reviewer could not tell a reviewed exception from a silenced check."""
    bare = [
        marker
        for marker in (REORDERED, NUMBERS_DIFFER, SAME_AS_ENGLISH)
        for found in re.finditer(rf"{marker}(?P<why>[^\n]*)", comment)
        if not _REASON.match(found.group("why"))
    ]
    return f"translator comment '{bare[0]}' without its reason ('{bare[0]}: why')" if bare else ""


#: What follows a marker to give its reason: a colon and three characters or more.
_REASON = re.compile(r":\s*\S[^\n]{2,}")


def explained(marker: str, comment: str) -> bool:
    """Whether ``comment`` holds ``marker`` with its reason: ``same-as-english:`` alone kept
    any English (attacker round 28, finding 9), which the next reviewer could not tell from a
    reviewed name."""
    found = re.finditer(rf"{marker}(?P<why>[^\n]*)", comment)
    return any(_REASON.match(each.group("why")) for each in found)


Rule = Callable[[str, str, str], str]
#: Each check by name: (msgid, msgstr, translator comment) -> what is wrong, or "".
RULES: dict[str, Rule] = {
    "markup": _markup_rule,
    "numbers": number_difference,
    "english": left_in_english,
    "reasons": _unexplained,
}


def entry_findings(message: Message, rules: Iterable[str] = RULES) -> Iterator[str]:
    """Every fault of one translated message, in words."""
    for msgid, msgstr in message.pairs():
        for name in rules:
            what = RULES[name](msgid, msgstr, message.comment)
            if what:
                yield what


def lint(path: Path, rules: Iterable[str] = RULES) -> list[Finding]:
    """The faults of every translated, unfuzzy entry of the catalogue ``path`` (or why the
    build refuses the whole file)."""
    try:
        messages = checked_messages(path)
    except CatalogueRefused as refused:
        return [refused.finding]
    learn(text for message in messages for text in message.msgstr)  # one hunspell run
    found = []
    for message in messages:
        if message.fuzzy:
            continue
        found += [Finding(path, message.line, what) for what in entry_findings(message, rules)]
    return found


def no_entry_findings(paths: Iterable[Path], *, note: bool = True) -> list[Finding]:
    """The messages of each page catalogue's page that it has no entry for, where the entry
    goes (:mod:`nqtranslate.missing`); with ``note``, a note when no template tells (``make
    gettext``). A catalogue the build refuses is left to :func:`lint`'s refusal."""
    from nqtranslate.guard import is_page_catalogue
    from nqtranslate.missing import TEMPLATES, missing_entries

    findings, untold = [], 0
    for path in paths:
        if not is_page_catalogue(path) or not path.is_file():
            continue
        try:
            checked_messages(path)
        except CatalogueRefused:
            continue
        found = missing_entries(path)
        untold += found is None
        why = "shown in English (./dev update-po adds it)"
        findings += [
            Finding(path, due, f"no entry for the page's message {msgid[:60]!r}: {why}")
            for due, msgid in found or ()
        ]
    if untold and note:
        print(
            f"lint: {untold} page catalogue(s) without a template newer than their page in "
            f"{TEMPLATES} (make gettext): entries missing from them are not counted",
            file=sys.stderr,
        )
    return findings


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqtranslate lint",
        description="Markup, numbers and placeholders a translation lost.",
    )
    parser.add_argument("paths", nargs="*", metavar="PO", help="default: every French catalogue")
    args = parser.parse_args(sys.argv[1:] if argv is None else argv).paths
    paths = [Path(name) for name in args] or catalogues("fr")
    findings = [finding for path in paths for finding in lint(path)]
    findings += no_entry_findings(paths, note=not args)  # named files: no note of the others
    if not args:  # every catalogue: the engine's citations against the pages' headings
        from nqtranslate.cited_rules import cited_rule_findings

        findings += cited_rule_findings("fr")
    for finding in findings:
        print(finding, file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
