"""French wording the proof-reader of 2026-11 marked, each kind checked in every French catalogue
(pages, engine, extension, examples, print): the glossary's abbreviations next to a number
(« Ar4 », never « AR4 »: the English abbreviation in a French line reads as a misprint), each
spell's French name a translation of its own English name (the 2006 book crossed two: Molten
Grasp was « Mains brûlantes » and Burning Hand « Souffle ardent », a trap in a table of both
languages),
« probabilité » for a chance computed (« chance de » is a calque), the glossary's « attente »
for holding, and the French index's entries (the noun, not its article; the book's words)."""

from __future__ import annotations

import re
import tomllib

import pytest

from nqcore.i18n import Msg, translator
from nqsphinx.directives.index_data import load_index_data, qualified
from nqsphinx.directives.rules_index import index_text
from tests.test_french_capitals import ROOT, _messages

GLOSSARY = tomllib.loads((ROOT / "docs" / "_data" / "glossary.toml").read_text("utf-8"))
INDEX = load_index_data(ROOT / "docs" / "_data" / "rules_index.toml")
#: Each spell whose French name is not a plain word for word of the English, and why it fits.
SPELL_NAMES = {
    "Molten Grasp": "Étreinte en fusion",  # grasp: étreinte; molten: en fusion
    "Burning Hand": "Main ardente",  # hand: main; burning: ardente
    "Fireball": "Boule de feu",
    "Lava Pool": "Mare de lave",
    "Steam Vent": "Jet de vapeur",
    "Smoke": "Fumée",
}


def _abbreviations() -> dict[str, str]:
    """English abbreviation → French, where they differ and the English one is not also a
    French abbreviation of another term (PM: penetration modifier in English, medium range in
    French)."""
    pairs = {t["abbr_en"]: t["abbr_fr"] for t in GLOSSARY["term"] if t.get("abbr_fr")}
    return {en: fr for en, fr in pairs.items() if en != fr and en not in pairs.values()}


def test_french_abbreviations_next_to_a_number_are_the_glossarys() -> None:
    abbreviations = _abbreviations()
    assert abbreviations["AR"] == "Ar" and abbreviations["UC"] == "CU"
    pattern = re.compile(r"\b(" + "|".join(abbreviations) + r")(?=[+-]?\d)")
    wrong = [
        f"{place}: « {m.group(0)} » for « {abbreviations[m.group(1)]} »"
        for place, text in _messages()
        for m in pattern.finditer(text)
    ]
    assert wrong == []


def test_the_actions_column_of_the_cost_tables_says_ac() -> None:
    fr = translator("fr")
    assert fr(Msg("AC Cost")) == "Coût Ac"


def test_each_spell_translates_its_own_english_name() -> None:
    fr = translator("fr")
    assert {en: fr(Msg(en)) for en in SPELL_NAMES} == SPELL_NAMES
    crossed = [(p, t) for p, t in _messages() if re.search(r"Mains brûlantes|Souffle ardent", t)]
    assert crossed == []


def test_chances_computed_are_probabilities() -> None:
    calques = [
        f"{place}: …{text[max(0, m.start() - 20) : m.end() + 20]}…"
        for place, text in _messages()
        for m in re.finditer(r"(?:^|\b[Ll]a )[Cc]hance (?:de|d’|qu)", text)
    ]
    assert calques == []


def test_holding_is_the_glossarys_attente() -> None:
    hold = next(t for t in GLOSSARY["term"] if t["key"] == "hold")
    assert hold["fr"] == "Attente"
    assert [p for p, t in _messages() if re.search(r"(?i)actions retenues", t)] == []


def test_french_index_entries_are_filed_by_their_noun() -> None:
    assert index_text("Des dés", "fr") == "Dés"
    assert index_text("Des figurines", "fr") == "Figurines"
    assert index_text("Une règle", "fr") == "Règle"
    assert index_text("L’armée", "fr") == "Armée"


