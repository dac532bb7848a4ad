"""A combination model's other elements in the profile builder
(:func:`nqcompanion.bridge.web.build`): a rider's mount, a chariot's driver and weaponeer, each
with its own RA, CC and ST (Calculating Combination Models).  Their fields are named
``element.1.ra``: the first element's RA."""

from __future__ import annotations

from typing import Any

from nqcore.army.characteristics import ELEMENT_CHARACTERISTICS
from nqcore.i18n import N_, Msg, Refusal, translator
from nqcore.rules.game_limits import combination_elements

#: The start of an element's field in the builder: ``element.1.ra``, the first element's RA.
ELEMENT_FIELD = "element."
#: The elements the builder gives fields to: the book's most besides the main one (a chariot's
#: driver and weaponeer).
ELEMENTS_EDITED = combination_elements() - 1
#: A new element's name, until the player names it (a knight's horse, a chariot's crew).
NEW_ELEMENT = N_("Mount")


def element_fields(record: dict[str, Any], lang: str) -> dict[str, Any]:
    """The fields of ``record``'s elements: each one's name in ``lang`` (``element.1``) and its
    RA, CC and ST (``element.1.ra``), empty where the element has none."""
    fields: dict[str, Any] = {}
    elements = record.get("element")
    for number, element in enumerate(elements if isinstance(elements, list) else [], 1):
        if number > ELEMENTS_EDITED or not isinstance(element, dict):
            break
        field = f"{ELEMENT_FIELD}{number}"
        fields[field] = translator(lang)(Msg(str(element.get("name", ""))))
        fields |= {f"{field}.{key}": element.get(key, "") for key in ELEMENT_CHARACTERISTICS}
    return fields


def set_element(record: dict[str, Any], name: str, text: str) -> None:
    """An element's name (the field ``element.1``), refused as the file's reader refuses it, or
    its RA, CC or ST (``element.1.ra``): a whole number, or none ("-" or nothing), which the
    element's table leaves out (the whole model's line has it)."""
    from nqcompanion.bridge.web_names import written_name

    number, _dot, key = name.removeprefix(ELEMENT_FIELD).partition(".")
    elements = record.get("element")
    element = None
    if key in ("", *ELEMENT_CHARACTERISTICS) and number.isdecimal() and isinstance(elements, list):
        element = elements[int(number) - 1] if 0 < int(number) <= len(elements) else None
    if not isinstance(element, dict):
        raise KeyError(f"no field {name!r}")
    if not key:
        if not text:
            raise Refusal(N_("a mount or crew member needs a name")).about(name)
        try:
            written_name(text)
        except Refusal as error:
            raise error.about(name) from None
        element["name"] = text
    elif text in ("", "-"):
        element.pop(key, None)
    else:
        element[key] = int(text)


def add_element(record: dict[str, Any]) -> None:
    """A new element, named :data:`NEW_ELEMENT` until the player names it: a mount or a crew
    member given to a profile made from scratch (player round 32: only the book's combination
    profiles had one, and a knight's horse could be written in a file only)."""
    elements = record.get("element")
    elements = list(elements) if isinstance(elements, list) else []
    if len(elements) >= ELEMENTS_EDITED:
        raise Refusal(
            N_("no more mounts or crew members: the builder holds {count}"), count=ELEMENTS_EDITED
        )
    record["element"] = [*elements, {"name": str(NEW_ELEMENT)}]
