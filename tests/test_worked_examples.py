"""Every worked example of the book is executable: each ``{example}`` block of the Markdown holds a
doctest (run by Sybil, ``nqsphinx/page_examples.py``), and each ``:erratum:`` it names is an
erratum."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import po
from nqcore.book.errata import all_errata
from nqsphinx.directives.example_view import engine_result
from tests.building import ROOT

PAGES = sorted((ROOT / "docs").glob("*.md"))
_EXAMPLE = re.compile(r"^:::\{example\}\n(.*?)^:::$", re.MULTILINE | re.DOTALL)
_ERRATUM = re.compile(r"^:erratum:\s*(.+)$", re.MULTILINE)


def examples(page: Path) -> list[tuple[int, str]]:
    """The ``{example}`` blocks of a page: the line each starts on and its body."""
    text = page.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 1, m[1]) for m in _EXAMPLE.finditer(text)]


def test_the_pages_have_examples() -> None:
    assert sum(len(examples(page)) for page in PAGES) >= 40


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_has_a_doctest(page: Path) -> None:
    missing = [line for line, body in examples(page) if "```{doctest}" not in body]
    assert not missing, f"{page.name}: examples without a doctest at lines {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_example_erratum_exists(page: Path) -> None:
    known = {e.id for e in all_errata()}
    named = [
        i
        for _, body in examples(page)
        for m in _ERRATUM.finditer(body)
        for i in m[1].replace(",", " ").split()
    ]
    assert not set(named) - known, f"{page.name}: unknown errata {set(named) - known}"


def test_the_example_block_reader(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(
        "# Title\n\n:::{example}\n:erratum: a, b\n\nText.\n\n```{doctest}\n>>> 1\n1\n```\n:::\n"
        ":::{example}\nNo doctest.\n:::\n",
        encoding="utf-8",
    )
    (first, second) = examples(page)
    assert first[0] == 3 and "```{doctest}" in first[1] and "```{doctest}" not in second[1]
    assert _ERRATUM.findall(first[1]) == ["a, b"]


_RESULT = re.compile(r"^:result:\s*(.+)$", re.MULTILINE)
_DOCTEST = re.compile(r"^```\{doctest\}\n(.*?)^```$", re.MULTILINE | re.DOTALL)
#: Examples (page, line) reviewed to show their engine number alone; none so far: a bare "3"
#: under an example does not say whether it counts attacks, actions or points.
BARE_NUMBER_REVIEWED: frozenset[tuple[str, int]] = frozenset()


def bare_numbers(page: Path) -> list[int]:
    """The lines of the examples whose checked line would show a number without its words."""
    found = []
    for line, body in examples(page):
        code = _DOCTEST.findall(body)
        words = _RESULT.search(body)
        if not code or (page.name, line) in BARE_NUMBER_REVIEWED:
            continue
        shown = engine_result(code[-1], "en", words[1] if words else None)
        if engine_result(code[-1], "en") is not None and (words is None or shown is None):
            found.append(line)
    return found


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_example_checks_a_bare_number(page: Path) -> None:
    """Each number the engine checks says what it counts (``:result: {} attacks``), and its
    words have a slot for each number the doctest ends on."""
    assert bare_numbers(page) == [], f"{page.name}: examples without :result: at these lines"


def test_the_bare_number_check_can_fail(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    fence = "```{doctest}\n>>> 1 + 2\n3\n```\n"
    page.write_text(
        f":::{{example}}\nBare.\n\n{fence}:::\n:::{{example}}\n:result: {{}} attacks\n\n"
        f"Said.\n\n{fence}:::\n:::{{example}}\n:result: {{}} and {{}}\n\n"
        f"Two slots.\n\n{fence}:::\n",
        encoding="utf-8",
    )
    assert bare_numbers(page) == [1, 19]


def test_the_french_result_words_keep_their_slots() -> None:
    """A French ``:result:`` that loses its ``{}`` would drop the engine's number."""
    wrong = []
    for page in PAGES:
        words = {m[1] for _, body in examples(page) for m in _RESULT.finditer(body)}
        if not words:
            continue
        path = ROOT / "locale" / "fr" / "LC_MESSAGES" / f"{page.stem}.po"
        catalogue = po.read(path.read_bytes())
        live = len(po.messages(catalogue))  # the obsolete entries after them: never translated
        for index, entry in enumerate(po.messages(catalogue, obsolete=True)):
            if entry.id in words and entry.string.count("{}") != entry.id.count("{}"):
                wrong.append((page.stem, entry.id, entry.string))
            words.discard(entry.id if index < live and po.translated(entry) else "")
        assert not words, f"{page.stem}.po lacks the French of {sorted(words)}"
    assert wrong == []