def test_french_index_sends_the_books_words() -> None:
    """« Magicien » (the text's word, never « sorcier »), « Points » (the heading says « Valeur
    d’armée »), and the spell Panique told from the panic of morale."""
    sends = {see.fr: see.target for see in INDEX.see if see.fr}
    assert "Sorcier" not in sends and sends["Magicien"].term == "magic-user"
    assert sends["Points"].fr == "Valeur d’armée"
    texts = " ".join(text for _, text in _messages())
    assert len(re.findall(r"\bmagiciens?\b", texts)) > 50
    assert not re.search(r"(?i)\bsorciers?\b", texts)
    assert qualified(INDEX, "fr")["Panique"] == "Panique (sort)"
    assert qualified(INDEX, "en")["Panic"] == "Panic (spell)"


def test_a_unit_after_an_article_is_a_french_plural() -> None:
    """« les Une Corne » (the 2006 book's words for the Growler One Horns) reads as a misprint:
    a number word set as a name after an article; the text names the unit as its profile's
    heading does, in the plural."""
    assert translator("fr")(Msg("Growler One Horn")) == "Growler à une corne"
    article = r"\b(?:[Ll]es|[Dd]es|[Aa]ux|[Ll]e|[Ll]a|[Dd]u|[Ll]’) ?"
    pattern = re.compile(article + r"(?:Une?|Deux|Trois) [A-ZÀ-Ý]")
    wrong = [
        f"{place}: {m.group(0)}" for place, text in _messages() for m in pattern.finditer(text)
    ]
    assert wrong == []
    assert any("les Growlers à une corne sont traités" in text for _, text in _messages())


def test_the_support_weapon_armoury_is_named_as_its_section() -> None:
    """« Armurerie des armes de soutien », as its section's title: the errata wrote « des Armes
    de soutien » five times, and named its weapons « Baliste » where the other lines write
    « baliste »."""
    capitals = [
        f"{place}: …{text[max(0, m.start() - 20) : m.end() + 20]}…"
        for place, text in _messages()
        for m in re.finditer(r"Armurerie des Armes|(?<=[a-zé’] )Baliste|(?<=la )Catapulte", text)
    ]
    assert capitals == []


def test_an_armour_save_is_a_sauvegarde() -> None:
    """« sauvegarde d’armure », the glossary's term, about sixty times: never « test d’armure »."""
    assert [p for p, t in _messages() if re.search(r"(?i)test d[’']armure", t)] == []


#: French the proof-reader of 2026-12 marked: a figure for « une » (« qu’1 action »), spaced
#: « et / ou », a calque of "free to distribute", a subtraction's working with a dash or a
#: hyphen, a quoted sentence whose full stop is outside its guillemets, and « mongolien », a dated
#: and offensive word for a person, where the people's adjective is « mongol ».
WORDING = {
    r"\bmongolien": "« mongol »",
    r"\bqu[’']1\b": "« qu’une »",
    r"\bet / ou\b": "« et/ou »",
    r"libres? de distribution": "« peuvent être distribuées librement »",
    r"\(\d+\s?[-–]\s?\d+\),? soit": "a minus sign: (7 − 1)",
    r"«\s[A-ZÀ-Ý][^»]{30,}[^.!?…]\s»\.": "the full stop inside the guillemets",
}
#: The thirteenth proof-reading's literal French (one voice): a page that « pose » the reader's
#: questions, the errata's « suit une lecture » (a calque of "follows a reading"), « un résultat
#: bien plus difficile de 4 » (of "a much more difficult 4"), a characteristic without its
#: « valeur » (« a un corps à corps (CC) de 6 »), and a futur then a conditionnel in one sentence.
WORDING.update(
    {
        r"\bpose vos propres questions": "« vous permet de poser vos propres questions »",
        r"\b(?:suit|suivre|ne suit pas)\b[^.]{0,40}\blecture\b|\blecture\b[^.]{0,40}\bsuit\b": (
            "« retient une interprétation »"
        ),
        r"\bbien plus difficile de \d": "« obtenir 4 ou moins, ce qui est bien plus difficile »",
        r"\ba une? corps à corps \(CC\)": "« a une valeur de corps à corps (CC) »",
        r"\bfournira\b[^.]*\bdonnerait\b": "one tense: « Cela lui donnerait … et … »",
        r"\brègle des Unités\b": "« la règle des unités », as §2.1 « Les unités » is printed",
    }
)

