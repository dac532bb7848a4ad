"""Creating A Profile, item by item: the starting profile, the Basic Warrior, two full Sample
Profiles with their points breakdown, and every Sample Profile's printed points against the points
its items cost, with the errata where they differ.

Run: python examples/profile_points.py [--lang fr]
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run from anywhere

from _story import N_, erratum_lines, parse_language, run, table, translator  # noqa: E402

from nqcore.army.characteristics import ABBREVIATIONS, CHARACTERISTICS, ModelType  # noqa: E402
from nqcore.army.points import (  # noqa: E402
    SECTIONS,
    LineItem,
    classify,
    core_points_limit,
    minimum_points,
    specialist_cost,
)
from nqcore.army.profile_files import example_profile, sample_profile, sample_profiles  # noqa: E402
from nqcore.army.profile_points import profile_points  # noqa: E402
from nqcore.army.profiles import Profile  # noqa: E402
from nqcore.book.errata import errata_for  # noqa: E402
from nqcore.i18n import format_number, format_signed  # noqa: E402
from nqcore.i18n import translator as engine_translator  # noqa: E402

#: The armour items of a breakdown, by the section that prices them, as the engine's tables name
#: them (engine msgids, translated with the engine catalogue).
ARMOUR_ITEMS = {
    "shield": "Shield, AR +1",
    "barding": "Barding, AR +1",
    "armoured-mount": "Armoured mount, AR +1",
    "large-armour": "Large model, AR +1",
}
#: What a model's points make it ("Core And Elite Points Values").
TYPES = {
    ModelType.CORE: N_(
        "   {total} points: a core model (a core model costs at most {limit} points)."
    ),
    ModelType.ELITE: N_(
        "   {total} points: an elite model (a core model costs at most {limit} points)."
    ),
}
SECTION_KEYS = {section: key for key, section in SECTIONS.items()}


def main(argv: list[str] | None = None) -> int:
    lang = parse_language(__doc__ or "", argv)
    _ = translator(lang)
    engine = engine_translator(lang)

    def label(item: LineItem, profile: Profile) -> str:
        return _item_label(item, profile, lang)

    print(_(N_("Points of a profile, item by item")))
    print()
    start = example_profile("starting-profile")
    print(_(N_("1. The starting profile: every characteristic at its cheapest useful value.")))
    _breakdown(start.profile, start.printed_points, label, lang)
    print(
        _(N_("   A model never costs less than {minimum} points.")).format(minimum=minimum_points())
    )
    print()

    warrior = example_profile("basic-warrior")
    print(_(N_("2. The Basic Warrior of Creating A Profile.")))
    _breakdown(warrior.profile, warrior.printed_points, label, lang)
    for line in erratum_lines("basic-warrior-toughness-cost", lang):
        print(line)
    print()

    for number, key in ((3, "human-men-at-arms"), (4, "craven-ghouls")):
        sample = sample_profile(key)
        profile = sample.profile
        print(
            _(N_("{number}. A Sample Profile: {name}.")).format(
                number=number, name=engine(profile.name)
            )
        )
        total = _breakdown(profile, sample.printed_points, label, lang)
        print(
            _(TYPES[classify(total, profile.size)]).format(
                total=total, limit=core_points_limit(profile.size)
            )
        )
        for erratum in errata_for(sample.section):
            for line in erratum_lines(erratum.id, lang):
                print(line)
        if number == 3:
            print(
                _(
                    N_(
                        "   As a standard bearer or a musician: {total} + 25% = "
                        "{total} + {extra} = {with_extra} points."
                    )
                ).format(
                    total=total,
                    extra=specialist_cost(total),
                    with_extra=total + specialist_cost(total),
                )
            )
        print()

    print(_(N_("5. Every Sample Profile: printed and computed points")))
    rows = []
    for sample in sample_profiles():
        computed = profile_points(sample.profile).total
        errata = ", ".join(e.id for e in errata_for(sample.section)) or "–"
        rows.append(
            [
                engine(sample.profile.name),
                format_number(sample.printed_points, lang),
                format_number(computed, lang),
                errata,
            ]
        )
    header = [_(N_("Profile")), _(N_("Printed")), _(N_("Computed")), _(N_("Errata"))]
    for line in table(header, rows, align="lrrl"):
        print("   " + line)
    return 0


def _breakdown(
    profile: Profile, printed: int | None, label: Callable[[LineItem, Profile], str], lang: str
) -> int:
    """Print the items of ``profile`` with their points, then the total and the printed points."""
    _ = translator(lang)
    breakdown = profile_points(profile)
    rows = [[label(item, profile), format_signed(item.points, lang)] for item in breakdown.items]
    for line in table([_(N_("Item")), _(N_("Points"))], rows):
        print("   " + line)
    total = breakdown.total
    if printed is None or printed == total:
        print(_(N_("   Total: {total} points, as the book prints.")).format(total=total))
    else:
        print(
            _(N_("   Total: {total} points; the book prints {printed}.")).format(
                total=total, printed=printed
            )
        )
    return total


def _item_label(item: LineItem, profile: Profile, lang: str) -> str:
    """An item of a breakdown in the story's language: characteristics by their abbreviation,
    armour as the engine's cost table names it, weapons, abilities and traits by their names."""
    _ = translator(lang)
    engine = engine_translator(lang)
    key = SECTION_KEYS.get(item.section, "")
    if key in CHARACTERISTICS:
        return f"{engine(ABBREVIATIONS[key])} {format_number(getattr(profile, key), lang)}"
    if key == "armour":
        return f"{engine('AR')} {format_number(profile.armour.value, lang)}"
    if key in ARMOUR_ITEMS:
        return engine(ARMOUR_ITEMS[key])
    if key == "minimum":
        return _(N_("Minimum of {points} points")).format(points=minimum_points())
    return engine(item.subject)


if __name__ == "__main__":
    raise SystemExit(run(main, "profile_points.py"))
