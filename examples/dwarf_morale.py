"""The Morale chapter's Dwarf axemen, turn by turn: when they must take a command test and why,
the modifiers, the chance to pass with and without the Army Battle Standard, and what panic does.

Run: python examples/dwarf_morale.py [--lang fr]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run from anywhere

from _story import N_, chance, erratum_lines, parse_language, run, table, translator  # noqa: E402

from nqcore.army.profile_files import sample_profile  # noqa: E402
from nqcore.i18n import format_signed  # noqa: E402
from nqcore.i18n import translator as engine_translator  # noqa: E402
from nqcore.rules.formations import FORMED_MINIMUM_MODELS, Formation, formed_bonus_applies  # noqa: E402
from nqcore.rules.morale import (  # noqa: E402
    BATTLE_STANDARD_REROLL_BONUS,
    FAILED_RALLY_PANIC_MODIFIER,
    PanicResult,
    command_chance,
    command_modifiers,
    command_target,
    command_test_triggers,
    panic_distribution,
)

STARTING = 16
CASUALTIES = [3, 4, 2]
#: What the story assumes about the unit when it tests: ranked, with a banner and a musician, the
#: General near, an enemy unit within 10".
SITUATION = ["ranked-or-closed", "banner", "musician", "general-nearby", "enemy-nearby"]
FORMED = "ranked-or-closed"


def main(argv: list[str] | None = None) -> int:
    lang = parse_language(__doc__ or "", argv)
    _ = translator(lang)
    engine = engine_translator(lang)
    dwarf = sample_profile("dwarf").profile
    co = dwarf.co or 0

    print(_(N_("Morale: the Dwarf axemen")))
    print()
    print(
        _(N_("A ranked unit of {starting} warriors ({name} profile, CO {co}).")).format(
            starting=STARTING, name=engine(dwarf.name), co=co
        )
    )
    triggers = {t.turn: t for t in command_test_triggers(STARTING, CASUALTIES)}
    remaining = STARTING
    for turn, lost in enumerate(CASUALTIES, start=1):
        remaining -= lost
        print(
            _(N_("Turn {turn}: {lost} casualties, {left} left.")).format(
                turn=turn, lost=lost, left=remaining
            )
        )
        trigger = triggers.get(turn)
        if trigger is None:
            print(
                _(N_("   No command test: {lost} of {starting} lost so far.")).format(
                    lost=STARTING - remaining, starting=STARTING
                )
            )
        else:
            print(
                _(N_("   Command test: {reason} ({lost} of {starting}).")).format(
                    reason=engine(trigger.reason), lost=STARTING - remaining, starting=STARTING
                )
            )
    print()

    print(_(N_("The command test, with {models} warriors left")).format(models=remaining))
    print(
        _(
            N_(
                "The banner, the musician and the General are with them; an enemy unit is within "
                '10".'
            )
        )
    )
    modifiers = command_modifiers()
    applied = []
    for key in SITUATION:
        modifier = modifiers[key]
        line = _(N_("   {modifier}: {value}")).format(
            modifier=engine(modifier.label), value=format_signed(modifier.value, lang)
        )
        if key == FORMED and not formed_bonus_applies(Formation.RANKED, remaining):
            line += _(
                N_(" (does not apply: fewer than {minimum} models, the unit counts as skirmished)")
            ).format(minimum=FORMED_MINIMUM_MODELS)
        else:
            applied.append(key)
        print(line)
    target = command_target(co, applied)
    print(
        _(N_("   Roll needed: {target} or less; chance of passing {chance}.")).format(
            target=target, chance=chance(command_chance(co, applied), lang)
        )
    )
    with_standard = command_chance(co, applied, battle_standard=True)
    print(
        _(
            N_(
                "   With the Army Battle Standard, a failed test is re-rolled at CO{bonus} "
                "({reroll} or less): {chance}."
            )
        ).format(
            bonus=format_signed(BATTLE_STANDARD_REROLL_BONUS, lang),
            reroll=target + BATTLE_STANDARD_REROLL_BONUS,
            chance=chance(with_standard, lang),
        )
    )
    print()

    print(_(N_("If the test is failed: the panic table")))
    fail = 1 - command_chance(co, applied)
    fail_with_standard = 1 - with_standard
    rows = []
    for result, given_failure in panic_distribution().items():
        rows.append(
            [
                engine(result.label),
                _rolls(result),
                chance(given_failure, lang),
                chance(fail * given_failure, lang),
                chance(fail_with_standard * given_failure, lang),
            ]
        )
    header = [
        _(N_("Result")),
        _(N_("D10")),
        _(N_("After a failure")),
        _(N_("In all")),
        _(N_("In all, with the Army Battle Standard")),
    ]
    for line in table(header, rows):
        print("   " + line)
    destroyed = panic_distribution(FAILED_RALLY_PANIC_MODIFIER)[PanicResult.DESTROYED]
    print(
        _(
            N_("   A unit that later fails to rally re-rolls at {modifier}: destroyed {chance}.")
        ).format(
            modifier=format_signed(FAILED_RALLY_PANIC_MODIFIER, lang),
            chance=chance(destroyed, lang),
        )
    )
    print()

    print(_(N_("The second example: {models} warriors left")).format(models=remaining))
    next_turn = len(CASUALTIES) + 1
    for lost in (3, 4):
        later = [
            t for t in command_test_triggers(STARTING, [*CASUALTIES, lost]) if t.turn == next_turn
        ]
        print(
            _(N_("Turn {turn}, if they lose {lost} ({left} left):")).format(
                turn=next_turn, lost=lost, left=remaining - lost
            )
        )
        if later:
            (trigger,) = later
            print(
                _(N_("   Command test: {reason} ({lost} of {at_start}).")).format(
                    reason=engine(trigger.reason),
                    lost=trigger.casualties,
                    at_start=trigger.at_start_of_turn,
                )
            )
        else:
            print(
                _(N_("   No command test: {lost} is less than half of {at_start}.")).format(
                    lost=lost, at_start=remaining
                )
            )
    print(_(N_("   The book prints this example differently:")))
    for line in erratum_lines("dwarf-axemen-second-test", lang):
        print(line)
    return 0


def _rolls(result: PanicResult) -> str:
    rolls = result.rolls
    return str(rolls.start) if len(rolls) == 1 else f"{rolls.start}-{rolls[-1]}"


if __name__ == "__main__":
    raise SystemExit(run(main, "dwarf_morale.py"))
