"""French follows the English: numbers, dice, measures, modifiers, roles and targets are kept,
and game terms use the glossary's approved French."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from nqcore import po
from nqcore.army.features import abilities, equipment, traits
from nqcore.rules.spells import all_spells
from nqsphinx.directives.glossary import GlossaryError, load_terms
from nqtranslate.glossary_check import (
    GLOSSARY,
    check_catalogue,
    check_definitions,
    check_entry,
    check_phrases,
    french_catalogues,
    load_rules,
    main,
)
from nqtranslate.guard import catalogues
from nqtranslate.lint import (
    left_in_english,
    lint,
    markup_difference,
    number_difference,
    numbers,
)
from tests.building import ROOT

PAGE_CATALOGUES = sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").rglob("*.po"))
ENGINE_CATALOGUE = ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po"

#: Dice (D10, 2D10, D5, D10+5), measures (12", 2½"), modifiers (+1, CC-1), plain numbers.
TOKEN = re.compile(r"\d*D(?:10|5)(?:\+\d+)?|(?<![\"\d])\d+(?:½)?\"|[+-]\d+|\d+(?:[.,]\d+)?")
ROLE = re.compile(r"\{(\w+)\}`[^`]*?<([^>]+)>`|\{(\w+)\}`([^`<]+)`")


def tokens(text: str) -> list[str]:
    text = re.sub(r"<[^>]+>`", "`", text)  # a label's digits are not the text's numbers
    text = re.sub(r"(?<=\d),(?=\d)", ".", text)  # French writes 0,5 for the English 0.5
    return sorted(TOKEN.findall(text.replace("−", "-")))


def roles(text: str) -> list[tuple[str, str]]:
    found = []
    for match in ROLE.finditer(text):
        if match.group(1):
            found.append((match.group(1), match.group(2)))
        elif match.group(3) in {"ref", "doc", "numref"}:
            found.append((match.group(3), "(implicit)"))
    return sorted(found)


def entries(path: Path) -> list[po.Message]:
    return [m for m in po.messages(po.read(path.read_bytes())) if m.string and not m.fuzzy]


def test_tokens_are_found() -> None:
    assert tokens('Move D10+5" then 2½" at RA+1, CC-1, 2D10 and 12') == sorted(
        ["D10+5", '2½"', "+1", "-1", "2D10", "12"]
    )
    assert tokens('gagner 0,5" par figurine') == tokens('gain 0.5" per model') == ["0.5"]
    assert tokens("gagner 0,5") != tokens("gain 5")


@pytest.mark.parametrize("path", PAGE_CATALOGUES + [ENGINE_CATALOGUE], ids=lambda p: p.name)
def test_numbers_dice_measures_and_modifiers_are_kept(path: Path) -> None:
    wrong = [
        f"{path.name}:{e.lineno}: {tokens(e.id)} != {tokens(e.string)}"
        for e in entries(path)
        if tokens(e.id) != tokens(e.string) and "numbers-differ" not in "\n".join(e.user_comments)
    ]
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("path", PAGE_CATALOGUES, ids=lambda p: p.name)
def test_roles_and_targets_are_kept(path: Path) -> None:
    wrong = [
        f"{path.name}:{e.lineno}: {roles(e.id)} != {roles(e.string)}"
        for e in entries(path)
        if roles(e.id) != roles(e.string)
    ]
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("po", french_catalogues(), ids=lambda p: p.name)
def test_game_terms_use_the_glossary(po: Path) -> None:
    """Every French catalogue: approved terms, one form per phrase, no ruled-out form, each
    homonym's sense in its own French."""
    findings = check_catalogue(po, load_rules(GLOSSARY))
    assert not findings, "\n".join(str(f) for f in findings[:20])


def test_every_french_catalogue_is_checked() -> None:
    names = {po.name for po in french_catalogues()}
    assert {"nqcore.po", "nqsphinx.po", "theme.po", "examples.po", "nqprint.po"} <= names
    assert {po.name for po in PAGE_CATALOGUES} <= names


def test_the_glossary_definitions_follow_the_glossary() -> None:
    findings = check_definitions(GLOSSARY, load_rules(GLOSSARY))
    assert not findings, "\n".join(str(f) for f in findings)


