"""The prose inside code rendered in a page's language (nqsphinx/languages/code_prose.py),
without a build; tests/site/test_pseudo_language.py checks the built pages."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqcore.i18n import format_percent
from nqsphinx.languages import console
from nqsphinx.languages.code_prose import (
    _elided,
    comments,
    printed_in_language,
    session_in_language,
    strings_in_language,
)
from nqsphinx.languages.console import (
    console_in_language,
    differences,
    named_language,
    page_problems,
)
from nqsphinx.languages.page_runs import answers
from tests.building import ROOT

SESSION = """\
>>> from nqcore.cli.commands import main
>>> status = main(["cast", "5", "--wizardry", "2"])  # a level 5 spell
Casting a level 5 spell at wizardry level 2
Modifiers: Wizardry level +2
Roll needed: 7 or less
Chance: 70.0%
>>> text = "# not a comment"  # doctest: +ELLIPSIS
"""


def test_comments_are_the_readers_not_doctests_nor_strings() -> None:
    assert comments(SESSION) == ["a level 5 spell"]


def test_a_session_shows_the_commands_answer_and_its_comments_in_french() -> None:
    (runs,) = answers("fr", [("doctest", SESSION)])
    shown = session_in_language(SESSION, "fr", {"a level 5 spell": "un sort de niveau 5"}, runs)
    assert shown.splitlines()[1:6] == [
        '>>> status = main(["cast", "5", "--wizardry", "2"])  # un sort de niveau 5',
        "Lancer un sort de niveau 5 avec un niveau de magie 2",
        "Modificateurs\u00a0: Niveau de magie +2",
        "Résultat nécessaire\u00a0: 7 ou moins",
        f"Probabilité\u00a0: {format_percent(Fraction(7, 10), 'fr', 1)}",
    ]
    assert shown.splitlines()[6] == SESSION.splitlines()[6]  # code stays code


def test_a_later_session_of_the_page_uses_the_names_of_the_earlier_ones() -> None:
    later = '>>> status = main(["move", "6", "--ability", "flying"])\nMovement with 6 AC\n'
    later += 'Movement ability: Flying\nDistance: 15"\n'
    _, runs = answers(
        "fr", [("doctest", ">>> from nqcore.cli.commands import main\n"), ("doctest", later)]
    )
    shown = session_in_language(later, "fr", {}, runs)
    assert shown.splitlines()[1:] == [
        "Déplacement avec 6 Ac",
        "Capacité de mouvement\u00a0: Vol",
        'Distance\u00a0: 15"',
    ]


def test_elided_parts_stay_elided_in_the_other_language() -> None:
    want = "Points of the profile in .../men.toml\nName: Men\n"
    english = "Points of the profile in /tmp/x1/men.toml\nName: Men\n"
    french = "Points du profil de /tmp/x1/men.toml\nNom\u00a0: Hommes\n"
    assert printed_in_language(want, english, french) == (
        "Points du profil de .../men.toml\nNom\u00a0: Hommes\n"
    )
    want = "Errata\n...\n- Fog: upkeep: 3 → 6. ...\n"
    english = "Errata\n- Axe: 1.\n- Fog: upkeep: 3 → 6. The card. The list.\n"
    french = (
        "Errata FR\n- Hache\u00a0: 1.\n"
        "- Brouillard\u00a0: maintien\u00a0: 3 → 6. La carte. La liste.\n"
    )
    assert printed_in_language(want, english, french) == (
        "Errata FR\n...\n- Brouillard\u00a0: maintien\u00a0: 3 → 6. ...\n"
    )


def test_many_elisions_on_a_long_line_are_matched_at_once() -> None:
    """``...e`` forty times against a line of 840 characters with no "er has more" at its end
    (a regular expression backtracked there for minutes, attacker round 30), then a match."""
    want = "...e" * 40 + "...er has more.\n"
    english = "abcdefe" * 120 + "x\n"
    assert printed_in_language(want, english, english) is None
    english = "abcdefe" * 120 + "er has more.\n"
    assert printed_in_language(want, english, english) == want


@given(
    st.lists(st.sampled_from(["a", "b", "...", ".", "ab"]), max_size=6).map("".join),
    st.text(alphabet="ab.", max_size=10),
)
def test_elided_parts_are_doctests_shortest_from_the_left(want: str, got: str) -> None:
    """The same parts as the regular expression ``(.*?)`` between the shown pieces."""
    pattern = "(.*?)".join(re.escape(part) for part in want.split("..."))
    match = re.fullmatch(pattern, got, re.DOTALL)
    assert _elided(want, got) == (list(match.groups()) if match else None)


def test_a_want_the_output_does_not_match_is_left_alone() -> None:
    assert (
        printed_in_language("Roll needed: 8 or less\n", "Roll needed: 7 or less\n", "x\n") is None
    )


def test_engine_messages_in_results_are_translated_other_strings_kept() -> None:
    want = "(3, 'Half of the starting number lost', 'Dark Unicorn', True)\n"
    assert strings_in_language(want, "fr") == (
        "(3, 'La moitié de l’effectif de départ perdue', 'Dark Unicorn', True)\n"
    )


def test_a_console_block_of_nq_shows_the_french_answer() -> None:
    text = "$ nq cast 5 --wizardry 2\nCasting a level 5 spell at wizardry level 2\n"
    text += "Modifiers: Wizardry level +2\n"
    text += "Roll needed: 7 or less\nChance: 70.0%"
    assert console_in_language(text, "fr").splitlines() == [
        "$ nq --lang fr cast 5 --wizardry 2",
        "Lancer un sort de niveau 5 avec un niveau de magie 2",
        "Modificateurs\u00a0: Niveau de magie +2",
        "Résultat nécessaire\u00a0: 7 ou moins",
        f"Probabilité\u00a0: {format_percent(Fraction(7, 10), 'fr', 1)}",
    ]
    edited = text.replace("7 or less", "6 or less")  # not the command's answer: left alone
    assert console_in_language(edited, "fr") == edited


def test_a_catalogues_comment_is_shown_never_run() -> None:
    """A translated comment is text on the comment's line: a line break in it adds no code."""
    session = '>>> from nqcore.cli.commands import main  # the command\n>>> len("ab")  # two\n2\n'
    hostile = {"the command": "la commande\nimport os; os._exit(1)", "two": "deux"}
    shown = session_in_language(session, "fr", hostile)
    assert shown.splitlines() == [
        ">>> from nqcore.cli.commands import main  # la commande import os; os._exit(1)",
        '>>> len("ab")  # deux',
        "2",
    ]


