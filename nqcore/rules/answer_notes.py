"""Why an answer is what it is: the rule behind a figure a player would otherwise question.

A bare "0.0%" for a model without armour, a chant of five initiates counted as +3, a chance that
counts the battle standard's re-roll: the figure is right, but a player reading it at the table
asks why.  Each function here gives the notes of one kind of question, worked out from the same
rules functions that give its figures, as :class:`Note`: an English msgid and its values, said
in the reader's language by :mod:`nqcore.cli.render` (and so on the At the table page, which
shows the engine's lines).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from nqcore.i18n import N_, Msg
from nqcore.rules.armour import LUCKY_SAVE_ROLL, save_chance, save_modifiers, save_target
from nqcore.rules.close_combat import DOUBLE_FUMBLE_FREE_ATTACK_BONUS
from nqcore.rules.dice import D10_FACES, FUMBLE_ROLL, MASTERFUL_HIT_ROLL, VolleyChances
from nqcore.rules.magic import MAX_CHANT_BONUS
from nqcore.tables.registry import Chance, Phrase, Signed


@dataclass(frozen=True)
class Note:
    """One line explaining an answer: ``message`` (an English msgid) and the ``values`` that
    fill it (numbers, :class:`Chance`, :class:`Signed`); ``reading``, the id of the erratum or
    open question whose reading it follows ("this edition's reading: see the errata"), which
    the At the table page links to."""

    message: Msg
    values: Mapping[str, int | Fraction | Phrase] = field(default_factory=dict)
    reading: str = ""


#: The chance of one face of the D10: a natural 1 (the lucky save), a natural 10 (a fumble).
ONE_FACE = Chance(1, len(D10_FACES))


#: Why a ranked model without armour has no save all the same.
NO_ARMOUR_RANKED = N_(
    "AR 0: a model without armour has no armour save, ranked or not: the +1 armour of a "
    "ranked or closed unit improves armour a model has (this edition's reading of Armour "
    "Saves: see the errata)."
)


def save_notes(
    armour: int,
    strength: int,
    *,
    penetration: int = 0,
    resilience: int = 0,
    ranked: bool = False,
    whole_attack: bool = False,
) -> list[Note]:
    """Why a save is 0 ("Armour Saves"): a model without armour has no save at all; a model whose
    armour the attack reduces to 0 or less saves only with the optional Lucky Save, on a natural
    1, which the figures leave out.  No note when the save is an ordinary roll.

    >>> [note.values for note in save_notes(2, 8)]
    [{'chance': Chance(1, 10)}]
    """
    if armour == 0 and ranked:  # the +1 improves armour a model has (nqcore.rules.armour)
        return [Note(NO_ARMOUR_RANKED, reading="ranked-unarmoured-save")]
    if armour == 0:
        return [Note(N_("AR 0: a model without armour has no armour save (Armour Saves)."))]
    target = save_target(
        armour, strength, penetration=penetration, resilience=resilience, ranked=ranked
    )
    if target is None or target >= LUCKY_SAVE_ROLL:
        return []
    lucky = save_chance(
        armour,
        strength,
        penetration=penetration,
        resilience=resilience,
        ranked=ranked,
        lucky_save=True,
    )
    if whole_attack:
        message = N_(
            "The Lucky Save (optional rule): if your group plays it, a natural 1 still saves "
            "({chance}); the chances above leave it out."
        )
    else:
        message = N_(
            "The Lucky Save (optional rule): if your group plays it, a natural 1 still saves, "
            "a chance of {chance}."
        )
    return [Note(message, {"chance": Chance(lucky)})]


#: Each term of an armour save's working, as the calculators' fields name it.
_SAVE_TERMS = {
    "am": N_("Armour modifier of ST {strength}"),
    "pm": N_("Penetration modifier (PM)"),
    "re": N_("Armour resilience (RE) {resilience}, cancelling penetration"),
    "ranked": N_("Ranked or closed formation (AR)"),
}


def armour_working(
    armour: int,
    strength: int,
    *,
    penetration: int = 0,
    resilience: int = 0,
    ranked: bool = False,
) -> dict[str, Any] | None:
    """How AR becomes the save's target ("Armour Modifier", "Armour Resilience"): the armour,
    each modifier named with its value (:func:`nqcore.rules.armour.save_modifiers`) and the
    target they add up to; ``None`` when nothing changes AR or there is no save (AR 0).

    >>> working = armour_working(3, 6)
    >>> working["armour"], [int(t["value"]) for t in working["terms"]], working["result"]
    (3, [-2], 1)
    """
    kwargs: dict[str, Any] = {
        "penetration": penetration,
        "resilience": resilience,
        "ranked": ranked,
    }
    terms = save_modifiers(armour, strength, **kwargs)
    if armour == 0 or not terms:
        return None
    values: dict[str, int | Fraction] = {"strength": strength, "resilience": resilience}
    return {
        "armour": armour,
        "terms": [
            {"why": Note(_SAVE_TERMS[key], values), "value": Signed(value)} for key, value in terms
        ],
        "result": save_target(armour, strength, **kwargs),
    }


def resilience_notes(
    armour: int, strength: int, *, penetration: int, resilience: int
) -> list[Note]:
    """ "Armour Resilience" cancels penetration only: an armour's RE against an attack without
    any (ST 4 or less, no PM) changes nothing, and is said so rather than shown as a bonus."""
    if not resilience or armour == 0:
        return []
    if any(
        key == "re"
        for key, _ in save_modifiers(
            armour, strength, penetration=penetration, resilience=resilience
        )
    ):
        return []
    message = N_(
        "Armour resilience (RE) {resilience} changes nothing here: it only cancels penetration "
        "(the armour modifier of a strength above 4, and the PM), and this attack has none."
    )
    return [Note(message, {"resilience": resilience})]


def masterful_notes(target: int | None) -> list[Note]:
    """The natural 1 of a roll to hit ("Masterful Hit"): a masterful hit, which allows no armour
    save, on each die rolled; said as the whole attack's answer says it.  Where no roll can hit
    (a target below 1), why even a 1 misses: unlike the roll to wound, the book makes a natural 1
    a hit only within the value to roll (player round 35: "Cannot succeed" alone, where players
    expect a 1 to hit).  No note beyond long range (no roll is made).

    >>> [note.values for note in masterful_notes(5)]
    [{'natural': 1, 'chance': Chance(1, 10)}]
    >>> [note.values for note in masterful_notes(-1)], masterful_notes(None)
    ([{'natural': 1, 'target': -1}], [])
    """
    if target is None:
        return []
    if target < 1:
        message = N_(
            "Even a natural {natural} misses: the modified value is {target}, and a natural "
            "{natural} hits, as a masterful hit, only when it is within the value (Masterful Hit)."
        )
        return [Note(message, {"natural": MASTERFUL_HIT_ROLL, "target": target})]
    message = N_(
        "Masterful hits: a natural {natural} to hit ({chance}) is a masterful hit, which allows "
        "no armour save."
    )
    return [Note(message, {"natural": MASTERFUL_HIT_ROLL, "chance": ONE_FACE})]


def fumble_notes(target: int | None, *, unerring: bool = False) -> list[Note]:
    """The natural 10 of a roll to hit ("Fumbles"): it misses whatever the target, and the chance
    to hit already counts it as a miss; "Fumbles And The Unerring Ability": for an unerring
    model it is a miss only.  No note when the attack cannot be rolled (beyond long range) or
    cannot hit (a target below 1): every roll misses, the fumble adds nothing to "it cannot
    succeed".
    """
    if target is None or target < 1:
        return []
    values: dict[str, int | Fraction] = {"natural": FUMBLE_ROLL, "chance": ONE_FACE}
    if unerring:
        message = N_(
            "Unerring: a natural {natural} ({chance}) is only a miss, not a fumble; "
            "the chance to hit already counts it as a miss."
        )
    else:
        message = N_(
            "Fumbles: a natural {natural} ({chance}) always misses and the model loses its "
            "remaining attacks this turn; the chance to hit already counts it as a miss."
        )
    return [Note(message, values)]


def move_cost_notes(
    inches: Fraction, difficult: Fraction, barriers: int, ability: Any, *, agile: bool
) -> list[Note]:
    """The working of a move's actions (player round 24: "7 AC" alone): its inches, difficult
    terrain counted twice, over the ability's pace, spent whole, and its barriers.  None for a
    move of whole actions in the open.

    >>> from nqcore.rules.movement import MovementAbility
    >>> [n.values for n in move_cost_notes(4, 2, 1, MovementAbility.DOUBLE_TIME, agile=False)]
    [{'effort': Fraction(8, 1), 'pace': Fraction(3, 2), 'actions': 6}, {'barriers': 1, 'total': 7}]
    """
    from nqcore.rules.movement import BARRIER_ACTIONS, move_working

    effort, actions = move_working(inches, difficult, ability)
    crossing = 0 if agile or not ability.terrain_applies else BARRIER_ACTIONS * barriers
    pace = ability.inches_per_action
    if not (difficult or crossing) and effort == actions * pace:
        return []
    if difficult and ability.terrain_applies:
        message = N_(
            'Working: {effort}" of effort, difficult terrain counting twice, at {pace}" an '
            "action: {actions} AC (actions are spent whole)."
        )
    else:
        message = N_(
            'Working: {effort}" at {pace}" an action: {actions} AC (actions are spent whole).'
        )
    notes = [Note(message, {"effort": effort, "pace": pace, "actions": actions})]
    if crossing:
        barrier = N_("Barriers: {barriers} AC more, {total} AC in all.")
        notes.append(Note(barrier, {"barriers": crossing, "total": actions + crossing}))
    return notes


def wound_notes(strength: int, toughness: int) -> list[Note]:
    """Why a roll to wound is 1 or 9 or less when 5 + ST - T says otherwise ("Damage": a roll of
    1 always damages, a roll of 10 always fails).  None in between.

    >>> [note.values for note in wound_notes(1, 10)], wound_notes(4, 4)
    ([{'sum': -4}], [])
    """
    from nqcore.rules.damage import BASE_WOUND_TARGET, HIGHEST_WOUND_TARGET, LOWEST_WOUND_TARGET

    total = BASE_WOUND_TARGET + strength - toughness
    if total < LOWEST_WOUND_TARGET:
        message = N_(
            "Only a natural 1 wounds: 5 + ST − T is {sum}, and a roll of 1 always damages (Damage)."
        )
    elif total > HIGHEST_WOUND_TARGET:
        message = N_(
            "Any roll but a natural 10 wounds: 5 + ST − T is {sum}, and a roll of 10 always "
            "fails to damage (Damage)."
        )
    else:
        return []
    return [Note(message, {"sum": total})]


def volley_fumble_notes(
    target: int | None, chances: VolleyChances, *, close_combat: bool
) -> list[Note]:
    """The natural 10s of several dice rolled to hit at once ("Extra Attack Fumbles"): one on
    any die is a fumble, the other dice may still hit; in close combat, two give the enemy a
    free attack at CC+1, and so do three or four of three or four dice: one attack, however many
    natural 10s (the open question ``extra-attack-several-natural-tens``).  No note when no die
    can hit, nor for an unerring model (its tens are misses, :func:`fumble_notes` says so)."""
    if target is None or target < 1 or not chances.fumble:
        return []
    values: dict[str, int | Fraction] = {
        "natural": FUMBLE_ROLL,
        "dice": chances.dice,
        "chance": Chance(chances.fumble),
    }
    if not close_combat:
        message = N_(
            "Fumbles: a natural {natural} on at least one of the {dice} dice ({chance}); the "
            "other die may still hit, but the model loses its remaining attacks this turn."
        )
        if chances.dice > 2:  # burst fire (x3), (x4)
            message = N_(
                "Fumbles: a natural {natural} on at least one of the {dice} dice ({chance}); the "
                "other dice may still hit, but the firer loses its remaining attacks this turn."
            )
        return [Note(message, values)]
    values |= {
        "both": Chance(chances.double_fumble),
        "free_attack": Signed(DOUBLE_FUMBLE_FREE_ATTACK_BONUS),
    }
    message = N_(
        "Fumbles: a natural {natural} on at least one of the {dice} dice ({chance}); the "
        "other dice may still hit, but the model loses its remaining attacks this turn; "
        "two natural {natural}s ({both}) give the enemy a free attack at CC{free_attack}."
    )
    if chances.dice > 2:  # the open question extra-attack-several-natural-tens
        message = N_(
            "Fumbles: a natural {natural} on at least one of the {dice} dice ({chance}); the "
            "other dice may still hit, but the model loses its remaining attacks this turn; "
            "two or more natural {natural}s ({both}) give the enemy one free attack at "
            "CC{free_attack}."
        )
    return [Note(message, values)]


def chant_notes(chanting_initiates: int) -> list[Note]:
    """ "Spell Chants": +1 for each initiate, at most +3; said when more initiates chant.

    >>> chant_notes(3), [note.values for note in chant_notes(5)]
    ([], [{'initiates': 5, 'bonus': 3}])
    """
    if chanting_initiates <= MAX_CHANT_BONUS:
        return []
    message = N_(
        "Spell Chants: +1 for each initiate, at most {bonus}: the bonus of {initiates} "
        "initiates is capped at {bonus}."
    )
    return [Note(message, {"initiates": chanting_initiates, "bonus": Signed(MAX_CHANT_BONUS)})]


def concentration_notes(chance: Callable[[bool], Fraction]) -> list[Note]:
    """ "Concentrating" costs an action (AC) for +1: said when it buys nothing, the roll already
    at its best without it (player round 35: "+1" shown, the chance the same, the action spent).
    ``chance``: the roll's chance with concentration or without.

    >>> [note.values for note in concentration_notes(lambda concentrating: Fraction(9, 10))]
    [{'chance': Chance(9, 10)}]
    >>> concentration_notes(lambda concentrating: Fraction(6 if concentrating else 5, 10))
    []
    """
    alone = chance(False)
    if chance(True) != alone:
        return []
    message = N_(
        "Concentrating adds nothing here: the chance is {chance} without it; keep the action."
    )
    return [Note(message, {"chance": Chance(alone)})]


#: The re-rolls of a failed command test, by what gives them.
BATTLE_STANDARD = "battle-standard"
GREAT_LEADER = "great-leader"
#: What a re-roll's note says when it changes nothing as the first roll is sure, when it
#: changes nothing as the re-roll cannot succeed either (CO 1 against fear 2), and otherwise.
_REROLL_NOTES: dict[str, tuple[Msg, Msg, Msg]] = {
    BATTLE_STANDARD: (
        N_(
            "Army Battle Standard: its re-roll changes nothing here, the first roll "
            "already succeeds ({first})."
        ),
        N_(
            "Army Battle Standard: its re-roll changes nothing here, even the re-roll at "
            "CO+1 cannot succeed ({both})."
        ),
        N_(
            "Army Battle Standard: {first} on the first roll; re-rolling a failed test "
            "at CO+1 raises the chance to {both}."
        ),
    ),
    GREAT_LEADER: (
        N_(
            "Great Leader: its re-roll changes nothing here, the first roll already "
            "succeeds ({first})."
        ),
        N_("Great Leader: its re-roll changes nothing here, the re-roll cannot succeed ({both})."),
        N_(
            "Great Leader: {first} on the first roll; re-rolling a failed test raises the "
            "chance to {both}."
        ),
    ),
}
#: Why Great Leader adds nothing beside the Army Battle Standard (an open question: the book
#: does not say whether a test is re-rolled twice).
ONE_REROLL = N_(
    "Great Leader: not used here: a failed test is re-rolled once, and the Army Battle "
    "Standard's re-roll, at CO+1, is the better (this edition's reading: see the errata)."
)
#: Why Great Leader re-rolls a failed fear test too (an open question: the book says "morale
#: test").
FEAR_TEST_REROLLED = N_(
    "Great Leader: a fear test is a command test, and a failed one is re-rolled too (this "
    "edition's reading: see the errata)."
)


def reroll_notes(by: str, first: Fraction, both: Fraction) -> list[Note]:
    """What the re-roll of a failed command test changes, ``by`` the Army Battle Standard (at
    CO+1) or a Great Leader (at the same CO): the chance of the first roll, and with the
    re-roll (the chance the answer gives).

    >>> [note.message[:60] for note in reroll_notes(BATTLE_STANDARD, Fraction(0), Fraction(0))]
    ['Army Battle Standard: its re-roll changes nothing here, even']
    """
    sure, hopeless, raised = _REROLL_NOTES[by]
    message = sure if first == both == 1 else hopeless if first == both else raised
    return [Note(message, {"first": Chance(first), "both": Chance(both)})]


def inspiring_leadership_notes(one_die: Fraction, two_dice: Fraction) -> list[Note]:
    """What Inspiring Leadership's 2D10, one kept, changes in a command test: the chance of
    a roll with one die and with two (nothing when one die is sure or hopeless).

    >>> [note.message[:36] for note in inspiring_leadership_notes(Fraction(1), Fraction(1))]
    ['Inspiring Leadership: the second die']
    """
    if one_die == two_dice:
        message = N_("Inspiring Leadership: the second die changes nothing here ({two}).")
    else:
        message = N_(
            "Inspiring Leadership: 2D10 are rolled and the better kept: {one} with one die, "
            "{two} with two."
        )
    return [Note(message, {"one": Chance(one_die), "two": Chance(two_dice)})]


#: Why a command test at CO 10 or more is sure: no natural 10 fails it.
NO_NATURAL_TEN_COMMAND = N_(
    "Any roll passes, a 10 too: unlike rolls to hit and to cast, command tests have no "
    "natural-roll rule in the book (Morale; this edition's reading: see the errata)."
)


def command_notes(target: int) -> list[Note]:
    """Why a command test is sure to pass: its modified CO is 10 or more, and no natural 10
    fails a command test ("Morale"; :mod:`nqcore.rules.morale`).  None below 10.

    >>> [len(command_notes(t)) for t in (9, 10, 11)]
    [0, 1, 1]
    """
    if target < D10_FACES[-1]:
        return []
    return [Note(NO_NATURAL_TEN_COMMAND, reading="natural-ten-command-test")]
