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

French headings and names are sentence case (CONTRIBUTING): a text of two words or more whose
words all start with a capital and all are English words ("Panic Table", "Top Of Page") is the
English book's Title Case, however French hunspell finds them (it knows "panic", "table");
a msgstr that is its msgid with a word French does not know ("Bloodlust", "Mighty Strike") is
the msgid left untranslated (attacker round 28). A name kept in English is a word-list name or
carries ``# same-as-english: why``.

Hunspell is asked once per batch of new words (:func:`learn`): the guard and lint give it a
whole catalogue before judging its messages.  Without hunspell or its English dictionary
(Debian: hunspell-en-us) this check finds nothing and the stop-word one still runs.
"""

from __future__ import annotations

import re
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
#: word makes it English ("Contents of page", "To the top": attacker round 27; "Reroll any
#: doubles.": round 28).
_NEVER_FRENCH = frozenset(
    {"of", "the", "to", "and", "with", "from", "for", "by", "at", "is", "are", "be", "this"}
    | {"that", "these", "those", "you", "your", "it", "its", "we", "our", "they", "their"}
    | {"any", "each", "every", "then", "when", "which", "must", "can", "cannot", "should"}
)
#: Sentences end at . ; : ! ? and at parentheses.
_SENTENCE = re.compile(r"(?<=[.;:!?])\s+|[()]")
#: A clause inside a sentence: an English one inside French ("Si le test est raté, the unit
#: flees ; ...") is judged alone (:func:`_english_clause`).
_CLAUSE = re.compile(r",|\s[–—]\s")
#: A word as judged here: letters, then letters, apostrophes or hyphens.
_WORD = re.compile(r"(?<![\w-])[^\W\d_][\w’'-]*")
#: Title-Case words joined by a hyphen, a slash or an underscore are judged apart ("Panic-Table"
#: is "Panic Table"), and an English possessive's word without its "'s" ("Warrior’s
#: Bloodlust"): attacker round 29.
_JOINED = re.compile(r"(?<=[^\W\d_])[-/_](?=[^\W\d_])")
_POSSESSIVE = re.compile(r"[’']s$")


def _words(text: str) -> list[str]:
    """The words of ``text`` as judged here (:data:`_JOINED`, :data:`_POSSESSIVE`)."""
    # joined words with a capital each ("Panic-Table"), not a key ("--mod extra-attack")
    apart = _JOINED.sub(lambda m: " " if m.string[m.end()].isupper() else m[0], text)
    return [_POSSESSIVE.sub("", word) for word in _WORD.findall(apart)]


#: A file's path or a web address ("www.example.com") is no sentence.
#: (Words joined by a slash with no dot and no leading slash are words: "Panic/Table".)
_PATH = re.compile(r"(?<!\S)/\S*|\S*(?:\.\S*/|/\S*\.)\S*|\S*[^\W\d_]\.[^\W\d_]\S*")
_KNOWN: dict[tuple[str, str], bool] = {}  # (dictionary, word): whether it knows the word
_ASKED: set[str] = set()
_ASKED_EN: set[str] = set()  # asked of the English dictionary too


def english_sentence(msgstr: str, msgid: str = "") -> tuple[str, list[str]] | None:
    """The first sentence of ``msgstr`` that reads as English and its English words, if any;
    with ``msgid``, a msgstr of English words only that is not its msgid reads as English too
    ("Turn order" for "Turn sequence"), and so does the msgid itself with a word French does
    not know ("Bloodlust", "Mighty Strike": copied as it is, the first thing an editor offers)."""
    learn([msgstr])
    for sentence in _sentences(msgstr):
        words = _words(sentence)
        english = [word for word in words if _is_english(word)]
        whole = bool(msgid) and msgstr != msgid and len(words) >= 2
        alone = len(words) == 1 and len(_words(" ".join(_sentences(msgstr)))) == 1
        if _reads_as_english(sentence, words, english, alone) or (whole and english == words):
            return sentence.strip(), english or [w for w in words if _judged(w)]  # Title Case
        if msgstr == msgid and (unknown := [w for w in words if _not_french(w)]):
            return sentence.strip(), unknown
        if _shouted(msgstr, msgid, words):  # "MODIFIERS", "PANIC": the English in capitals
            return sentence.strip(), words
        if made := _made_of(msgid, words):  # "Bloodlusts", "Mightystrike": the msgid's words
            return sentence.strip(), made
        if owners := [w for w in _WORD.findall(sentence) if _owned_english(w)]:
            return sentence.strip(), owners  # "Warrior’s Bloodlust": no French possessive
        if clause := _english_clause(sentence):
            return clause
    return None


def _reads_as_english(sentence: str, words: list[str], english: list[str], alone: bool) -> bool:
    """Whether one sentence reads as English: enough English words for its length, English
    words and no French stop word ("Roll a D10.", "Show or hide site navigation"), a message of
    one English word (``alone``: "Results"), or the English book's Title Case ("Panic Table")."""
    function = _english_stop_words(words)
    if _title_case_english(words):
        return True
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
    named = _capitals(words)
    ended = sentence.rstrip().endswith((".", "!", "?"))  # a sentence, not a name
    half = bool(function) or 2 * len(english) >= len(words)
    # a name of words French does not know ("Orc Bruisers") may stay; one of English words not
    short = alone or len(words) >= 2  # « (overkill) » in a French sentence is a quoted term
    english_name = bool(function) or all(map(_english_word, words))  # "Bonus And Malus"
    return short and half and (ended or not named or alone or english_name)