def _nq_page_sessions() -> list[str]:
    import re
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "nq.md"
    return re.findall(r"```console\n(.*?)```", page.read_text(encoding="utf-8"), re.DOTALL)


def test_the_nq_page_shows_terminal_sessions_in_both_languages() -> None:
    """A player types ``nq cast ...`` in a terminal: the page shows that, never Python's
    ``main([...])``; the French page shows ``$ nq --lang fr ...`` and the French answers, each
    session run again as the French page writes it."""
    from pathlib import Path

    page = (Path(__file__).resolve().parents[1] / "docs" / "nq.md").read_text(encoding="utf-8")
    assert ">>>" not in page and "{doctest}" not in page
    sessions = _nq_page_sessions()
    commands = [line for s in sessions for line in s.splitlines() if line.startswith("$ nq ")]
    assert len(commands) >= 15, commands
    for session in sessions:
        assert differences(session) == [], session
        french = console_in_language(session, "fr")
        assert differences(french) == [], french
        shown = [line for line in french.splitlines() if line.startswith("$ nq ")]
        assert all(line.startswith("$ nq --lang fr ") for line in shown), shown
    french = console_in_language(sessions[1], "fr")
    assert "$ nq --lang fr cast --spell Fireball --wizardry 1 --concentrate" in french
    assert "Résultat nécessaire\u00a0: 5 ou moins" in french and "Roll needed" not in french


def test_a_session_step_that_is_not_the_commands_answer_is_reported() -> None:
    wrong = "$ nq cast 5 --wizardry 2\nCasting a level 5 spell at wizardry level 2\nRoll needed: 6"
    (found,) = differences(wrong)
    assert "Roll needed: 6" in found and "Roll needed: 7 or less" in found
    with pytest.raises(ValueError, match="not: rm -rf x"):
        differences("$ rm -rf x\n")


@pytest.mark.parametrize(
    ("session", "said"),
    [
        ("$ nq points /usr/lib/python3/dist-packages/x.toml\nnq points: ...\n", "reads '/usr/"),
        ("$ nq army ../../../../etc/hostname\n...\n", "reads '../../../../etc/hostname'"),
        ("$ nq army --pdf=/tmp/out.pdf army.toml\n...\n", "reads '--pdf=/tmp/out.pdf'"),
        ("$ nq cast 5 --wizardry 2 --lang=en\n...\n", "names --lang en"),
        ("$ nq --lang=fr cast 5 --wizardry 2 --lang en\n...\n", "names --lang en"),
    ],
)
def test_a_session_reading_outside_or_naming_english_is_refused(session: str, said: str) -> None:
    """Attack twelve: a session's ``nq points /usr/...`` printed that file's keys on the French
    page; ``--lang=en`` showed English under the French page's ``--lang fr``."""
    for lang in ("en", "fr"):
        with pytest.raises(ValueError, match=f"a session's command {re.escape(said)}"):
            console_in_language(session, lang) if lang != "en" else differences(session)


