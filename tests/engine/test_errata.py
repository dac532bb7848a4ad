"""Errata are data: every record complete, ids unique, each pointing at a real docs section."""

from __future__ import annotations

import re

import pytest

from nqcore.errata import ErrataError, all_errata, errata_for, parse_errata
from tests.building import ROOT


def test_errata_load_and_have_unique_ids() -> None:
    errata = all_errata()
    assert len(errata) >= 5
    assert len({e.id for e in errata}) == len(errata)


def test_the_fog_upkeep_erratum() -> None:
    (fog,) = [e for e in errata_for("spell-list") if e.id == "spell-list-fog-upkeep"]
    assert (fog.printed, fog.correct) == ("3", "6")


def test_every_erratum_names_a_label_of_the_docs() -> None:
    labels = set()
    for page in (ROOT / "docs").rglob("*.md"):
        labels |= set(re.findall(r"^\(([a-z0-9-]+)\)=$", page.read_text(encoding="utf-8"), re.M))
    from nqcore.mutations import all_mutations
    from nqcore.spells import all_spells

    labels |= {f"spell-{s.key}" for s in all_spells()}
    labels |= {f"mutation-{m.key}" for m in all_mutations()}
    unknown = [(e.id, e.section) for e in all_errata() if e.section not in labels]
    assert not unknown


def test_a_malformed_erratum_is_named() -> None:
    with pytest.raises(ErrataError, match=r"x.toml, erratum #1 \(a\): missing field\(s\) why"):
        parse_errata(
            {"erratum": [{"id": "a", "section": "s", "subject": "S", "printed": "1",
                          "correct": "2"}]},
            "x.toml",
        )