FAULTY_CATALOGUE = """\
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "Any unit within 20\\" and line of sight."
msgstr "Toute unité à moins de 20\\" et en ligne de vue."

msgid "They do not fight for one round."
msgstr "Elles ne combattent pas pendant un round."

msgid "The Orc Warlord charges."
msgstr "L’Orc Warlord charge."

msgid "A melee."
msgstr "Une mêlée."

msgid "A close combat weapon."
msgstr "Une arme de mêlée de corps à corps."

msgctxt "armour"
msgid "Light"
msgstr "Lumière"

msgid "Gain 0.5\\" per model."
msgstr "Gagne 0.5\\" par figurine."

# glossary-exempt: within
msgid "Any unit within 10\\"."
msgstr "Toute unité à moins de 10\\"."

# glossary-exempt: withn
msgid "A charge."
msgstr "Une charge."

# glossary-exempt: ((((a+)+)+)+$
msgid "A turn."
msgstr "Un tour."
"""


def test_the_checker_names_each_fault_with_its_line(tmp_path: Path) -> None:
    po = tmp_path / "faulty.po"
    po.write_text(FAULTY_CATALOGUE, encoding="utf-8")
    found = [(f.line, f.key) for f in check_catalogue(po, load_rules(GLOSSARY))]
    assert found == [
        (5, "within"),
        (8, "round"),
        (11, "orc-warlord"),
        (17, "melee"),
        (21, "light"),  # its msgid's line, as the guard and the build name it
        (24, "decimal-point"),
        (32, "withn"),  # a marker that exempts nothing is named, never ignored
        (36, "?"),
    ]
    assert main([str(po)]) == 1


def test_one_french_form_for_within() -> None:
    rules = load_rules(GLOSSARY)
    within = next(p for p in rules.phrases if p.key == "within")
    po_entries = [
        m
        for path in french_catalogues()
        for m in po.messages(po.read(path.read_bytes()))
        if m.string and within.en.search(m.id)
    ]
    assert len(po_entries) >= 40
    number = r"(?:\d+½?|\{\w+\})"  # or the placeholder the engine fills
    assert all(re.search(number + r'(?:"| pouces) ou moins', m.string) for m in po_entries)


def test_the_cavalry_lance_is_never_a_plain_lance() -> None:
    """The armoury's Lance (UC5, ST+2) is « lance de cavalerie » wherever the English names it:
    the French « Lance » is the Spear (proof round fifteen: §21.9, §21.20.2 and the chariot's
    erratum said « une lance », « le spécialiste à la lance »)."""
    rules = load_rules(GLOSSARY)
    lance = [p for p in rules.phrases if p.key == "cavalry-lance"]
    english = "Cavalry models may be equipped with a lance for charging the enemy."
    plain = "Des figurines de cavalerie peuvent être équipées d’une lance pour charger."
    found = list(check_phrases(english, plain, lance, set()))
    assert found and all(key == "cavalry-lance" for key, _ in found)
    right = plain.replace("une lance", "une lance de cavalerie")
    assert list(check_phrases(english, right, lance, set())) == []
    # once named in full, a later plain « sa lance » still reads as the spear
    twice = right + " Le spécialiste, avec sa lance CU5, F+2, attaque."
    assert list(check_phrases(english + " The lance.", twice, lance, set()))
    # the verb « lancer » is no lance, and a message about the spear is not checked
    rolled = right + " Il lance un D10."
    assert list(check_phrases(english, rolled, lance, set())) == []
    assert list(check_phrases("A spear.", "Une lance.", lance, set())) == []


def test_a_malformed_rule_names_its_record(tmp_path: Path) -> None:
    bad = tmp_path / "glossary.toml"
    bad.write_text('[[avoid]]\nkey = "x"\nfr = "y"\n', encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"avoid #1 \(x\): missing field\(s\) use"):
        load_rules(bad)


def test_the_glossary_checker_catches_a_wrong_term() -> None:
    terms = load_terms(GLOSSARY)
    assert list(check_entry("A masterful hit.", "Un coup de maître.", terms, set())) == []
    wrong = list(check_entry("A close combat attack.", "Une attaque de mêlée.", terms, set()))
    assert [t.key for t, _ in wrong] == ["close-combat"]
    assert (
        list(
            check_entry("A close combat attack.", "Une attaque de mêlée.", terms, {"close-combat"})
        )
        == []
    )
    assert [e for _, e in check_entry("Its strength (ST).", "Sa force (ST).", terms, set())] == [
        "(F)"
    ]


