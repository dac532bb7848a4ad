"""The engine's own strings and number formats, in English (the source) or another language.

Engine strings are English msgids marked with :func:`N_`; their French lives in the engine's own
catalogue ``nqcore/locale/fr/LC_MESSAGES/nqcore.po`` (extracted with babel), read at run time so
that no compiled ``.mo`` file has to be kept in step with it.

The languages are English and every language the engine has a catalogue for
(``nqcore/locale/<lang>/``): adding a language is adding its catalogues (README, "A new
language").  ``NQ_LOCALE_PATH`` names more folders laid out like the repository, searched after
it: the test suite builds its pseudo language (:mod:`nqtranslate.pseudo`) from one.
"""

from __future__ import annotations

import contextlib
import decimal
import os
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path

from nqcore import language_codes

# re-exported: the engine's modules take them from here with the rest of its words' tools
from nqcore.typography import MINUS as MINUS
from nqcore.typography import NBSP as NBSP
from nqcore.typography import NNBSP as NNBSP
from nqcore.typography import colon as colon
from nqcore.typography import french_spacing as french_spacing

#: The project's folder, the one place every package finds ``docs/``, ``locale/``, ``tools/`` from.
ROOT = Path(__file__).resolve().parents[1]
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "nqcore"
SOURCE_LANGUAGE = "en"
#: Folders laid out like the repository (``os.pathsep``-separated), searched after it for
#: catalogues.
LOCALE_PATH_VARIABLE = "NQ_LOCALE_PATH"
#: The number format (a babel locale) of each language whose code alone is not the one wanted
#: (a new language whose code babel knows, ``de``, needs no entry).  ``qps``, the test suite's
#: pseudo language (nqtranslate.pseudo), borrows French's.
NUMBER_LOCALES = {"en": "en_GB", "fr": "fr_FR", "qps": "fr_FR"}


def extra_locale_folders() -> list[Path]:
    """The folders NQ_LOCALE_PATH names, laid out like the repository (a pseudo language's)."""
    return [Path(f) for f in os.environ.get(LOCALE_PATH_VARIABLE, "").split(os.pathsep) if f]


def locale_dirs(locale_dir: Path) -> list[Path]:
    """``locale_dir`` (a ``locale`` folder of the repository) and its twins in NQ_LOCALE_PATH."""
    extra = extra_locale_folders()
    if not extra or not locale_dir.resolve().is_relative_to(ROOT):
        return [locale_dir]
    relative = locale_dir.resolve().relative_to(ROOT)
    return [locale_dir, *(folder / relative for folder in extra)]


#: The catalogues found while :func:`catalogues_held` holds them, by folder, language and domain.
_held: dict[tuple[Path, str, str], Path | None] | None = None
#: The gettext functions of :func:`translator` made meanwhile, by folder and language.
_held_translators: dict[tuple[Path, str], Callable[[str], str]] | None = None


@contextlib.contextmanager
def catalogues_held() -> Iterator[None]:
    """Look each catalogue up once meanwhile, not at every message: a build that asks the engine
    thousands of questions (the At the table page's answer tables) spent most of each answer
    checking files that do not change while it runs, then a sixth of it finding each text's
    language's messages again."""
    global _held, _held_translators
    outer = _held, _held_translators
    if _held is None or _held_translators is None:
        _held, _held_translators = {}, {}
    try:
        yield
    finally:
        _held, _held_translators = outer


def find_catalogue(locale_dir: Path, lang: str, domain: str) -> Path | None:
    """The catalogue ``domain.po`` of ``lang`` for ``locale_dir``, if one exists."""
    if _held is None:
        return _find_catalogue(locale_dir, lang, domain)
    key = (locale_dir, lang, domain)
    if key not in _held:
        _held[key] = _find_catalogue(locale_dir, lang, domain)
    return _held[key]


