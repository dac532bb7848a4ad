"""Spell check of the French catalogues with hunspell's French dictionary (Debian: hunspell-fr).

As python-docs-fr's pospell does for reStructuredText, only the words a reader sees are checked:
code, role keys and targets, placeholders (``{name}``, ``%s``), addresses and tokens holding
digits (``D10``, ``F6``) are left out. Words the dictionary does not know but the book uses
(game terms, names, abbreviations) are listed in ``locale/fr/wordlist.txt``, one a line.

``python -m nqtranslate.spelling [PO...]`` prints ``file:line: unknown word « mot »`` for each word
hunspell does not know (default: every French catalogue) and exits 1 when it prints any.
A word, or a run of characters without a space, longer than any of the dictionary's (100) is
refused at its line instead of checked, and hunspell is given lines of at most 1,000 characters:
its time grows with the square of a line's length.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

from nqcore.i18n import ROOT
from nqtranslate.guard import Finding, _markdown, catalogues
from nqtranslate.hunspell import hunspell_path, run_hunspell
from nqtranslate.reading import CatalogueRefused, Message, checked_messages

WORDLIST = ROOT / "locale" / "fr" / "wordlist.txt"
DICTIONARY = "fr_FR"
_PLACEHOLDER = re.compile(r"\{[^{}\s]*\}|%(?:\([^)]*\))?[sdif]|https?://\S+")
#: A word as the checker reads it: letters, digits, apostrophes and hyphens (``D10``, ``l’arc``).
_WORD = re.compile(r"[\w’'-]+")
#: A word longer than any of the dictionary's: refused, never given to hunspell.
LONGEST_WORD = 100
_TOO_LONG = re.compile(rf"[\w’'-]{{{LONGEST_WORD + 1},}}")
#: Of the words a reader sees, a run without a space (``](((...``) of more than that.
_NO_SPACE = re.compile(rf"\S{{{LONGEST_WORD + 1},}}")
#: Hunspell's time grows with the square of a line's length: it is given lines of at most this.
_LINE = 1000
#: An elided article or pronoun (l’, d’, qu’...): hunspell knows it before its own words only.
_ELISION = re.compile(r"\b(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)[’'](?=\w)", re.IGNORECASE)


class SpellingError(Exception):
    """Hunspell or its French dictionary is missing, told in one line."""


def read_wordlist(path: Path = WORDLIST) -> tuple[list[str], list[str]]:
    """The project's words, and its names of several words (lines with spaces); ``#`` comments."""
    from nqcore.data.datafiles import DataFileError, read_utf8

    try:
        lines = read_utf8(path).splitlines() if path.exists() else []
    except DataFileError as error:
        raise SpellingError(str(error)) from None
    entries = []
    for number, line in enumerate(lines, 1):
        entry = line.strip()
        if not entry or entry.startswith("#"):
            continue
        if len(entry) > LONGEST_WORD or not _ENTRY.fullmatch(entry):
            shown = ascii(entry[:40])  # never a control character or a pile on the terminal
            raise SpellingError(
                f"{path}:{number}: {shown} is not a word, a name of words or an option as"
                f" --help (letters, digits, apostrophes, hyphens, points; at most {LONGEST_WORD})"
            )
        entries.append(entry)
    return [e for e in entries if " " not in e], [e for e in entries if " " in e]


#: A line of the word list: words separated by one space each, or an option of ``nq`` as typed
#: (``--help``); never hunspell's own syntax (``*word`` forbids it, ``word/ZZ`` gives flags).
_ENTRY = re.compile(r"(?:--)?[^\W_][\w’'.-]*(?: [\w’'.-]+)*")


def visible_text(text: str, phrases: Sequence[str] = ()) -> str:
    """The words of a message that a reader sees, on one line (markup and code left out): of a
    list of the engine's entities, the words of its extra entries (the rest is the engine's).

    >>> visible_text("**Armes :** {nq-entities}`weapon | Griffes <weapon-profile-name>`").split()
    ['Armes', ':', 'Griffes']
    """
    seen = []
    for token in _markdown().parse(text):
        for child in token.children or [] if token.type == "inline" else []:
            if child.type == "text":
                seen.append(child.content)
            elif child.type == "myst_role" and child.meta.get("name") == "nq-entities":
                seen += [re.sub(r"<[^>]*>$", "", e.strip()) for e in child.content.split("|")[1:]]
            elif child.type == "myst_role" and child.content.endswith(">"):
                seen.append(child.content[: child.content.rfind("<")])
    visible = " ".join(seen).replace("\n", " ")
    for phrase in phrases:
        visible = visible.replace(phrase, " ")
    return _ELISION.sub("", _WORD.sub(_without_digits, _PLACEHOLDER.sub(" ", visible)))


