"""The engine's first answers asked once before a browser makes its memory snapshot (the page's
worker, nq-engine-worker.js, after the engine's first start): what the first question of a kind
loads (the command line's parser, the rules data, the army builder's and the profile builder's
lists, each language's words) is then in the memory the page restores.  Restored without it,
the page's first answers took seconds more than the engine's start (0.9 s for a first attack,
1.9 s for the army builder's opening on the build machine, several times that on a phone).

The questions hold no rule: any valid question of each kind loads the same things, and the
answers are thrown away.  The engine keeps no state between questions but these caches."""

from __future__ import annotations

import json
from typing import Any

from nqcompanion.bridge.web import ask_json
from nqcompanion.bridge.web_army import ARMY_FILE
from nqcore.i18n import LANGUAGES

#: One question of each kind the page asks as it opens (nq-at-table.js, nq-army.js).
QUESTIONS: tuple[dict[str, Any], ...] = (
    {"argv": ["attack", "5", "4", "4"]},
    {"argv": ["morale", "16", "3"]},
    {"argv": ["move-cost", "4"]},
    {"argv": ["charge", "10", "7"]},
    {"army": {"file": ARMY_FILE, "data": {"name": "-", "points": 1000}}},
    {"build": {"start": ""}},
)


def warm_up() -> list[dict[str, Any]]:
    """Ask each question in each language; the answers (for the tests: none is a fault)."""
    return [
        json.loads(ask_json(json.dumps({"lang": lang, **question})))
        for lang in LANGUAGES
        for question in QUESTIONS
    ]
