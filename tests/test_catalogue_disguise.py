"""The English passed off as French in ways a reader does not notice (another case, doubled
spaces, other quotation marks, a final full stop, combining marks, ``rn`` for ``m``) is refused at
its line; a real translation that differs only by accents, or writes an abbreviation's case as
French does, passes (and so does every real catalogue: tests/test_untrusted_input.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcore import po
from nqtranslate.disguise import disguise_problem
from nqtranslate.guard import check_catalogue
from nqtranslate.status import page_status

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "locale" / "fr" / "LC_MESSAGES" / "turn-sequence.po"
PARAGRAPH = next(
    m.id for m in po.messages(po.read(PAGE.read_bytes()), obsolete=True) if len(m.id.split()) > 40
)
QUOTED = 'Roll a "D10" for the 2" move.'


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("Turn Sequence", "Turn sequence"),
        ("Turn Sequence", "TURN SEQUENCE"),
        (PARAGRAPH, PARAGRAPH.replace(" ", "  ")),
        (PARAGRAPH, PARAGRAPH.replace(" ", "\n")),
        (QUOTED, QUOTED.replace('"D10"', "\u201cD10\u201d")),
        (QUOTED, QUOTED.replace('"D10"', "\u05f4D10\u05f4")),
        (QUOTED, QUOTED.replace('2"', "2\u2033")),
        ("Winning the game", "Winning the game."),
        ("Winning the game.", "Winning the game"),
        ("Winning the game", "Wi\u0307nning the game"),
        ("Winning the game", "Winning the ga\u0331me"),
        ("Morale Test", "Morale Test".replace("m", "rn").replace("M", "rn")),
        ("Remove the model", "Rernove the rnodel"),
    ],
)
def test_the_english_in_disguise_is_refused_at_its_line(
    tmp_path: Path, msgid: str, msgstr: str
) -> None:
    assert disguise_problem(msgid, msgstr).startswith("the translation is the English")
    path = tmp_path / "turn-sequence.po"
    escaped = [
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        for text in (msgid, msgstr)
    ]
    path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "{escaped[0]}"\nmsgstr "{escaped[1]}"\n',
        encoding="utf-8",
    )
    assert [(f.line, f.what[:30]) for f in check_catalogue(path)] == [
        (5, "the translation is the English")
    ]
    status = page_status(path, tmp_path)
    assert (status.translated, status.refused) == (0, 1)


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("Elite", "Élite"),
        ("Elite", "E\u0301lite"),  # the same accent, written decomposed
        ("Elite", "élite"),
        ("Actions (AC)", "Actions (Ac)"),
        ("Max AR", "Max Ar"),
        ("AR {ar}", "Ar {ar}"),
        ("{} actions (AC)", "{} actions (Ac)"),
        ("No Quarter", "No Quarter"),
        ("Note: roll", "Note : roll"),
        ("Victory Conditions", "Conditions de victoire"),
        ("Turn Sequence", "Séquence du tour"),
    ],
)
def test_a_real_translation_passes(msgid: str, msgstr: str) -> None:
    assert disguise_problem(msgid, msgstr) == ""
