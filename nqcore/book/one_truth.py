"""One truth: every datum the engine keeps both as a number and in a text agrees with itself.

Card texts, feature summaries and the errata's "the rules give" values are typed beside the numbers
they describe.  Each :class:`Pair` joins one number (its data file, record and field) to one text
that states it (its file, record and field) and to the phrase the text must contain for that number;
:func:`disagreements` lists the pairs whose text no longer says what the number says, so that a
number changed without its text fails the suite naming both places.  :func:`errata_disagreements`
lists the printed texts that still say what an erratum calls wrong.

The functions take the records as arguments (the engine's by default) so that a test can change a
number in memory and see the check fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

from nqcore.book.errata import Erratum, all_errata
from nqcore.i18n import format_number
from nqcore.rules.game_limits import unit_sizes
from nqcore.rules.spells import Spell, all_spells

SPELLS = "nqcore/data/spells.toml"
ABILITIES = "nqcore/data/abilities.toml"
ERRATA = "nqcore/data/errata"

GAME_LIMITS = "nqcore/data/game_limits.toml"
#: Getting Started > Infiltrating Units: "An infiltrating unit may never consist of more than seven
#: models" (the unit size limits of data/game_limits.toml), placed "no closer than 10\" from the
#: nearest enemy unit".
INFILTRATE_MAX_MODELS = unit_sizes()["infiltrating"].maximum or 0
INFILTRATE_ENEMY_DISTANCE = 10

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(value: int) -> str:
    """A small count as the book writes it in prose ("seven models")."""
    return _WORDS[value] if 0 <= value < len(_WORDS) else str(value)


def inches(value: int | Fraction) -> str:
    """A distance as the cards print it: ``20"``, ``2½"``."""
    return f'{format_number(Fraction(value), "en")}"'


@dataclass(frozen=True)
class Place:
    """Where a number or a text is kept: a data file, a record of it, a field of the record."""

    file: str
    record: str
    field: str

    def __str__(self) -> str:
        return f"{self.file} [{self.record}] {self.field}"


@dataclass(frozen=True)
class Pair:
    """A number and a text that states it; the text must contain ``expected``."""

    number: Place
    value: object
    text: Place
    shown: str
    expected: str

    @property
    def agrees(self) -> bool:
        """A bare number must be the whole text ("6", not "16"); a phrase must be in it."""
        if self.expected.isdigit():
            return self.shown.strip() == self.expected
        return self.expected.casefold() in self.shown.casefold()

    def __str__(self) -> str:
        return (
            f"{self.text} says {self.shown!r}, which does not contain {self.expected!r}"
            f" from {self.number} = {self.value}"
        )


@dataclass(frozen=True)
class ErrataClash:
    """A printed text that still says what an erratum calls wrong."""

    item: str
    text: Place
    shown: str
    erratum: Erratum

    def __str__(self) -> str:
        return (
            f"{self.item}: {self.text} prints {self.erratum.printed!r} ({self.shown!r}), which"
            f" erratum {self.erratum.id!r} ({self.erratum.source_file}) calls wrong:"
            f" the engine follows {self.erratum.correct!r}"
        )


def _spell_texts(spell: Spell) -> Iterator[tuple[Place, str]]:
    for index, paragraph in enumerate(spell.text):
        yield Place(SPELLS, spell.key, f"text[{index}]"), paragraph
    for index, (_, effect) in enumerate(spell.results):
        yield Place(SPELLS, spell.key, f"results[{index}].effect"), effect


def _first_text(spell: Spell, pattern: str) -> tuple[Place, str]:
    """The first text of the card matching ``pattern``, else the whole card (which then fails)."""
    texts = list(_spell_texts(spell))
    for place, text in texts:
        if re.search(pattern, text, re.IGNORECASE):
            return place, text
    return Place(SPELLS, spell.key, "text"), " ".join(text for _, text in texts)


def upkeep_pairs(spell: Spell) -> Iterator[Pair]:
    """The card's "upkeep N" against its upkeep field (a number in the text needs the field)."""
    number = Place(SPELLS, spell.key, "upkeep")
    if spell.upkeep is not None:
        place, text = _first_text(spell, r"upkeep \d")
        yield Pair(number, spell.upkeep, place, text, f"upkeep {spell.upkeep}")
    for place, text in _spell_texts(spell):
        for match in re.finditer(r"upkeep (\d+)", text):
            if spell.upkeep is None or int(match.group(1)) != spell.upkeep:
                yield Pair(number, spell.upkeep, place, text, f"upkeep {spell.upkeep}")