def _title_case_english(words: list[str]) -> bool:
    """Whether ``words`` are the English book's Title Case: two words or more that can tell,
    each with a capital, each an English word, no French stop word ("Top Of Page", "Casting
    Chance"; French writes « Haut de page », and « Vent de Thor » is French)."""
    judged = [word for word in words if _judged(word)]
    english = all(_KNOWN.get(("en", word), False) for word in judged)
    return len(judged) >= 2 and _capitals(words) and english and not _french_stop_words(words)


def _capitals(words: list[str]) -> bool:
    """Whether every word but the small ones ("of", "de") starts with a capital."""
    return all(word[0].isupper() for word in words if word.casefold() not in _SMALL_WORDS)


def _english_clause(sentence: str) -> tuple[str, list[str]] | None:
    """An English clause of three words or more inside a French sentence: an English function
    word and no French stop word ("..., the unit flees ; ...")."""
    for clause in _CLAUSE.split(sentence):
        words = _words(clause)
        english = [word for word in words if _is_english(word)]
        function = _english_stop_words(words)
        if len(words) >= 3 and function and not _french_stop_words(words):
            return clause.strip(), english
    return None


def forget() -> None:
    """Ask hunspell again: its dictionaries changed (nqtranslate.kept_results)."""
    _KNOWN.clear()
    _ASKED.clear()
    _ASKED_EN.clear()
    _names.cache_clear()


def learn(msgstrs: Iterable[str]) -> None:
    """Ask hunspell, in one run per dictionary, about the words of ``msgstrs`` it was not asked
    about yet."""
    sentences = [_words(s) for msgstr in msgstrs for s in _sentences(msgstr)]
    words = sorted({word for found in sentences for word in found} - _ASKED)
    _ASKED.update(words)
    candidates = [word for word in words if _judged(word)]
    for word in set(words) - set(candidates):
        _KNOWN["fr_FR", word] = True  # never evidence: no need to ask
    french = _lookup("fr_FR", candidates)
    if french is None:  # asked again next time
        _ASKED.difference_update(words)
        french = {}
    for word in candidates:
        _KNOWN["fr_FR", word] = french.get(word, True)
    # English: the words French does not know, and a Title-Case text's, judged by English alone
    # (hunspell -a suggests for each word it does not know: slow, so not every French word)
    titled = {w for found in sentences if len(found) >= 2 and _capitals(found) for w in found}
    titled |= {w for found in sentences for w in found if w.isupper() and _judged(w)}
    unknown = {word for word in candidates if not _KNOWN["fr_FR", word]}
    asked = sorted((unknown | {word for word in titled if _judged(word)}) - _ASKED_EN)
    _ASKED_EN.update(asked)
    english = _lookup("en_US", asked)
    if english is None:
        _ASKED_EN.difference_update(asked)
        english = {}
    for word in asked:
        _KNOWN["en", word] = english.get(word, False)
        _KNOWN["en_US", word] = _KNOWN["en", word] and not _KNOWN["fr_FR", word]


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
    """Whether ``word`` can tell English: not an abbreviation (``Co``, ``PM``, ``VLT``: three
    letters at most; "PANIC" in capitals is a word, attacker round 29), not a name the word
    list holds."""
    return len(word) >= 3 and not (word.isupper() and len(word) <= 3) and word not in _names()