def test_glossary_has_both_languages_for_every_term() -> None:
    terms = load_terms(GLOSSARY)
    assert len(terms) >= 60
    assert len({t.key for t in terms}) == len(terms)
    for term in terms:
        assert term.names["en"] and term.names["fr"] and term.definitions["fr"]


def test_the_english_glossary_names_rules_in_the_rules_running_text_case() -> None:
    """An ability, trait, item or spell named inside an English definition is written as the
    rules' running text writes it, in lower case ("masters of combat", "rain of arrows"), never in
    the Title Case of its heading: the proof-reader of session 28 found glossary D5 mixing both
    styles in one parenthesis ("projectile travel, Masters Of Combat, Rain Of Arrows")."""
    names = [f.name for f in (*abilities(), *traits(), *equipment())]
    names += [spell.name for spell in all_spells()]
    pattern = re.compile("|".join(re.escape(n) for n in names if " " in n), re.IGNORECASE)
    glossary = tomllib.loads((ROOT / "docs" / "_data" / "glossary.toml").read_text("utf-8"))
    wrong = [
        f"{term['key']}: {m.group(0)!r}"
        for term in glossary["term"]
        for m in pattern.finditer(term.get("def_en", ""))
        if m.group(0) != m.group(0).lower() and m.start() > 0
    ]
    assert "Masters Of Combat" in names and wrong == []


def test_glossary_errors_name_the_record(tmp_path: Path) -> None:
    bad = tmp_path / "glossary.toml"
    bad.write_text('[[term]]\nkey = "x"\nen = "X"\n', encoding="utf-8")
    with pytest.raises(GlossaryError, match=r"term #1 \(x\): missing field\(s\) fr, def_en"):
        load_terms(bad)


# --- What a translation keeps of its English (nqtranslate.lint) ------------------------

EVERY_CATALOGUE = catalogues("fr")


@pytest.mark.parametrize("po", EVERY_CATALOGUE, ids=lambda p: p.name)
def test_inline_markup_is_kept(po: Path) -> None:
    findings = lint(po, ["markup"])
    assert not findings, "\n".join(str(f) for f in findings[:20])


@pytest.mark.parametrize("po", EVERY_CATALOGUE, ids=lambda p: p.name)
def test_numbers_keep_their_order(po: Path) -> None:
    findings = lint(po, ["numbers"])
    assert not findings, "\n".join(str(f) for f in findings[:20])


@pytest.mark.parametrize("po", EVERY_CATALOGUE, ids=lambda p: p.name)
def test_no_long_message_is_left_in_english(po: Path) -> None:
    findings = lint(po, ["english"])
    assert not findings, "\n".join(str(f) for f in findings[:20])


def test_markup_must_match_and_close() -> None:
    english = "Roll **twice**, then see {ref}`morale <morale>` and `D10`."
    assert (
        markup_difference(english, "Lancez **deux fois**, voir {ref}`moral <morale>` et `D10`.")
        == ""
    )
    assert markup_difference(
        english, "Lancez **deux fois, voir {ref}`moral <morale>` et `D10`."
    ) == ("bold 1 in msgid, 0 in msgstr, unclosed `**` 0 in msgid, 1 in msgstr")
    assert "unclosed backtick 0 in msgid, 1 in msgstr" in markup_difference(
        english, "Lancez **deux fois**, voir {ref}`moral <morale>` et `D10."
    )
    assert markup_difference("A *word*.", "Un *mot.") == (
        "emphasis 1 in msgid, 0 in msgstr, unclosed `*` 0 in msgid, 1 in msgstr"
    )
    assert markup_difference("A *word*.", "Un **mot**.") == (
        "bold 0 in msgid, 1 in msgstr, emphasis 1 in msgid, 0 in msgstr"
    )
    assert markup_difference("{ref}`a <x>`", "{doc}`a <x>`") == (
        "role {doc} 0 in msgid, 1 in msgstr, role {ref} 1 in msgid, 0 in msgstr"
    )