def range_pairs(spell: Spell) -> Iterator[Pair]:
    """The card's range ("within 20\"", "range of 20\"") against its ``range_inches`` field."""
    if spell.range_inches is None:
        return
    number = Place(SPELLS, spell.key, "range_inches")
    place, text = _first_text(spell, r"(within|range of|up to) [\d½]+\"")
    yield Pair(number, spell.range_inches, place, text, inches(spell.range_inches))
    for place, text in _spell_texts(spell):
        for match in re.finditer(r"(?:within|range of) ([\d½]+\")", text):
            if match.group(1) != inches(spell.range_inches):
                yield Pair(number, spell.range_inches, place, text, inches(spell.range_inches))


def template_pairs(spell: Spell) -> Iterator[Pair]:
    """The card's template (``blast-2.5``: 2½"; ``teardrop-small``: TTS) against its field."""
    if spell.template is None:
        return
    number = Place(SPELLS, spell.key, "template")
    if spell.template.startswith("blast-"):
        expected = inches(Fraction(spell.template.removeprefix("blast-")))
        place, text = _first_text(spell, r"template")
    else:
        size = spell.template.removeprefix("teardrop-")
        expected = f"({'TT' + size[0].upper()})"
        place, text = _first_text(spell, r"teardrop")
    yield Pair(number, spell.template, place, text, expected)


def spell_pairs(spells: Iterable[Spell]) -> list[Pair]:
    """Every card's numbers against its texts, each (text, phrase) once."""
    pairs: dict[tuple[Place, str], Pair] = {}
    for spell in spells:
        for pair in (*upkeep_pairs(spell), *range_pairs(spell), *template_pairs(spell)):
            pairs.setdefault((pair.text, pair.expected), pair)
    return list(pairs.values())


def _erratum(errata: Sequence[Erratum], erratum_id: str) -> Erratum:
    for erratum in errata:
        if erratum.id == erratum_id:
            return erratum
    raise KeyError(f"{ERRATA}: no erratum {erratum_id!r}")


def _erratum_place(erratum: Erratum, field: str = "correct") -> Place:
    return Place(erratum.source_file, erratum.id, field)


def _spell_by_key(spells: Sequence[Spell], key: str) -> Spell:
    return next(s for s in spells if s.key == key)


#: How an erratum's "the rules give" value follows from the engine: the number's place, the
#: number, and the text the value must be (a bare number) or contain.
ErratumValue = Callable[[Sequence[Spell]], tuple[Place, object, str]]


def _spell_upkeep(key: str) -> ErratumValue:
    def value(spells: Sequence[Spell]) -> tuple[Place, object, str]:
        upkeep = _spell_by_key(spells, key).upkeep
        return Place(SPELLS, key, "upkeep"), upkeep, str(upkeep)

    return value


def _weapon_field(key: str, field: str, shown: Callable[[int], str] = str) -> ErratumValue:
    def value(spells: Sequence[Spell]) -> tuple[Place, object, str]:
        from nqcore.army.armoury import weapon

        found = weapon(key)
        number = getattr(found, field)
        files = {"hand": "hand_weapons", "ranged": "ranged_weapons", "support": "support_weapons"}
        file = f"nqcore/data/{files.get(found.kind.value, found.kind.value)}.toml"
        return Place(file, key, field), number, shown(number)

    return value


def _sample_points(key: str) -> ErratumValue:
    def value(spells: Sequence[Spell]) -> tuple[Place, object, str]:
        from nqcore.army.profile_files import sample_profile
        from nqcore.army.profile_points import profile_points

        total = profile_points(sample_profile(key).profile).total
        return (
            Place("nqcore/data/sample_profiles.toml", key, "points (computed)"),
            total,
            str(total),
        )

    return value


def _numbers(values: Iterable[int]) -> str:
    return ", ".join(str(v) for v in values)


#: The strengths the book's use cost tables list.
STRENGTHS = range(3, 10)


def _support_use_costs(spells: Sequence[Spell]) -> tuple[Place, object, str]:
    from nqcore.army.weapon_costs import support_weapon_use_cost

    costs = [support_weapon_use_cost(st) for st in STRENGTHS]
    place = Place(
        "nqcore/army/weapon_costs.py", "Support Weapon Use Cost", "support_weapon_use_cost(3..9)"
    )
    return place, costs, f"ST 3 to 9, UC {_numbers(costs)}"