def test_a_session_reads_the_files_it_shows_by_any_name() -> None:
    shown = console_in_language("$ cat /tmp/x.toml\nname = 1\n$ nq points /tmp/x.toml\n...\n", "fr")
    assert "$ nq --lang fr points /tmp/x.toml" in shown
    assert named_language(["nq", "--lang=fr", "cast"]) == "fr"
    assert named_language(["nq", "--lang", "fr"]) == "fr" and named_language(["nq", "-l"]) is None


@pytest.mark.parametrize(
    "command",
    [
        "nq cast 5 --wizardry 2 --lang fr --lang en",
        "nq --lang=fr cast 5 --wizardry 2 --lang=en",
        "nq --lang en --lang=fr cast 5 --wizardry 2 --lang en",
        "nq cast 5 --wizardry 2 --lang en --bogus",
    ],
)
def test_a_session_naming_english_in_any_form_is_refused(command: str) -> None:
    """The last ``--lang`` is the one ``nq`` reads: a French page would show English."""
    session = "$ nq cast 5 --wizardry 2\n...\n$ " + command + "\n...\n"
    with pytest.raises(ValueError, match="line 3: a session's command names --lang en"):
        console_in_language(session, "fr")


@pytest.mark.parametrize("option", ["--l en", "--l=en", "--lang fr --l en", "--la en"])
def test_a_session_abbreviating_the_language_is_nqs_refusal(option: str) -> None:
    """No abbreviation is an option of ``nq``: ``--l en`` is refused by ``nq``, so the English
    answer shown after it is not what the command prints (the page's check reports the step)."""
    english = "Casting a level 5 spell at wizardry level 2\nRoll needed: 7 or less\nChance: 70.0%\n"
    session = f"$ nq cast 5 --wizardry 2 {option}\n{english}"
    (found,) = differences(session)
    assert "--- printed:\nnq" in found and option.split()[-1] in found.split("--- printed:")[1]
    assert "Roll needed" not in found.split("--- printed:")[1]


@pytest.mark.parametrize(
    "command", ["nq morale --help", "nq --help", "nq cast -h", "nq --lang fr cast 5 --help"]
)
def test_a_session_asking_for_help_is_refused(command: str) -> None:
    """argparse's help is English on every page: the French page showed it under its command."""
    session = "$ nq cast 5 --wizardry 2\n...\n$ " + command + "\n...\n"
    with pytest.raises(ValueError, match="line 3: a session's command asks for --help"):
        console_in_language(session, "fr")


def test_the_language_a_command_names_is_the_one_nq_reads() -> None:
    assert named_language(["nq", "cast", "5", "--lang", "fr", "--lang", "en"]) == "en"
    assert named_language(["nq", "--lang", "en", "cast", "5", "--lang", "fr"]) == "fr"
    assert named_language(["nq", "cast", "5", "--", "--lang", "en"]) is None
    assert named_language(["nq", "cast", "--l", "en"]) is None  # no option of nq
    assert named_language(["nq", "cast", "--lang", "en", "--bogus"]) == "en"  # nq's refusal's


@pytest.mark.parametrize(
    ("session", "said"),
    [
        ('$ cat .\nname = "X"\n', "line 1: `cat .` shows no file"),
        ('$ cat army/\nname = "X"\n', "line 1: `cat army/` shows no file"),
        ('$ nq cast 5\n...\n$ nq points "\n...\n', "line 3: a session's command cannot be read"),
        (f"$ cat {'a' * 300}.toml\nx = 1\n", "line 1: `cat aaa"),
    ],
)
def test_a_session_that_cannot_run_is_one_line(session: str, said: str) -> None:
    for check in (differences, lambda text: console_in_language(text, "fr")):
        with pytest.raises(ValueError, match=re.escape(said)) as refused:
            check(session)
        assert len(str(refused.value).splitlines()) == 1