#: The fourteenth proof-reading's French: the story of §1.2 in one narrative tense, the passé
#: simple (« Alors est venue la Sécheresse » among « demandèrent », « refusèrent »), a trait's name
#: capitalised in running text (« la capacité Mort-vivant »), a colon before the table a sentence
#: introduces, « Passer en formation » (« former une formation » is a pleonasm), and a book that
#: « indique » a value (« imprime » is a calque of "prints").
WORDING.update(
    {
        r"\b(?:Alors est venue|ne sont pas venues|se sont tournés|ont déplacé de vastes|ont rampé|"
        r"ont rejoint la lutte|a finalement pris fin|ont commencé les Guerres)\b": (
            "the story's passé simple: « Alors vint la Sécheresse », « se tournèrent »"
        ),
        r"\bcapacité (?:spéciale )?(?:\{ref\}`)?mort-vivant\b": "« la capacité Mort-vivant »",
        r"quel qu’en soit le motif ;": "« quel qu’en soit le motif : », before its table",
        r"(?i)\bformer une formation\b": "« Passer en formation en ligne ou serrée »",
        r"(?i)\ble livre de 2007 imprime\b": "« Le livre de 2007 indique »",
    }
)


def test_french_wording_the_proof_reader_marked() -> None:
    wrong = [
        f"{place}: {match.group(0)!r} ({advice})"
        for place, text in _messages()
        for pattern, advice in WORDING.items()
        for match in re.finditer(pattern, text)
    ]
    assert wrong == []


#: Terms the seventh proof-reading marked as literal: « délivrer une attaque » (a calque of
#: "deliver an attack": one « porte » an attack), « couverture modérée » for hard cover (the
#: opposite of « légère » is « lourde »), « épée large » for the broadsword (a sword with a
#: broad blade); « ralliement » for the Rally (the book's « rassemblement »). Each is one
#: pattern, checked in every French catalogue and in the glossary.
TERMS = {
    r"(?i)\bdélivr\w*": "« porter une attaque »",
    r"(?i)\bcouvertures? modérées?": "« couverture lourde »",
    r"(?i)\bépées? larges?\b": "« épée à lame large »",
    # proof round 33: the rules' Rally is « rassemblement » (the glossary's, the index's); a
    # rallying point and a rallying cry keep their idiom
    r"(?i)(?<!point de )(?<!cri de )\bralliements?\b|\bse rallie\w*": "« rassemblement »",
}


def _glossary_french() -> list[tuple[str, str]]:
    return [
        (f"docs/_data/glossary.toml: {term['key']}", f"{term['fr']} {term.get('def_fr', '')}")
        for term in GLOSSARY["term"]
    ]


@pytest.mark.parametrize("pattern", TERMS)
def test_the_terms_the_seventh_proof_reading_marked(pattern: str) -> None:
    wrong = [
        f"{place}: {match.group(0)!r} ({TERMS[pattern]})"
        for place, text in [*_messages(), *_glossary_french()]
        for match in re.finditer(pattern, text)
    ]
    assert wrong == []


def test_the_replaced_terms_are_the_books() -> None:
    """The glossary's hard cover and the engine's broadsword, each in its new words; the magic
    user keeps the glossary's « utilisateur de la magie » (« magicien » is the wizard's word)."""
    terms = {term["key"]: term["fr"] for term in GLOSSARY["term"]}
    assert terms["hard-cover"] == "Couverture lourde"
    assert terms["magic-user"] == "Utilisateur de la magie"
    assert translator("fr")(Msg("Broadsword")) == "Épée à lame large"
