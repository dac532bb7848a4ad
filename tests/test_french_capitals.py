"""French capitals in one rule for every French catalogue (pages, engine, extension, examples,
print): the name of a weapon, an item, an ability, a trait or a glossary term is in sentence case
wherever it is written (« Épée large », never « Épée Large »), and the nouns of roles and peoples
are common nouns, in lower case inside a sentence (« un magicien », « les elfes », « Cogneur
orque »), « L’elfe » too when the article opens the sentence.  An ability's or a trait's name is
capitalised as the glossary writes it where it names the ability: after « capacité » or « trait »
and before its value (« la capacité Esquive », « Peur (X) », « Attaque supplémentaire (x2) »).
The proof-reader of 2026-11 found « Épée Large » 5 times beside « Épée large » 12 times,
« Magicien » 67 times mid-sentence beside « magicien » 3 times, then « L’Elfe » beside « l’elfe »,
« capacité Attaque supplémentaire » beside « capacité attaque supplémentaire », « Peur (1) »
beside « peur (X) », « Nuée de Rats », « Growler à Une Corne »; the seventh, « Personnage(s) »
38 times beside « personnage(s) » 52 times, « Individu(s) », « certains Chefs d’Unité » beside
« chefs d’unité », « Vampire » and « Squelette » beside « orque » and « gobelin »; round fifteen,
the peoples: « les elfes, les Hommes et les nains », « la nécromancie des Morts-Vivants » beside
« des figurines de morts-vivants », « Hommes Lézards » (now « hommes-lézards », compounds with a
hyphen as French writes them, and « Orques et gobelins », never « & »)."""

from __future__ import annotations

import re
from pathlib import Path

