"""gettext contexts: an English word used in two senses gets one French per sense."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcore.army.profile_files import sample_profile
from nqcore.i18n import ARMOUR_CONTEXT, N_, P_, translator
from nqcore.rules.magic import Aspect
from nqcore.tables.profile_tables import armour_phrase
from nqcore.tables.table_text import cell_text
from nqtranslate import one_sense
from nqtranslate.catalogue import extract
from nqtranslate.one_sense import ONE_SENSE, words_in_two_kinds


def test_no_engine_word_serves_two_kinds_of_data_without_a_context() -> None:
    found = words_in_two_kinds()
    assert not found, (
        "give these a context (DATA_CONTEXTS and P_) or review them (ONE_SENSE):\n"
        + ("\n".join(f"{text!r}: {', '.join(kinds)}" for text, kinds in found.items()))
    )


def test_every_reviewed_word_is_still_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word left in ONE_SENSE after its data changed would hide the next real clash."""
    monkeypatch.setattr(one_sense, "ONE_SENSE", {})
    shared = words_in_two_kinds()
    assert [text for text in ONE_SENSE if text not in shared] == []


def test_a_word_in_two_kinds_of_data_is_found(tmp_path: Path) -> None:
    data = tmp_path / "pkg" / "data"
    data.mkdir(parents=True)
    (data / "colours.toml").write_text('[[colour]]\nname = "Light"\n', encoding="utf-8")
    (data / "armour.toml").write_text('[[kit]]\nlabel = "Light"\n', encoding="utf-8")
    assert words_in_two_kinds(tmp_path / "pkg") == {
        "Light": ["data/armour.toml:.kit.label", "data/colours.toml:.colour.name"]
    }


def test_wolverine_predator_wears_light_armour_not_the_light_aspect() -> None:
    wolverine = sample_profile("wolverine-predator").profile
    assert cell_text(armour_phrase(wolverine), "fr") == "Légère (Ar2)"
    assert cell_text(armour_phrase(wolverine), "en") == "Light (AR2)"
    assert translator("fr")(Aspect.LIGHT.label) == "Lumière"


def test_a_context_is_extracted_and_looked_up_in_its_sense(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "rules.py").write_text(
        'A = P_("armour", "Light")\nB = N_("Light")\nC = P_("armour")\n', encoding="utf-8"
    )
    template = extract(package)
    assert [(m.id, m.context) for m in template if m.id] == [
        ("Light", "armour"),
        ("Light", None),
    ]
    fr = translator("fr")
    assert fr(P_(ARMOUR_CONTEXT, "Light")) == "Légère"
    assert fr(N_("Light")) == "Lumière"
    assert fr(P_(ARMOUR_CONTEXT, "Not a message")) == "Not a message"
