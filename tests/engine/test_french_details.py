"""French details a player's review found on the At the table page, from the engine: a
percentage's narrow no-break space, sentence case, tomllib's refusal said in French with its
line and column, and the builder's files written with the names the player sees (French on the
French page), their keys the same in both languages, read again in both."""

from __future__ import annotations

import tomllib

import pytest

from nqcompanion.bridge.web import ask, build, import_profile
from nqcompanion.bridge.web_army import army, import_army
from nqcore.i18n import Msg, translator
from nqsphinx.languages.typography import french_html, french_latex

NNBSP = "\u202f"


def text(argv: list[str], lang: str) -> str:
    """The lines the page shows for ``argv`` in ``lang``."""
    answer = ask(argv, lang)
    assert "error" not in answer, answer
    return "\n".join(answer["text"])


def test_a_percentage_in_a_french_label_takes_a_narrow_no_break_space() -> None:
    label = translator("fr")(Msg("Soft cover (25% concealed)"))
    assert label == f"Couverture légère (dissimulée à 25{NNBSP}%)"
    said = text(["shoot", "5", "10", "--weapon", "bow", "--mod", "soft-cover"], "fr")
    assert f"25{NNBSP}%" in said and "25%" not in said and "25 %" not in said


def test_long_range_is_in_french_sentence_case() -> None:
    said = text(["shoot", "5", "100", "--weapon", "bow"], "fr")
    assert "Au-delà de la portée longue\u00a0: le tir manque, ses actions dépensées." in said


@pytest.mark.parametrize("fix", [french_html, french_latex])
def test_thousands_never_break_across_a_line(fix: object) -> None:
    assert callable(fix)
    fixed = fix("une partie de 1 000 points, 1 001 sur 1\u00a0000, en 2 tours")
    assert fixed.count(f"1{NNBSP}000") == 2 and f"1{NNBSP}001" in fixed
    assert "en 2 tours" in fixed


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "fr",
            "profile.toml, ligne 2\u00a0: TOML non valide\u00a0: Caractère interdit U+0001 "
            "(colonne 9)",
        ),
        ("en", "profile.toml, line 2: not valid TOML: Illegal character U+0001 (column 9)"),
    ],
)
def test_tomllib_refusal_is_in_the_readers_language(lang: str, said: str) -> None:
    answer = import_profile(b'key = "dwarf"\nname = "\x01"\n', lang)
    assert answer["error"] == said
    refused = import_army(b'name = "A"\npoints = 1 2\n', lang)["error"]
    french = "ligne 2\u00a0: TOML non valide\u00a0: Fin de ligne ou fin du document attendue"
    assert refused.startswith("army.toml, " + (french if lang == "fr" else "line 2: not valid"))


@pytest.mark.parametrize(
    ("toml", "english", "french"),
    [
        (b"[a]\nx = 1\n[a]\n", "Cannot declare a twice", "La clé a est déclarée deux fois"),
        (b"a = {b = 1, b = 2}\n", "Duplicate key b in an inline table", "Clé b en double"),
        (b"a = {b = 1}\na.c = 2\n", "Cannot add to a:", "Impossible d’ajouter à a\u00a0:"),
        (b"[a.b]\nx = 1\n[a]\nb.c = 1\n", "Cannot define a.b again", "redéfinir a.b"),
        (b'["x\\u202ey".z]\n["x\\u202ey".z]\n', 'Cannot declare "x\\u202Ey".z', '"x\\u202Ey".z'),
    ],
)
def test_tomllib_refusals_that_name_a_key_say_it_in_the_readers_language(
    toml: bytes, english: str, french: str
) -> None:
    """The key as a TOML file writes it (dotted, quoted where it must be, an invisible
    character by its code point), never tomllib's Python tuple."""
    for lang, said in (("en", english), ("fr", french)):
        refused = import_profile(toml, lang)["error"]
        assert said in refused and "(" not in refused.split("TOML")[-1].split("(col")[0], refused
        assert "\u202e" not in refused, refused


