"""French in one voice at the table: a sample profile, a spell, a spell chant has one French name
in every catalogue (the pages', the engine's, the extension's, the examples').

A player saw one model called « Humains en armes » in the menus (its section's heading) and
« Hommes en armes » in the profile builder, the odds table and a caption under that heading (the
profile's own name, from the engine's catalogue); and the calculator's « Initiés qui
psalmodient » where the rules say « chant magique ».
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import po
from nqcore.army.profile_files import SAMPLE_HEADINGS, sample_profiles
from nqcore.i18n import Msg, translator
from nqcore.rules.spells import all_spells

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = (
    *sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po")),
    ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po",
    ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / "nqsphinx.po",
    ROOT / "examples" / "locale" / "fr" / "LC_MESSAGES" / "examples.po",
)


def _entries() -> list[tuple[str, po.Message]]:
    return [
        (path.name, entry)
        for path in CATALOGUES
        for entry in po.messages(po.read(path.read_bytes()))
        if entry.string and not entry.fuzzy
    ]


def _page_heading(english: str) -> str:
    """A sample profile's heading as the French Sample Profiles page has it."""
    page = po.read((ROOT / "locale" / "fr" / "LC_MESSAGES" / "sample-profiles.po").read_bytes())
    found = page.get(english)
    assert found is not None and found.string, f"sample-profiles.po: no French for {english!r}"
    return str(found.string)


@pytest.mark.parametrize("sample", sample_profiles(), ids=lambda s: s.profile.key)
def test_a_sample_profile_has_one_french_name(sample: object) -> None:
    """The heading (menus, the page) is the engine's heading; the profile's own name, which the
    builder and the odds table show, is named inside it in French as it is in English ("Men At
    Arms" under "Human Men At Arms": « Humains en armes » under « Humains en armes »)."""
    fr = translator("fr")
    profile = sample.profile  # type: ignore[attr-defined]
    heading = SAMPLE_HEADINGS[profile.key]
    assert fr(heading) == _page_heading(heading), profile.key
    if profile.name.casefold() in heading.casefold():
        assert fr(Msg(profile.name)).casefold() in fr(heading).casefold(), (
            f"{profile.key}: « {fr(Msg(profile.name))} » is not named in « {fr(heading)} »"
        )


def test_a_spell_is_called_by_its_french_name_wherever_its_english_name_is() -> None:
    fr = translator("fr")
    entries = _entries()
    found = []
    for spell in all_spells():
        french = fr(Msg(spell.name)).casefold()
        for name, entry in entries:
            if entry.id == spell.name or not re.search(rf"\b{re.escape(spell.name)}\b", entry.id):
                continue
            if french not in entry.string.casefold():
                found.append(f"{name}: {spell.name} is « {french} »: {entry.string[:80]}")
    assert not found, "\n".join(found)


def test_a_spell_chant_is_a_chant_magique_everywhere() -> None:
    """The rules' « Chants magiques (rituels et rites) »: the calculator, the engine's refusals
    and the examples call it so too, never « psalmodier »."""
    entries = _entries()
    chanting = [
        (name, entry)
        for name, entry in entries
        if re.search(r"\bchant(s|ing)?\b", entry.id, re.IGNORECASE)
    ]
    assert len(chanting) >= 5, "the spell chant's messages were not found"
    other = [f"{name}: {e.string}" for name, e in entries if "psalmod" in e.string.casefold()]
    assert not other, "\n".join(other)
    unnamed = [
        f"{name}: {entry.id} → {entry.string}"
        for name, entry in chanting
        if "chant" not in entry.string.casefold()
    ]
    assert not unnamed, "\n".join(unnamed)


#: English words for models meeting, base to base; in French a « touche » is a hit.
_MEETING = re.compile(r"\b(contacts?|contacting|touch(es|ing)?)\b", re.IGNORECASE)
#: A hit, or a template laid against a model (« la pointe touchant le socle »): no meeting.
_NOT_MEETING = re.compile(r"\bhit|template", re.IGNORECASE)
_TOUCHE = re.compile(r"\btouch(e|ent|ant)\b", re.IGNORECASE)


def test_models_in_contact_are_au_contact_never_a_touche() -> None:
    """Figures 3 and 4 said the ranked unit « touche » the next Orc, which a French player reads
    as a hit (proof round 18): models that meet are « au contact », « entrent en contact »."""
    found = [
        f"{name}: {entry.id[:60]!r} → {entry.string[:80]!r}"
        for name, entry in _entries()
        if _MEETING.search(entry.id)
        and not _NOT_MEETING.search(entry.id)
        and _TOUCHE.search(entry.string)
    ]
    assert not found, "\n".join(found)
