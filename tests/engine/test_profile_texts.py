"""What a profile file may write in the fields the roster, the terminal and the page print: each
text one line of at most 200 characters, without a control, invisible or bidi character (a
custom weapon's name, the armour's description, a Nemesis' target...); a custom weapon's numbers
whole and within the book's ranges, and never its price, which the Weapon Creation tables give.
``nq points`` and the At the table page's import read the same files alike: each hostile file
below is refused by both, in one line naming the field, in the reader's language."""

from __future__ import annotations

import unicodedata
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nqcompanion.bridge.web import build, import_profile
from nqcore.army.characteristics import ProfileError
from nqcore.army.profile_files import parse_profile
from tests.engine.test_cli_untrusted import assert_refused, outcome

HEAD = 'name = "Orc Captain"\nac = 8\nra = 3\ncc = 6\nst = 5\nt = 5\nw = 2\nco = 7\n'
CLUB = 'name = "Club", st_bonus = 1, uc = 4'
PRICED = (
    "a weapon's price is the armoury's: a profile's own weapon is priced by the Weapon Creation "
    "tables; leave"
)

#: A profile file's tail, and what its refusal says (the field, then the fault).
HOSTILE: dict[str, tuple[str, str]] = {
    "weapon name bidi": (
        'weapons = [{ name = "Axe\\u202Eexa", st_bonus = 1, uc = 1 }]\n',
        "weapons #1, field name: an invisible character (U+202E) in a name",
    ),
    "weapon name lines": (
        'weapons = [{ name = "Axe\\n\\nTotal: 1 points", st_bonus = 1, uc = 1 }]\n',
        "weapons #1, field name: a line break (U+000A) in a name",
    ),
    "weapon text": (
        f'weapons = [{{ {CLUB}, text = "a\\u2028b" }}]\n',
        "weapons #1, field text: a line break (U+2028) in a name",
    ),
    "element weapon name": (
        '[[element]]\nname = "Wolf"\nweapons = [{ name = "Fang\\u200B", st_bonus = 0, uc = 3 }]\n',
        "element #1 weapons #1, field name: an invisible character (U+200B) in a name",
    ),
    "armour description": (
        'armour = { value = 3, shield = true, description = "x\\u202Eyz" }\n',
        "armour.description: an invisible character (U+202E) in a name",
    ),
    "pick target": (
        'traits = [{ key = "nemesis", target = "El\\u202Eves" }]\n',
        "traits #1: target: an invisible character (U+202E) in a name",
    ),
    "source": ('source = "Book\\u2029p. 3"\n', "source: a line break (U+2029) in a name"),
    "stacked marks": (
        'weapons = [{ name = "G' + "\\u0301" * 150 + '", st_bonus = 1, uc = 1 }]\n',
        "weapons #1, field name: 150 combining marks on one character (U+0047) in a name, at "
        "most 4",
    ),
    "long weapon name": (
        f'weapons = [{{ name = "{"Sword " * 2000}", st_bonus = 1, uc = 4 }}]\n',
        "weapons #1, field name: a name of 12,000 characters, at most 200",
    ),
    "long description": (
        f'armour = {{ value = 1, description = "{"x" * 201}" }}\n',
        "armour.description: a name of 201 characters, at most 200",
    ),
    "price": (
        f"weapons = [{{ {CLUB}, points = -1000 }}]\n",
        f"weapons #1, field points: {PRICED} points out",
    ),
    "optional price": (
        f"weapons = [{{ {CLUB}, optional_pm = -1, optional_pm_points = 0 }}]\n",
        f"weapons #1, field optional_pm: {PRICED} optional_pm out",
    ),
    "huge damage": (
        f"weapons = [{{ {CLUB}, da = 9223372036854775807 }}]\n",
        "weapons #1: da is 1 to 9, not 9,223,372,036,854,775,807",
    ),
    "float penetration": (
        'weapons = [{ key = "crossbow", pm = -1.0 }]\n',
        "weapons #1: pm must be a whole number, not -1.0",
    ),
    "deep penetration": (
        f"weapons = [{{ {CLUB}, pm = -1000 }}]\n",
        "weapons #1: pm is \u22129 to 0, not \u22121,000",
    ),
    "ranged strength": (
        'weapons = [{ name = "Bow", st = 99, uc = 2, cr = "4/+1", mr = "8/+0", lr = "12/-1" }]\n',
        "weapons #1: st is 1 to 20, not 99",
    ),
    "reach nan": (
        f"weapons = [{{ {CLUB}, reach = nan }}]\n",
        "weapons #1.reach: not a finite number (nan)",
    ),
    "crew date": (
        f"weapons = [{{ {CLUB}, plus_crew = 1979-05-27T00:00:00 }}]\n",
        f"weapons #1, field plus_crew: {PRICED} plus_crew out",
    ),
    "teardrop table": (
        f'weapons = [{{ {CLUB}, kind = "close-combat", teardrop = {{ a = 1 }} }}]\n',
        "weapons #1: teardrop must be one of TTS, TTM, TTL, not { a = 1 }",
    ),
    "resilience": (
        "armour = { value = 3, resilience = -1 }\n",
        "armour.resilience: RE is 0 or 1 to 3, not \u22121",
    ),
}


