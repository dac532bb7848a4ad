"""``nq --lang fr`` whose catalogue lacks a word of its answer (an entry deleted, made obsolete,
or moved to another context) shows that word in English and says so once on stderr (attacker
round 28, F4: it was silent); with the project's catalogue it says nothing."""

from __future__ import annotations

import pytest

from nqcore import i18n
from nqcore.cli.commands import main

#: Questions whose French answers use the words the attacker removed.
QUESTIONS = (["cast", "6", "--wizardry", "2"], ["cancel", "--spell", "Smoke"])


def _without(monkeypatch: pytest.MonkeyPatch, *keys: str) -> None:
    """The French catalogue as the engine reads it, without ``keys`` (deleted or obsolete)."""
    catalogue = i18n._catalogue

    def lacking(lang: str) -> dict[str, str]:
        table = catalogue(lang)
        kept = type(table)((k, v) for k, v in table.items() if k not in keys)
        kept.fuzzy = getattr(table, "fuzzy", {})  # type: ignore[attr-defined]
        return kept

    monkeypatch.setattr(i18n, "_catalogue", lacking)


@pytest.mark.parametrize(
    ("question", "removed", "said"),
    [
        (QUESTIONS[0], ("Modifiers",), "no entry for 'Modifiers': "),
        (QUESTIONS[1], ("Smoke",), "no entry for 'Smoke': "),
        (QUESTIONS[1], ("Smoke", "Modifiers"), "(and 1 more): "),
    ],
)
def test_a_missing_word_is_said_once(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    question: list[str],
    removed: tuple[str, ...],
    said: str,
) -> None:
    _without(monkeypatch, *removed)
    assert main(["--lang", "fr", *question]) == 0
    out, err = capsys.readouterr()
    assert removed[0] in out
    assert err.splitlines() == [next(line for line in err.splitlines() if said in line)], err
    assert err.startswith("nq: warning: nqcore/locale/fr/LC_MESSAGES/nqcore.po: ")
    assert err.rstrip().endswith("this answer is partly in English")


@pytest.mark.parametrize("question", [*QUESTIONS, ["errata"]])  # errata: placeholders alone
def test_the_projects_catalogue_answers_wholly_in_french(
    capsys: pytest.CaptureFixture[str], question: list[str]
) -> None:
    assert main(["--lang", "fr", *question]) == 0
    assert capsys.readouterr().err == ""
