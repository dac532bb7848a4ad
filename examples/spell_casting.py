"""The Magic chapter's worked examples, step by step, then the chance to cast any spell.

Run: python examples/spell_casting.py [--lang fr]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run from anywhere

from _story import N_, parse_language, translator  # noqa: E402

from nqcore.i18n import format_percent  # noqa: E402
from nqcore.i18n import translator as engine_translator  # noqa: E402
from nqcore.magic import (  # noqa: E402
    CANCEL_USE_COST,
    MAX_CHANT_BONUS,
    SPELL_LEVELS,
    cancel_chance,
    cancelling_target,
    cast_chance,
    casting_target,
)
from nqcore.spells import spell  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    lang = parse_language(__doc__ or "", argv)
    _ = translator(lang)
    engine = engine_translator(lang)

    def pct(level: int, wizardry: int, **kwargs: object) -> str:
        return format_percent(cast_chance(level, wizardry, **kwargs), lang)  # type: ignore[arg-type]

    print(_(N_("Spell casting, step by step")))
    print()
    print(_(N_("1. A Shaman with wizardry level 2 casts a level 5 spell.")))
    print(_(N_("   Target: {level} + {wizardry} = {target}; chance {chance}.")).format(
        level=5, wizardry=2, target=casting_target(5, 2), chance=pct(5, 2)))
    print(_(N_("2. The same Shaman casts a level 2 spell.")))
    print(_(N_("   Target: {level} + {wizardry} = {target}; chance {chance}.")).format(
        level=2, wizardry=2, target=casting_target(2, 2), chance=pct(2, 2)))
    print(_(N_("3. He spends 1 AC to concentrate on the level 5 spell: +1.")))
    print(_(N_("   Target: {target}; chance {chance}.")).format(
        target=casting_target(5, 2, concentrating=True), chance=pct(5, 2, concentrating=True)))
    print(_(N_("4. Four initiates chant a level 6 spell: +1 each, at most +{cap}.")).format(
        cap=MAX_CHANT_BONUS))
    print(_(N_("   Target: {target}; chance {chance}.")).format(
        target=casting_target(6, 0, chanting_initiates=4),
        chance=pct(6, 0, chanting_initiates=4)))
    smoke = spell("Smoke")
    print(_(N_("5. A Regency Wizard cancels {name} (level {level}) for {cost} AC.")).format(
        name=engine(smoke.name), level=smoke.level, cost=CANCEL_USE_COST))
    print(_(N_("   Target: {level} + 1 = {target}; chance {chance}.")).format(
        level=smoke.level, target=cancelling_target(smoke.level),
        chance=format_percent(cancel_chance(smoke.level), lang)))
    print(_(N_("   Concentrating: {target}; chance {chance}.")).format(
        target=cancelling_target(smoke.level, concentrating=True),
        chance=format_percent(cancel_chance(smoke.level, concentrating=True), lang)))
    quickening = spell("Quickening")
    print(_(N_("6. {name} stays in play if its caster pays upkeep {upkeep} AC next turn.")).format(
        name=engine(quickening.name), upkeep=quickening.upkeep))
    print()
    print(_(N_("Chance to cast (a natural 10 always fails)")))
    header = _(N_("Spell level")) + " | " + " | ".join(
        _(N_("Wizardry {level}")).format(level=w) for w in range(5))
    print(header)
    for level in SPELL_LEVELS:
        cells = [f"{pct(level, w):>10}" for w in range(5)]
        print(f"{level:>11} | " + " | ".join(cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