def test_numbers_are_compared_normalised_and_in_order() -> None:
    assert numbers('Move 0.5" or 1,000 models at 2½"', french=False) == ["0.5", "1000", "2.5"]
    assert numbers('Déplacez 0,5" ou 1 000 figurines à 2½"', french=True) == ["0.5", "1000", "2.5"]
    assert number_difference("A 10/20 split.", "Un partage 10/20.", "") == ""
    assert number_difference("A 10/20 split.", "Un partage 20/10.", "").startswith(
        "numbers in another order: 10 20 in msgid, 20 10 in msgstr"
    )
    assert number_difference("A 10/20 split.", "Un partage 20/10.", "numbers-reordered: ok") == ""
    assert number_difference("A 10/20 split.", "Un partage 10/21.", "numbers-reordered") == (
        "numbers differ: 10 20 in msgid, 10 21 in msgstr"
    )
    # The die may move: « sur un résultat de 9 ou moins au D10 ».
    assert (
        number_difference("Hit on a D10 roll of 9 or less.", "Touche sur 9 ou moins au D10.", "")
        == ""
    )
    assert numbers("see {ref}`rule 3 <section-12>`", french=True) == ["3"]


def test_long_english_left_as_is_fails_unless_marked() -> None:
    long = "Models may move and shoot."
    assert left_in_english(long, long, "").startswith("msgstr is the English msgid (5 words)")
    assert left_in_english(long, long, "same-as-english: a quotation") == ""
    # short: a name of the word list (Gilders), or code
    assert left_in_english("Chris Gilders", "Chris Gilders", "") == ""
    code = "`python -m nqcore export --output x`"
    assert left_in_english(code, code, "") == ""
    assert "English" in left_in_english(f"Run {code}", f"Run {code}", "")  # "Run" is English
    assert left_in_english(long, "Les figurines peuvent bouger et tirer.", "") == ""


#: The paragraph the attacker left in English with two words changed (attack round
#: twenty-five, finding 8: docs/magic.md, locale/fr/LC_MESSAGES/magic.po:94).
MAGIC_ENGLISH = (
    "Magic spells may be cast at any time during a Wizard's activation, and do not require an"
    " action."
)


def test_an_english_msgstr_with_a_word_or_two_changed_fails_unless_marked() -> None:
    edited = MAGIC_ENGLISH.replace("Wizard's", "wizard's").replace("require", "requires")
    said = left_in_english(MAGIC_ENGLISH, edited, "")
    assert said.startswith("msgstr is mostly its English msgid (16 of its 17 words, in order)")
    # the marker covers the msgid itself only (attacker round 28, F9)
    assert "mostly" in left_in_english(MAGIC_ENGLISH, edited, "same-as-english: quoted as printed")
    assert left_in_english(MAGIC_ENGLISH, MAGIC_ENGLISH, "same-as-english: quoted as printed") == ""
    french = (
        "Les sorts peuvent être lancés à tout moment pendant l’activation d’un magicien, et ne"
        " demandent pas d’action."
    )
    assert left_in_english(MAGIC_ENGLISH, french, "") == ""
    # Under six words, a name or a code: its French may share most of them.
    assert left_in_english("Koralon Growlers (Elite)", "Koralon Growlers (Élite)", "") == ""
    # A placeholder's name is no word: "{actions} actions" is not English.
    assert (
        left_in_english(
            "Distance moved for {actions} actions (Ac): {moves}.",
            "Distance parcourue pour {actions} actions (Ac) : {moves}.",
            "",
        )
        == ""
    )


def test_the_linter_names_file_and_line(tmp_path: Path) -> None:
    po = tmp_path / "page.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        'msgid "Roll **10** then 20."\nmsgstr "Lancez **20 puis 10."\n',
        encoding="utf-8",
    )
    assert [str(f) for f in lint(po)] == [
        f"{po}:5: inline markup differs: bold 1 in msgid, 0 in msgstr, unclosed `**` 0 in msgid,"
        " 1 in msgstr",
        f"{po}:5: numbers in another order: 10 20 in msgid, 20 10 in msgstr (a translator comment"
        " 'numbers-reordered: why' allows it)",
    ]


def test_a_marker_without_its_reason_is_named(tmp_path: Path) -> None:
    """« numbers-differ: » alone silences a check without a word for the next reviewer."""
    po = tmp_path / "page.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        '# numbers-differ:\nmsgid "Roll 10."\nmsgstr "Lancez 9."\n\n'
        '# numbers-differ: « dix » spelt out\nmsgid "Roll 10 again."\nmsgstr "Relancez dix."\n',
        encoding="utf-8",
    )
    assert [str(f) for f in lint(po)] == [
        f"{po}:6: translator comment 'numbers-differ' without its reason ('numbers-differ: why')"
    ]
