"""Numbers in the data's texts, kept once: a text says ``{upkeep}`` where its record's number goes,
and the engine fills it in the reader's language.

A spell card's "has upkeep {upkeep}" is filled from the card's own fields; an erratum or a
feature's summary names a value the engine holds (:data:`nqcore.book.named_values.NAMED_VALUES`,
"at most {infiltrating_maximum:word} models").  The text is made once, where its record is read
(:func:`filled`): a :class:`nqcore.i18n.Filled` whose ``str`` is the English, filled, and which
the engine's translator (every reader's: pages, cards, ``nq``, the companion, the print
products) looks up by its placeholders and fills in the reader's language.

A number is written as :func:`nqcore.i18n.format_number` writes it (``2½``, ``1,250``, « 1 250 »),
a list of numbers as "3, 4, 5", and ``{name:word}`` spells a small count as prose does ("seven
models", « sept figurines »).  A catalogue's translation keeps the placeholders (« maintien de
{upkeep} »): the guard refuses one that drops or changes one (:mod:`nqtranslate.formats`).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from string import Formatter

from nqcore.book.named_values import ValueCycle
from nqcore.data.datafiles import WORD, DataFileError, odd_placeholder
from nqcore.i18n import P_, Filled, Msg, format_number, translator

#: The counts prose spells in words, as the book does ("seven models"): zero to ten.
NUMBER_WORDS = (
    P_("number", "zero"),
    P_("number", "one"),
    P_("number", "two"),
    P_("number", "three"),
    P_("number", "four"),
    P_("number", "five"),
    P_("number", "six"),
    P_("number", "seven"),
    P_("number", "eight"),
    P_("number", "nine"),
    P_("number", "ten"),
)


class TextError(DataFileError):
    """A data text whose placeholders its record cannot fill: one line, naming file and field."""


def number_word(value: int, lang: str) -> str:
    """A small count as prose writes it in ``lang`` ("seven", « sept »), else its figures.

    >>> number_word(7, "en"), number_word(11, "en")
    ('seven', '11')
    """
    if 0 <= value < len(NUMBER_WORDS):
        return translator(lang)(NUMBER_WORDS[value])
    return format_number(value, lang)


class _Shown:
    """One value of a text, written as ``lang`` writes it when the text is formatted."""

    def __init__(self, value: object, lang: str) -> None:
        self.value, self.lang = value, lang

    def __format__(self, spec: str) -> str:
        value = self.value
        if spec == WORD and isinstance(value, int):
            return number_word(value, self.lang)
        if isinstance(value, list | tuple):
            return ", ".join(format(_Shown(item, self.lang), spec) for item in value)
        if isinstance(value, int | Fraction):
            return format_number(value, self.lang)
        return translator(self.lang)(value) if isinstance(value, Msg) else str(value)


def fill(text: str, values: Mapping[str, object], lang: str) -> str:
    """``text`` (a data text or its translation) with its placeholders filled from ``values``,
    written as ``lang`` writes numbers.

    >>> fill('a {size}" template; {n:word} models', {"size": Fraction(5, 2), "n": 7}, "en")
    'a 2½" template; seven models'
    """
    return text.format(**{name: _Shown(value, lang) for name, value in values.items()})


def placeholders(text: str, where: str) -> list[str]:
    """The names of the placeholders of ``text``, in order; a :class:`TextError` naming
    ``where`` for one that is not ``{name}`` or ``{name:word}``, or for a lone brace."""
    try:
        parsed = list(Formatter().parse(text))
    except ValueError as error:
        raise TextError(
            f"{where}: {text[:60]!r} is not a text with placeholders ({error})"
        ) from None
    if odd := odd_placeholder(text):
        raise TextError(f"{where}: the placeholder {odd} is not {{name}} or {{name:word}}")
    return [name for _, name, _, _ in parsed if name is not None]


def filled(text: str, values: Mapping[str, object], where: str) -> Msg:
    """The data text ``text`` of the field ``where``, its placeholders filled from ``values``
    (its record's fields, or the engine's named values); a :class:`TextError` naming ``where``
    for a placeholder it has no value for.  A text without placeholders stays a plain message."""
    names = placeholders(text, where)
    if not names:
        return Msg(text)
    for name in names:
        try:
            missing = values.get(name) is None
        except ValueCycle:
            raise TextError(
                f"{where}: the text says {{{name}}}, a value worked out from this text itself"
            ) from None
        if missing:
            raise TextError(f"{where}: the text says {{{name}}}, a value its record does not have")
    return Filled(text, {name: values[name] for name in dict.fromkeys(names)})
