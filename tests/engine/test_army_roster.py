"""The army's roster on paper (nqcore.army.roster, nqprint.army_roster) without running LaTeX:
its content is the engine's (entries, points, profile lines, total, breaches) in both
languages; a name cannot reach LaTeX as a command; ``nq army FILE --pdf`` writes nothing for a
refused army (exit 2) and says in one line, without a traceback, when xelatex is missing.  The
PDFs themselves are read in tests/print/test_army_roster.py."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

from nqcore.army.army_rules import check
from nqcore.army.force import army
from nqcore.army.roster import roster_sheet
from nqcore.cli.commands import main
from nqcore.typography import colon
from nqprint.army_roster import roster_tex
from nqprint.latex import LETTER
from tests.engine.test_army_cli import REFUSED, write

ARMIES = Path(__file__).resolve().parents[2] / "examples" / "armies"
Capture = pytest.CaptureFixture[str]


def _sheet(name: str, lang: str) -> dict[str, Any]:
    force = army(str(ARMIES / name))
    return roster_sheet(force, check(force), lang)


def test_the_roster_lists_every_entry_priced_by_the_engine() -> None:
    force = army(str(ARMIES / "orc-warband.toml"))
    sheet = roster_sheet(force, check(force), "en")
    assert [e["name"] for e in sheet["entries"]] == [i.entry.name for i in force.entries]
    assert [e["points"] for e in sheet["entries"]] == [f"{i.points} points" for i in force.entries]
    assert sheet["total"] == f"Total: {force.total:,} points of the 2,000 agreed"
    bruisers = sheet["entries"][0]
    assert bruisers["facts"] == "core, 16 models, Ranked Formation"
    assert [p["role"] for p in bruisers["profiles"]] == [None, "Unit leader"]
    assert bruisers["profiles"][1]["name"] == "Orc Captain"
    assert "Standard Bearer: 1 model × " in " ".join(bruisers["lines"])
    bolts = next(e for e in sheet["entries"] if e["name"] == "Bolt Throwers")
    assert bolts["profiles"][0]["details"][0][0] == "Support weapon"
    assert sheet["kept"] is None or not sheet["breaches"]


def test_the_roster_in_french_with_the_breaches() -> None:
    sheet = _sheet("barrow-host.toml", "fr")
    assert (
        sheet["heading"] == "Liste d’armée" and sheet["game"] == "Une partie de 1\u202f000 points"
    )
    assert sheet["columns"][:2] == ["Nom", "Ac"]
    assert sheet["entries"][0]["kind"] == "Unité"
    assert sheet["kept"] == "L’armée respecte toutes les règles d’armée du livre."


def test_a_refused_army_lists_its_refusals_on_the_roster(tmp_path: Path) -> None:
    force = army(write(tmp_path, REFUSED))
    sheet = roster_sheet(force, check(force), "en")
    assert sheet["refused"] and sheet["kept"] is None
    refused = [b for b in sheet["breaches"] if b["kind"] == "refusal"]
    assert refused[0]["label"] == "Refused"
    assert refused[0]["text"].endswith("(rule: Units)")  # no section label on paper
    french = roster_sheet(force, check(force), "fr")["breaches"][0]["text"]
    assert french.endswith("(règle\u202f: Unités)") or french.endswith("(règle\u00a0: Unités)"), (
        french
    )


#: A support unit of warriors with no support weapon: refused (support-unit-type).
NO_WEAPON = """name = "Crewless"
points = 1000

