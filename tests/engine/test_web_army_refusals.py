"""What the army builder's bridge (``nqcompanion.bridge.web_army``) answers to a change it cannot
read: the engine's words in the page's language, never Python's ("'NoneType' object is not
iterable", a ``KeyError``'s quoted key), whatever the page sent."""

from __future__ import annotations

import json
from typing import Any

import pytest

from nqcompanion.bridge.web import ask_json
from nqcompanion.bridge.web_army import UNREADABLE_CHANGE, army
from nqcore.i18n import translator

#: Changes no army file is: what a page sends before it has an army, or sends wrong.
UNREADABLE: dict[str, dict[str, Any]] = {
    "no army yet": {"data": None, "add": {"kind": "unit", "profile": "dwarf"}},
    "a list for an army": {"data": [1, 2]},
    "no kind of entry": {
        "data": {"name": "T", "points": 100},
        "add": {"kind": "x", "profile": "d"},
    },
    "an unknown profile": {"data": {"name": "T", "points": 100}, "add": {"kind": "unit"}},
    "an entry that is not there": {
        "data": {"name": "T", "points": 100},
        "use": {"kind": "unit", "index": 3, "field": "leader", "profile": "dwarf"},
    },
}
#: What Python says of such a change, which the player never reads.
PYTHONS = ("NoneType", "object", "iterable", "KeyError", "'", "Traceback", "index")


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("case", sorted(UNREADABLE))
def test_a_change_the_engine_cannot_read_is_refused_in_its_words(case: str, lang: str) -> None:
    answer = army(UNREADABLE[case], lang)
    said = translator(lang)(UNREADABLE_CHANGE)
    assert answer["said"] == said, answer
    assert (said == UNREADABLE_CHANGE) == (lang == "en")  # translated
    assert answer["error"].endswith(said) and answer["error"].startswith("army.toml")
    for word in PYTHONS:
        assert word not in answer["error"] and word not in answer["message"], (word, answer)
    request = json.dumps({"lang": lang, "army": UNREADABLE[case]})
    assert json.loads(ask_json(request))["error"] == answer["error"]