def _find_catalogue(locale_dir: Path, lang: str, domain: str) -> Path | None:
    from nqcore.catalogue_check import file_problem

    for folder in locale_dirs(locale_dir):
        path = folder / lang / "LC_MESSAGES" / f"{domain}.po"
        if problem := file_problem(path):
            _warn_once(f"{_where(path)}:1", f"{problem}: the English is shown")
            return None
        if path.is_file():
            return path
    return None


#: The languages of every edition: English (the source) first; and the engine catalogues of a
#: folder that is no language code, left out (:mod:`nqcore.language_codes`).
LANGUAGES, MISNAMED = language_codes.discovered(locale_dirs(LOCALE_DIR), DOMAIN, SOURCE_LANGUAGE)


class Msg(str):
    """A translatable English string: table headings, labels, names of rules data."""

    __slots__ = ()


class ContextMsg(Msg):
    """A msgid in a gettext context (``msgctxt``): an English word in one of its senses, so that
    French can tell them apart ("Light" armour is « Légère », the Light aspect « Lumière »)."""

    context: str

    def __new__(cls, context: str, text: str) -> ContextMsg:
        message = super().__new__(cls, text)
        message.context = context
        return message


#: The contexts of the engine's messages, and of the data fields translated in them.
ARMOUR_CONTEXT = "armour"


def N_(text: str) -> Msg:  # noqa: N802 - the conventional gettext marker name
    """Mark ``text`` for extraction into the engine catalogue; translation happens on output."""
    return Msg(text)


def P_(context: str, text: str) -> Msg:  # noqa: N802 - pgettext's marker, as N_ is gettext's
    """``text`` in the sense ``context`` names (its ``msgctxt``), translated on output."""
    return ContextMsg(context, text)


def catalogue_key(text: str, context: str | None = None) -> str:
    r"""A message's key in :func:`load_po`'s table: GNU gettext's ``context\x04msgid``."""
    return f"{context}\x04{text}" if context else text


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


#: What a translation that does not format raises (``{}`` an IndexError, ``{x!z}`` a
#: ValueError, ``{x.y}`` an AttributeError, ``%d`` of a text a TypeError).
FORMAT_ERRORS = (IndexError, KeyError, ValueError, AttributeError, TypeError)


class Translated(str):
    """A translation that knows its English and where it was read: when it does not format
    (a catalogue the guard would refuse, used without it), :meth:`format` and ``%`` warn, naming
    file and line, and fill the English instead: a reader gets the English, never a traceback."""

    __slots__ = ("msgid", "where")
    msgid: str
    where: str

    def __new__(cls, text: str, msgid: str, where: str) -> Translated:
        translated = super().__new__(cls, text)
        translated.msgid, translated.where = msgid, where
        return translated

    def __reduce__(self) -> tuple[type[Translated], tuple[str, str, str]]:  # with its English
        return Translated, (str(self), self.msgid, self.where)

    def format(self, /, *args: object, **kwargs: object) -> str:
        try:
            return str.format(self, *args, **kwargs)
        except FORMAT_ERRORS as error:
            self._warn(error)
            return self.msgid.format(*args, **kwargs)

    def __mod__(self, values: object) -> str:
        try:
            return str.__mod__(self, values)
        except FORMAT_ERRORS as error:
            self._warn(error)
            return self.msgid % values

    def _warn(self, error: Exception) -> None:
        from nqcore.terminal import printable

        said = f"{self.where}: warning: the translation {clip(str(self))} of {clip(self.msgid)}"
        said += f" does not format ({type(error).__name__}: {error}): the English is shown"
        print(printable(said), file=sys.stderr)


def _warn(where: str, message: str) -> None:
    from nqcore.terminal import printable

    print(printable(f"{where}: warning: {message}"), file=sys.stderr)


@cache
def _warn_once(where: str, message: str) -> None:
    """Once per run: the catalogue is looked for by every message shown."""
    _warn(where, message)


def _where(path: Path) -> str:
    try:  # the link itself, not its target, is named
        return str((path.parent.resolve() / path.name).relative_to(ROOT))
    except ValueError:
        return str(path)