[[support]]
name = "Dwarves"
profile = "dwarf"
models = 2
"""


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_printed_roster_says_no_builder_field(tmp_path: Path, lang: str) -> None:
    """Player round nine: the printed roster said "... only as the crew of a support weapon:
    choose one in “Support weapon”", a field of the army builder, not of the paper. The roster
    (the page's and ``nq army --pdf``'s) says the breach and its rule; the builder, where the
    weapon is chosen, still says what to do."""
    from nqcompanion.bridge.web_army import army as builder_army
    from nqcore.i18n import translator

    _ = translator(lang)
    force = army(write(tmp_path, NO_WEAPON))
    sheet = roster_sheet(force, check(force), lang)
    (refused,) = [b for b in sheet["breaches"] if b["kind"] == "refusal"]
    remedy = _("choose one in “Support weapon”")
    assert _("Support weapon") not in refused["text"] and remedy not in refused["text"], refused
    rule = _("a model of type {found} can be a support unit only as the crew of a support weapon")
    assert rule.format(found=_("elite")) in refused["text"], refused
    shown = builder_army({"toml": NO_WEAPON}, lang)
    assert remedy in json.dumps(shown, ensure_ascii=False), "the builder says what to do"
    assert remedy not in "\n".join(json.dumps(shown["roster"], ensure_ascii=False))
    assert remedy not in shown["roster_text"]


def test_no_name_reaches_latex_as_a_command() -> None:
    sheet = _sheet("barrow-host.toml", "en")
    sheet["title"] = r"\input{/etc/passwd} 100% & $x_1$"
    source = roster_tex(sheet, "en", LETTER)
    assert r"\input{/etc/passwd}" not in source
    assert r"\textbackslash{}input\{/etc/passwd\} 100\% \& \$x\_1\$" in source
    assert "letterpaper" in source


def test_a_refused_army_gets_no_roster(capsys: Capture, tmp_path: Path) -> None:
    out = tmp_path / "roster.pdf"
    code = main(["army", write(tmp_path, REFUSED), "--pdf", str(out)])
    said, err = capsys.readouterr()
    assert (code, err) == (2, "")
    assert not out.exists()
    assert said.splitlines()[-1] == (
        f"No roster printed ({out}): the army breaks a rule the book refuses"
    )


def test_without_latex_one_line_and_no_file(
    capsys: Capture, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("nqprint.latex.shutil.which", lambda name: None)
    out = tmp_path / "roster.pdf"
    for lang in ("en", "fr"):
        code = main(["--lang", lang, "army", str(ARMIES / "barrow-host.toml"), "--pdf", str(out)])
        _, err = capsys.readouterr()
        assert code == 2 and not out.exists()
        assert err.count("\n") == 1 and "Traceback" not in err
        colon = "\u00a0:" if lang == "fr" else ":"
        assert err.startswith(f"nq army{colon} {out}{colon} ")
        assert "xelatex" in err and "TeX Live" in err
        if lang == "fr":
            assert "aucune liste d’armée imprimée" in err


def test_a_roster_in_a_missing_folder_is_refused_and_no_folder_made(
    capsys: Capture, tmp_path: Path
) -> None:
    """`--pdf /nonexistent/x.pdf` made /nonexistent/ at the root: the folder is never made."""
    out = tmp_path / "missing" / "deeper" / "roster.pdf"
    for lang in ("en", "fr"):
        code = main(["--lang", lang, "army", str(ARMIES / "orc-warband.toml"), "--pdf", str(out)])
        _, err = capsys.readouterr()
        assert code == 2 and not (tmp_path / "missing").exists()
        expected = {
            "en": f"nq army: {out}: no roster printed: the folder {out.parent} does not exist\n",
            "fr": f"nq army\u00a0: {out}\u00a0: aucune liste d’armée imprimée\u00a0: "
            f"le dossier {out.parent}"
            " n’existe pas\n",
        }
        assert err == expected[lang]


def test_a_roster_is_never_written_over_a_file_that_is_not_a_pdf(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`nq army F --pdf F` wrote the roster over the army file (and a leader's file given as the
    output was lost the same way): only a PDF, a roster printed before, is replaced."""
    for example in ARMIES.glob("*.toml"):
        (tmp_path / example.name).write_bytes(example.read_bytes())
    army = tmp_path / "orc-warband.toml"
    made = tmp_path / "made.pdf"
    made.write_bytes(b"%PDF-1.5\n" * 10)
    monkeypatch.setattr("nqprint.army_roster.compile_pdf", lambda *args: made)
    before = army.read_bytes()
    for lang in ("en", "fr"):
        code = main(["--lang", lang, "army", str(army), "--pdf", str(army)])
        _, err = capsys.readouterr()
        assert code == 2 and army.read_bytes() == before
        assert err.count("\n") == 1 and err.startswith(f"nq army{colon(lang)}{army}")
        assert ("pas un PDF" if lang == "fr" else "not a PDF") in err, err
    earlier = tmp_path / "roster.pdf"
    earlier.write_bytes(b"%PDF-1.4 an earlier roster")
    assert main(["army", str(army), "--pdf", str(earlier)]) == 0
    assert earlier.read_bytes() == made.read_bytes()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
