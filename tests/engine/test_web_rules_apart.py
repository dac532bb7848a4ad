"""A refusal of the profile builder cites its rule as data, not as the terminal's words: the
page links the rule's heading in its language (player round fifteen: "(rule Support Weapons,
section support-weapons)" ended a French refusal, the label read as an English word)."""

from __future__ import annotations

import pytest

from nqcompanion.bridge.web import build
from nqcore.i18n import LANGUAGES


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_refusal_s_rule_is_given_apart(lang: str) -> None:
    blank = build({"start": ""}, lang)
    answer = build({"toml": blank["toml"], "add": ["weapons", "bolt-thrower"]}, lang)["points"]
    assert answer["rules"] == {str(len(answer["text"]) - 1): "support-weapons"}, answer
    refusal = answer["text"][-1]
    assert "support-weapons" not in refusal and not refusal.endswith(")"), refusal
    assert "section" not in " ".join(answer["text"]), answer["text"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_profile_without_refusal_cites_no_rule(lang: str) -> None:
    assert build({"start": "orc-bruiser"}, lang)["points"]["rules"] == {}
