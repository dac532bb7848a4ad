"""The lines of ``nq charge``'s answer: the actions left after the charge, the momentum attack's
and the attacks they make ("Momentum Attack")."""

from __future__ import annotations

from typing import Any

from nqcore.i18n import N_, format_number, translator

Answer = dict[str, Any]


def charge_lines(answer: Answer, lang: str) -> list[str]:
    """Nothing for another question; a charge short of its target says by how much."""
    charge = answer.get("charge")
    if charge is None:
        return []
    _ = translator(lang)

    def number(value: int) -> str:
        return format_number(value, lang)

    if "short_by" in charge:
        said = N_("The charge falls short: {missing} AC more would be needed.")
        return [_(said).format(missing=number(charge["short_by"]))]
    momentum = (
        _(N_("Momentum attack: AC+{momentum}, for close combat only")).format(
            momentum=number(charge["momentum"])
        )
        if charge["momentum"]
        else _(N_("No momentum attack: the charge was not the model's first action"))
    )
    lines = [
        _(N_("Actions left after the charge: {left} AC")).format(left=number(charge["left"])),
        momentum,
        _(N_("Actions for close combat: {total} AC")).format(
            total=number(charge["close_combat_actions"])
        ),
    ]
    from nqcore.rules.close_combat import IMPROVISED_USE_COST

    if charge["use_cost"] == IMPROVISED_USE_COST:
        said = N_("Attacks at base strength (UC3): {attacks}")
        return [*lines, _(said).format(attacks=number(charge["base_attacks"]))]
    said = N_("Attacks: {attacks} with the weapon (UC{cost}), or {base} at base strength (UC3)")
    lines.append(
        _(said).format(
            attacks=number(charge["attacks"]),
            cost=number(charge["use_cost"]),
            base=number(charge["base_attacks"]),
        )
    )
    if charge["then_base_attacks"] and charge["attacks"]:
        lines.append(
            _(BOTH).format(
                attacks=number(charge["attacks"]),
                then=number(charge["then_base_attacks"]),
                left=number(charge["left_after_weapon"]),
            )
        )
    return lines


#: The weapon's attacks, then base strength's with what they leave: "one attack with a UC4 sword
#: ... and then make an improvised UC3 attack" (Close Combat).
BOTH = N_(
    "Or both: {attacks} with the weapon, then {then} at base strength (UC3) with the {left} AC left"
)