def test_a_session_that_cannot_run_fails_its_page_at_its_line(tmp_path: Path) -> None:
    """The examples' run (the Makefile's verify-examples) names the page and the step's line in
    one line: no traceback of the session runner."""
    (tmp_path / "docs").mkdir()
    page = tmp_path / "docs" / "page.md"
    page.write_text('# A page\n\n```console\n$ nq cast 5\n...\n$ cat .\nname = "X"\n```\n')
    env = {**os.environ, "NQ_IN_SANDBOX": "1", "PYTHONPATH": str(Path(__file__).parents[1])}
    command = [sys.executable, "-m", "pytest", "docs/page.md", "-q", "--tb=short", "-o", "addopts="]
    ran = subprocess.run(
        [*command, "-p", "no:cacheprovider", "-p", "nqsphinx.page_examples"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 1, ran.stdout + ran.stderr
    assert "page.md:6: `cat .` shows no file" in ran.stdout, ran.stdout
    assert "Traceback" not in ran.stdout and "pathlib" not in ran.stdout, ran.stdout


def test_a_session_reading_through_a_symlink_or_outside_the_project_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A relative path may still lead out of the project: a link (a file's or a folder's) or a
    working folder outside it; ``nq`` would print on the page what it reads of that file."""
    outside = tmp_path / "outside.toml"
    outside.write_text('name = "Secret"\n', encoding="utf-8")
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "gyp.toml").symlink_to(outside)
    (tmp_path / "tools" / "u").symlink_to(tmp_path)
    monkeypatch.chdir(tmp_path)
    for path in ("tools/gyp.toml", "tools/u/outside.toml", "outside.toml", "./tools/u"):
        session = f"$ nq cast 5 --wizardry 2\n...\n$ nq points {path}\n...\n"
        (found,) = page_problems(session, "docs/nq.md", 10)
        assert found.startswith(f"docs/nq.md:12: a session's command reads {path!r}"), found
        with pytest.raises(ValueError, match="line 3: a session's command reads"):
            console_in_language(session, "fr")


def test_a_session_of_the_export_is_refused_on_a_translated_page() -> None:
    """``nq export`` prints the same English data in every language: the French page showed it
    as the French answer."""
    session = '$ nq cast 5 --wizardry 2\n...\n$ nq export\n{\n "schema": "nqcore-export",\n...\n'
    assert differences(session) == []  # the English page shows what it prints
    with pytest.raises(ValueError, match="line 3: a session's command writes the export"):
        console_in_language(session, "fr")


def test_a_session_whose_french_lines_cannot_be_matched_is_refused_at_its_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An elided answer (``...``) the French answer cannot match line for line (one more line in
    French) is refused at the step's line: the French page showed the English lines, silently."""
    import nqsphinx.languages.console as console

    english = "Casting a level 5 spell\nRoll needed: 7 or less\nChance: 70.0%\n"
    french = "Lancer un sort\nde niveau 5\nRésultat nécessaire : 7 ou moins\nProbabilité : 70 %\n"
    monkeypatch.setattr(console, "printed", lambda argv: french if "fr" in argv else english)
    text = "$ nq cast 5\nCasting a level 5 spell\n...\nChance: 70.0%\n"
    with pytest.raises(console.SessionRefused) as refused:
        console_in_language(text, "fr")
    assert refused.value.line == 1 and "match no lines of the answer in fr" in refused.value.why
    whole = "$ nq cast 5\n" + english  # nothing elided: the French answer whole
    assert console_in_language(whole, "fr") == "$ nq --lang fr cast 5\n" + french


def test_a_sessions_refusal_names_the_file_as_it_was_typed() -> None:
    """The runner keeps the shown files in a scratch folder: a refusal named that folder's path
    ("/tmp/nq-session-…/orc.toml"), which no page can show."""
    session = "$ cat orc.toml\nname = 1\n$ nq points orc.toml\n"
    said = "nq points: orc.toml: missing field(s) ac, st, t, w, co, ra, cc\n..."
    assert differences(session + said) == []
    assert "nq points\u00a0: orc.toml\u00a0: champ(s) manquant(s)" in console_in_language(
        session + said, "fr"
    )


def test_a_session_runs_nq_in_its_scratch_folder_never_the_projects(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack round 33: ``nq army FILE --pdf _build/html/x.html`` passed the path checks (a file
    not there yet) and, run outside the build's sandbox, wrote into the build's output; a
    project file named by a relative path (README.md) was read.  The session's ``nq`` runs in
    its scratch folder: what it writes goes there and is gone with it; README.md is not found."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "out").mkdir()
    console.run("$ nq export --output out/data.json\n...\n")  # no out/ there: refused
    console.run("$ nq export --output data.json\n")  # written there, gone with it
    assert not list((tmp_path / "out").iterdir()) and not (tmp_path / "data.json").exists()
    monkeypatch.chdir(ROOT)  # the project's README.md: not in the scratch folder
    said = console.run("$ nq points README.md\n...\n")[-1][1]
    assert said.startswith("nq points: README.md: ") and "No Quarter" not in said, said