from nqcore import po
from nqcore.army.armoury import all_weapons
from nqcore.army.features import abilities, equipment, traits
from nqcore.army.profile_files import sample_profiles
from nqcore.data import datafiles
from nqcore.i18n import P_, Msg, translator
from nqcore.rules.spells import all_spells
from nqsphinx.directives.glossary import terms_for

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = (
    *sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po")),
    ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po",
    *sorted((ROOT / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES").glob("*.po")),
    ROOT / "examples" / "locale" / "fr" / "LC_MESSAGES" / "examples.po",
    *sorted((ROOT / "nqprint" / "locale" / "fr" / "LC_MESSAGES").glob("*.po")),
)
#: Nouns of roles and peoples: common nouns in French, in lower case inside a sentence.
NOUNS = (
    "Magicien", "Magiciens", "Chaman", "Chamans", "Shaman", "Elfe", "Elfes", "Nain", "Nains",
    "Orque", "Orques", "Gobelin", "Gobelins", "Ogre", "Ogres", "Humain", "Humains",
    "Personnage", "Personnages", "Individu", "Individus", "Vampire", "Vampires",
    "Squelette", "Squelettes", "Zombi", "Zombis", "Goule", "Goules",
    "Homme", "Hommes", "Morts-vivants",
    "Hommes-lézards", "Hommes Lézards", "Hommes-loups", "Hommes Loups", "Hommes-rats",
    "Hommes Rats",
    "Chef d’unité", "Chefs d’unité", "Chef d’Unité", "Chefs d’Unité",
    "Musicien", "Musiciens", "Porteur de bannière", "Porteurs de bannière",
    "Porteur de Bannière", "Porteurs de Bannière",
)  # fmt: skip
#: Such a noun after a word, a comma or a bracket (or after l’, d’ there), not as a label that
#: opens an item of a list (« ; Nain : Armure lourde »: a profile's name).
_MID_SENTENCE = re.compile(
    r"(?:(?<=[\w,)»] )|(?<=[\w,;:)»] [lLdD][’'])|(?<=\bL[’']))(" + "|".join(NOUNS) + r")\b(?! :)"
)


def _messages() -> list[tuple[str, str]]:
    return [
        (f"{path.relative_to(ROOT)}:{entry.lineno}", str(entry.string))
        for path in CATALOGUES
        for entry in po.messages(po.read(path.read_bytes()))
        if entry.string
    ]


def _names() -> set[str]:
    """The French names of several words: armoury weapons, abilities, traits, equipment, armour
    types, spells, sample profiles, and the glossary's terms."""
    fr = translator("fr")
    engine = [w.name for w in all_weapons()] + [f.name for f in (*abilities(), *traits())]
    engine += [f.name for f in equipment()] + ["Support Weapon", "Knock Prone"]
    engine += [s.name for s in all_spells()] + [s.heading for s in sample_profiles()]
    names = {fr(Msg(name)) for name in engine}
    armour = datafiles.load("characteristic_costs.toml")["armour_type"]
    names |= {fr(P_("armour", kind["description"])) for kind in armour}
    names |= {term.label("fr") for term in terms_for(str(ROOT / "docs"))}
    return {name for name in names if " " in name and name[:1].isupper()}


def test_names_are_in_sentence_case_wherever_they_are_written() -> None:
    names = _names()
    assert {"Épée à lame large", "Marteau de guerre", "Arme de soutien", "Mise à terre"} <= names
    assert "Sauvegarde d’armure" in names
    wrong = []
    for place, text in [*_messages(), *_glossary_texts()]:
        for name in names:
            for found in re.findall(re.escape(name), text, re.IGNORECASE):
                if found not in (name, name[0].lower() + name[1:]) and found.lower() == found:
                    continue  # all in lower case: the words, not the name
                if found not in (name, name[0].lower() + name[1:]):
                    wrong.append(f"{place}: « {found} » (« {name} »)")
    assert wrong == []


def test_roles_and_peoples_are_lower_case_inside_a_sentence() -> None:
    found = [
        f"{place}: {match.group(0)!r} in …{text[max(0, match.start() - 30) : match.end() + 10]}…"
        for place, text in _messages()
        for match in _MID_SENTENCE.finditer(text)
    ]
    assert found == []


def _glossary_texts() -> list[tuple[str, str]]:
    """The glossary's French words and definitions (the glossary page and the tooltips)."""
    return [
        (f"docs/_data/glossary.toml: {term.key}", f"{term.label('fr')} {term.definitions['fr']}")
        for term in terms_for(str(ROOT / "docs"))
    ]


def _features() -> str:
    """The French names of the abilities and traits, longest first, as one alternation."""
    fr = translator("fr")
    names = {fr(Msg(f.name)) for f in (*abilities(), *traits())}
    names = {n for n in names if n.casefold() != "mort-vivant"}  # its case: glossary undead-case
    return "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))


def test_ability_names_are_capitalised_where_they_name_the_ability() -> None:
    names = _features()
    assert "Attaque\\ supplémentaire" in names and "Esquive" in names
    naming = (
        re.compile(r"(?i)\b(?:capacités?|traits?)\s+(?:«\s|\{ref\}`)?(" + names + r")\b"),
        re.compile(r"(?i)\b(" + names + r")(?=\s\((?:[X\dx]|\d+/\d))"),
    )
    wrong = [
        f"{place}: « {m.group(1)} » in …{text[max(0, m.start() - 20) : m.end() + 10]}…"
        for place, text in [*_messages(), *_glossary_texts()]
        for pattern in naming
        for m in pattern.finditer(text)
        if not m.group(1)[0].isupper()
    ]
    assert wrong == []


def _characteristics() -> list[str]:
    """The glossary's French words written with their abbreviation (« Attaque à distance (AD) »,
    « Contrôle (Co) »), without it, and the armour save: the rules' words, not names."""
    labels = {term.label("fr") for term in terms_for(str(ROOT / "docs"))}
    words = [re.sub(r"\s*\([^)]*\)$", "", t) for t in labels if re.search(r"\([^)]*\)$", t)]
    return [*sorted(w for w in words if w[:1].isupper()), "Sauvegarde d’armure"]


#: After a lower-case word (and a comma), or after its d’, l’: inside a sentence.
_INSIDE = r"(?:(?<=[a-zà-ÿ,] )|(?<=[a-zà-ÿ] [dlDL][’']))"


def test_characteristics_are_lower_case_inside_a_sentence() -> None:
    """The characteristics and the armour save are common words in the French books: « une
    attaque à distance (AD) », « un test de contrôle (Co) », « la cible fait sa sauvegarde
    d’armure », « la force de l’attaque », with their abbreviation or without; capitalised only
    where they open a sentence, a heading or a label, or begin an item's name (« l’Armure
    légère »), and never with a capital inside (« Attaque à Distance », « Coût d’Utilisation »).
    The proof-reader of session 14 found « Attaque à Distance » five times in the glossary and The
    Odds; the next, « la Force de l’attaque » and « Sauvegardes d’Armure » 19 times."""
    words = _characteristics()
    assert {"Attaque à distance", "Contrôle", "Sauvegarde d’armure"} <= set(words)
    names = _names()  # « l’Armure légère (Ar4) »: an item's name, in sentence case
    wrong = []
    for place, text in [*_messages(), *_glossary_texts()]:
        for word in words:
            lower = word[0].lower() + word[1:]
            for found in re.findall(re.escape(word), text, re.IGNORECASE):
                if found[1:] != word[1:]:
                    wrong.append(f"{place}: « {found} »")
            for m in re.finditer(_INSIDE + "(" + re.escape(word) + r")\b", text):
                if m.group(1) != lower and not any(text.startswith(n, m.start()) for n in names):
                    wrong.append(f"{place}: « {m.group(1)} » in …{text[m.start() - 20 : m.end()]}…")
    assert wrong == []


#: Names of rules the proof-reader of 2026-12 found with a capital on a later word (« Armes
#: Standard », « Blessure Supplémentaire », « Grandes Figurines », « Unités Infiltrées »,
#: « Mort-Vivant »): the engine's and the glossary's names do not list them.
RULE_NAMES = (
    "Armes standard", "Blessure supplémentaire", "Grandes figurines", "Grande figurine",
    "Unités infiltrées", "Mort-vivant", "Les unités", "Porteurs de bannière",
)  # fmt: skip


def test_the_later_words_of_a_rules_name_are_lower_case() -> None:
    wrong = [
        f"{place}: « {found} »"
        for place, text in _messages()
        for name in RULE_NAMES
        for found in re.findall(r"(?<![\w-])" + re.escape(name) + r"(?![\w-])", text, re.I)
        if found[1:] != name[1:] and found[1:].lower() != found[1:]
    ]
    assert wrong == []


def test_a_name_after_an_indefinite_article_is_a_common_noun() -> None:
    """« un coup de maître » (a masterful hit), never « un Coup de maître »: the glossary's name
    is capitalised as a heading or a label, not as a noun in a sentence."""
    labels = {term.label("fr") for term in terms_for(str(ROOT / "docs"))}
    names = "|".join(re.escape(label) for label in labels if " " in label and label[1:].islower())
    pattern = re.compile(r"\b(?:[Uu]ne?|[Dd]es) (" + names + r")\b")
    wrong = [
        f"{place}: « {m.group(0)} »" for place, text in _messages() for m in pattern.finditer(text)
    ]
    assert wrong == []


#: Names of things an army has one of, capitalised as the rules name them wherever they stand
#: (proof round 28: « Bannière d’armée » 20 times beside « bannière d’armée » 5 times).
PROPER_NAMES = ("Bannière d’armée",)


def test_the_one_army_banner_is_always_capitalised() -> None:
    found = [
        f"{place}: …{text[max(0, at.start() - 20) : at.end()]}…"
        for place, text in _messages()
        for name in PROPER_NAMES
        for at in re.finditer(re.escape(name[0].lower() + name[1:]), text)
    ]
    assert found == []


#: The one item whose name stays capitalised in a sentence: the army's unique banner, written as
#: its title (« la Bannière d’armée », as the book's « the Battle Standard »).
UNIQUE_ITEMS = ("Bannière d’armée",)
#: A determiner: the words before a common noun inside a sentence.
_DETERMINER = (
    r"(?:\b(?:le|la|les|un|une|des|du|de|son|sa|ses|leur|leurs|cette|ce|ces|votre|vos|au|aux) "
    r"|\b[lLdD][’'])"
)


def test_an_item_after_a_determiner_is_a_common_noun() -> None:
    """« son épée à lame large », « l’arc long », « le trébuchet », as 159 places wrote them, never
    « son Épée à lame large »: the armoury's weapons, the equipment and the armour are common
    nouns in a French sentence (the proof-reader of round 40 found « une Épée à lame large »
    eight times beside « une épée à lame large »)."""
    fr = translator("fr")
    items = {fr(Msg(w.name)) for w in all_weapons()} | {fr(Msg(f.name)) for f in equipment()}
    armour = datafiles.load("characteristic_costs.toml")["armour_type"]
    items |= {fr(P_("armour", kind["description"])) for kind in armour}
    items = {item for item in items if item[:1].isupper() and item not in UNIQUE_ITEMS}
    assert {"Épée à lame large", "Arc long", "Trébuchet", "Armure légère"} <= items
    named = "|".join(re.escape(item) for item in sorted(items, key=len, reverse=True))
    pattern = re.compile(_DETERMINER + "(" + named + r")\b")
    wrong = [
        f"{place}: …{text[max(0, m.start() - 20) : m.end() + 10]}…"
        for place, text in [*_messages(), *_glossary_texts()]
        for m in pattern.finditer(text)
    ]
    assert wrong == []
