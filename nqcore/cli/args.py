"""The numbers, distances and names of an ``nq`` command line, read strictly before any arithmetic.

``int()`` and ``Fraction()`` take what no player means: Unicode digits (``٣`` is 3), underscores,
thousands of digits, and ``1e999999999`` (a Fraction of a billion digits: the command hangs).  These
``type=`` functions take ASCII digits of bounded length and check each argument's range, so argparse
reports anything else as its one usage line with exit status 2.  Their messages are engine
msgids, said in the reader's language (:mod:`nqcore.cli.usage`).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from fractions import Fraction

from nqcore.cli.usage import quoted, say
from nqcore.i18n import N_, Msg

#: Digits a whole number may have (leading zeros aside): far more than any range below needs.
MAX_DIGITS = 6
#: A distance in inches: 12, 12.5 or 25/2, each part of at most 4 digits (the table is 72" wide).
MAX_INCHES = 1000
MAX_NAME = 100

_INTEGER = re.compile(r"[+-]?0*([0-9]+)")
_DISTANCE = re.compile(r"[+-]?(?:[0-9]{1,4}(?:\.[0-9]{1,4})?|[0-9]{1,4}/[0-9]{1,4})")
_RANGE = re.compile(r'[0-9]{1,4}"?/[+-]?[0-9]{1,2}|-')


def shown(text: str) -> str:
    """``text`` quoted for a one-line message: escapes visible, at most a few dozen characters."""
    return quoted(text if len(text) <= 24 else text[:20] + "…")


def out_of_range(name: Msg, allowed: range, value: object) -> str:
    """The one message for a value outside its range, whether argparse or a question finds it."""
    message = N_("{name} must be {low} to {high}, not {value}")
    return say(message, name=say(name), low=allowed.start, high=allowed.stop - 1, value=value)


def bounded(name: Msg, allowed: range) -> Callable[[str], int]:
    """A ``type=`` for a whole number of ``allowed``: ASCII digits, an optional sign, no more."""

    def whole_number(text: str) -> int:
        match = _INTEGER.fullmatch(text)
        if match is None:
            message = N_("{name} must be a whole number, not {value}")
            raise argparse.ArgumentTypeError(say(message, name=say(name), value=shown(text)))
        if len(match[1]) > MAX_DIGITS:  # refused before int(): no huge number is ever built
            raise argparse.ArgumentTypeError(out_of_range(name, allowed, shown(text)))
        value = int(text)
        if value not in allowed:
            raise argparse.ArgumentTypeError(out_of_range(name, allowed, value))
        return value

    return whole_number


DISTANCE_RANGE = range(0, MAX_INCHES + 1)


#: Inches as a tape measure reads them: ``12½``, ``12 1/2`` (player round fourteen).
_VULGAR = {"½": Fraction(1, 2), "¼": Fraction(1, 4), "¾": Fraction(3, 4)}
_MIXED = re.compile(r"([0-9]{1,4})? ?([½¼¾])|([0-9]{1,4}) +([0-9]{1,4})/([0-9]{1,4})")


def plain_inches(text: str) -> str:
    """``text`` as :func:`distance` reads it: ``12½`` and ``12 1/2`` as ``25/2``; else as is.

    >>> plain_inches("12½"), plain_inches("12 1/2"), plain_inches("½"), plain_inches("12.5")
    ('25/2', '25/2', '1/2', '12.5')
    """
    match = _MIXED.fullmatch(text.strip())
    if match is None:
        return text
    if match[2]:
        inches = int(match[1] or 0) + _VULGAR[match[2]]
    elif int(match[5]) == 0:
        return text
    else:
        inches = int(match[3]) + Fraction(int(match[4]), int(match[5]))
    return f"{inches.numerator}/{inches.denominator}"


#: A decimal comma, as French writes 12,5 (player round thirty: ``nq --lang fr`` refused it);
#: not before exactly three digits, which English reads as thousands ("1,000" was read as 1":
#: attacker round 31): refused as neither.
_DECIMAL_COMMA = re.compile(r"([+-]?[0-9]{1,4}),([0-9]{1,2}|[0-9]{4})")


def distance(text: str) -> Fraction:
    """A ``type=`` for inches: ``12``, ``12.5`` or ``12,5``, ``25/2``, ``12½`` or ``12 1/2``, 0
    to 1000.

    >>> distance("12,5")
    Fraction(25, 2)
    >>> distance("1,000")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    argparse.ArgumentTypeError: a distance is a number of inches such as ..., not '1,000'
    """
    text = plain_inches(text)
    if comma := _DECIMAL_COMMA.fullmatch(text.strip()):
        text = f"{comma[1]}.{comma[2]}"
    try:
        if _DISTANCE.fullmatch(text) is None:
            raise ValueError(text)
        inches = Fraction(text)  # bounded text: a few digits at most
    except (ValueError, ZeroDivisionError):
        message = N_("a distance is a number of inches such as 12, 12.5 or 25/2, not {value}")
        raise argparse.ArgumentTypeError(say(message, value=shown(text))) from None
    if not 0 <= inches <= MAX_INCHES:
        message = N_("a distance must be {low} to {high} inches, not {value}")
        low, high = DISTANCE_RANGE.start, DISTANCE_RANGE.stop - 1
        raise argparse.ArgumentTypeError(say(message, low=low, high=high, value=text))
    return inches


def weapon_range(text: str) -> str:
    """A ``type=`` for one range of a weapon: ``10/+1`` (up to 10" at +1) or ``-`` (none); the
    minus sign the armoury prints (``30/−1``, U+2212) is a hyphen-minus (player round fourteen).
    A range without its modifier (``10``) is said to lack it."""
    text = text.replace("\u2212", "-")
    if _RANGE.fullmatch(text) is None:
        if re.fullmatch(r'[0-9]{1,4}"?', text):
            message = N_("a range needs its modifier after a slash, such as 10/+1, not {value}")
        else:
            message = N_("a range reads like 10/+1, not {value}")
        raise argparse.ArgumentTypeError(say(message, value=shown(text)))
    return text


def name(text: str) -> str:
    """A ``type=`` for a name or key looked up in the rules: not empty, not a page of text."""
    if not text.strip() or len(text) > MAX_NAME:
        message = N_("a name is 1 to {most} characters, not {value}")
        raise argparse.ArgumentTypeError(say(message, most=MAX_NAME, value=shown(text)))
    return text


def path(text: str) -> str:
    """A ``type=`` for a file name: not empty, no NUL byte (which no file name can hold)."""
    if not text or "\0" in text or len(text) > 4096:
        raise argparse.ArgumentTypeError(say(N_("not a file name: {value}"), value=shown(text)))
    return text
