"""Dice: every test in No Quarter is a D10 rolled equal to or under a target.

Book sections: "Dice" (What You Need To Play), "Rolling Dice, Low Is Good" (Getting Started),
"Masterful Hit", "Fumbles", "Extra Attack Fumbles" and "Fumbles And The Unerring Ability" (Actions),
"Burst Fire (Number of Dice)" (Support Weapons).
Probabilities are exact ``Fraction`` values so that tables and doctests never round.

The module also holds what every other mechanic shares: named *modifiers* ("A dice roll may also
be affected by skills and conditions. This is referred to as a modifier", section "Dice") and the
loading of the engine's TOML data, which happens lazily so that ``import nqcore`` stays cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb
from typing import TypeVar

from nqcore.data import datafiles
from nqcore.i18n import N_, Msg, Refusal, translator

#: An outcome of a die (a face, a hit or a miss, a panic result).
T = TypeVar("T")

#: The faces of the only die the game uses ("This is a D6 free zone").
D10_FACES: tuple[int, ...] = tuple(range(1, 11))

#: "Masterful Hit": a natural 1 rolled to hit (ranged or close combat).
MASTERFUL_HIT_ROLL = 1
#: "Fumbles": a natural 10 rolled to hit (ranged or close combat).
FUMBLE_ROLL = 10

#: The book rolls D5s (Masters Of Combat, Rain Of Arrows, Projectile Travel, Boiler Overload, the
#: Meteor, Elderith Wind and Summon Fallen cards) but never says how: the engine rolls a D10 and
#: halves it, rounding up, so that each of 1 to 5 has the same chance (1-2 → 1, ..., 9-10 → 5).
D5_RULE: Msg = N_("A D5 is a D10 halved, rounded up: 1-2 count as 1, 3-4 as 2, ..., 9-10 as 5.")
D5_FACES: tuple[int, ...] = tuple(range(1, 6))


def check_d10(natural: int) -> None:
    """Refuse a natural D10 roll that is not one of its faces, 1 to 10."""
    if natural not in D10_FACES:
        raise ValueError(f"a D10 shows 1 to 10, not {natural}")


def d10_succeeds(
    natural: int, target: int, *, ten_fails: bool = True, one_succeeds: bool = False
) -> bool:
    """Whether a natural D10 roll passes a roll-equal-or-under test against ``target``.

    ``ten_fails`` encodes the book's "a natural 10 always fails" rules (fumbles, casting);
    ``one_succeeds`` the rules where a natural 1 always passes (wounding, the lucky save).
    """
    check_d10(natural)
    if ten_fails and natural == 10:
        return False
    if one_succeeds and natural == 1:
        return True
    return natural <= target


def d10_chance(target: int, *, ten_fails: bool = True, one_succeeds: bool = False) -> Fraction:
    """Exact chance that one D10 rolls equal to or under ``target``, under the natural-roll rules.

    >>> d10_chance(7)
    Fraction(7, 10)
    >>> d10_chance(12)  # a natural 10 still fails
    Fraction(9, 10)
    >>> d10_chance(12, ten_fails=False)
    Fraction(1, 1)
    """
    wins = sum(
        1
        for face in D10_FACES
        if d10_succeeds(face, target, ten_fails=ten_fails, one_succeeds=one_succeeds)
    )
    return Fraction(wins, len(D10_FACES))


def d10_distribution() -> Mapping[int, Fraction]:
    """The distribution of one D10: each face 1/10."""
    return {face: Fraction(1, len(D10_FACES)) for face in D10_FACES}


# --- D5 ---------------------------------------------------------------------------------------


def d5_from_d10(natural: int) -> int:
    """The D5 result of a natural D10 roll (see :data:`D5_RULE`: halved, rounded up).

    >>> [d5_from_d10(face) for face in range(1, 11)]
    [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    """
    check_d10(natural)
    return (natural + 1) // 2


def d5_distribution() -> Mapping[int, Fraction]:
    """The distribution of one D5 rolled as :data:`D5_RULE` says: each of 1 to 5 is 1/5."""
    result: dict[int, Fraction] = {}
    for face, chance in d10_distribution().items():
        d5 = d5_from_d10(face)
        result[d5] = result.get(d5, Fraction(0)) + chance
    return result


def sum_distribution(count: int, faces: int = 10, *, plus: int = 0) -> Mapping[int, Fraction]:
    """The exact distribution of ``count`` dice of ``faces`` sides added together, plus ``plus``.

    ``faces`` is 10 (D10) or 5 (D5).  The Leap ability, for example, travels D10+5 inches:

    >>> sum_distribution(1, plus=5)[9]
    Fraction(1, 10)
    """
    if faces not in (5, 10):
        raise ValueError(f"the game rolls D10s and D5s, not D{faces}")
    if count < 0:
        raise ValueError("cannot roll a negative number of dice")
    one = d10_distribution() if faces == 10 else d5_distribution()
    result: dict[int, Fraction] = {plus: Fraction(1)}
    for _ in range(count):
        step: dict[int, Fraction] = {}
        for total, chance in result.items():
            for face, face_chance in one.items():
                step[total + face] = step.get(total + face, Fraction(0)) + chance * face_chance
        result = step
    return result


# --- attack rolls: masterful hits and fumbles ------------------------------------------------


class AttackRoll(Enum):
    """What one natural D10 rolled to hit means ("Masterful Hit", "Fumbles")."""

    MASTERFUL_HIT = "masterful-hit"
    HIT = "hit"
    MISS = "miss"
    FUMBLE = "fumble"

    @property
    def hits(self) -> bool:
        return self in (AttackRoll.MASTERFUL_HIT, AttackRoll.HIT)

    @property
    def label(self) -> Msg:
        return _ATTACK_ROLL_LABELS[self]


_ATTACK_ROLL_LABELS = {
    AttackRoll.MASTERFUL_HIT: N_("Masterful hit"),
    AttackRoll.HIT: N_("Hit"),
    AttackRoll.MISS: N_("Miss"),
    AttackRoll.FUMBLE: N_("Fumble"),
}


def attack_roll(
    natural: int, target: int, *, unerring: bool = False, masterful_allowed: bool = True
) -> AttackRoll:
    """Classify one natural D10 rolled to hit against the modified ``target`` (CC or RA).

    "Masterful Hit": a natural 1 that hits is a masterful hit (no armour save).  The book never
    says that a natural 1 hits whatever the modifiers, so a target below 1 cannot be hit.
    ``masterful_allowed=False`` is the players' option of "Cover" for very difficult shots: the 1
    then only counts as a plain hit.
    "Fumbles": a natural 10 is a fumble, whatever the target; "Fumbles And The Unerring Ability":
    with ``unerring`` it is only a miss.

    >>> [attack_roll(n, 5).value for n in (1, 5, 6, 10)]
    ['masterful-hit', 'hit', 'miss', 'fumble']
    >>> attack_roll(10, 12, unerring=True).value
    'miss'
    """
    check_d10(natural)
    if natural == FUMBLE_ROLL:
        return AttackRoll.MISS if unerring else AttackRoll.FUMBLE
    if natural > target:
        return AttackRoll.MISS
    if natural == MASTERFUL_HIT_ROLL and masterful_allowed:
        return AttackRoll.MASTERFUL_HIT
    return AttackRoll.HIT


def attack_roll_distribution(
    target: int, *, unerring: bool = False, masterful_allowed: bool = True
) -> dict[AttackRoll, Fraction]:
    """Exact chances of each :class:`AttackRoll` for one die against ``target``.

    >>> dist = attack_roll_distribution(6)
    >>> dist[AttackRoll.MASTERFUL_HIT], dist[AttackRoll.HIT], dist[AttackRoll.FUMBLE]
    (Fraction(1, 10), Fraction(1, 2), Fraction(1, 10))
    """
    result = {outcome: Fraction(0) for outcome in AttackRoll}
    for face, chance in d10_distribution().items():
        outcome = attack_roll(face, target, unerring=unerring, masterful_allowed=masterful_allowed)
        result[outcome] += chance
    return result


def hit_chance(target: int) -> Fraction:
    """Chance that one die hits ``target`` (masterful hits included; a natural 10 never hits).

    >>> hit_chance(5), hit_chance(0), hit_chance(11)
    (Fraction(1, 2), Fraction(0, 1), Fraction(9, 10))
    """
    return d10_chance(target)


@dataclass(frozen=True, order=True)
class DiceVolley:
    """The result of several to-hit dice rolled at once: hits (masterful ones included),
    how many of those hits are masterful, and how many dice fumbled."""

    hits: int
    masterful_hits: int
    fumbles: int

    @property
    def fumbled(self) -> bool:
        """Per "Extra Attack Fumbles": one natural 10 is a fumble; the model loses its remaining
        actions, but the other dice may still hit."""
        return self.fumbles > 0

    @property
    def gives_free_attack(self) -> bool:
        """Per "Extra Attack Fumbles": two (or more) natural 10s rolled in close combat give the
        enemy one immediate free attack at CC+1."""
        return self.fumbles >= 2


def volley_distribution(
    dice: int, target: int, *, unerring: bool = False
) -> dict[DiceVolley, Fraction]:
    """Exact distribution of ``dice`` D10s rolled to hit together against ``target``.

    Used for the extra attack and extra shot abilities ("Extra Attack Fumbles": roll 2D10 or
    more; the caller applies their CC-1 / RA-1 to ``target``) and for burst fire ("Burst Fire
    (Number of Dice)": n D10 at once; a fumble stops the crew's other actions, the other shots
    may still hit).  With ``unerring`` a natural 10 is a miss and never a fumble.

    >>> dist = volley_distribution(2, 5)
    >>> dist[DiceVolley(hits=2, masterful_hits=0, fumbles=0)]
    Fraction(4, 25)
    >>> sum(chance for volley, chance in dist.items() if volley.gives_free_attack)
    Fraction(1, 100)
    """
    if dice < 1:
        raise ValueError("roll at least one die to hit")
    one = attack_roll_distribution(target, unerring=unerring)
    p_m, p_h = one[AttackRoll.MASTERFUL_HIT], one[AttackRoll.HIT]
    p_x, p_f = one[AttackRoll.MISS], one[AttackRoll.FUMBLE]
    result: dict[DiceVolley, Fraction] = {}
    for masterful in range(dice + 1):
        for plain in range(dice - masterful + 1):
            for fumbles in range(dice - masterful - plain + 1):
                misses = dice - masterful - plain - fumbles
                ways = (
                    comb(dice, masterful)
                    * comb(dice - masterful, plain)
                    * comb(dice - masterful - plain, fumbles)
                )
                chance = ways * p_m**masterful * p_h**plain * p_f**fumbles * p_x**misses
                if chance:
                    volley = DiceVolley(masterful + plain, masterful, fumbles)
                    result[volley] = result.get(volley, Fraction(0)) + chance
    return result


@dataclass(frozen=True)
class VolleyChances:
    """What a player asks of several dice rolled to hit at once: the chance of at least one
    hit, of at least two... (``at_least[k - 1]``: ``k`` hits or more, every die's hit last),
    the hits expected on average, the chance of a fumble (a natural 10 on at least one die)
    and of two natural 10s (in close combat, the enemy's free attack at CC+1)."""

    dice: int
    at_least: tuple[Fraction, ...]
    expected_hits: Fraction
    fumble: Fraction
    double_fumble: Fraction


def volley_chances(dice: int, target: int, *, unerring: bool = False) -> VolleyChances:
    """The chances of :func:`volley_distribution` a player reads ("Extra Attack Fumbles": each
    die may hit, a natural 10 on any of them is a fumble).

    >>> two = volley_chances(2, 4)  # Extra Attack (x2) at CC5: both dice at CC-1
    >>> two.at_least, two.expected_hits, two.fumble
    ((Fraction(16, 25), Fraction(4, 25)), Fraction(4, 5), Fraction(19, 100))
    """
    dist = volley_distribution(dice, target, unerring=unerring)
    return VolleyChances(
        dice=dice,
        at_least=tuple(
            sum((c for v, c in dist.items() if v.hits >= hits), Fraction(0))
            for hits in range(1, dice + 1)
        ),
        expected_hits=sum((v.hits * c for v, c in dist.items()), Fraction(0)),
        fumble=sum((c for v, c in dist.items() if v.fumbled), Fraction(0)),
        double_fumble=sum((c for v, c in dist.items() if v.gives_free_attack), Fraction(0)),
    )


def fumble_chance(dice: int = 1, *, unerring: bool = False) -> Fraction:
    """Chance that at least one of ``dice`` to-hit dice is a natural 10 fumble ("Fumbles").

    >>> fumble_chance(1), fumble_chance(2)
    (Fraction(1, 10), Fraction(19, 100))
    """
    if unerring:
        return Fraction(0)
    return 1 - Fraction(9, 10) ** dice


def keep_better(
    one_die: Mapping[T, Fraction], best_first: Iterable[T], dice: int = 2
) -> dict[T, Fraction]:
    """The chance of each outcome when ``dice`` dice are rolled and the better kept (Aggressive
    Attack, Armoured Hide, Inspiring Leadership, the Adept: "roll 2D10 and choose one"), from
    one die's chances and the outcomes, best first.  The kept die is at least as good as an
    outcome unless every die is worse.

    >>> keep_better({"hit": Fraction(1, 2), "miss": Fraction(1, 2)}, ["hit", "miss"])
    {'hit': Fraction(3, 4), 'miss': Fraction(1, 4)}
    """
    if dice < 1:
        raise ValueError("roll at least one die")
    kept: dict[T, Fraction] = {}
    worse = Fraction(1)  # the chance that one die is worse than the outcome
    for outcome in best_first:
        chance = one_die.get(outcome, Fraction(0))
        worse -= chance
        kept[outcome] = (worse + chance) ** dice - worse**dice
    return kept


def best_of(chance: Fraction, dice: int = 2) -> Fraction:
    """Chance that at least one of ``dice`` independent rolls succeeds, each with ``chance``:
    the better die kept (:func:`keep_better`) succeeds unless every die fails.

    >>> best_of(Fraction(1, 2))
    Fraction(3, 4)
    """
    return keep_better({True: chance, False: 1 - chance}, (True, False), dice)[True]


def with_reroll(first: Fraction, second: Fraction | None = None) -> Fraction:
    """Chance of passing a test that may be re-rolled once when failed.

    ``second`` is the chance of the re-roll when it differs (the Army Battle Standard re-roll is
    made at CO+1); by default the re-roll has the same chance as the first roll.

    >>> with_reroll(Fraction(1, 2))
    Fraction(3, 4)
    """
    again = first if second is None else second
    return first + (1 - first) * again


# --- modifiers --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Modifier:
    """One named modifier to a D10 test ("Dice": a CC+1 modifier adds 1 to the close combat value).

    ``key`` is the language-independent name, ``label`` the English msgid shown to readers,
    ``source`` the docs label of the section that lists it.  Modifiers of the same ``group``
    exclude each other (soft or hard cover, panicked or terrified); a modifier that is not
    ``cumulative`` counts once however many times it applies ("combat assistance (not
    cumulative)").
    """

    key: str
    label: Msg
    value: int
    source: str
    group: str | None = None
    cumulative: bool = True
    requires: str | None = None
    #: The roll that hits whatever the value and the other modifiers: no modifier, a rule of
    #: its own ("Attacks Against Very Large Targets": 9 or less).
    hits_on: int | None = None


@cache
def load_modifiers(filename: str) -> dict[str, Modifier]:
    """The ``[[modifier]]`` records of one data file, by key, in the book's order."""
    records = datafiles.load(filename).get("modifier", [])
    result: dict[str, Modifier] = {}
    for record in records:
        key = record["key"]
        if key in result:
            raise ValueError(f"{filename}: modifier {key!r} is listed twice")
        result[key] = Modifier(
            key=key,
            label=Msg(record["label"]),
            value=int(record["value"]),
            source=record["source"],
            group=record.get("group"),
            cumulative=bool(record.get("cumulative", True)),
            requires=record.get("requires"),
            hits_on=record.get("hits_on"),
        )
    for modifier in result.values():
        if modifier.requires is not None and modifier.requires not in result:
            unknown = modifier.requires
            raise ValueError(f"{filename}: {modifier.key!r} requires {unknown!r}, unknown")
    return result


#: Two modifiers of one group refused, as a reader is told: named as their table labels them.
CONFLICT = N_("the modifiers {first} and {second} cannot apply together")


class ModifierConflict(Refusal):
    """Two modifiers of one group given together (``group`` in the data: one cover, one
    ground): a refusal of the ``mod`` argument, whose ``chosen`` are the two keys.  A reader is
    told the modifiers' labels, as their table words them (:meth:`text`); the engine's own
    English, which English ``nq`` prints, names the keys as typed (``command modifiers
    'dispersed' and 'ranked-or-closed' cannot apply together``)."""

    def __init__(self, kind: str, first: Modifier, second: Modifier) -> None:
        self.pair = (first, second)
        super().__init__(CONFLICT)
        self.about("mod", first.key, second.key)
        self.args = (f"{kind}s {first.key!r} and {second.key!r} cannot apply together",)

    def __str__(self) -> str:
        return str(self.args[0])

    def text(self, lang: str) -> str:
        _ = translator(lang)
        opening, closing = ("« ", " »") if lang == "fr" else ("“", "”")
        first, second = (f"{opening}{_(modifier.label)}{closing}" for modifier in self.pair)
        return _(self.message).format(first=first, second=second)


#: A modifier given without the one it applies with, as a reader is told.
NEEDS = N_("the modifier {first} applies only with {second}")


class ModifierNeeds(ModifierConflict):
    """A modifier given without the one its rule applies with (``requires`` in the data: a ram
    on the turn the model charges): a refusal of the ``mod`` argument about that one modifier,
    named as its table labels them, as a conflict's are (:meth:`ModifierConflict.text`)."""

    def __init__(self, kind: str, first: Modifier, second: Modifier) -> None:
        super().__init__(kind, first, second)
        self.message = NEEDS
        self.about("mod", first.key)
        self.args = (f"{kind} {first.key!r} applies only with {second.key!r}",)


def total_modifier(
    keys: Iterable[str], known: Mapping[str, Modifier], *, kind: str = "modifier"
) -> int:
    """Sum the named modifiers ``keys`` from ``known``.

    A key not in ``known`` raises ``ValueError`` naming it; so does a modifier listed twice
    (unless it is not cumulative: then it counts once) and two modifiers of the same group.
    """
    seen: dict[str, Modifier] = {}
    groups: dict[str, str] = {}
    for key in keys:
        try:
            modifier = known[key]
        except KeyError:
            choices = ", ".join(known)
            raise ValueError(f"unknown {kind} {key!r}; known: {choices}") from None
        if key in seen:
            if modifier.cumulative:
                raise ValueError(f"{kind} {key!r} is listed twice")
            continue
        if modifier.group is not None:
            other = groups.get(modifier.group)
            if other is not None:
                raise ModifierConflict(kind, known[other], modifier)
            groups[modifier.group] = key
        seen[key] = modifier
    for modifier in seen.values():
        if modifier.requires is not None and modifier.requires not in seen:
            raise ModifierNeeds(kind, modifier, known[modifier.requires])
    return sum(modifier.value for modifier in seen.values())