def catalogue_messages(locale_dir: Path, lang: str, domain: str) -> dict[str, str]:
    """The messages of ``lang`` in ``domain.po`` of ``locale_dir`` (none for English, the source,
    or where the language has no such catalogue)."""
    from nqcore.catalogue_loading import messages

    path = None if lang == SOURCE_LANGUAGE else find_catalogue(locale_dir, lang, domain)
    return messages(path) if path else {}


def _catalogue(lang: str) -> dict[str, str]:
    return catalogue_messages(LOCALE_DIR, lang, DOMAIN)


class Filled(Msg):
    """A data text whose numbers are placeholders the engine fills from its record ("has upkeep
    {upkeep}"): ``str`` is the English, filled; ``msgid`` the text as the data file and the
    catalogues hold it; ``values`` what fills it (:mod:`nqcore.filled`)."""

    __slots__ = ("msgid", "values")
    msgid: str
    values: dict[str, object]

    def __new__(cls, msgid: str, values: dict[str, object]) -> Filled:
        from nqcore.filled import fill

        text = super().__new__(cls, fill(msgid, values, SOURCE_LANGUAGE))
        text.msgid, text.values = msgid, values
        return text

    def __reduce__(self) -> tuple[type[Filled], tuple[str, dict[str, object]]]:
        return Filled, (self.msgid, self.values)


def translator(lang: str) -> Callable[[str], str]:
    """A gettext function for ``lang``; untranslated strings fall back to the English.

    A :class:`ContextMsg` is looked up in its context (pgettext); a :class:`Filled` text by its
    placeholders, then filled with its numbers as ``lang`` writes them.  While the catalogues
    are held (:func:`catalogues_held`), one function a language."""
    held, key = _held_translators, (LOCALE_DIR, lang)
    if held is not None and key in held:
        return held[key]
    table = _catalogue(check_language(lang))

    def translate(text: str) -> str:
        if isinstance(text, Filled):
            from nqcore.filled import fill

            return fill(looked_up(table, text.msgid) or text.msgid, text.values, lang)
        return looked_up(table, catalogue_key(text, getattr(text, "context", None))) or text

    if held is not None:
        held[key] = translate
    return translate


def looked_up(table: dict[str, str], key: str) -> str | None:
    """The translation of ``key``, or None; an entry that is fuzzy or not translated is said
    (file and line), once: a reader of ``nq --lang fr`` is told why a word is English."""
    found = table.get(key)
    if found is None and key in (unshown := getattr(table, "unshown", {})):
        where, why = unshown[key]
        _warn_once(where, f"{why}: the English is shown")
    return found


def language_problem(lang: str) -> str:
    """Why ``lang``, found by its engine catalogue, cannot be used yet ('' when it can): Babel
    writes its numbers, so it must know the language (or :data:`NUMBER_LOCALES` name one)."""
    from babel.core import Locale, UnknownLocaleError

    try:
        Locale.parse(NUMBER_LOCALES.get(lang, lang))
    except (UnknownLocaleError, ValueError, TypeError):
        catalogue = find_catalogue(LOCALE_DIR, lang, DOMAIN) or LOCALE_DIR / lang
        where = (
            catalogue.resolve().relative_to(ROOT)
            if catalogue.resolve().is_relative_to(ROOT)
            else catalogue
        )
        return (
            f"{where}: {lang} is not a language of the project: Babel knows no locale {lang!r} "
            "to write its numbers (name one in NUMBER_LOCALES, nqcore/i18n.py)"
        )
    return ""


def _babel_locale(lang: str) -> str:
    return NUMBER_LOCALES.get(check_language(lang), lang)


def format_number(value: int | Fraction | float, lang: str) -> str:
    """A number as the reader's language writes it (decimal comma in French).

    Halves stay as the book prints them (``2½``) because players measure in inches.  A negative
    number takes the minus sign, U+2212, as the book's tables and prose print it
    (nqsphinx.languages.typography), not the hyphen babel writes: "needs −2 or less".

    >>> format_number(-2, "fr"), format_number(1250, "en")
    ('\u22122', '1,250')
    """
    text = _format_number(value, lang)
    return MINUS + text[1:] if text.startswith("-") else text


