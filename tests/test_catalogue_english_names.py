"""English left in a French message as a short name or heading, or as a clause in French
(attacker round 28, F1, F6, F9): each was counted translated by the status, passed the guard and
shipped on the French pages with no warning from the build."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqtranslate.lint import left_in_english

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
WHY = ": translate, or say why in a translator comment 'same-as-english: why'"

#: (msgid, msgstr) as the attacker planted them: the msgid itself, or the English book's Title
#: Case for another English text, or one English word.
TITLE_CASE = [
    ("Panic Table", "Panic Table"),
    ("Bloodlust", "Bloodlust"),
    ("Mighty Strike", "Mighty Strike"),
    ("Difficult Terrain", "Difficult Terrain"),
    ("Sure Shot", "Sure Shot"),
    ("Inspiring Leadership", "Inspiring Leadership"),
    ("Modifiers", "Modifiers"),
    ("Downloads", "Downloads"),
    ("Cover", "Cover"),
    ("Command Test Modifiers", "Test Modifiers"),
    ("The Effect Of Being Panicked", "Effects Of Panic"),
    ("Shoot missiles.", "Shoot Missiles."),
    ("Back to top", "Top Of Page"),
    ("Back to top", "To The Top"),
    ("Dark mode", "Night Mode"),
    ("Chance of casting", "Casting Chance"),
    ("Command Test Modifiers", "Bonus And Malus"),
    ("Downloads", "File Downloads"),
    ("Downloads", "Downloadable Files"),
    ("Cover", "Front Cover"),
    ("English edition", "French Edition"),
    ("Orc Bruisers", "Orc Bruisers"),
    ("Command Test Modifiers", "Modifiers"),
    ("The Effect Of Being Panicked", "Results"),
    ("Panic Table", "Panicked"),
    ("Panic Table", "Rout"),
    ("Contents", "Summary"),
    ("Run `nq cast 5`", "Run `nq cast 5`"),
    # attacker round 29: joined, or with an English possessive
    ("Panic Table", "Panic-Table"),
    ("Panic Table", "Panic/Table"),
    ("Panic Table", "Panic_Table"),
    ("Bloodlust", "Warrior’s Bloodlust"),
    ("Bloodlust", "Warrior's Bloodlust"),
    ("Bloodlust", "Bloodlust’s"),
    ("Panic Table", "PANIC"),
    ("Panic Table", "PANICKED"),
    ("Modifiers", "MODIFIERS"),
    ("Bloodlust", "BLOODLUST"),
    ("Bloodlust", "Bloodlusts"),
    ("Mighty Strike", "Mightystrike"),
    ("Spellcaster", "Spellcasters"),
]


@pytest.mark.parametrize(("msgid", "msgstr"), TITLE_CASE, ids=[s for _, s in TITLE_CASE])
def test_a_short_english_name_or_heading_reads_as_english(msgid: str, msgstr: str) -> None:
    """F1: "every word with a capital: a name" let the English book's headings and names
    through, even copied from the msgid; French headings and names are sentence case."""
    assert "English" in left_in_english(msgid, msgstr, "")


def test_title_case_english_is_named_by_its_words() -> None:
    """The finding names the words that tell, not "0 English words" (French knows "panic")."""
    said = left_in_english("Panic Table", "Panic Table", "")
    assert said.startswith("msgstr has a sentence in English (2 English words such as 'Panic',")


FRENCH = [
    ("Panic Table", "Table de panique"),
    ("Bloodlust", "Sanguinaire"),
    ("Back to top", "Haut de page"),
    ("Dark mode", "Mode nuit"),
    ("Thor's Wind", "Vent de Thor"),
    ("Agile", "Agile"),
    ("Traits", "Traits"),
    ("Points", "Points"),
    ("Growlers", "Growlers"),
    ("Koralon", "Koralon"),
    ("Mark Carmichael", "Mark Carmichael"),
    ("Max CC", "Max CC"),
    ("www.WargamesUnlimited.com", "www.WargamesUnlimited.com"),
    ("Koralon Growlers (Elite)", "Koralon Growlers (Élite)"),
    ("Extra attack dice", "Les dés d’une attaque supplémentaire (--mod extra-attack)."),
    ("Overkill", "Les touches en trop (« overkill ») passent aux ennemis en contact."),
    ("Standard Bearer", "Porte-bannière"),
    ("Wolverine Predator", "Prédateur loup-garou"),
    ("and/or", "et/ou"),
    ("See docs/magic.md", "Voir docs/magic.md et /etc/nq.toml"),
    ("Actions", "actions"),
    ("Max AC", "Max Ac"),
    ("Panic Table", "TABLE DE PANIQUE"),
    ("CC, RA and PM", "CC, AD et PM"),
]


@pytest.mark.parametrize(("msgid", "msgstr"), FRENCH, ids=[s for _, s in FRENCH])
def test_french_names_shared_words_and_word_list_names_are_not_english(
    msgid: str, msgstr: str
) -> None:
    """Words French shares ("Agile"), the word list's names ("Growlers", "Carmichael"), an
    abbreviation, a web address and a quoted English term inside French stay French."""
    assert left_in_english(msgid, msgstr, "") == ""


PANICKED = "If the command test is failed the unit is deemed to be panicked."
MIXED = [
    "Si le test de contrôle est raté, the unit flees ; faites un jet sur la table de panique"
    " ci-dessous : Reroll any doubles.",
    "Si le test de contrôle est raté, faites un jet sur la table de panique ci-dessous."
    " Reroll any doubles.",
    "Si le test est raté, the unit panics : faites un jet sur la table de panique.",
    "Si le test de contrôle est raté, the unit flees ; faites un jet sur la table de panique.",
]


@pytest.mark.parametrize("msgstr", MIXED, ids=["both", "appended", "panics", "flees"])
def test_an_english_clause_or_sentence_inside_french_is_found(msgstr: str) -> None:
    """F6: an English clause mid-sentence ("the unit flees") and an appended English rule
    ("Reroll any doubles.") passed beside French."""
    assert "English" in left_in_english(PANICKED, msgstr, "")


ADDED_RULE = "Reroll any doubles, then roll on the panic table below and apply the result."


@pytest.mark.parametrize(
    ("msgid", "msgstr", "comment"),
    [
        (PANICKED, ADDED_RULE, "same-as-english:"),
        (PANICKED, ADDED_RULE, "same-as-english: quoted as printed"),
        ("Bloodlust", "Bloodlust", "same-as-english:"),
        ("Bloodlust", "Bloodlust", "same-as-english"),
        ("Panic Table", "Panic Table", "same-as-english: x"),
        ("Mighty Strike", "Mighty Strikes", "same-as-english: the ability's name"),
    ],
    ids=["no-reason", "not-its-msgid", "copy-no-reason", "no-colon", "short-reason", "changed"],
)
def test_same_as_english_needs_a_reason_and_covers_only_the_msgid(
    msgid: str, msgstr: str, comment: str
) -> None:
    """F9: the marker with nothing after its colon, or over English that is not the msgid (a
    rule the English lacks), let any English through."""
    assert "English" in left_in_english(msgid, msgstr, comment)


def test_same_as_english_with_its_reason_keeps_the_msgid() -> None:
    comment = "same-as-english: the name of a rule of another game"
    assert left_in_english("Bloodlust", "Bloodlust", comment) == ""
    assert left_in_english(PANICKED, PANICKED, comment) == ""


PAGE = (
    'msgid "Panic Table"\nmsgstr "Panic Table"\n\n'
    'msgid "Bloodlust"\nmsgstr "Bloodlust"\n\n'
    'msgid "Command Test Modifiers"\nmsgstr "Test Modifiers"\n\n'
    f'msgid "{PANICKED}"\nmsgstr "{MIXED[0]}"\n\n'
    "# same-as-english:\n"
    f'msgid "{PANICKED} "\nmsgstr "{ADDED_RULE}"\n\n'
    'msgid "Difficult Terrain"\nmsgstr "Terrain difficile"\n'
)


def test_the_status_and_the_build_count_and_warn_them_at_their_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every caller of the rule sees them: the status counts them untranslated, the build's
    warning names each line (the page's notice reads the same list)."""
    from nqtranslate import guard, missing
    from nqtranslate.status import page_status

    # the real page's template (after ``./dev update-po``) is not this catalogue's
    monkeypatch.setattr(missing, "TEMPLATES", tmp_path / "no-templates")
    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = folder / "morale.po"
    path.write_text(HEADER + PAGE, encoding="utf-8")
    status = page_status(path, tmp_path)
    assert (status.translated, status.untranslated, status.complete) == (1, 5, False)
    monkeypatch.setattr(guard, "PAGE_LOCALE", tmp_path)
    assert guard.page_warnings("fr", ["morale"]) == [
        f"{path}: warning: 5 message(s) left as their English, shown as is"
        f" (lines 6, 9, 12, 15, 19){WHY}",
    ]


@pytest.mark.parametrize("domain", ["theme", "nqsphinx", "nqcore"])
def test_the_site_s_words_in_title_case_english_are_warned(tmp_path: Path, domain: str) -> None:
    """F1 in the site's words: "Top Of Page" and "Night Mode" on every French page."""
    from nqtranslate.guard import package_warnings

    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    text = (
        'msgid "Back to top"\nmsgstr "Top Of Page"\n\n'
        'msgid "Dark mode"\nmsgstr "Night Mode"\n\n'
        'msgid "Modifiers"\nmsgstr "Modifiers"\n\n'
        'msgid "Light mode"\nmsgstr "Mode jour"\n'
    )
    path = folder / f"{domain}.po"
    path.write_text(HEADER + text, encoding="utf-8")
    assert package_warnings("fr", [domain], [tmp_path / "locale"]) == [
        f"{path}: warning: 3 message(s) left as their English, shown as is (lines 6, 9, 12){WHY}",
    ]