def _teardrop_use_costs(pattern: str) -> ErratumValue:
    """The medium and large teardrops' use costs at ST 3 to 9, written as ``pattern`` says."""

    def value(spells: Sequence[Spell]) -> tuple[Place, object, str]:
        from nqcore.army.weapon_costs import teardrop_use_cost

        medium = _numbers(teardrop_use_cost(st, "TTM") for st in STRENGTHS)
        large = _numbers(teardrop_use_cost(st, "TTL") for st in STRENGTHS)
        place = Place(
            "nqcore/rules/ranged.py", "Use Cost For Teardrop Templates", "teardrop_use_cost"
        )
        return place, (medium, large), pattern.format(medium=medium, large=large)

    return value


def _double_time(spells: Sequence[Spell]) -> tuple[Place, object, str]:
    from nqcore.rules.movement import MovementAbility, max_move

    inches_moved = max_move(3, MovementAbility.DOUBLE_TIME)
    place = Place("nqcore/data/movement_abilities.toml", "double-time", "max_move(3 AC)")
    return place, inches_moved, inches(inches_moved)


def _infiltrate(spells: Sequence[Spell]) -> tuple[Place, object, str]:
    place = Place(GAME_LIMITS, "infiltrating", "maximum")
    return place, INFILTRATE_MAX_MODELS, f"{number_word(INFILTRATE_MAX_MODELS)} models"


#: The errata whose "the rules give" value is an engine number, by erratum id.
ERRATUM_VALUES: dict[str, ErratumValue] = {
    "spell-list-fog-upkeep": _spell_upkeep("fog"),
    "spell-list-lure-upkeep": _spell_upkeep("lure"),
    "standard-weapons-spear-points": _weapon_field("spear", "points"),
    "standard-weapons-halberd-points": _weapon_field("halberd", "points"),
    "catapult-points": _weapon_field("catapult", "points"),
    "bolt-thrower-use-cost": _weapon_field("bolt-thrower", "uc"),
    "repeating-crossbow-use-cost": _weapon_field(
        "repeating-crossbow", "uc", lambda n: f"UC {n}, as the armoury prints it"
    ),
    "repeating-bolt-thrower-burst-fire": _weapon_field(
        "repeating-bolt-thrower", "burst", lambda n: f"burst fire (x{n}), so {n}D10"
    ),
    "repeating-bolt-thrower-example-dice": _weapon_field(
        "repeating-bolt-thrower", "burst", lambda n: f"{n}D10 rolls to hit"
    ),
    "sample-wood-elf-archer-points": _sample_points("wood-elf-archer"),
    "sample-goblin-archer-points": _sample_points("goblin-archer"),
    "sample-craven-ghouls-points": _sample_points("craven-ghouls"),
    "sample-wight-lord-points": _sample_points("wight-lord-on-zombie-dragon"),
    "infiltrate-maximum-models": _infiltrate,
    "support-weapon-use-cost-table": _support_use_costs,
    "teardrop-use-cost-table-ranged-combat": _teardrop_use_costs("TTM {medium}; TTL {large}"),
    "teardrop-template-use-cost": _teardrop_use_costs("TTM ST 3 to 9: UC {medium}; TTL UC {large}"),
    "movement-ability-table-double-time-3-actions": _double_time,
}


def _card_gives_upkeep(key: str) -> ErratumValue:
    def value(spells: Sequence[Spell]) -> tuple[Place, object, str]:
        upkeep = _spell_by_key(spells, key).upkeep
        return Place(SPELLS, key, "upkeep"), upkeep, f"card gives upkeep {upkeep}"

    return value


#: The errata whose explanation ("why") states an engine number, by erratum id.
ERRATUM_REASONS: dict[str, ErratumValue] = {
    "spell-list-fog-upkeep": _card_gives_upkeep("fog"),
    "spell-list-lure-upkeep": _card_gives_upkeep("lure"),
}