@lru_cache(maxsize=4096, typed=True)  # the same few numbers fill every table: babel once each
def _format_number(value: int | Fraction | float, lang: str) -> str:
    from babel.numbers import format_decimal

    if isinstance(value, Fraction) and value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else float(value)
    try:
        return format_decimal(value, locale=_babel_locale(lang))
    except decimal.InvalidOperation:  # beyond babel's 28 digits: 1e25 in a refused profile
        return f"{value:g}" if isinstance(value, float) else str(value)


def plural_form(value: int, lang: str) -> str:
    """The language's plural category of ``value`` (CLDR, through babel): "one" for 1 in
    English, for 0 and 1 in French ("0 point"); "other" for most numbers."""
    from babel import Locale

    return str(Locale.parse(_babel_locale(lang)).plural_form(value))


def format_signed(value: int, lang: str) -> str:
    """A modifier with its sign, as the book prints them: +1, −2 (the minus sign, U+2212), +0
    (ST +0, a cost of +0)."""
    text = format_number(abs(value), lang)
    return f"{MINUS}{text}" if value < 0 else f"+{text}"


@lru_cache(maxsize=4096)  # the page's tables say the same few hundred chances 150,000 times
def format_percent(chance: Fraction, lang: str, digits: int = 0) -> str:
    """A probability as a percentage in the language's pattern (``70 %``: a narrow no-break space,
    not babel's U+00A0), an exact half rounded up as players do (babel's 9/40 was 22 %)."""
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = Locale.parse(_babel_locale(lang))
    pattern = locale.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits)
    with decimal.localcontext(prec=40, rounding=decimal.ROUND_HALF_UP):
        exact = decimal.Decimal(chance.numerator) / chance.denominator
        return babel_percent(exact, pattern, locale=locale).replace(NBSP, NNBSP)


def plural(count: int, singular: Msg, many: Msg, lang: str, **values: str) -> str:
    """``singular`` or ``many`` in ``lang``, chosen by the language's plural rule for ``count``
    (French says "0 point", English "0 points"), its ``{count}`` filled: ngettext for the
    two-form languages of the engine, each form its own msgid as the cards' "1 point".
    ``values`` fill the message's other placeholders."""
    text = singular if plural_form(count, lang) == "one" else many
    return translator(lang)(text).format(count=format_number(count, lang), **values)


class Counted(int):
    """A count that an answer says with its noun ("1 barrier", "3 barriers"): an ``int`` for
    JSON and arithmetic, the forms for the reader."""

    singular: Msg
    many: Msg

    def __new__(cls, count: int, singular: Msg, many: Msg) -> Counted:
        value = super().__new__(cls, count)
        value.singular, value.many = singular, many
        return value

    def text(self, lang: str) -> str:
        return plural(int(self), self.singular, self.many, lang)


#: The most characters of a value a message quotes: a name of a million characters is told by
#: its start and its length (an error line, on the terminal or the page, stays a line).
MAX_QUOTED = 80


def clip(text: str, lang: str = SOURCE_LANGUAGE, quote: Callable[[str], str] = repr) -> str:
    """``text`` quoted by ``quote`` (Python's repr: escapes visible); past :data:`MAX_QUOTED`
    characters, its first ones and its length: ``'WWW…'… (1,000,000 characters)``.  The one
    place where every message quoting a value of the reader's bounds it; an invisible character
    or a pile of combining marks in it is quoted by code point (``'Fume\\u0301×60'``:
    :func:`nqcore.characters.escaped_hidden`)."""
    from nqcore.characters import escaped_hidden

    if len(text) <= MAX_QUOTED:
        return escaped_hidden(quote(text))
    count = translator(lang)(N_("{count} characters")).format(count=format_number(len(text), lang))
    return f"{escaped_hidden(quote(text[:MAX_QUOTED]))}… ({count})"


