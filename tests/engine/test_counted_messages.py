"""A count said with its noun agrees with it: "1 spell", "2 spells". Every message of the engine
catalogue where a count stands right before an English plural noun either has its singular
sibling (the two forms, each its own msgid, chosen by the language's plural rule through
:func:`nqcore.i18n.plural`, as ngettext chooses) or is listed here with why its count is never
one ("a magic user of level 1 takes 1 spells" is the defect this finds)."""

from __future__ import annotations

import re
from pathlib import Path

from nqcore import po

PO = Path(__file__).resolve().parents[2] / "nqcore/locale/fr/LC_MESSAGES/nqcore.po"

#: The placeholders that hold a count of things.
COUNTS = r"count|total|agreed|models|level|allowed|depth|needed|maximum|minimum|limit|most"
#: A count, then its noun in the English plural.
COUNTED = re.compile(rf"\{{(?:{COUNTS})\}} (?!is\b|has\b|was\b)([a-z]+(?:ies|s))\b")
#: Messages whose count is never one, and why.
NEVER_ONE = {
    "a name of {count} characters, at most {limit}": "more than the limit, which is above one",
    "{count} characters": "a value clipped past 80 characters",
    "{field} lists {count} items, at most {limit}": "more than the limit, which is above one",
    "nested deeper than {depth} levels": "a fixed depth of several levels",
    "a closed unit of fewer than {minimum} models counts as skirmished; this one has {models}": (
        "fewer than the closed formation's minimum, which is above one"
    ),
    "a name is 1 to {most} characters, not {value}": "a name's longest, far above one",
    "a unit normally has {minimum} to {maximum} models; this one has {models} (the book says"
    ' "normally": a guideline)': "the usual unit's largest size",
    "{file}, line {line}: not valid TOML: an integer of more than {limit} digits (column"
    " {column})": "Python's limit of digits, in the thousands",
    "Army {name}: {total} of {agreed} points": (
        "a game's agreed points, never 1 at a table (the schema takes it); French says the"
        " noun after {total}, so one plural choice cannot serve both languages"
    ),
    "{models} models with the infiltrate ability: an infiltrating unit may never consist of"
    " more than {maximum} models": "more than the infiltrating maximum",
    "{models} models, {attacks} attacks: at least one wound {chance}; average number of wounds"
    " {expected}": "said of two models or more, each making one attack or more",
    "at least {count} wounds {chance}": "a count of two or more: one has its own message",
    "{count} wounds {chance}": "every die of two or more wounds: one has its own message",
    "at least {count} hits {chance}": "a count of two or more: one has its own message",
    "{count} hits {chance}": "every die of two or more hits: one has its own message",
}


def _singular(noun: str) -> str:
    return noun[:-3] + "y" if noun.endswith("ies") else noun[:-1]


def test_every_count_before_a_plural_noun_has_its_singular_or_is_never_one() -> None:
    msgids = {str(m.id) for m in po.messages(po.read(PO.read_bytes()))}
    found = []
    for msgid in sorted(msgids):
        nouns = COUNTED.findall(msgid)
        if not nouns or msgid in NEVER_ONE:
            continue
        singular = msgid
        for noun in nouns:
            singular = re.sub(rf"(\}}) {noun}\b", rf"\1 {_singular(noun)}", singular, count=1)
        if singular not in msgids:
            found.append(msgid)
    assert not found, "a count before a plural noun with no singular form:\n" + "\n".join(found)


def test_the_messages_said_never_to_be_one_are_still_the_catalogues() -> None:
    msgids = {str(m.id) for m in po.messages(po.read(PO.read_bytes()))}
    assert set(NEVER_ONE) <= msgids, set(NEVER_ONE) - msgids
