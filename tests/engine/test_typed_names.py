"""Names a player types (``nqcore.typed_names``): a spell, a weapon or a sample profile by its name
in either language, as the answers print it (player round thirty: ``nq --lang fr cast --spell
"Boule de feu"`` was refused, the answer's own « Sort : Boule de feu »), and never two things of a
list by one name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from nqcore.army.armoury import all_weapons, weapon
from nqcore.army.profile_files import sample_profile, sample_profiles
from nqcore.cli.commands import main
from nqcore.i18n import LANGUAGES, translator
from nqcore.rules.spells import all_spells, spell
from nqcore.typed_names import folded

Capture = pytest.CaptureFixture[str]

#: Each list a name is looked up in: its things (key, names) and its lookup.
Things = Callable[[], list[tuple[str, tuple[str, ...]]]]
LISTS: dict[str, tuple[Things, Callable[[str, str], Any]]] = {
    "spells": (
        lambda: [(s.key, (s.name,)) for s in all_spells()],
        lambda n, lang: spell(n, lang).key,
    ),
    "weapons": (
        lambda: [(w.key, (w.name,)) for w in all_weapons()],
        lambda n, lang: weapon(n, lang).key,
    ),
    "samples": (
        lambda: [(s.profile.key, (s.profile.name, s.heading)) for s in sample_profiles()],
        lambda n, lang: sample_profile(n, lang).profile.key,
    ),
}


#: A name in a language that is another thing's key: the key wins, since the page sends keys (the
#: French spear, « Lance », and the key of the lance, « Lance de cavalerie »).
KEY_FIRST = {("fr", "lance")}


@pytest.mark.parametrize("listed", LISTS)
def test_every_name_in_every_language_finds_its_thing(listed: str) -> None:
    things, lookup = LISTS[listed]
    for key, names in things():
        for name in names:
            for lang in LANGUAGES:
                said = translator(lang)(name)
                if (lang, folded(said)) in KEY_FIRST:
                    continue
                assert lookup(said, lang) == key, (lang, said)
                assert lookup(said.upper(), lang) == key, (lang, said)


@pytest.mark.parametrize("listed", LISTS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_two_things_of_a_list_share_a_name_in_one_language(listed: str, lang: str) -> None:
    """Across languages they may (« Lance » is the spear): the reader's language decides."""
    things, _lookup = LISTS[listed]
    keys = {folded(key) for key, _names in things()}
    owner: dict[str, str] = {}
    for key, names in things():
        for name in {folded(translator(lang)(n)) for n in names}:
            assert owner.setdefault(name, key) == key, (name, owner[name], key)
            known = (lang, name) in KEY_FIRST
            assert name not in keys or name == folded(key) or known, (name, key)


def test_a_french_player_types_the_names_the_answers_print(capsys: Capture) -> None:
    assert main(["--lang", "fr", "cast", "--spell", "Boule de feu", "--wizardry", "2"]) == 0
    assert "Sort : Boule de feu" in capsys.readouterr().out.replace("\u00a0", " ")
    argv = ["--lang", "fr", "attack", "--attacker", "nain", "--target", "Cogneur orque"]
    assert main([*argv, "--weapon", "Epee"]) == 0
    out = capsys.readouterr().out.replace("\u00a0", " ")
    assert "Attaquant : Nain" in out and "Arme : Épée" in out
    assert main([*argv, "--weapon", "Lance", "--mod", "charging"]) == 0  # a key first
    assert "Arme : Lance de cavalerie" in capsys.readouterr().out.replace("\u00a0", " ")
