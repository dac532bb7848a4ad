"""English sentences in a French msgstr, found by their words rather than their articles.

:func:`nqtranslate.lint.written_in_english` weighs English stop words ("the", "of") against
French ones over a whole message: English written without articles ("Unit loses 50% starting
number: must take command test") or an English sentence after a French one passed it, and
shipped on a French page.  Here each sentence is judged alone, by its words that hunspell's
French dictionary does not know and its English one does ("loses", "starting", "must").

Names, abbreviations (``Co``, ``PM``) and command-line options (``--weapon``) are no evidence of
English; neither is a word the project's word list gives with a capital (a proper name).  A
word the word list gives in lower case still counts: the list is for the spell check, and a
translator could otherwise add "loses" there to silence this check.

Hunspell is asked once per batch of new words (:func:`learn`): the guard and lint give it a
whole catalogue before judging its messages.  Without hunspell or its English dictionary
(Debian: hunspell-en-us) this check finds nothing and the stop-word one still runs.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable
from functools import cache

#: A sentence reads as English with (at least) this many English words making this share of its
#: words: three in a long sentence, two in a short one ("Charge enemy units.", where hunspell's
#: French knows "charge", and "once" and "unit" are French words too).  A name of two words
#: ("Fire Bolt") is no sentence: a short name may be its own French.
ENGLISH = ((3, 0.15), (2, 1 / 3))
SENTENCE_WORDS = 3
#: A sentence of this many words without a French stop word ("de", "la", "et") and with an
#: English word reads as English too ("Show or hide site navigation": "show" is French as well).
BARE_WORDS = 4
#: The small words a name leaves in lower case ("Hold the Line", « Coup de maître »): a short
#: text whose other words all start with a capital is a name, which may be kept as it is.
_SMALL_WORDS = frozenset({"of", "the", "and", "a", "an", "in", "on", "at", "to", "de", "du", "des"})
#: English function words that are no French word: one in a short text without a French stop
#: word makes it English ("Contents of page", "To the top": attacker round 27).
_NEVER_FRENCH = frozenset(
    {"of", "the", "to", "and", "with", "from", "for", "by", "at", "is", "are", "be", "this"}
    | {"that", "these", "those", "you", "your", "it", "its", "we", "our", "they", "their"}
)
#: Sentences end at . ; : ! ? and at parentheses.
_SENTENCE = re.compile(r"(?<=[.;:!?])\s+|[()]")
#: A word as judged here: letters, then letters, apostrophes or hyphens.
_WORD = re.compile(r"(?<![\w-])[^\W\d_][\w’'-]*")
_PATH = re.compile(r"\S*/\S*")
_KNOWN: dict[tuple[str, str], bool] = {}  # (dictionary, word): whether it knows the word
_ASKED: set[str] = set()


def english_sentence(msgstr: str, msgid: str = "") -> tuple[str, list[str]] | None:
    """The first sentence of ``msgstr`` that reads as English and its English words, if any;
    with ``msgid``, a msgstr of English words only that is not its msgid reads as English too
    ("Turn order" for "Turn sequence": a name kept as its English is the msgid itself)."""
    learn([msgstr])
    for sentence in _sentences(msgstr):
        words = _WORD.findall(sentence)
        english = [word for word in words if _is_english(word)]
        whole = bool(msgid) and msgstr != msgid and len(words) >= 2
        if _reads_as_english(sentence, words, english) or (whole and english == words):
            return sentence.strip(), english
    return None


def _reads_as_english(sentence: str, words: list[str], english: list[str]) -> bool:
    """Whether one sentence reads as English: enough English words for its length, or English
    words and no French stop word ("Roll a D10.", "Show or hide site navigation")."""
    function = _english_stop_words(words)
    if not english and not function:
        return False
    if len(words) >= SENTENCE_WORDS and any(
        len(english) >= n and len(english) >= share * len(words) for n, share in ENGLISH
    ):
        return True
    if _french_stop_words(words):
        return False
    # long enough without a French stop word, or (a heading: "Test modifiers", "Contents of
    # page", attacker round 27) half its words English or an English function word in it
    if len(words) >= BARE_WORDS and english:
        return True
    named = all(word[0].isupper() for word in words if word.casefold() not in _SMALL_WORDS)
    ended = sentence.rstrip().endswith((".", "!", "?"))  # a sentence, not a name
    half = bool(function) or 2 * len(english) >= len(words)
    return len(words) >= 2 and half and (ended or not named)


def learn(msgstrs: Iterable[str]) -> None:
    """Ask hunspell, in one run per dictionary, about the words of ``msgstrs`` it was not asked
    about yet."""
    seen = {w for msgstr in msgstrs for s in _sentences(msgstr) for w in _WORD.findall(s)}
    words = sorted(seen - _ASKED)
    _ASKED.update(words)
    candidates = [word for word in words if _judged(word)]
    for word in set(words) - set(candidates):
        _KNOWN["fr_FR", word] = True  # never evidence: no need to ask
    french = _lookup("fr_FR", candidates)
    unknown = [word for word in candidates if not french.get(word, True)]
    english = _lookup("en_US", unknown)
    for word in candidates:
        _KNOWN["fr_FR", word] = french.get(word, True)
        _KNOWN["en_US", word] = english.get(word, False)


@cache
def _sentences(msgstr: str) -> list[str]:
    """The sentences of what a reader sees of ``msgstr`` (markup and code left out)."""
    from nqtranslate.spelling import visible_text

    prose = _PATH.sub(" ", visible_text(msgstr))  # a file's path is no sentence
    return [part for part in _SENTENCE.split(prose) if part.strip()]


def _french_stop_words(words: list[str]) -> list[str]:
    """The words of ``words`` that only French uses among the stop words of Sphinx's search."""
    from nqtranslate.lint import FRENCH_ONLY

    return [word for word in words if word.casefold() in FRENCH_ONLY]


