"""What a reader of a translated edition sees in English, by catalogue: its fuzzy and
untranslated messages, and those translated as their English (or mostly, or in English words),
named at their lines; the build prints them as warnings."""

from __future__ import annotations

from pathlib import Path

from nqtranslate.kept_results import kept_lines
from nqtranslate.reading import Message, Reading, read


def left_in_english(reading: Reading) -> list[Message]:
    """The translated messages whose msgstr is their English msgid, four words or more, with no
    ``same-as-english`` translator comment (:func:`nqtranslate.lint.left_in_english`): Sphinx
    shows them as they are, English on a French page."""
    from nqtranslate.english_words import learn
    from nqtranslate.lint import left_in_english as english_rule

    learn(text for message in reading.messages if message.translated for text in message.msgstr)
    return [
        message
        for message in reading.messages
        if message.translated
        and any(english_rule(msgid, msgstr, message.comment) for msgid, msgstr in message.pairs())
    ]


def english_warnings(path: Path) -> list[str]:
    """The messages of ``path`` a reader sees in English, at their lines: fuzzy, untranslated
    (an empty msgstr) and left as their English (:func:`left_in_english`)."""
    return kept_lines(("english",), [path], lambda: _english_warnings(path))


def _english_warnings(path: Path) -> list[str]:
    from nqtranslate.guard import shown

    reading = read(path)
    if reading.findings:  # refused: the guard's error names it
        return []
    untranslated = [m for m in reading.messages if not m.fuzzy and not m.translated]
    kinds = (
        ("fuzzy message(s), shown in English", [m for m in reading.messages if m.fuzzy], ""),
        ("untranslated message(s), shown in English", untranslated, ""),
        ("message(s) left as their English, shown as is", left_in_english(reading), ENGLISH_WHY),
    )
    return [
        f"{shown(path)}: warning: {len(found)} {what} (lines {_lines(found)}){why}"
        for what, found, why in kinds
        if found
    ]


def _lines(messages: list[Message]) -> str:
    """Every message's line: a translator finds each one (attacker round eighteen: the first
    ten of them only, the first five where a page's catalogue had no entry)."""
    return ", ".join(str(m.line) for m in messages)


#: What a warning of messages left as their English tells the translator.
ENGLISH_WHY = ": translate, or say why in a translator comment 'same-as-english: why'"
