"""What a field of the "At the table" page's forms needs beyond its words
(:mod:`nqcompanion.page.forms`, :mod:`nqcompanion.page.builder`,
:mod:`nqcompanion.page.army`): the phone keyboard its range needs, and the paragraph where its
refusal is said.  One rule for every field, read from its range, so that no field's keyboard is
chosen by hand.  Which field an engine refusal is about, the engine's answer says
(``field``, :attr:`nqcore.i18n.Refusal.argument`)."""

from __future__ import annotations

from nqcore.i18n import format_number, format_signed

#: A whole-number field taking negatives with at most this many values is a list of them: no
#: phone keyboard of digits has a minus sign (an iPhone's number pad has none).
LISTED_AT_MOST = 25


def keyboard(kind: str, allowed: range | None = None) -> str:
    """The phone keyboard (``inputmode``) a typed field's values need, from its kind and range:
    digits alone for whole numbers from 0 (``numeric``; a characteristic that may be none is
    left empty for none, which no number pad stops), digits and the decimal separator for a
    distance (``decimal``; a French comma too), else the full keyboard (``text``): a minus
    sign, spaces between numbers, the slash and signs of weapon ranges."""
    if kind == "distance":
        return "decimal"
    if kind == "int" and allowed is not None and allowed.start >= 0:
        return "numeric"
    return "text"


def as_list(kind: str, allowed: range | None) -> bool:
    """Whether a field is a list of its values rather than typed: a small range with
    negatives, which no phone's number pad can type."""
    return (
        kind == "int"
        and allowed is not None
        and allowed.start < 0
        and len(allowed) <= LISTED_AT_MOST
    )


def signed(value: int, lang: str) -> str:
    """A value of a list of modifiers as the book writes one: +1, 0, −1 (the engine's signs:
    the minus sign, U+2212, as its answers print it)."""
    return format_signed(value, lang) if value else format_number(0, lang)


def error_box(ident: str, alert: bool = False) -> str:
    """The paragraph under field ``ident`` where its refusal is said (by the page's script); an
    ``alert`` is read out when it appears: a file's refusal, said after a file is chosen, away
    from any field a screen reader would come back to (player round 34)."""
    role = ' role="alert"' if alert else ""
    return f'<p class="nq-field-error" id="{ident}-error"{role} hidden></p>'
