"""Player round thirteen's engine-side findings (notes-s28/player13.md), each held here: the
runes' resilience read with this edition's sign (#2), Parry warned for a model that can never
parry (#3), the cancelling bonus among the cancel answer's modifiers (#5), one model said in the
singular (#7), a distance typed for a close combat attack said unused (#12), the French game
size « 1,5 » not read as 1 500 (#6), the French distance hint's examples (#9) and the army
builder's option said for the unit's profile (#15)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from nqcompanion.bridge.web_army import army
from nqcompanion.page.army import _words, army_sections
from nqcompanion.page.forms import page_messages
from nqcore.army.characteristics import ModelType
from nqcore.army.features import feature
from nqcore.army.points import resilience_cost
from nqcore.army.profile_points import profile_points
from nqcore.army.profiles import Armour, Pick, Profile
from nqcore.cli.commands import main
from nqcore.i18n import Refusal

SPACES = re.compile("[\u00a0\u202f]")


def _plain(text: str) -> str:
    return SPACES.sub(" ", text)


def _nq(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def _profile(**values: object) -> Profile:
    base: dict[str, object] = {"ac": 8, "ra": 4, "cc": 5, "st": 4, "t": 4, "w": 1, "co": 6}
    base.update(values)
    return Profile("Test", **base)  # type: ignore[arg-type]


# --- #2: RE +1 to +3, as this edition reads resilience -----------------------------------------


def test_the_runes_levels_read_this_editions_sign() -> None:
    runes = feature("equipment", "armour-runes-of-defiance")
    assert [level.level for level in runes.levels] == ["RE +1", "RE +2", "RE +3"]
    assert [str(level.name) for level in runes.levels] == [
        f"Armour Runes Of Defiance (RE +{n})" for n in (1, 2, 3)
    ]


@pytest.mark.parametrize("typed", ["RE +2", "RE -2", "re 2", "2", "-2", "+2", "RE \u22122"])
def test_a_runes_level_typed_either_way_is_the_same_level(typed: str) -> None:
    """The 2007 book's sign (files written before) is the same level: its size counts."""
    runes = feature("equipment", "armour-runes-of-defiance")
    found = runes.level(typed)
    assert found is not None and found.level == "RE +2" and found.points == 3


def test_the_points_and_the_refusal_say_re_plus() -> None:
    guard = _profile(
        armour=Armour(value=3, resilience=2),
        equipment=(Pick("armour-runes-of-defiance", "RE -1"),),
    )
    said = json.dumps([item.label for item in profile_points(guard).items])
    assert "resilience RE +2" in said and "RE -" not in said
    with pytest.raises(Refusal) as refused:
        resilience_cost(4)
    assert str(refused.value.text("en")) == "armour resilience RE +4 is not priced: RE +1 to +3"
    assert "RE +4" in refused.value.text("fr") and "RE -" not in refused.value.text("fr")


