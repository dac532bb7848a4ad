"""The book's profiles a builder starts from (:func:`nqcompanion.bridge.web.build`, the army
builder's entries): the Sample Profiles and the profiles of the rules' examples, named as the
book's headings name them, in the reader's language."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

from nqcore.army.characteristics import ModelType
from nqcore.army.profiles import Profile
from nqcore.i18n import N_, Msg, translator

#: Fields of the data files that are about the book, not the profile (``nq points`` refuses them).
_BOOK_FIELDS = ("printed_points", "section", "unit_size", "table", "title", "composition")


def _starting() -> list[Profile]:
    """The 24 profiles of the book a builder may start from: the Sample Profiles, then the
    profiles of the rules' examples."""
    from nqcore.army.profile_files import example_profiles, sample_profiles

    return [s.profile for s in sample_profiles()] + [e.profile for e in example_profiles()]


def _book_name(profile: Profile) -> Msg:
    """What the book's heading calls a profile: a Sample Profile's section ("Growler One Horn"),
    an example's own name (its table's title)."""
    from nqcore.army.profile_files import SAMPLE_HEADINGS

    return SAMPLE_HEADINGS.get(profile.key, Msg(profile.name))


def starting_profiles() -> list[tuple[str, Msg]]:
    """The starting profiles by key, with their names as the book's headings print them."""
    return [(profile.key, _book_name(profile)) for profile in _starting()]


def sample_choices(lang: str) -> list[tuple[str, str]]:
    """The Sample Profiles as the attacker and target lists name them in ``lang``: by their
    sections' headings."""
    from nqcore.army.profile_files import sample_profiles

    _ = translator(lang)
    return [(s.profile.key, _(s.heading)) for s in sample_profiles()]


def starting_choices(lang: str) -> list[tuple[str, str]]:
    """The starting profiles as the builders' lists name them in ``lang``: a rider by its mount
    too, two of one name (the book's two chariots) told apart by their crews."""
    from nqcore.army.profile_files import SAMPLE_HEADINGS

    _ = translator(lang)
    profiles = _starting()
    named = Counter(_(_book_name(p)) for p in profiles)
    choices = []
    for profile in profiles:
        label = _(_book_name(profile))
        parts = ", ".join(_(element.name) for element in profile.elements)
        riding = profile.model_type is not ModelType.SUPPORT and profile.key not in SAMPLE_HEADINGS
        if parts and riding:  # a rider its example's table names alone, and its mount
            label = _(RIDING).format(rider=label, mount=_mount(parts, lang))
        elif parts and named[label] > 1:
            label += f" ({parts})"
        choices.append((profile.key, label))
    return choices


def _mount(name: str, lang: str) -> str:
    """A mount's name after its rider's: a common noun, in lower case in French (« Vampire sur
    bête démon », as the book's « Seigneur revenant sur dragon zombi »); English names keep
    their capitals ("Orc Warlord on Dragon")."""
    return name[:1].lower() + name[1:] if lang == "fr" else name


#: A special combination model, by its rider and its mount ("Orc Warlord on Dragon"): the
#: book's table names the rider alone.
RIDING = N_("{rider} on {mount}")


def starting_record(key: str) -> dict[str, Any]:
    """The data file's table of a starting profile, as a profile file holds it, named as the
    builder's list names it: a Sample Profile by its section's heading ("Wight Lord On Zombie
    Dragon", whose table's first line says "Wight"; player round thirty)."""
    from nqcore.army.profile_files import SAMPLE_HEADINGS
    from nqcore.data import datafiles

    for name in ("sample_profiles.toml", "example_profiles.toml"):
        for record in datafiles.load(name)["profile"]:
            if record["key"] == key:
                # a copy all through: the builder changes it, the cached data stays the book's
                kept = copy.deepcopy({k: v for k, v in record.items() if k not in _BOOK_FIELDS})
                return kept | {"name": str(SAMPLE_HEADINGS.get(key, kept["name"]))}
    raise KeyError(f"unknown profile {key!r}")


#: The book's sections the starting profiles' sources name beyond the Sample Profiles ("The
#: Army > Model Profile"): said in the reader's language in the file the builder writes
#: (player round thirty: a French file said "Creating A Profile > Creating Chariots"), as the
#: French pages' headings say them.
SOURCE_SECTIONS = (
    N_("The Army"),
    N_("Model Profile"),
    N_("Creating A Profile"),
    N_("Special Combination Models"),
    N_("Creating Chariots"),
    N_("Calculating Combination Models"),
)
