"""The engine's own strings and number formats, in English (the source) or French.

Engine strings are English msgids marked with :func:`N_`; their French lives in the engine's own
catalogue ``nqcore/locale/fr/LC_MESSAGES/nqcore.po`` (extracted with babel), read at run time so
that no compiled ``.mo`` file has to be kept in step with it.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "fr")
LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "nqcore"


class Msg(str):
    """A translatable English string: table headings, labels, names of rules data."""

    __slots__ = ()


def N_(text: str) -> Msg:  # noqa: N802 - the conventional gettext marker name
    """Mark ``text`` for extraction into the engine catalogue; translation happens on output."""
    return Msg(text)


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


@cache
def load_po(path: Path) -> dict[str, str]:
    """The translated, non-fuzzy messages of one ``.po`` file, by msgid."""
    from babel.messages.pofile import read_po  # imported lazily: keeps `import nqcore` fast

    with path.open("rb") as handle:
        catalogue = read_po(handle, abort_invalid=True)
    return {
        str(message.id): str(message.string)
        for message in catalogue
        if message.id and message.string and not message.fuzzy
    }


def _catalogue(lang: str) -> dict[str, str]:
    if lang == "en":
        return {}
    return load_po(LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po")


def translator(lang: str) -> Callable[[str], str]:
    """A gettext function for ``lang``; untranslated strings fall back to the English."""
    table = _catalogue(check_language(lang))
    return lambda text: table.get(text, text)


def _babel_locale(lang: str) -> str:
    return {"en": "en_GB", "fr": "fr_FR"}[check_language(lang)]


def format_number(value: int | Fraction | float, lang: str) -> str:
    """A number as the reader's language writes it (decimal comma in French).

    Halves stay as the book prints them (``2½``) because players measure in inches.
    """
    return _format_number(value, lang)


@lru_cache(maxsize=4096, typed=True)  # the same few numbers fill every table: babel once each
def _format_number(value: int | Fraction | float, lang: str) -> str:
    from babel.numbers import format_decimal

    if isinstance(value, Fraction) and value.denominator == 2:
        whole = value.numerator // 2
        return f"{whole}½" if whole else "½"
    if isinstance(value, Fraction):
        value = int(value) if value.denominator == 1 else float(value)
    return format_decimal(value, locale=_babel_locale(lang))


def format_signed(value: int, lang: str) -> str:
    """A modifier with its sign, as the book prints them: +1, -2, +0 (ST +0, a cost of +0)."""
    text = format_number(abs(value), lang)
    return f"-{text}" if value < 0 else f"+{text}"


def format_percent(chance: Fraction, lang: str, digits: int = 0) -> str:
    """A probability as a percentage, in the language's own pattern (``70 %`` in French,
    with its narrow no-break space)."""
    from babel import Locale
    from babel.numbers import format_percent as babel_percent

    locale = Locale.parse(_babel_locale(lang))
    pattern = locale.percent_formats[None].pattern
    if digits:
        pattern = pattern.replace("#,##0", "#,##0." + "0" * digits)
    return babel_percent(float(chance), format=pattern, locale=locale)