def test_the_momentum_examples_teach_this_editions_reading() -> None:
    """The second Momentum Attack example taught the 2007 misreading (the bonus only after all
    actions were spent on the charge); this edition's reading is the first action's, as the rule,
    the first example and the Weapon Profile example (10 - 4 + 3 = 9) teach, with the erratum's
    line under it like the book's other corrected examples."""
    body, french = _example_and_french("actions", "THEN charges")
    assert "used all of its available actions" not in body
    assert "first action" in body
    assert "momentum-attack-condition" in _ERRATUM.findall(body)[0].split()
    assert "première action" in french and "toutes ses actions" not in french


def test_examples_teach_as_plainly_as_a_publisher_would() -> None:
    """The Dwarf axemen's sum is of their casualties, and half of 16 is what is left: 9 lost, 7
    of 16 left; the second momentum example is an example (a unit that fired, then charged), not
    the rule again, and adds the 3 actions to what is left, not what is left to them; the movement
    chart's caption says what its bars show, not "2 for 3, 2 for 4, 2 for 5"."""
    morale, morale_fr = _example_and_french("morale", "they have lost 9 warriors")
    assert "3+4+2=9" not in morale and "7 are left" in morale
    assert "9" in morale_fr and "7" in morale_fr
    momentum, momentum_fr = _example_and_french("actions", "THEN charges")
    assert "If a model used any of its actions" not in momentum  # the rule, stated above it
    assert "are added to it" not in momentum
    assert "add the 3 bonus actions (AC) to the actions it had left" in momentum
    assert "3" in momentum_fr
    actions = (ROOT / "docs" / "actions.md").read_text(encoding="utf-8")
    assert "2 for 3, 2 for 4, 2 for 5" not in actions
    caption = re.search(r"```\{nq-movement-abilities\}\n(?::.*\n)*\n(.*)\n```", actions)
    assert caption is not None and "actions (AC)" in caption[1], caption


def _example_and_french(page: str, words: str) -> tuple[str, str]:
    """The one example of ``docs/<page>.md`` whose prose holds ``words``, and its French."""
    (body,) = [body for _, body in examples(ROOT / "docs" / f"{page}.md") if words in body]
    path = ROOT / "locale" / "fr" / "LC_MESSAGES" / f"{page}.po"
    (entry,) = [m for m in po.messages(po.read(path.read_bytes())) if words in m.id]
    assert po.translated(entry), entry.id
    return body, entry.string


def test_the_chariot_crew_example_teaches_this_editions_reading() -> None:
    """The 2007 example let the driver strike with the 3 momentum actions and the lance weaponeer
    wait for 5; its erratum and the combination rules just above it say the crew strike together
    at the higher cost, 5 actions: the example teaches that, with the erratum's line."""
    body, french = _example_and_french("creating-a-profile", "driver and lance weaponeer")
    assert "may attack immediately" not in body and "cannot attack until" not in body
    assert "both attack" in body
    assert "chariot-crew-example-use-cost" in _ERRATUM.findall(body)[0].split()
    assert "attaquer immédiatement" not in french and "attaquent tous deux" in french


def test_the_warlord_example_gives_the_profiles_broadsword() -> None:
    """The Warlord's profile gives a Broadsword; the 2007 example armed him with a heavy axe,
    which the armoury lacks. The ability's level stays with its name, before its page reference
    (as "the fear (1) ability"), and the corrected line names the weapon's erratum too."""
    body, french = _example_and_french("creating-a-profile", "An Orc Warlord mounted on a Dragon")
    assert "heavy axe" not in body and "broadsword" in body
    assert "{ref}`extra attack (x2) <extra-attack>` ability" in body
    assert "warlord-example-heavy-axe" in _ERRATUM.findall(body)[0].split()
    assert "hache lourde" not in french and "épée à lame large" in french
    assert "{ref}`Attaque supplémentaire (x2) <extra-attack>`" in french


def test_a_refused_data_file_stops_the_examples_in_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An engine data file its schema refuses (``upkeep = "lots"``) ran the examples anyway:
    five tracebacks and name errors, the refusal inside them (attack round twenty-two). The
    pages' plugin names it before any example runs."""
    from nqcore.data import datafiles
    from nqsphinx import page_examples as pages

    said = "nqcore/data/spells.toml, spell #7 (quickening), field upkeep: expected int | null"

    def load(name: str) -> object:
        if name == "spells.toml":
            raise datafiles.DataFileError(said)
        return {}

    monkeypatch.setattr(datafiles, "load", load)
    assert pages.data_problems() == [f"Refused input: {said}"]
    with pytest.raises(pytest.UsageError, match="Refused input: nqcore/data/spells.toml"):
        pages.pytest_sessionstart(None)
