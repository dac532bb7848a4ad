"""English left in a French message as a short name or heading, or as a clause in French
(attacker round 28, F1, F6, F9): each was counted translated by the status, passed the guard and
shipped on the French pages with no warning from the build."""

from __future__ import annotations

import pytest

from nqtranslate.lint import left_in_english

PANICKED = "If the command test is failed the unit is deemed to be panicked."
ADDED_RULE = "Reroll any doubles, then roll on the panic table below and apply the result."


@pytest.mark.parametrize(
    ("msgid", "msgstr", "comment"),
    [
        (PANICKED, ADDED_RULE, "same-as-english:"),
        (PANICKED, ADDED_RULE, "same-as-english: quoted as printed"),
        (PANICKED, PANICKED, "same-as-english:"),
        (PANICKED, PANICKED, "same-as-english"),
        (PANICKED, PANICKED, "same-as-english: x"),
    ],
    ids=["no-reason", "not-its-msgid", "copy-no-reason", "no-colon", "short-reason"],
)
def test_same_as_english_needs_a_reason_and_covers_only_the_msgid(
    msgid: str, msgstr: str, comment: str
) -> None:
    """F9: the marker with nothing after its colon, or over English that is not the msgid (a
    rule the English lacks), let any English through."""
    assert "English" in left_in_english(msgid, msgstr, comment)


def test_same_as_english_with_its_reason_keeps_the_msgid() -> None:
    comment = "same-as-english: the name of a rule of another game"
    assert left_in_english(PANICKED, PANICKED, comment) == ""
