"""msgspec's complaints about a field of an army file, said in the reader's language with the
file, the entry and the field they concern: ``nq army`` and the army builder of the At the table
page (:mod:`nqcompanion.bridge.web_army`) say a refused field the same way."""

from __future__ import annotations

import re

from nqcore.i18n import N_, SOURCE_LANGUAGE, Msg, Typed, clip, translator
from nqcore.i18n import colon as i18n_colon


def placed_problem(
    name: str, entry: tuple[str, int] | None, field: str | None, problem: str, lang: str
) -> str:
    """msgspec's complaint ``problem`` about ``field`` of ``entry`` of the file ``name``, in
    ``lang``: "army.toml, unit #1, champ models : il faut un nombre entier..."."""
    colon = i18n_colon(lang)
    said = schema_problem(problem, lang, entry, field)
    return f"{_place(name, entry, field, lang)}{colon}{said}"


def _place(name: str, entry: tuple[str, int] | None, field: str | None, lang: str) -> str:
    """Where a refusal of the schema is, in ``lang``: the file, the entry, the field."""
    from nqcore.places import place_in

    _ = translator(lang)
    parts = [name]
    if entry is not None:
        parts.append(place_in(f"{entry[0]} #{entry[1] + 1}", lang))
    if field is not None:
        meaning = _(FIELD_MEANINGS[field]) if field in FIELD_MEANINGS else field
        named = _(N_("field {name}")).format(name=field)
        shown = lang != SOURCE_LANGUAGE and meaning != field  # "formation" says itself
        parts.append(f"{named} ({meaning})" if shown else named)
    return ", ".join(parts)


#: What an army file's field holds, said beside its English key to a reader of another
#: language: « champ models (nombre de figurines) », not a bare key (player round 29).
FIELD_MEANINGS: dict[str, Msg] = {
    "name": N_("name"),
    "profile": N_("profile"),
    "models": N_("number of models"),
    "points": N_("game size in points"),
    "leader": N_("leader's profile"),
    "specialists": N_("specialists"),
    "formation": N_("formation"),
    "options": N_("options"),
    "general": N_("general"),
    "joins": N_("unit joined"),
    "weapon": N_("support weapon"),
    "weapons": N_("number of weapons"),
    "crew": N_("crew"),
    "unit": N_("units"),
    "individual": N_("individuals"),
    "character": N_("characters"),
    "support": N_("support weapons"),
}


#: The types msgspec names, as a reader of the army file reads them.
_TYPES: dict[str, Msg] = {
    "int": N_("a whole number"),
    "str": N_("a text"),
    "bool": N_("true or false"),
    "array": N_("a list"),
    "object": N_("a table"),
    "float": N_("a decimal number"),
    "null": N_("nothing"),
    "str | object": N_("a text or a table"),
    "date": N_("a date"),
    "datetime": N_("a date and time"),
    "time": N_("a time of day"),
}
#: A word a choice field does not take; with those it takes, where the schema lists them.
NOT_ONE = N_("{value} is not one of the choices")
NOT_A_CHOICE = N_("{value} is not one of the choices: {choices}")
#: msgspec's complaints about a field, and how the engine says each.
_PROBLEMS: tuple[tuple[re.Pattern[str], Msg], ...] = (
    (re.compile(r"Expected `int` >= (?P<limit>-?\d+)"), N_("expected a whole number from {limit}")),
    (
        re.compile(r"Expected `int` <= (?P<limit>-?\d+)"),
        N_("expected a whole number up to {limit}"),
    ),
    (
        re.compile(r"Expected `str` of length >= 1"),
        N_("expected a text, not an empty one"),
    ),
    (
        re.compile(r"Expected `str` of length <= (?P<limit>\d+)"),
        N_("too long a text (the most: {limit})"),
    ),
    (
        re.compile(r"Expected `array` of length <= (?P<limit>\d+)"),
        N_("too many entries in a list (the most: {limit})"),
    ),
    (
        re.compile(r"Expected `(?P<expected>[^`]+)`, got `(?P<found>[^`]+)`"),
        N_("expected {expected}, not {found}"),
    ),
    (re.compile(r"Invalid enum value (?P<value>.+)"), NOT_ONE),
    (
        re.compile(r"Object contains unknown field `(?P<name>[^`]+)`"),
        N_("unknown field {name} (misspelled?)"),
    ),
    (
        re.compile(r"Object missing required field `(?P<fields>[^`]+)`"),
        N_("missing field(s) {fields}"),
    ),
    (re.compile(r"a control character"), N_("a control character in the text")),
    (
        re.compile(
            r"too many entries: (?P<count>\d+), where an army file lists (?P<limit>\d+) at most"
        ),
        N_("too many entries: {count}, where an army file lists {limit} at most"),
    ),
    (re.compile(r"not a key: (?P<value>.+)"), N_("{value} is not a key of the book's data")),
)


def schema_problem(
    problem: str, lang: str, entry: tuple[str, int] | None = None, field: str | None = None
) -> str:
    """msgspec's complaint ``problem`` about a field of the army file, in ``lang`` (as it is
    when it is none of those the engine knows); a whole number out of the bounds of ``field``
    (of ``entry``) is told both bounds."""
    from nqcore.army.army_schema import bounds_refusal, field_choices

    bounded = bounds_refusal(None if entry is None else entry[0], field, problem)
    if bounded is not None:
        return bounded.text(lang)
    _ = translator(lang)
    choices = field_choices(None if entry is None else entry[0], field)
    for pattern, text in _PROBLEMS:
        found = pattern.fullmatch(problem.strip())
        if found is None:
            continue
        values = dict(found.groupdict())
        for name in ("expected", "found"):
            if name in values:
                values[name] = _(_TYPES.get(values[name], Msg(values[name])))
        if "value" in values:  # msgspec's repr of what was typed, quoted as the language quotes
            values["value"] = Typed(values["value"].strip("'\"")).quoted(lang)
        if "name" in values:  # a key of the reader's file
            values["name"] = clip(values["name"], lang, quote=str)
        if text == NOT_ONE and choices:  # those it takes, as the file writes them
            text, values["choices"] = NOT_A_CHOICE, ", ".join(choices)
        return _(text).format(**values)
    return problem
