"""The book's profile warnings (:func:`nqcore.points.profile_warnings`) in the reader's language.

The engine words each warning as an English sentence.  Each shape it uses is a message here, whose
``{fields}`` are read back out of the sentence and translated one by one (a weapon's name, a model
type); a sentence of no known shape stays English rather than being lost.
"""

from __future__ import annotations

import re
from functools import cache

from nqcore.i18n import N_, translator

#: Model types as the warnings name them ("for a core model").
MODEL_TYPES = (
    N_("a core model"), N_("an elite model"), N_("a unit leader model"),
    N_("an individual model"), N_("a character model"), N_("a support model"),
)  # fmt: skip
#: What the ability limits count ("3 abilities: ...").
COUNTED = (N_("abilities"), N_("traits"), N_("equipment"))

#: Warnings without a varying part, translated whole.
FIXED = (
    N_("Extra Attack: core and elite models may have at most extra attack (x2)"),
    N_("Undead: undead models on foot may not be given the double time ability"),
    N_("Undead: core undead models with ranged weapons may not exceed RA 4"),
    N_("Magic Tattoos: tattoos are for models with limited clothing, not armour"),
    N_("Spells: only initiates and magic users take spells"),
    N_("Spells: a magic user of level 0 takes one spell for the unit"),
    N_("Magic User: level 4 is for named characters only"),
    N_("Magic User: level 3 is the normal maximum for individuals"),
)

#: The shapes with fields, most specific first: the last, "{name}: {note}", takes any restriction.
SHAPES = (
    N_("{owner}{key} {value} is above the recommended maximum of {maximum} for {model}"),
    N_("{count} {counted}: the recommended maximum for {model} is {maximum}"),
    N_("Magic Tattoos: {model} may have at most tattoo armour of AR{maximum}"),
    N_("Spells: a magic user of level {level} takes {count} spells"),
    N_("{points} points is above the core limit of {maximum}: the model is elite"),
    N_("{name}: extra wound on a close combat weapon: characters only"),
    N_("{name}: two handed, may not be used with a shield"),
    N_("{name}: cavalry and chariots only"),
    N_("{name}: may not be used by cavalry"),
    N_("{name}: medium and large teardrops are for large models only"),
    N_("{name}: UC {uc}; a close combat weapon with ST{bonus} generally has UC {expected}"),
    N_("{name}: UC {uc}; a {template} of ST{st} has UC {expected}"),
    N_("{name}: UC {uc}; a support weapon's UC is its ST ({st})"),
    N_("{name}: ST{st} is above the recommended ST{maximum} for a {template}"),
    N_('{name}: ST{st} is above the recommended ST{maximum} for a {blast}" blast'),
    N_("{name}: ST{st} is above the recommended ST{maximum} for the range band {bands}"),
    N_("{name}: the weapon creation tables do not price the rule {rule}"),
    N_("{name}: {note}"),
)
RESTRICTED = N_("restricted")  # a restriction without a note

#: What each field may match; any other field is any text.  Fields in ``_TRANSLATED`` are
#: translated on their own (names, notes, characteristics), the others (numbers) are kept.
_FIELDS = {
    "owner": r"(?:.+: )?",
    "key": r"[A-Z]{1,2}",
    "model": "|".join(re.escape(m) for m in MODEL_TYPES),
    "counted": "|".join(re.escape(c) for c in COUNTED),
    "template": r"TT[SML]",
    "bonus": r"[+-][0-9]+",
}
_NUMBER = r"-?[0-9]+"
_NUMBERS = {"value", "maximum", "count", "level", "points", "uc", "expected", "st"}
_TRANSLATED = {"key", "model", "counted", "name", "note"}


@cache
def _pattern(shape: str) -> re.Pattern[str]:
    parts = re.split(r"\{(\w+)\}", shape)
    regex = "".join(
        re.escape(part) if i % 2 == 0 else
        f"(?P<{part}>{_FIELDS.get(part, _NUMBER if part in _NUMBERS else '.+?')})"
        for i, part in enumerate(parts)
    )  # fmt: skip
    return re.compile(regex)


def translate_warning(warning: str, lang: str) -> str:
    """``warning`` in ``lang``; unchanged in English, or when no shape matches."""
    if lang == "en":
        return warning
    _ = translator(lang)
    if warning in FIXED:
        return _(warning)
    for shape in SHAPES:
        match = _pattern(shape).fullmatch(warning)
        if match is not None:
            return _(shape).format(**_fields(match.groupdict(), lang))
    return warning


def _fields(found: dict[str, str], lang: str) -> dict[str, str]:
    _ = translator(lang)
    fields = {}
    for key, text in found.items():
        if key == "owner" and text and lang == "fr":  # an element's name: "Horse : ST 9"
            text = text.removesuffix(": ") + " : "
        elif key in _TRANSLATED:
            text = _(text)
        fields[key] = text
    return fields
