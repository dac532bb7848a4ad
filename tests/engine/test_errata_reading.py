"""The errata reading log (tools/errata-reading.md) proves that no section of the book was skipped:
one entry per section label of the book's chapters (docs/*.md, but the pages the 2007 book does
not have), each naming only records that exist, and every record named by the entry of some
section."""

from __future__ import annotations

import re
from fractions import Fraction

from nqcore.book.errata import all_errata
from nqsphinx.directives.glossary import GLOSSARY_FILE, load_terms
from tests.building import ROOT
from tests.engine.test_errata import docs_labels

LOG = ROOT / "tools" / "errata-reading.md"
#: Pages that are not the 2007 book's text: the start page, the editors' and players' pages the
#: project added, and the pages made from the engine's records.
NOT_THE_BOOK = frozenset(
    {
        "index",
        "at-the-table",
        "coverage",
        "credits",
        "edition-changes",
        "errata",
        "glossary",
        "nq",
        "odds",
    }
)
#: Each entry ends in a verdict: a record found (→), nothing, or what was found to agree.
VERDICTS = ("→", "Nothing", "correct", "same", "consistent", "identical", "agree")
ENTRY = re.compile(r"^- `([a-z0-9-]+)`[^:]*: (.+)$", re.M)


def log_body() -> str:
    """The entries, after the log's introduction and checklist."""
    text = LOG.read_text(encoding="utf-8")
    return text[text.index("\n## docs/") :]


def entries() -> dict[str, str]:
    found: dict[str, str] = {}
    for label, text in ENTRY.findall(log_body()):
        assert label not in found, f"{LOG.name}: {label} has two entries"
        found[label] = text
    return found


def book_labels() -> list[str]:
    """The section labels of the book's chapters, read from their sources: not the labels of
    the paragraphs that define glossary terms (their ``target``), which are no sections."""
    terms = load_terms(ROOT / "docs" / GLOSSARY_FILE)
    paragraphs = {term.target for term in terms} - {term.section for term in terms}
    labels: list[str] = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        if page.stem not in NOT_THE_BOOK:
            labels += re.findall(r"^\(([a-z0-9-]+)\)=$", page.read_text(encoding="utf-8"), re.M)
    return [label for label in dict.fromkeys(labels) if label not in paragraphs]


def test_every_section_of_the_book_has_an_entry() -> None:
    labels = book_labels()
    assert len(labels) > 300
    missing = [label for label in labels if label not in entries()]
    assert not missing, f"{LOG.name}: no entry for {missing}"


def test_every_entry_is_a_section_of_the_book_and_says_what_was_found() -> None:
    known = set(book_labels()) & docs_labels()
    for label, text in entries().items():
        assert label in known, f"{LOG.name}: {label} is not a section label of the book"
        assert any(word in text for word in VERDICTS), (
            f"{LOG.name}: the entry of {label} says neither what it found nor 'nothing found'"
        )


def test_the_log_and_the_records_name_each_other() -> None:
    ids = {e.id for e in all_errata()}
    named = set(re.findall(r"`([a-z0-9]+(?:-[a-z0-9]+)+)`", log_body()))
    assert not named - ids - set(book_labels()), (
        f"{LOG.name} names unknown records {sorted(named - ids - set(book_labels()))}"
    )
    assert not ids - named, f"records not named in {LOG.name}: {sorted(ids - named)}"


def test_each_record_is_logged_under_one_of_its_sections() -> None:
    logged = entries()
    for erratum in all_errata():
        assert any(f"`{erratum.id}`" in logged.get(label, "") for label in erratum.sections), (
            f"{erratum.id}: not named in the log entry of any of {erratum.sections}"
        )


# --- the engine makes the choice each open question and erratum says it makes -----------------


def test_engine_choices_of_the_morale_records() -> None:
    from nqcore.rules.morale import PanicResult, panic_result, rallied_actions, rally_cost

    assert (rally_cost(9), rallied_actions(9)) == (5, 4)  # rally-cost-rounding
    assert panic_result(10, 1) is PanicResult.DESTROYED  # panic-table-above-ten


def test_engine_choices_of_the_close_combat_records() -> None:
    from nqcore.rules.close_combat import (
        can_parry,
        combat_assistance_bonus,
        combination_attack_cost,
        momentum_actions,
    )

    # parry-who-may-parry: the ability alone is not enough, nor the profile alone.
    assert not can_parry(8, individual_or_character=False)
    assert not can_parry(8, individual_or_character=True, parry_ability=False)
    assert can_parry(6, individual_or_character=True)
    assert combination_attack_cost(3, 5) == 5  # chariot-crew-example-use-cost
    assert momentum_actions(charge_was_first_action=True, made_contact=True) == 3
    assert combat_assistance_bonus(True, team_work_assistants=3) == 3  # team-work-assistance


def test_engine_choices_of_the_armour_and_damage_records() -> None:
    from nqcore.rules.armour import save_succeeds, total_penetration
    from nqcore.rules.damage import knocked_prone

    assert not save_succeeds(10, 12)  # natural-ten-armour-save
    assert total_penetration(-2, 0, 1) == total_penetration(-2, 0, -1) == -1  # resilience-sign
    assert knocked_prone(5, 5)  # knock-prone-when-damaged: wounded or not, ST against base ST


def test_engine_choices_of_the_ranged_and_magic_records() -> None:
    from nqcore.army.characteristics import ModelType
    from nqcore.army.points import recommended_maximum
    from nqcore.rules.magic import cancel_chance
    from nqcore.rules.ranged import close_combat_victim_chances

    assert cancel_chance(8, concentrating=True) == Fraction(9, 10)  # cancelling-natural-ten
    assert close_combat_victim_chances([False, False, False]) == [Fraction(1, 3)] * 3  # ties
    assert recommended_maximum("w", ModelType.CHARACTER) is None  # character-maximum-wounds


def test_engine_choices_of_the_templates_and_victory_records() -> None:
    from nqcore.rules.templates import teardrop_templates
    from nqcore.rules.turns import concession_battle_points

    sizes = [(t.length, t.width) for t in teardrop_templates()]
    assert sizes == [(6, 2), (8, 3), (10, 4)]  # teardrop-template-dimensions
    assert concession_battle_points(300, 251) == Fraction(851, 2)  # concession-half-points
