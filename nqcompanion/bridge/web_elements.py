"""A combination model's other elements in the profile builder
(:func:`nqcompanion.bridge.web.build`): a rider's mount, a chariot's driver and weaponeer, each
with its own RA, CC and ST (Calculating Combination Models).  Their fields are named
``element.1.ra``: the first element's RA."""

from __future__ import annotations

from typing import Any

from nqcore.army.characteristics import ELEMENT_CHARACTERISTICS
from nqcore.i18n import Msg, translator

#: The start of an element's field in the builder: ``element.1.ra``, the first element's RA.
ELEMENT_FIELD = "element."
#: The elements the builder gives fields to: the book's most (a chariot's driver and weaponeer).
ELEMENTS_EDITED = 2


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
    """An element's RA, CC or ST (the field ``name``, ``element.1.ra``): a whole number, or none
    ("-" or nothing), which the element's table leaves out (the whole model's line has it)."""
    number, _dot, key = name.removeprefix(ELEMENT_FIELD).partition(".")
    elements = record.get("element")
    element = None
    if key in ELEMENT_CHARACTERISTICS and number.isdecimal() and isinstance(elements, list):
        element = elements[int(number) - 1] if 0 < int(number) <= len(elements) else None
    if not isinstance(element, dict):
        raise KeyError(f"no field {name!r}")
    if text in ("", "-"):
        element.pop(key, None)
    else:
        element[key] = int(text)