def test_a_profile_exported_from_the_french_page_is_in_french_and_reads_in_both() -> None:
    exported = build({"start": "dwarf"}, "fr")["toml"]
    data = tomllib.loads(exported)
    assert data["name"] == "Nain" and data["armour"]["description"] == "Armure lourde"
    assert data["source"] == "Exemples de profils > Nain"
    assert data["key"] == "dwarf" and data["weapons"] == ["axe"]  # keys: the data's
    assert "Heavy Armour" not in exported and "Sample Profiles" not in exported
    english = build({"start": "dwarf"}, "en")["toml"]
    assert 'description = "Heavy Armour"' in english  # the book's data is left as it was
    for lang in ("fr", "en"):
        again = import_profile(exported.encode("utf-8"), lang)
        assert "error" not in again and "error" not in again["points"], again
        assert again["toml"] == exported
        assert (
            again["points"]["json"]["points"]
            == build({"start": "dwarf"}, lang)["points"]["json"]["points"]
        )


def test_an_army_exported_from_the_french_page_reads_in_both() -> None:
    added = army(
        {
            "data": {"name": "Mon armée", "points": 1000},
            "add": {"kind": "unit", "profile": "dwarf"},
        },
        "fr",
    )
    own = build({"start": "dwarf"}, "fr")["toml"]
    exported = army({"toml": added["toml"], "add": {"kind": "individual", "toml": own}}, "fr")
    assert "Armure lourde" in exported["toml"] and 'name = "Nain"' in exported["toml"]
    for lang in ("fr", "en"):
        again = import_army(exported["toml"].encode("utf-8"), lang)
        assert "error" not in again, again
        assert again["toml"] == exported["toml"]
        assert tomllib.loads(again["toml"])["unit"][0]["profile"] == "dwarf"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "broken.toml, line 1: not valid TOML: a quote is not closed on this line (column 13)",
        ),
        (
            "fr",
            "broken.toml, ligne 1\u00a0: TOML non valide\u00a0: un guillemet n’est pas fermé sur "
            "cette ligne (colonne 13)",
        ),
    ],
)
def test_a_quote_left_open_is_said_in_a_player_s_words(lang: str, said: str) -> None:
    """tomllib's "Illegal character '\\n'" in a text in quotes is a quote not closed."""
    answer = import_profile(b'name = "Half\nac = 8\n', lang, "broken.toml")
    assert answer["error"] == said


def test_a_model_type_is_singular_on_a_profile_and_plural_in_the_maxima_tables() -> None:
    """Player round 55: the French builder's model types read « Réguliers », « Élites » beside
    « Individu », « Personnage »; a profile is of one type, a maxima table's column of many."""
    from nqcore.army.characteristics import ModelType
    from nqcore.tables.characteristic_tables import recommended_maximum_table
    from nqcore.tables.profile_tables import STRUCTURES

    fr = translator("fr")
    kinds = (ModelType.CORE, ModelType.ELITE, ModelType.INDIVIDUAL, ModelType.CHARACTER)
    assert [fr(STRUCTURES[kind]) for kind in kinds] == [
        "Régulier",
        "Élite",
        "Individu",
        "Personnage",
    ]
    columns = [fr(row[0]) for row in recommended_maximum_table("cc").rows]
    assert columns[-2:] == ["Élites", "Réguliers"] and "Personnages" in columns


def test_the_book_s_unit_size_names_the_profile_in_a_french_sentence() -> None:
    """Player round 55: « le livre aligne Guerrier du Chaos par unités… », a bare name."""
    from nqcore.data import datafiles

    rules = {rule["key"]: rule.get("text") for rule in datafiles.load("army_rules.toml")["rule"]}
    said = translator("fr")(Msg(rules["sample-unit-size"])).format(
        profile="Guerrier du Chaos", minimum=4, models=2
    )
    assert said.startswith("le livre aligne le profil Guerrier du Chaos par unités de 4 "), said