def test_nq_points_says_re_plus_in_both_languages(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A profile file written with the 2007 sign ("RE -2") is priced, and said RE +2."""
    guard = tmp_path / "guard.toml"
    guard.write_text(
        'name = "Guard"\nac = 8\nra = 3\ncc = 5\nst = 4\nt = 5\nw = 1\nco = 6\n'
        "armour = { value = 3 }\n"
        'equipment = [{ key = "armour-runes-of-defiance", level = "RE -2" }]\n',
        "utf-8",
    )
    english = _nq(capsys, "points", str(guard))
    assert "Armour Runes Of Defiance (RE +2): 3" in english and "RE -" not in english, english
    french = _plain(_nq(capsys, "--lang", "fr", "points", str(guard)))
    assert "Runes de protection (RE +2) : 3" in french and "RE -" not in french, french


# --- #3: Parry for a model that can never parry ------------------------------------------------

PARRY_EN = (
    "Parry: Only individual and character models with a base close combat (CC) value of 6 or "
    "more may parry (Close Combat > Parry)."
)


@pytest.mark.parametrize(
    ("model_type", "cc", "warned"),
    [
        (ModelType.CORE, 4, True),
        (ModelType.ELITE, 6, True),
        (ModelType.INDIVIDUAL, 5, True),
        (ModelType.INDIVIDUAL, 6, False),
        (ModelType.CHARACTER, 8, False),
    ],
)
def test_parry_bought_for_a_model_that_can_never_parry_is_warned(
    model_type: ModelType, cc: int, warned: bool
) -> None:
    guard = _profile(model_type=model_type, cc=cc, abilities=(Pick("parry"),))
    breakdown = profile_points(guard)
    parry = [w for w in breakdown.warnings if str(w).startswith("Parry")]
    assert [str(w) for w in parry] == ([PARRY_EN] if warned else [])
    if warned:
        (warning,) = parry
        assert dict(warning.params)["section"] == "close-combat-parry"
        french = _plain(warning.text("fr"))
        assert french.startswith("Parade : ") and "(Corps à corps > Parade)" in french, french


def test_parry_is_warned_by_nq_points_and_cited_in_the_army(
    capsys: pytest.CaptureFixture[str],
) -> None:
    record = {
        "name": "Guard",
        "profile": {
            "name": "Guard",
            "type": "core",
            "ac": 8,
            "ra": 4,
            "cc": 4,
            "st": 4,
            "t": 4,
            "w": 1,
            "co": 6,
            "abilities": ["parry"],
        },
        "models": 10,
    }
    answer = army({"data": {"name": "Test", "points": 1000, "unit": [record]}}, "en")
    entry = next(e for e in answer["entries"] if e["kind"] == "unit")
    (parry,) = [w for w in entry["warnings"] if w["text"].startswith("Parry")]
    assert parry["section"] == "close-combat-parry" and parry["text"] == PARRY_EN
    assert "close-combat-parry" in army_sections()


# --- #5: the cancelling bonus ----------------------------------------------------------------


def test_the_cancel_answer_names_its_cancelling_bonus(capsys: pytest.CaptureFixture[str]) -> None:
    text = _nq(capsys, "cancel", "5")
    assert "Modifiers: Cancelling bonus +1\nRoll needed: 6 or less" in text
    both = _nq(capsys, "cancel", "5", "--concentrate")
    assert "Modifiers: Cancelling bonus +1, Concentrating +1\nRoll needed: 7 or less" in both
    answer = json.loads(_nq(capsys, "cancel", "5", "--json"))
    assert answer["modifiers"] == [
        {"key": "cancelling-bonus", "label": "Cancelling bonus", "value": 1}
    ]
    french = _plain(_nq(capsys, "--lang", "fr", "cancel", "5"))
    assert "Modificateurs : Bonus d’annulation +1" in french, french


# --- #7: one model ---------------------------------------------------------------------------


def test_a_unit_of_one_model_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    french = _plain(_nq(capsys, "--lang", "fr", "morale", "1", "1"))
    assert "une unité de 1 figurine qui perd 1" in french, french
    assert "(1 perte sur la seule figurine du début du tour)" in french, french
    english = _nq(capsys, "morale", "1", "1")
    assert "a unit of 1 model losing 1" in english
    assert "(1 casualty of the one model at the start of the turn)" in english
    many = _plain(_nq(capsys, "--lang", "fr", "morale", "16", "3", "4", "2"))
    assert "une unité de 16 figurines qui perd" in many and "sur les 16 du début" in many


# --- #12: a distance typed for a close combat attack -------------------------------------------


def test_a_distance_for_a_close_combat_weapon_is_said_unused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    said = _nq(capsys, "attack", "5", "4", "4", "--weapon", "sword", "--distance", "12")
    assert (
        'Range not used: the attack is made in close combat, and the distance of 12" plays' in said
    )
    french = _plain(
        _nq(
            capsys,
            "--lang",
            "fr",
            "attack",
            "5",
            "4",
            "4",
            "--weapon",
            "sword",
            "--distance",
            "12.5",
        )
    )
    assert "Portée non utilisée" in french and 'la distance de 12½" n’y joue' in french, french
    assert "Range not used" not in _nq(capsys, "attack", "5", "4", "4", "--weapon", "sword")
    bow = _nq(capsys, "attack", "5", "4", "4", "--weapon", "long-bow", "--distance", "12")
    assert "not used" not in bow


# --- #6: « 1,5 » in French --------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "lang"), [("1,5", "fr"), ("1,500", "fr"), ("1.000", "en")])
def test_a_size_the_language_reads_as_a_decimal_is_not_given_a_reading(
    typed: str, lang: str
) -> None:
    error = _plain(army({"data": {"name": "T", "points": typed}}, lang)["error"])
    expected = {
        "fr": "n’est pas un nombre entier : donnez un nombre entier de points, comme 1500 ou 1 500",
        "en": "is not a whole number: give a whole number of points, such as 1500 or 1,500",
    }[lang]
    assert error.endswith(expected), error


# --- #9 and #15: the page's words ---------------------------------------------------------------


def test_the_french_distance_hint_keeps_its_examples_apart() -> None:
    assert _plain(page_messages("fr")["distance"]).endswith("comme 12 ; 12,5 ou 12½.")


def test_the_option_for_every_model_says_whose() -> None:
    assert _words("en")["option"] == "Add an option to every model of the unit’s profile"
    assert _words("fr")["option"] == "Ajouter une option à chaque figurine du profil de l’unité"