def quoted_in(lang: str, text: str) -> str:
    """``text`` quoted as ``lang`` quotes (``'x'``, « x » in French), escapes visible, clipped."""
    return clip(text, lang, lambda t: f"« {repr(t)[1:-1]} »" if lang == "fr" else repr(t))


class Typed(str):
    """What a reader typed, quoted in a refusal as the language quotes: ``'x'`` (escapes
    visible, as Python shows it), « x » in French; a long one clipped (:func:`clip`)."""

    __slots__ = ()

    def quoted(self, lang: str) -> str:
        return quoted_in(lang, str(self))


def _shown(value: object, lang: str) -> str:
    """One value of a refusal as the reader of ``lang`` reads it: numbers in the language's
    format, names translated, lists as "30, 20, 10" (never a Python repr)."""
    if isinstance(value, Counted):
        return value.text(lang)
    if isinstance(value, Typed):
        return value.quoted(lang)
    if isinstance(value, Refusal):
        return value.text(lang)
    if isinstance(value, Msg):
        return translator(lang)(value)
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int | Fraction | float):
        return format_number(value, lang)
    if isinstance(value, list | tuple | set | frozenset):
        return ", ".join(_shown(item, lang) for item in value)
    return str(value)


class Refusal(ValueError):
    """The engine refusing a question or a file, in any language: an English msgid with its
    values, said in the reader's language by :meth:`text` (``str()`` is the English); ``where``
    (a file name, a field) stands before the message, as in "profile.toml: ..."."""

    #: The argument of the question it refuses, as ``nq`` names it (``chant``, ``mod``), the
    #: values of it refused (two modifiers' keys), and the other arguments that make it so
    #: (``wizardry`` beside ``chant``): what a form marks (:meth:`about`).
    argument, chosen, also = "", tuple[str, ...](), tuple[str, ...]()
    reading = ""  # the erratum or open question whose reading refuses it: the page links it

    def __init__(self, message: str, /, *, where: str = "", **values: object) -> None:
        self.message, self.values, self.where = message, values, where
        super().__init__(self.text(SOURCE_LANGUAGE))

    def about(
        self, argument: str, *chosen: str, also: tuple[str, ...] = (), reading: str = ""
    ) -> Refusal:
        """This refusal, of the question's ``argument`` (its values ``chosen``), made so by the
        arguments ``also`` too, by this edition's reading of the erratum ``reading`` (its id)."""
        self.argument, self.chosen, self.also, self.reading = argument, chosen, also, reading
        return self

    def text(self, lang: str) -> str:
        """The refusal as the reader of ``lang`` reads it."""
        said = translator(lang)(self.message)
        if self.values:  # a message without values may show braces: "{ value = 3 }"
            said = said.format(**{key: _shown(value, lang) for key, value in self.values.items()})
        if not self.where:
            return said
        from nqcore.places import place_in  # its words are the catalogue's
        from nqcore.typography import colon

        return f"{place_in(self.where, lang)}{colon(lang)}{said}"

    def lines(self, lang: str) -> list[str]:
        """The refusal as lines to print, one problem each (one, but for a file's several)."""
        return [self.text(lang)]

    def __str__(self) -> str:  # a KeyError's own would quote it
        return self.text(SOURCE_LANGUAGE)

    def at(self, where: str, kind: type[Refusal] | None = None) -> Refusal:
        """The same refusal about ``where`` (a file, a field), of class ``kind`` (its own)."""
        inner = ": ".join(part for part in (where, self.where) if part)
        made = (kind or type(self))(self.message, where=inner, **self.values)
        return made.about(self.argument, *self.chosen, also=self.also, reading=self.reading)


class UnknownName(Refusal, KeyError):
    """A name or key the rules do not know (a weapon, a spell, an ability): a :class:`Refusal`
    that stays the ``KeyError`` its callers look for."""