def _is_english(word: str) -> bool:
    """Known to English, unknown to French: "loses", "Modifiers"."""
    return not _KNOWN.get(("fr_FR", word), True) and _KNOWN.get(("en_US", word), False)


def _english_word(word: str) -> bool:
    """Known to English, whatever French says; a small word ("of", "de") as well."""
    return word.casefold() in _SMALL_WORDS or _KNOWN.get(("en", word), False)


def _shouted(msgstr: str, msgid: str, words: list[str]) -> bool:
    """The msgid in other capitals ("BLOODLUST"), or a message of English words all in
    capitals ("PANIC", which French hunspell knows too): the build refuses the first, and
    French writes its headings in sentence case (attacker round 29)."""
    if msgid and msgstr != msgid and msgstr.isupper() and msgstr.casefold() == msgid.casefold():
        return any(map(_judged, words))
    shouted = [word for word in words if word.isupper() and _judged(word)]
    return bool(shouted) and shouted == words and all(_KNOWN.get(("en", w)) for w in words)


def _made_of(msgid: str, words: list[str]) -> list[str]:
    """The words of a msgstr made of its msgid's words, that French does not know: one of them
    with an "s", or several run together ("Bloodlusts", "Mightystrike", "Spellcasters":
    attacker round 29)."""
    parts = [word.casefold() for word in _words(msgid)]
    if not parts:
        return []
    made = {"".join(parts), *(part + "s" for part in parts), "".join(parts) + "s"} - set(parts)
    return [w for w in words if w.casefold() in made and _not_french(w)]  # « overkill » quoted


def _owned_english(word: str) -> bool:
    """An English possessive ("Warrior’s", "Bloodlust’s"), its word one French does not know."""
    return bool(_POSSESSIVE.search(word)) and _not_french(_POSSESSIVE.sub("", word))


def _not_french(word: str) -> bool:
    """A word that can tell and French does not know ("Bloodlust", "Mighty")."""
    return _judged(word) and not _KNOWN.get(("fr_FR", word), True)


@cache
def _names() -> frozenset[str]:
    """The word list's words with a capital: proper names (Growler, Weiss)."""
    from nqtranslate.spelling import SpellingError, read_wordlist

    try:
        words, phrases = read_wordlist()
    except SpellingError:
        return frozenset()
    return frozenset(w for entry in words + phrases for w in entry.split() if w[:1].isupper())


def _lookup(dictionary: str, words: list[str]) -> dict[str, bool] | None:
    """Whether hunspell's ``dictionary`` knows each word; empty without hunspell or words, None
    when it failed (no such dictionary, or killed): what was judged then is not kept
    (:func:`nqtranslate.kept_results.unsure`) and the words are asked again next time.

    One ``hunspell -L`` run for the batch: it prints the lines that hold a word it does not
    know, and works out no suggestions, which ``-a`` does for every unknown word (140 ms each:
    minutes on a pseudo language's catalogues, all of whose words are unknown)."""
    from nqtranslate.hunspell import hunspell_path, run_hunspell
    from nqtranslate.kept_results import unsure

    if not words or hunspell_path() is None:
        return {}
    try:
        run = run_hunspell(
            ["-L", "-i", "utf-8", "-d", dictionary], "".join(f"{w}\n" for w in words)
        )
    except OSError:
        run = None
    if run is None or run.returncode != 0:  # no such dictionary: it says so on stderr
        unsure()
        return None
    unknown = set(run.stdout.splitlines())
    return {word: word not in unknown for word in words}
