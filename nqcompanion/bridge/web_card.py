"""The profile builder's card (:func:`nqcompanion.bridge.web.build`): the profile as the army's
roster prints it, its model type as its points make it."""

from __future__ import annotations

from typing import Any

from nqcore.i18n import N_, colon, plural, translator


def card(record: dict[str, Any], lang: str, elite: int | None = None) -> dict[str, Any]:
    """The printed card of a profile ``nq points`` priced: its line and details as the army's
    roster prints them (:func:`nqcore.army.roster.profile_sheet`), its model type too; the
    line's headings (AC ... AR) in ``columns``.  ``elite``: the core limit a core model's points
    are above: its structure says it is elite, as its warning does (player round eighteen: the
    card said "Core" under "the model is elite")."""
    from nqcore.army.profile_files import parse_profile
    from nqcore.army.roster import COLUMNS, profile_sheet

    _ = translator(lang)
    model_type = None
    if elite is not None:
        points = plural(elite, N_("{count} point"), N_("{count} points"), lang)
        model_type = _(ELITE_ABOVE).format(points=points)
    sheet = profile_sheet(parse_profile(record), lang, structure=True, model_type=model_type)
    columns = [_(column) for column in COLUMNS[1:]]
    return sheet | {"columns": columns, "nameColumn": _(COLUMNS[0]), "colon": colon(lang)}


#: A core model's structure on its card when its points make it elite ("The Army > Units").
ELITE_ABOVE = N_("Elite (a core model above the core limit of {points})")


def elite_above(priced: dict[str, Any]) -> int | None:
    """The core limit a priced profile is above (its ``core-points-limit`` warning), or None."""
    for warning in priced.get("warnings", []):
        if warning.get("code") == "core-points-limit":
            return int(warning["params"]["maximum"])
    return None