def test_a_roster_that_cannot_be_written_names_the_file(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`--pdf /dev/full` said "nq army:\u00a0: No space left on device" (no file named)."""
    made = tmp_path / "made.pdf"
    made.write_bytes(b"%PDF-1.5\n" * 1000)
    monkeypatch.setattr("nqprint.army_roster.compile_pdf", lambda *args: made)
    code = main(["army", str(ARMIES / "orc-warband.toml"), "--pdf", "/dev/full"])
    _, err = capsys.readouterr()
    assert code == 2
    assert err == "nq army: /dev/full: no roster printed: No space left on device\n"


def test_a_latex_error_says_its_cause_and_leaves_no_folder(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The roster's folder goes, printed or not; when xelatex fails, the error says its cause
    (the log it would name is gone with the folder)."""
    from nqprint.latex import LatexFailed

    folders: list[Path] = []

    def failing(source: str, target: Path, work: Path) -> Path:
        folders.append(work)
        log = work / "roster.log"
        log.write_text("! Paragraph ended before \\textbf was complete.\n", encoding="utf-8")
        raise LatexFailed(f"{work / 'roster.tex'}: ! Paragraph ended (see {log})", "! Paragraph")

    monkeypatch.setattr("nqprint.army_roster.compile_pdf", failing)
    out = tmp_path / "r.pdf"
    code = main(["army", str(ARMIES / "orc-warband.toml"), "--pdf", str(out)])
    err = capsys.readouterr().err
    assert code != 0
    assert err == f"nq army: {out}: no roster printed: roster.tex: ! Paragraph\n"
    assert folders and not folders[0].exists()


def test_the_readmes_comparison_says_the_roster_is_printed() -> None:
    """The README compares the army builder with others: its "Printed roster" row must say what
    the page ("Print the roster") and ``nq army FILE --pdf`` do, not that a roster is planned."""
    from nqcore.cli.commands import build_parser

    readme = (ARMIES.parents[1] / "README.md").read_text(encoding="utf-8")
    row = next(line for line in readme.splitlines() if line.startswith("| Printed roster |"))
    ours = row.strip("|").split("|")[-1]
    assert "not yet" not in ours and "planned" not in ours, row
    assert "Print the roster" in ours and "--pdf" in ours, row
    args = build_parser().parse_args(["army", "army.toml", "--pdf", "roster.pdf"])
    assert args.pdf == "roster.pdf"


def test_the_roster_says_the_formation_and_the_support_weapons_chassis(tmp_path: Path) -> None:
    """What the table needs: a unit's formation, and the chassis profile (T7 W3 AR5) that takes
    the hits aimed at a support weapon."""
    text = (ARMIES / "barrow-host.toml").read_text(encoding="utf-8")
    text += '\n[[support]]\nname = "Guns"\nweapon = "cannon"\nprofile = "dwarf"\ncrew = 3\n'
    force = army(write(tmp_path, text))
    english = roster_sheet(force, check(force), "en")
    assert english["entries"][0]["facts"] == "core, 20 models, Ranked Formation"
    guns = english["entries"][-1]["profiles"]
    assert [(p["role"], p["name"]) for p in guns][-1] == ("Support weapon", "Weapon Chassis")
    assert guns[-1]["values"] == ["–", "–", "–", "–", "7", "3", "–", "5"]
    french = roster_sheet(force, check(force), "fr")
    assert french["entries"][1]["facts"].endswith("Formation de tirailleur")
    assert french["entries"][-1]["profiles"][-1]["name"] == "Châssis d’arme"
    assert "Guns" in roster_tex(french, "fr", LETTER)


@pytest.mark.parametrize(
    ("lang", "army_file"),
    [("en", (ARMIES / "barrow-host.toml").read_bytes()), ("fr", REFUSED.encode())],
)
def test_the_roster_as_plain_text_says_what_the_printed_one_says(
    lang: str, army_file: bytes
) -> None:
    """The army builder's text roster (copied, or downloaded as .txt): the printed roster's
    content, in the page's language, each profile's line in aligned columns."""
    from nqcompanion.bridge.web_army import import_army

    answer = import_army(army_file, lang)
    sheet, text = answer["roster"], answer["roster_text"]
    lines = text.splitlines()
    assert lines[:2] == [sheet["title"], f"{sheet['heading']} · {sheet['game']}"]
    said = [
        sheet["total"],
        *(f"{b['label']}{sheet['colon']}{b['text']}" for b in sheet["breaches"]),
    ]
    for entry in sheet["entries"]:
        said += [f"{entry['kind']} · {entry['name']} · {entry['points']}", entry["facts"]]
        said += [f"- {line}" for line in entry["lines"]]
        said += [
            f"{label}{sheet['colon']}{text}"
            for p in entry["profiles"]
            for label, text in p["details"]
        ]
        header = next(n for n, line in enumerate(lines) if line.startswith(sheet["columns"][0]))
        assert lines[header].split() == sheet["columns"]
    assert [line for line in said if line not in lines] == []
    assert text.endswith("\n") and "\n\n\n" not in text


@pytest.mark.parametrize(
    "name", ["Goules\u00a0: voraces", "Goules\u202f!", "Goules ", "Goules  voraces"]
)
def test_an_army_nq_reads_the_page_imports_whatever_its_names_white_space(name: str) -> None:
    """A name the engine reads with its white space as one space (a French no-break space
    before « : », a trailing space): the page's import found no entry by the file's spelling
    and refused the file, naming nothing (attack round twenty)."""
    from nqcompanion.bridge.web_army import import_army

    examples = Path(__file__).parents[2] / "examples" / "armies"
    host = (examples / "barrow-host.toml").read_text(encoding="utf-8")
    second = tomllib.loads(host)["unit"][1]["name"]
    changed = host.replace(f'"{second}"', json.dumps(name, ensure_ascii=False), 1)
    answer = import_army(changed.encode("utf-8"), "fr", "army.toml")
    assert "error" not in answer, answer.get("error")


def test_a_roster_to_a_pipe_says_why_in_words(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`--pdf /dev/stdout` (a pipe) said "no roster printed: None" (attack round twenty-five,
    finding 10): the reason is given in words, in both languages."""
    made = tmp_path / "made.pdf"
    made.write_bytes(b"%PDF-1.5\n" * 10)
    monkeypatch.setattr("nqprint.army_roster.compile_pdf", lambda *args: made)
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    expected = {"en": "it is not a regular file", "fr": "ce n’est pas un fichier ordinaire"}
    for lang in ("en", "fr"):
        code = main(["--lang", lang, "army", str(ARMIES / "orc-warband.toml"), "--pdf", str(pipe)])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1, err
        assert err.startswith(f"nq army{colon(lang)}{pipe}") and expected[lang] in err, err
        assert "None" not in err


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_mount_has_its_own_line_on_the_roster(lang: str) -> None:
    """Player round thirty (F9): the Wight Lord's roster line left out his Zombie Dragon's RA 3,
    CC 6, ST 7, which the book prints on a line of its own under the Wight's; the text and the
    LaTeX roster give it the same line as the page's."""
    from nqcore.army.roster import roster_text
    from nqcore.tables.profile_tables import sample_profile_table
    from nqcore.tables.table_text import cell_text

    sheet = _sheet("barrow-host.toml", lang)
    lord = next(e for e in sheet["entries"] if e["name"] == "The Wight Lord")
    (dragon,) = lord["profiles"][0]["elements"]
    book = sample_profile_table("wight-lord-on-zombie-dragon").rows[1]  # Name, AC ... CO, AR
    line = [dragon["name"], *dragon["values"]]
    assert line == [cell_text(cell, lang) for cell in book[:9]], line
    assert "3" in line and "7" in line, line  # the Dragon's RA and ST, not dashes only
    assert any(row.split() == line for row in roster_text(sheet).splitlines())
    assert " & ".join(line) + r" \\" in roster_tex(sheet, lang, LETTER)
