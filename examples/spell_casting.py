"""The Magic chapter's worked examples, step by step: casting, concentrating, chanting, cancelling
and keeping a spell in play with its upkeep; then the chance to cast any spell.

Run: python examples/spell_casting.py [--lang fr]
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run from anywhere

from _story import N_, chance, erratum_lines, parse_language, run, table, translator  # noqa: E402

from nqcore.i18n import format_number, format_percent  # noqa: E402
from nqcore.i18n import translator as engine_translator  # noqa: E402
from nqcore.rules.magic import (  # noqa: E402
    CANCEL_USE_COST,
    CONCENTRATION_COST,
    MAX_CHANT_BONUS,
    SPELL_LEVELS,
    WIZARDRY_LEVELS,
    cancel_chance,
    cancelling_target,
    cast_chance,
    casting_cost,
    casting_target,
)
from nqcore.rules.spells import all_spells, spell  # noqa: E402
from nqcore.rules.upkeep import (  # noqa: E402
    UPKEPT_SPELLS_PER_ACTIVATION,
    actions_to_keep,
    dissipating,
    upkeep_cost,
    within_upkeep_range,
)

#: The Shaman's wizardry level, as in the chapter's examples.
SHAMAN = 2
#: Where the Wizard stands, in inches from the unit he quickened, in his next two activations.
DISTANCES = (12, 24)


def main(argv: list[str] | None = None) -> int:
    lang = parse_language(__doc__ or "", argv)
    _ = translator(lang)
    engine = engine_translator(lang)

    def cast(level: int, wizardry: int, **kwargs: Any) -> str:
        return chance(cast_chance(level, wizardry, **kwargs), lang)

    print(_(N_("Spell casting, step by step")))
    print()
    print(_(N_("1. A Shaman with wizardry level 2 casts a level 5 spell.")))
    print(
        _(N_("   Target: {level} + {wizardry} = {target}; chance {chance}.")).format(
            level=5, wizardry=SHAMAN, target=casting_target(5, SHAMAN), chance=cast(5, SHAMAN)
        )
    )
    print(_(N_("2. The same Shaman casts a level 2 spell.")))
    print(
        _(N_("   Target: {level} + {wizardry} = {target}; chance {chance}.")).format(
            level=2, wizardry=SHAMAN, target=casting_target(2, SHAMAN), chance=cast(2, SHAMAN)
        )
    )
    print(_(N_("3. He spends 1 AC to concentrate on the level 5 spell: +1.")))
    print(
        _(N_("   Target: {target}; chance {chance}.")).format(
            target=casting_target(5, SHAMAN, concentrating=True),
            chance=cast(5, SHAMAN, concentrating=True),
        )
    )
    print(
        _(N_("4. Four initiates chant a level 6 spell: +1 each, at most +{cap}.")).format(
            cap=MAX_CHANT_BONUS
        )
    )
    print(
        _(N_("   Target: {target}; chance {chance}.")).format(
            target=casting_target(6, 0, chanting_initiates=4),
            chance=cast(6, 0, chanting_initiates=4),
        )
    )
    smoke = spell("Smoke")
    print(
        _(N_("5. A Regency Wizard cancels {name} (level {level}) for {cost} AC.")).format(
            name=engine(smoke.name), level=smoke.level, cost=CANCEL_USE_COST
        )
    )
    print(
        _(N_("   Target: {level} + 1 = {target}; chance {chance}.")).format(
            level=smoke.level,
            target=cancelling_target(smoke.level),
            chance=chance(cancel_chance(smoke.level), lang),
        )
    )
    print(
        _(N_("   Concentrating: {target}; chance {chance}.")).format(
            target=cancelling_target(smoke.level, concentrating=True),
            chance=chance(cancel_chance(smoke.level, concentrating=True), lang),
        )
    )
    print()
    _upkeep(lang)
    print()
    print(_(N_("Chance to cast (a natural 10 always fails)")))
    header = [_(N_("Spell level"))] + [
        _(N_("Wizardry {level}")).format(level=w) for w in WIZARDRY_LEVELS
    ]
    rows = [
        [str(level)] + [format_percent(cast_chance(level, w), lang) for w in WIZARDRY_LEVELS]
        for level in SPELL_LEVELS
    ]
    for line in table(header, rows, align="r" * len(header)):
        print(line)
    return 0


def _upkeep(lang: str) -> None:
    """The Upkeep rules with the Quickening, Shield and Fog cards."""
    _ = translator(lang)
    engine = engine_translator(lang)
    quickening, shield, fog = spell("Quickening"), spell("Shield"), spell("Fog")
    print(
        _(
            N_('6. Upkeep: {name} (UC {uc}, level {level}, upkeep {upkeep}, range {range}").')
        ).format(
            name=engine(quickening.name),
            uc=quickening.use_cost,
            level=quickening.level,
            upkeep=upkeep_cost(quickening),
            range=quickening.range_inches,
        )
    )
    cost = casting_cost(quickening.use_cost, concentrating=True)
    print(
        _(
            N_(
                "   The Shaman casts it on a unit, concentrating: {uc} + {extra} = {cost} AC; "
                "chance {chance}."
            )
        ).format(
            uc=quickening.use_cost,
            extra=CONCENTRATION_COST,
            cost=cost,
            chance=chance(cast_chance(quickening.level, SHAMAN, concentrating=True), lang),
        )
    )
    activations = 1
    for distance in DISTANCES:
        if within_upkeep_range(quickening, distance):
            activations += 1
            print(
                _(
                    N_(
                        '   Next activation, {distance}" from the unit: within range, he pays '
                        "upkeep {upkeep} AC; {total} AC spent on it so far."
                    )
                ).format(
                    distance=distance,
                    upkeep=upkeep_cost(quickening),
                    total=actions_to_keep(quickening, activations, concentrating=True),
                )
            )
        else:
            print(
                _(
                    N_(
                        '   Next activation, {distance}" from the unit: beyond its range of '
                        '{range}", he cannot pay the upkeep and the spell dissipates.'
                    )
                ).format(distance=distance, range=quickening.range_inches)
            )
            break
    gone = dissipating([quickening, shield], shield)
    print(
        _(
            N_(
                "7. With {first} and {second} in play: at most {count} spell upkept each "
                "activation; he keeps {second} ({upkeep} AC), and {gone} dissipates."
            )
        ).format(
            first=engine(quickening.name),
            second=engine(shield.name),
            count=UPKEPT_SPELLS_PER_ACTIVATION,
            upkeep=upkeep_cost(shield),
            gone=", ".join(engine(s.name) for s in gone),
        )
    )
    print(
        _(N_("8. {name}: the card's upkeep, {upkeep} AC, is the one the engine uses.")).format(
            name=engine(fog.name), upkeep=upkeep_cost(fog)
        )
    )
    for line in erratum_lines("spell-list-fog-upkeep", lang):
        print(line)
    print()
    print(_(N_("Spells with an upkeep")))
    header = [_(N_("Spell")), _(N_("UC")), _(N_("Level")), _(N_("Upkeep")), _(N_("Range"))]
    rows = [
        [
            engine(s.name),
            str(s.use_cost),
            str(s.level),
            str(upkeep_cost(s)),
            f'{format_number(s.range_inches, lang)}"' if s.range_inches else "–",
        ]
        for s in all_spells()
        if s.upkeep is not None
    ]
    for line in table(header, rows):
        print(line)


if __name__ == "__main__":
    raise SystemExit(run(main, "spell_casting.py"))
