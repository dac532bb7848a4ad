"""Errata are data: every record complete, ids unique, each section a real docs section, and the
engine doing what each record says it does."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from nqcore.book.errata import CHECKS, KINDS, ErrataError, all_errata, errata_for, parse_errata
from tests.building import ROOT
from tests.engine.errata_records import erratum_file


def docs_labels() -> set[str]:
    labels = set()
    for page in (ROOT / "docs").rglob("*.md"):
        labels |= set(re.findall(r"^\(([a-z0-9-]+)\)=$", page.read_text(encoding="utf-8"), re.M))
    from nqcore.rules.mutations import all_mutations
    from nqcore.rules.spells import all_spells

    labels |= {f"spell-{s.key}" for s in all_spells()}
    labels |= {f"mutation-{m.key}" for m in all_mutations()}
    return labels


def test_errata_load_and_have_unique_ids() -> None:
    errata = all_errata()
    assert len({e.id for e in errata}) == len(errata)


def test_records_of_both_kinds_and_every_check() -> None:
    """The book's reading for its contradictions found records of each kind and each check."""
    kinds = Counter(e.kind for e in all_errata())
    assert set(kinds) == set(KINDS)
    assert kinds["erratum"] >= 55 and kinds["open-question"] >= 19
    assert {e.check for e in all_errata()} == set(CHECKS)


def test_the_fog_upkeep_erratum() -> None:
    (fog,) = [e for e in errata_for("spell-list") if e.id == "spell-list-fog-upkeep"]
    assert (fog.printed, fog.correct, fog.section) == ("3", "6", "spell-list")
    assert fog in errata_for("spell-fog")  # where the card's reading is printed


def test_every_section_of_every_erratum_is_a_label_of_the_docs() -> None:
    labels = docs_labels()
    unknown = [(e.id, label) for e in all_errata() for label in e.sections if label not in labels]
    assert not unknown


EXAMPLE_ERRATA = re.compile(r"^:{3,}\{example\}\n(?::result:.*\n)?(?::erratum: (.*)\n)?", re.M)
HEADING = re.compile(r"^(#+) ", re.M)


def examples_errata_by_section() -> dict[str, list[set[str]]]:
    """Each docs section label: the errata ids of each ``{example}`` printed in it (its own text and
    its subsections', up to the next heading of its level or above)."""
    found: dict[str, list[set[str]]] = {}
    for page in (ROOT / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        for label in re.finditer(r"^\(([a-z0-9-]+)\)=\n(#+) ", text, re.M):
            level = len(label[2])
            ends = [m.start() for m in HEADING.finditer(text, label.end()) if len(m[1]) <= level]
            body = text[label.end() : ends[0] if ends else len(text)]
            found[label[1]] = [
                set((m[1] or "").replace(",", " ").split()) for m in EXAMPLE_ERRATA.finditer(body)
            ]
    return found


def test_every_erratum_of_an_example_is_in_that_examples_corrected_line() -> None:
    """An erratum whose subject is a worked example ("... example: ...") corrects that example:
    the example, printed in the erratum's first section, names it in its ``:erratum:`` option, so
    that its "Corrected from the 2007 printing" line links every correction made to it."""
    by_section = examples_errata_by_section()
    missing = [
        (e.id, e.section)
        for e in all_errata()
        if e.kind == "erratum" and re.search(r"\bexample: ", str(e.subject))
        if not any(e.id in ids for ids in by_section.get(e.section, []))
    ]
    assert not missing


def test_an_erratum_of_an_example_is_not_drawn_again_at_its_chapters_opener() -> None:
    """A note is drawn under every section a record names: an erratum of a worked example that
    also named the chapter holding the example drew the same box at the chapter's opening and a
    page later at the example's section ("Ranged Attack Modifiers example: the archer's bow",
    proof round fourteen). The example's section carries it, with its "Corrected from the 2007
    printing" line."""
    chapters = {}
    for page in (ROOT / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        chapter = re.search(r"^\(([a-z0-9-]+)\)=\n# ", text, re.M)
        for label in re.findall(r"^\(([a-z0-9-]+)\)=$", text, re.M):
            chapters[label] = chapter[1] if chapter else ""
    drawn_twice = [
        (e.id, chapters[e.section])
        for e in all_errata()
        if re.search(r"\bexample: ", str(e.subject)) and e.section in chapters
        if chapters[e.section] != e.section and chapters[e.section] in e.sections
    ]
    assert drawn_twice == []


def _record(**fields: object) -> dict[str, object]:
    return erratum_file(**fields)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"why": ""}, r"missing field\(s\) why"),
        ({"upkep": 2}, r"unknown field\(s\) upkep"),
        ({"kind": "typo"}, r"field kind is 'typo', not one of erratum, open-question"),
        ({"check": "maths"}, r"field check is 'maths', not one of arithmetic, "),
        ({"sections": "s"}, r"field sections must be a list of section labels"),
        ({"sections": ["s", "s"]}, r"field sections names a section twice"),
        ({"printed_in": ["t"]}, r"field printed_in must list labels of its sections"),
        ({"sections": ["s", "t"], "printed_in": ["t", "t"]}, r"field printed_in names a section "),
    ],
)
def test_a_malformed_erratum_is_named(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ErrataError, match=r"^x\.toml, erratum #1 \(a\): " + message):
        parse_errata(_record(**fields), "x.toml")


def test_a_well_formed_record_parses() -> None:
    (record,) = parse_errata(_record(sections=["s", "t"]), "x.toml")
    assert (record.kind, record.check, record.sections, record.section) == (
        "erratum",
        "price",
        ("s", "t"),
        "s",
    )


def test_a_record_names_the_sections_that_print_the_reading_not_followed() -> None:
    """By default the first; ``printed_in`` where the rule's two halves are printed apart (the
    parry of Close Combat and of Abilities, proof round fourteen)."""
    (plain,) = parse_errata(_record(sections=["s", "t"]), "x.toml")
    (both,) = parse_errata(_record(sections=["s", "t"], printed_in=["s", "t"]), "x.toml")
    assert (plain.printed_sections, both.printed_sections) == (("s",), ("s", "t"))


def by_id(record_id: str) -> str:
    (record,) = [e for e in all_errata() if e.id == record_id]
    return record.correct


def test_the_d5_record_states_the_engines_rule() -> None:
    from nqcore.rules.dice import D5_RULE, d5_from_d10

    assert by_id("d5-undefined") == D5_RULE
    assert [d5_from_d10(face) for face in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_infiltrate_summary_follows_its_erratum() -> None:
    """The ability's summary (and so `nq export`) says seven models and line of sight, as the
    errata say the engine does; it said six before."""
    from nqcore.army.features import abilities

    (summary,) = [a.summary for a in abilities() if a.key == "infiltrate"]
    assert "seven" in by_id("infiltrate-maximum-models") and "seven" in summary
    assert "six" not in summary and "line of sight" in summary
