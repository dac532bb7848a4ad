"""Words and runs of characters too long for a line of the PDF books, in a translation (the
guard), an English page (:mod:`nqsphinx.page_content`) and a data file's text
(:mod:`nqcore.data.datafiles`): TeX cannot break them."""

from __future__ import annotations

import re

#: The longest word a translation may add. The book's widest heading (a chapter's or a
#: section's title: 14.4 pt bold FreeSans) sets about 8.7 pt a letter of French, 39 letters
#: across its 120 mm measure; 30 leave room for the section's number, and the contents line
#: for its page number. TeX hyphenates no word of more than 63 letters: a longer word runs off
#: the page, heading, contents and page number with it. The catalogues' longest is 17.
MAX_WORD = 30
_WORD = re.compile(r"[^\W_]+")


def longest_word(text: str) -> int:
    return max((len(word) for word in _WORD.findall(text)), default=0)


def long_word_problem(msgid: str, msgstr: str) -> str:
    """A word of ``msgstr`` too long for a line of the PDF books, its English having none as
    long (a name, an address)."""
    found = longest_word(msgstr)
    if found <= max(MAX_WORD, longest_word(msgid)):
        return ""
    return (
        f"a word of {found} letters, longer than a line of the book's headings holds"
        f" ({MAX_WORD}): it would run off the page; break it with spaces or hyphens"
    )


#: The longest run of characters without a space a translation may add, of what it shows (a
#: role's target and a link's address set aside): a run of dots or brackets is no word TeX can
#: break (attacker round 21: 1,000 dots crashed xelatex, 500 ran off the page, unsaid). The
#: catalogues' longest is 32, a file's path.
MAX_RUN = 40
#: What a page's message holds that it does not show: a link's address, a role's target and name.
_NOT_SHOWN = re.compile(r"\]\([^)\s]*\)|<[^<>\s]*>|\{[\w:.-]+\}|`")


#: What a line of the books breaks at: the spaces TeX reads as glue, never the other spaces
#: Unicode has, which xelatex sets as characters (attacker round 22: 600 words joined by
#: no-break spaces ran off the page; 2,000 joined by thin spaces kept xelatex busy 22 minutes).
BREAKABLE = re.compile(r"[ \t\r\n]+")


#: What a translation may add to its English's longest run: quotes and punctuation around it.
AROUND_A_RUN = 4


def longest_run(text: str) -> int:
    """The longest run of ``text`` that no line may break, what it shows of it."""
    return max((len(run) for run in BREAKABLE.split(_NOT_SHOWN.sub(" ", text))), default=0)


def long_run_problem(msgid: str, msgstr: str, most: int = MAX_RUN) -> str:
    """A run of ``msgstr`` without a space longer than ``most`` and than its English's with the
    punctuation a language sets around it (« https://… », an address then « . »)."""
    found = longest_run(msgstr)
    if found <= max(most, longest_run(msgid) + AROUND_A_RUN):
        return ""
    return (
        f"a run of {found:,} characters without a space (at most {most}): TeX cannot break it,"
        " and it would run off the page or stop the book's build; break it with spaces"
    )