def _english_stop_words(words: list[str]) -> list[str]:
    """The English function words of ``words`` that French never writes (not Sphinx's English
    stop words, among which "a", "an", "or" and "once" are French words too)."""
    return [word for word in words if word.casefold() in _NEVER_FRENCH]


def _judged(word: str) -> bool:
    """Whether ``word`` can tell English: not an abbreviation (``Co``, ``PM``), not a name the
    word list holds."""
    return len(word) >= 3 and not word.isupper() and word not in _names()


def _is_english(word: str) -> bool:
    return not _KNOWN.get(("fr_FR", word), True) and _KNOWN.get(("en_US", word), False)


@cache
def _names() -> frozenset[str]:
    """The word list's words with a capital: proper names (Growler, Weiss)."""
    from nqtranslate.spelling import SpellingError, read_wordlist

    try:
        words, phrases = read_wordlist()
    except SpellingError:
        return frozenset()
    return frozenset(w for entry in words + phrases for w in entry.split() if w[:1].isupper())


def _lookup(dictionary: str, words: list[str]) -> dict[str, bool]:
    """Whether hunspell's ``dictionary`` knows each word; empty when it cannot be asked."""
    speller = _speller(dictionary)
    if speller is None:
        return {}
    try:
        return {word: _knows(speller, word) for word in words}
    except (OSError, ValueError):
        return {}


def _knows(speller: subprocess.Popen[str], word: str) -> bool:
    """Hunspell's answer for one word: a line per part (``*`` ``+`` ``-``: known), then a blank."""
    assert speller.stdin is not None and speller.stdout is not None
    speller.stdin.write(f"^{word}\n")  # "^": a line of text, never a command
    speller.stdin.flush()
    known = True
    while line := speller.stdout.readline().rstrip("\n"):
        known = known and line[0] in "*+-"
    return known


@cache
def _speller(dictionary: str) -> subprocess.Popen[str] | None:
    """One hunspell for the process's life, asked a word at a time (a run per catalogue cost
    60 ms, most of it loading the dictionary); None without hunspell or the dictionary."""
    hunspell = shutil.which("hunspell")
    if hunspell is None:
        return None
    command = [hunspell, "-a", "-i", "utf-8", "-d", dictionary]
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        encoding="utf-8",
        bufsize=1,
    )
    assert process.stdout is not None
    if not process.stdout.readline().startswith("@(#)"):  # no such dictionary: it says so, ends
        process.kill()
        return None
    return process