@pytest.mark.parametrize("name", HOSTILE)
def test_nq_points_and_the_page_refuse_alike(tmp_path: Path, name: str) -> None:
    tail, said = HOSTILE[name]
    path = tmp_path / "p.toml"
    path.write_text(HEAD + tail, encoding="utf-8")
    refused = assert_refused(["points", str(path)], said)
    assert refused == f"nq points: {path}: {said}\n"
    answer = import_profile(path.read_bytes(), "en", "p.toml")
    assert answer.get("error") == f"p.toml: {said}", answer


@pytest.mark.parametrize(
    "name", ["weapon name bidi", "price", "resilience", "huge damage", "stacked marks"]
)
def test_refused_in_french(tmp_path: Path, name: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(HEAD + HOSTILE[name][0], encoding="utf-8")
    code, out, err = outcome("--lang", "fr", "points", str(path))
    assert code == 2 and " is " not in err and "must" not in err and "weapon's" not in err, err
    answer = import_profile(path.read_bytes(), "fr", "p.toml")
    assert answer["error"] == err.removeprefix("nq points\u00a0: ").strip().replace(
        str(path), "p.toml"
    )


@pytest.mark.parametrize(
    "tail",
    [
        f"weapons = [{{ {CLUB} }}]\n",
        f'weapons = [{{ {CLUB}, da = 2, pm = -1, text = "Heavy.", source = "Mine" }}]\n',
        'weapons = [{ key = "crossbow", pm = -1 }]\n',
        f'armour = {{ value = 3, description = "{"x" * 200}" }}\n',
        'traits = [{ key = "nemesis", target = "Elves" }]\n',
    ],
)
def test_nq_points_and_the_page_accept_alike(tmp_path: Path, tail: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(HEAD + tail, encoding="utf-8")
    code, out, err = outcome("points", str(path))
    assert (code, err) == (0, ""), err
    assert "error" not in import_profile(path.read_bytes(), "en", "p.toml")


def test_the_builder_refuses_a_value_it_cannot_write_in_the_pages_language() -> None:
    """A builder's kept file is read again: a date is one sentence naming the field."""
    text = HEAD + f"weapons = [{{ {CLUB} }}]\nkey = 1979-05-27T00:00:00\n"
    answer = build({"toml": text, "file": "p.toml"}, "fr")
    assert "error" in answer and "key" in answer["error"], answer
    assert "datetime" not in answer["error"] and "ValueError" not in answer["error"]


# --- no text of an accepted profile holds a character no reader sees ----------------------------

#: A control, format, line or paragraph separator character: what a reader cannot see.
UNSEEN = ("Cc", "Cf", "Zl", "Zp")


def _texts(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in _texts(item)]
    if isinstance(value, list | tuple):
        return [text for item in value for text in _texts(item)]
    if hasattr(value, "__dataclass_fields__"):
        fields = value.__dataclass_fields__
        return [text for name in fields for text in _texts(getattr(value, name))]
    return []


#: The texts of a profile that a reader sees, by where they sit in the file.
TEXT_FIELDS = ("name", "weapon", "text", "description", "target", "source")
#: Alphabets a player writes names in, each word in one of them (a name's word mixes no two
#: scripts: nqcore.army.names.check_one_script), and figures.
ALPHABETS = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàéîõüçßæœŉǅÆŒ",
    "абвгдежзийклмнопрстуфхцчшщъыьэюяЖЩЁ",
    "αβγδεζηθικλμνξοπρστυφχψωΩΣ",
    "աբգդեզէըթժԱԲԳ",
    "漢字東京の言葉カタカナ",
    "한국어漢字",
    "אבגדהוזחטי",
    "ابتثجحخدذر",
)
words = st.sampled_from(ALPHABETS).flatmap(
    lambda letters: st.text(st.sampled_from(letters + "0123456789٣"), min_size=1, max_size=8)
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=150)
@given(
    texts=st.fixed_dictionaries({field: words for field in TEXT_FIELDS}),
    field=st.sampled_from(TEXT_FIELDS),
    unseen=st.one_of(st.none(), st.characters(codec="utf-8", categories=UNSEEN)),
    at=st.integers(min_value=0, max_value=8),
)
def test_a_profile_with_an_unseen_character_is_refused_and_one_without_accepted(
    texts: dict[str, str], field: str, unseen: str | None, at: int
) -> None:
    """Every text of a profile (its name, a weapon's name and text, the armour's description, a
    pick's target, its source): refused with one unseen character anywhere in any of them, kept
    without; and no text of an accepted profile holds one."""
    if unseen is not None:
        texts[field] = texts[field][:at] + unseen + texts[field][at:]
    record = {
        "name": texts["name"],
        **{"ac": 8, "ra": 3, "cc": 6, "st": 5, "t": 5, "w": 2, "co": 7},
        "source": texts["source"],
        "weapons": [{"name": texts["weapon"], "st_bonus": 1, "uc": 4, "text": texts["text"]}],
        "armour": {"value": 2, "description": texts["description"]},
        "traits": [{"key": "nemesis", "target": texts["target"]}],
    }
    if unseen is not None:
        with pytest.raises(ProfileError):
            parse_profile(record)
        return
    for found in _texts(parse_profile(record)):
        assert not [c for c in found if unicodedata.category(c) in UNSEEN], repr(found)
        assert found == unicodedata.normalize("NFC", found), repr(found)
