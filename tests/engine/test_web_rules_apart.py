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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_magic_user_level_4_links_its_erratum_on_any_model(lang: str) -> None:
    """Player round 27: a character at Magic User level 4 breaks no recommendation, so nothing
    linked the 2007 book's "Named characters only"; its erratum is linked without a warning (an
    individual's warning links it once)."""
    reading = "named-characters-wizardry-4"
    for kind, warned in (("character", False), ("individual", True)):
        made = build({"start": "hero", "set": {"type": kind}}, lang)
        made = build({"toml": made["toml"], "add": ["traits", "magic-user|4"]}, lang)
        answer = made["points"]
        assert [r["id"] for r in answer["readings"]] == [reading], (kind, answer)
        codes = [w["code"] for w in answer["json"]["warnings"]]
        assert ("magic-level-4" in codes) is warned, (kind, codes)
    plain = build({"start": "hero", "add": ["traits", "magic-user|3"]}, lang)["points"]
    assert "readings" not in plain
