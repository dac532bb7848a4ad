"""Where a refusal is (its ``where``: "army.toml, unit #1 (Orc Bruisers), leader, file"), said in
the reader's language: "army.toml, unité nº 1 (Orc Bruisers), chef, fichier".

The readers of files build that place in English, part by part, as they go down an army file
(:mod:`nqcore.army.force`, :mod:`nqcore.army.profile_files`, :mod:`nqcompanion.bridge.web_army`); a
French player read those English words in a French message.  Each part is said again here when the
refusal is shown (:meth:`nqcore.i18n.Refusal.text`): an entry and its number ("unit #1 (name)"),
a field ("field weapon", and "unit #1.profile": "unité nº 1, champ profile"), a word of the
place ("leader", "profile", "file").  Anything else (a
file's name, a field's own key, the name of an entry) is the reader's own text, shown as it is.
"""

from __future__ import annotations

import re

from nqcore.i18n import N_, P_, Msg, translator
from nqcore.typography import colon

#: The words of a place, as the readers write them, and their meaning there.
WORDS: dict[str, Msg] = {
    "unit": P_("place", "unit"),
    "individual": P_("place", "individual"),
    "character": P_("place", "character"),
    "support": P_("place", "support"),
    "leader": P_("place", "leader"),
    "profile": P_("place", "profile"),
    "file": P_("place", "file"),
    "element": P_("place", "element"),
    "melee": P_("place", "melee"),
    "weapon": P_("place", "weapon"),
}
#: An entry or an item of a list, by its number: "unit #1", "weapons #2".
NUMBERED: Msg = N_("{what} #{number}")
FIELD: Msg = N_("field {name}")

_NUMBERED = re.compile(r"(?P<what>\w+) #(?P<number>\d+)(?P<rest> \(.*\)|\.\S+)?", re.S)
_FIELD = re.compile(r"field (?P<name>\S+)")


def _parts(where: str) -> list[str]:
    """``where`` cut at its commas, but not inside an entry's name in parentheses."""
    parts, depth, start = [], 0, 0
    for index, char in enumerate(where):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0 and where[index + 1 : index + 2] == " ":
            parts.append(where[start:index])
            start = index + 2
    return [*parts, where[start:]]


def _part(part: str, lang: str, *, first: bool = False) -> str:
    """One part of a place in ``lang``; the ``first`` of a place (before its first comma) is a
    file's name unless it is an entry ("unit #1"): a file named "support" or "field 0" stays so."""
    _ = translator(lang)
    if (numbered := _NUMBERED.fullmatch(part)) is not None:
        what, rest = numbered["what"], numbered["rest"] or ""
        said = _(WORDS[what]) if what in WORDS else what  # a field's key stays as the file has it
        shown = _(NUMBERED).format(what=said, number=numbered["number"])
        if rest.startswith("."):  # "unit #1.profile": the entry, then its field
            return f"{shown}, {_(FIELD).format(name=rest[1:])}"
        return shown + rest
    if (field := _FIELD.fullmatch(part)) is not None and not first:
        return _(FIELD).format(name=field["name"])
    return _(WORDS[part]) if part in WORDS and not first else part


def place_in(where: str, lang: str) -> str:
    """``where`` in the language ``lang`` (its English words said again, the rest as it is); a
    place within a place (a profile file's own: "army.toml, unit #1 (x), leader: cap.toml") is
    joined by the language's colon (French sets a no-break space before it), as the refusal's
    own colon after the place is."""
    if lang == "en" or not where:
        return where
    said = [
        ", ".join(_part(part, lang, first=index == 0) for index, part in enumerate(_parts(inner)))
        for inner in where.split(": ")
    ]
    return colon(lang).join(said)