def _without_digits(word: re.Match[str]) -> str:
    """A word holding a digit (``D10``, ``F6``) is no French word: left out (one pass over each
    word, so that a long one costs its length, not its square)."""
    return " " if any(c.isdigit() for c in word[0]) else word[0]


def unknown_words(lines: list[str], words: list[str]) -> list[list[str]]:
    """For each line, the words neither hunspell's French dictionary nor ``words`` know."""
    pieces = [_pieces(line) for line in lines]
    given = [piece for line in pieces for piece in line]
    stdin = "".join(f"^{piece}\n" for piece in given)  # "^": a line of text, never a command
    if hunspell_path() is None:
        raise SpellingError("hunspell not found (Debian: apt-get install hunspell hunspell-fr)")
    result = run_hunspell(["-a", "-i", "utf-8", "-d", DICTIONARY], stdin, words)
    if result.returncode != 0 or not result.stdout.startswith("@(#)"):
        reason = (result.stderr.strip().splitlines() or ["no output"])[0]
        raise SpellingError(f"hunspell -d {DICTIONARY}: {reason} (Debian: hunspell-fr)")
    found = iter(_per_line(result.stdout.splitlines()[1:], len(given)))
    return [[word for _ in line for word in next(found)] for line in pieces]


def _pieces(line: str) -> list[str]:
    """``line`` cut between its words into lines of at most :data:`_LINE` characters (one for a
    word longer than that)."""
    pieces: list[str] = []
    words: list[str] = []
    size = 0
    for word in line.split():
        if words and size + len(word) > _LINE:
            pieces.append(" ".join(words))
            words, size = [], 0
        words.append(word)
        size += len(word) + 1
    return [*pieces, " ".join(words)]


def _per_line(output: list[str], count: int) -> list[list[str]]:
    """Hunspell's answer (``& word ...``, ``# word ...``), one empty line closing each line's."""
    found: list[list[str]] = [[]]
    for row in output:
        if not row:
            found.append([])
        elif row[0] in "&#":
            found[-1].append(row.split()[1])
    return found[:count]


def _texts(messages: list[Message], phrases: list[str]) -> Iterator[tuple[int, str, str]]:
    """Each translation's line, its visible words, and why it is refused ('' when it is not)."""
    for message in messages:
        if message.fuzzy:
            continue
        for text in message.msgstr:
            if not text:
                continue
            long = _TOO_LONG.search(text)
            visible = "" if long else visible_text(text, phrases)
            if long := long or _NO_SPACE.search(visible):
                why = f"a word of {len(long[0])} characters, longer than any of the dictionary's"
                yield message.line, "", f"{why} (at most {LONGEST_WORD}): refused"
            else:
                yield message.line, visible, ""


def check(paths: list[Path], wordlist: Path = WORDLIST) -> list[Finding]:
    """Every unknown word of the French of ``paths``, with its catalogue and line (or why the
    build refuses a whole catalogue)."""
    words, phrases = read_wordlist(wordlist)
    refused, located = [], []
    for path in paths:
        try:
            entries = checked_messages(path)
        except CatalogueRefused as refusal:
            refused.append(refusal.finding)
            continue
        for line, text, why in _texts(entries, phrases):
            if why:
                refused.append(Finding(path, line, why))
            else:
                located.append((path, line, text))
    unknown = unknown_words([text for _, _, text in located], words)
    return refused + [
        Finding(path, line, f"unknown word « {word} » (misspelt, or add it to {wordlist.name})")
        for (path, line, _), found in zip(located, unknown, strict=True)
        for word in found
    ]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    paths = [Path(name) for name in args] or catalogues("fr")
    try:
        findings = check(paths)
    except SpellingError as error:
        print(f"spelling: {error}", file=sys.stderr)
        return 2
    for finding in findings:
        print(finding, file=sys.stderr)
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