def errata_pairs(spells: Sequence[Spell], errata: Sequence[Erratum]) -> Iterator[Pair]:
    """Each erratum's "the rules give" value, and the number its explanation states, against the
    engine number they name."""
    for erratum_id, value in ERRATUM_VALUES.items():
        erratum = _erratum(errata, erratum_id)
        number, datum, expected = value(spells)
        yield Pair(number, datum, _erratum_place(erratum), erratum.correct, expected)
    for erratum_id, value in ERRATUM_REASONS.items():
        erratum = _erratum(errata, erratum_id)
        number, datum, expected = value(spells)
        yield Pair(number, datum, _erratum_place(erratum, "why"), erratum.why, expected)


def summary_pairs(summaries: dict[str, str]) -> Iterator[Pair]:
    """Feature summaries against the numbers they state (``summaries``: ability key -> text)."""
    rule = Place(GAME_LIMITS, "infiltrating", "maximum")
    text = Place(ABILITIES, "infiltrate", "summary")
    shown = summaries["infiltrate"]
    yield Pair(
        rule,
        INFILTRATE_MAX_MODELS,
        text,
        shown,
        f"at most {number_word(INFILTRATE_MAX_MODELS)} models",
    )
    distance = Place("nqcore/book/one_truth.py", "Infiltrating Units", "INFILTRATE_ENEMY_DISTANCE")
    yield Pair(
        distance,
        INFILTRATE_ENEMY_DISTANCE,
        text,
        shown,
        f"within {inches(INFILTRATE_ENEMY_DISTANCE)} of the enemy",
    )


def _ability_summaries() -> dict[str, str]:
    from nqcore.army.features import abilities

    return {a.key: a.summary for a in abilities()}


def all_pairs(
    spells: Sequence[Spell] | None = None,
    errata: Sequence[Erratum] | None = None,
    summaries: dict[str, str] | None = None,
) -> list[Pair]:
    """Every number/text pair the engine keeps (the engine's own records by default)."""
    spells = all_spells() if spells is None else spells
    errata = all_errata() if errata is None else errata
    summaries = _ability_summaries() if summaries is None else summaries
    return [
        *spell_pairs(spells),
        *errata_pairs(spells, errata),
        *summary_pairs(summaries),
    ]


def disagreements(
    spells: Sequence[Spell] | None = None,
    errata: Sequence[Erratum] | None = None,
    summaries: dict[str, str] | None = None,
) -> list[Pair]:
    """The pairs whose text does not say what their number says."""
    return [pair for pair in all_pairs(spells, errata, summaries) if not pair.agrees]


def printed_texts(
    spells: Sequence[Spell] | None = None, summaries: dict[str, str] | None = None
) -> Iterator[tuple[str, Place, str]]:
    """Every text the products print for a named item: (item name, place, text)."""
    from nqcore.army.features import CATEGORIES, features
    from nqcore.rules.mutations import all_mutations

    for spell in all_spells() if spells is None else spells:
        for place, text in _spell_texts(spell):
            yield spell.name, place, text
    for mutation in all_mutations():
        for index, paragraph in enumerate(mutation.text):
            yield (
                mutation.name,
                Place("nqcore/data/mutations.toml", mutation.key, f"text[{index}]"),
                paragraph,
            )
    files = {
        "ability": ABILITIES,
        "trait": "nqcore/data/traits.toml",
        "equipment": "nqcore/data/equipment.toml",
    }
    for category in CATEGORIES:
        for item in features(category):
            summary: str = item.summary
            if summaries is not None and category == "ability":
                summary = summaries.get(item.key, summary)
            yield item.name, Place(files[category], item.key, "summary"), summary


def errata_disagreements(
    spells: Sequence[Spell] | None = None,
    errata: Sequence[Erratum] | None = None,
    summaries: dict[str, str] | None = None,
) -> list[ErrataClash]:
    """Printed texts of an item that an erratum names (its subject "Item: ...") which still
    print the erratum's wrong reading (a phrase of two words or more) without the right one."""
    errata = all_errata() if errata is None else errata
    clashes = []
    texts = list(printed_texts(spells, summaries))
    for erratum in errata:
        item_name = erratum.subject.split(":", 1)[0].strip().casefold()
        wrong, right = erratum.printed.casefold(), erratum.correct.casefold()
        if " " not in wrong.strip():
            continue  # a bare number: the number/text pairs check it
        for name, place, text in texts:
            shown = text.casefold()
            if name.casefold() == item_name and wrong in shown and right not in shown:
                clashes.append(ErrataClash(name, place, text, erratum))
    return clashes
