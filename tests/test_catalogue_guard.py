"""The guard's rules on translations: placeholders parsed as ``str.format`` (or ``%``) parses
them, Plural-Forms compiled as Python's gettext compiles it, structures Sphinx would drop; and
the engine's last line of defence, a translation that does not format shows the English."""

from __future__ import annotations

from pathlib import Path

import pytest
from docutils import nodes

from nqcore import catalogue_loading, i18n
from nqcore.cli.commands import main as nq
from nqtranslate.formats import placeholder_problems, plural_forms_problem
from nqtranslate.guard import _markdown, check_catalogue, page_placeholder_findings
from nqtranslate.status import page_status
from nqtranslate.structure import structure_problem

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
CAST = "Casting a level {level} spell at wizardry level {wizardry}"


def _po(folder: Path, name: str, body: str) -> Path:
    path = folder / f"{name}.po"
    path.write_text(HEADER + body, encoding="utf-8")
    return path


@pytest.mark.parametrize("hostile", ["{}", "{0}", "{x!r}", "{x:>9}", "{level!r}", "{level:>9}"])
def test_a_placeholder_the_english_lacks_is_refused(hostile: str) -> None:
    problems = placeholder_problems(CAST, f"Niveau {{level}} {hostile} magie {{wizardry}}")
    assert any(hostile in p for p in problems), problems


def test_placeholders_compare_name_conversion_and_spec() -> None:
    assert placeholder_problems(CAST, "Magie {wizardry}, sort de niveau {level}") == []
    assert placeholder_problems(CAST, "Niveau {level!r}, magie {wizardry}") == [
        "msgstr drops the placeholder {level}",
        "msgstr adds the placeholder {level!r}, not in its msgid",
    ]
    assert placeholder_problems("{n:>3} points", "{n} points") == [
        "msgstr drops the placeholder {n:>3}",
        "msgstr adds the placeholder {n}, not in its msgid",
    ]
    assert placeholder_problems(CAST, "Niveau {level") == [
        "msgstr is not a valid format string (expected '}' before end of string)"
    ]


def test_a_repeated_placeholder_is_counted_not_called_absent() -> None:
    """``{upkeep} {upkeep}`` for ``{upkeep}``: the English has it, once."""
    twice = "maintien {upkeep} {upkeep}"
    assert placeholder_problems("has upkeep {upkeep}.", twice) == [
        "msgstr has the placeholder {upkeep} 2 times, its msgid once"
    ]
    assert placeholder_problems("{upkeep} or {upkeep}", "{upkeep}") == [
        "msgstr has the placeholder {upkeep} once, its msgid 2 times"
    ]
    assert page_placeholder_findings("upkeep {upkeep}", twice) == [
        "msgstr has the placeholder {upkeep} 2 times, its msgid once"
    ]


def test_percent_formats_are_compared_where_the_english_is_one() -> None:
    assert placeholder_problems("25% of", "25 % de") == []  # not a % format: not compared
    assert placeholder_problems("invalid choice: %(value)r", "choix : « %(value)s »") == []
    assert placeholder_problems("required: %s", "obligatoires") == [
        "msgstr drops the conversion %s"
    ]
    assert placeholder_problems("required: %s", "obligatoires : %d") == [
        "msgstr drops the conversion %s",
        "msgstr adds the conversion %d, not in its msgid",
    ]
    flagged = frozenset({"python-brace-format"})
    assert placeholder_problems("{n}%s", "{n}", flagged) == []
    # a date for strftime, not for %: not formatted (the pseudo language's "%b %d, %Y")
    assert placeholder_problems("%b %d, %Y", "%d %b %Y") == []


def test_a_percent_sign_that_starts_no_conversion_is_refused_at_the_line(tmp_path: Path) -> None:
    """« à 100 % » at a theme message's end passed the comparison of conversions, then stopped
    the French build with Sphinx's traceback, naming no catalogue (attack round nineteen)."""
    made = "Made with %(sphinx)s and %(furo)s"
    body = (
        f'msgid "{made}"\nmsgstr "Réalisé avec %(sphinx)s et %(furo)s à 100 %"\n\n'
        f'msgid "{made}!"\nmsgstr "Réalisé avec %(sphinx)s et %(furo)s à 100 %%!"\n'
    )
    findings = check_catalogue(_po(tmp_path, "theme", body))
    assert [(f.line, f.what) for f in findings] == [
        (
            6,
            "msgstr does not format as its English does (incomplete format): write %% for a % sign",
        )
    ]


def test_a_catalogue_of_formatted_messages_is_refused_at_the_line(tmp_path: Path) -> None:
    body = f'msgid "Fine"\nmsgstr "Bien"\n\nmsgid "{CAST}"\nmsgstr "Niveau {{}} {{wizardry}}"\n'
    findings = check_catalogue(_po(tmp_path, "nqcore", body))
    assert [str(f).split(": ", 1) for f in findings] == [
        [f"{tmp_path}/nqcore.po:9", "msgstr drops the placeholder {level}"],
        [f"{tmp_path}/nqcore.po:9", "msgstr adds the placeholder {}, not in its msgid"],
    ]


def test_every_plural_form_is_compared(tmp_path: Path) -> None:
    body = (
        'msgid "{n} point"\nmsgid_plural "{n} points"\n'
        'msgstr[0] "{n} point"\nmsgstr[1] "{n!r} points"\n'
    )
    findings = check_catalogue(_po(tmp_path, "examples", body))
    assert [(f.line, f.what) for f in findings] == [
        (6, "msgstr drops the placeholder {n}"),
        (6, "msgstr adds the placeholder {n!r}, not in its msgid"),
    ]


def test_page_catalogues_keep_their_myst_roles(tmp_path: Path) -> None:
    """Page messages are not formatted: ``{ref}`` is a role, compared as markup."""
    body = 'msgid "See {ref}`magic`."\nmsgstr "Voir {ref}`magic`."\n'
    assert check_catalogue(_po(tmp_path, "magic", body)) == []


@pytest.mark.parametrize(
    ("rule", "problem"),
    [
        ("nplurals=2; plural=(n > 1);", ""),
        ("nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);", ""),
        ("nplurals=2; plural=" + "(" * 150 + "n>1" + ")" * 150 + ";", "too complex"),
        ("nplurals=2; plural=(n > 1 ? 3 : 0);", "plural(2) = 3, not below nplurals=2"),
        ("nplurals=2; plural=import os;", "refused by Python's gettext"),
        ("plural=(n > 1);", "is not 'nplurals=N; plural=EXPR;'"),
    ],
)
def test_plural_forms_are_compiled_by_pythons_gettext(rule: str, problem: str) -> None:
    found = plural_forms_problem(rule)
    assert (problem in found) if problem else found == ""


def test_a_plural_rule_gettext_refuses_is_named_at_its_header_line(tmp_path: Path) -> None:
    path = _po(tmp_path, "credits", 'msgid "Credits"\nmsgstr "Crédits"\n')
    complex_rule = "(" * 150 + "n > 1" + ")" * 150
    path.write_text(path.read_text().replace("(n > 1)", complex_rule), encoding="utf-8")
    findings = check_catalogue(path)
    assert [(f.line, f.what.split(":")[0]) for f in findings] == [
        (4, "Plural-Forms refused by Python's gettext")
    ]


@pytest.mark.parametrize(
    ("msgid", "msgstr", "said"),
    [
        ("A paragraph of rules.", "- une liste\n- de règles", "a bullet list"),
        ("A paragraph of rules.", "Un paragraphe.\n\nEt un autre.", "2 blocks"),
        ("A paragraph of rules.", "# Un titre", "a heading"),
        ("A paragraph of rules.", "> Une citation", "a quote"),
        ("A paragraph of rules.", "1. Un", "a numbered list"),
    ],
)
def test_a_structure_sphinx_would_drop_is_refused(msgid: str, msgstr: str, said: str) -> None:
    problem = structure_problem(msgid, msgstr, _markdown())
    assert problem.startswith(f"msgstr is {said}") and "Sphinx would drop it" in problem


def test_a_translation_of_the_same_structure_passes() -> None:
    assert (
        structure_problem("A *bold* rule, see `x`.", "Une règle *forte*, voir `x`.", _markdown())
        == ""
    )
    assert structure_problem("A line\ncontinued.", "Une ligne\ncontinuée.", _markdown()) == ""
    assert structure_problem("Rules #noqa", "Règles #noqa", _markdown()) == ""


def test_a_dropped_structure_is_refused_in_a_page_catalogue_and_counted(tmp_path: Path) -> None:
    body = 'msgid "Roll a die."\nmsgstr "Lancez :\\n\\n- un dé"\n\nmsgid "Fine."\nmsgstr "Bien."\n'
    path = _po(tmp_path, "magic", body)
    assert [(f.line, f.what.split(":")[0]) for f in check_catalogue(path)] == [
        (6, "msgstr is 2 blocks (a paragraph, a bullet list) where the msgid is a paragraph")
    ]
    status = page_status(path, tmp_path)
    assert (status.translated, status.refused, status.complete) == (1, 1, False)


def test_a_translation_that_does_not_format_shows_the_english_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guard refuses such a catalogue; used without it, ``nq`` still prints no traceback:
    the engine drops the translation when it reads the catalogue, naming file and line."""
    path = _po(tmp_path, "nqcore", f'msgid "{CAST}"\nmsgstr "Lancer {{}} {{x!r}} {{y:>9}}"\n')
    monkeypatch.setattr(i18n, "find_catalogue", lambda *_: path)
    catalogue_loading.load_po.cache_clear()
    try:
        assert nq(["--lang", "fr", "cast", "--spell", "fireball", "--wizardry", "3"]) == 0
    finally:
        catalogue_loading.load_po.cache_clear()
    out, err = capsys.readouterr()
    assert out.startswith("Casting a level 3 spell at wizardry level 3\n")
    assert "Traceback" not in out + err
    assert f"{path}:6: warning: its fields " in err
    assert err.endswith("the English is shown\n") and len(err.splitlines()) == 1, err


#: A translation 300 times its English (a padding of "très"), under the 20,000 of any message.
PADDED = "Fumée " + "très " * 600


def test_a_translation_far_longer_than_its_english_is_refused_at_its_line(tmp_path: Path) -> None:
    path = _po(tmp_path, "nqcore", f'msgid "Smoke"\nmsgstr "{PADDED}"\n')
    assert [(f.line, f.what) for f in check_catalogue(path)] == [
        (6, f"a msgstr of {len(PADDED)} characters for an English of 5 (at most 20 times as long)")
    ]


def test_the_engine_shows_the_english_of_a_translation_far_longer_than_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _po(tmp_path, "nqcore", f'msgid "Smoke"\nmsgstr "{PADDED}"\n')
    catalogue_loading.load_po.cache_clear()
    try:
        assert catalogue_loading.load_po(path) == {}
    finally:
        catalogue_loading.load_po.cache_clear()
    assert capsys.readouterr().err == (
        f"{path}:6: warning: a msgstr of {len(PADDED)} characters for an English of 5 (at most"
        " 20 times as long): the English is shown\n"
    )


def test_a_translation_that_does_not_percent_format_shows_the_english() -> None:
    text = i18n.Translated("%(a)s et %(b)d", "%(a)s and %(b)s", "x.po:3")
    assert text % {"a": "A", "b": "B"} == "A and B"
    assert i18n.Translated("{a}", "{a}", "x.po:3").format(a=1) == "1"


def test_the_record_sorts_applied_untranslated_and_dropped_messages() -> None:
    from nqsphinx.languages.translation_notice import _applied

    document = nodes.document(None, None)  # type: ignore[arg-type]
    for text, translated in (("Applied.", True), ("Dropped.", False), ("Missing.", False)):
        paragraph = nodes.paragraph(text, text, translated=translated)
        paragraph.source, paragraph.line = "magic.md", 3
        document += paragraph
    record = _applied(document, {"Dropped.": "- Abandonné", "Applied.": "Appliqué"})
    assert (record.translated, record.untranslated, record.dropped) == (1, 1, [(3, "Dropped.")])
    assert not record.complete
    assert _applied(document, None).has_catalogue is False


def test_the_record_counts_translations_sphinx_applies_without_its_flag() -> None:
    """A toctree's caption (a ``translatable`` node) and an image's alt text are translated
    in place, without ``translated``: they count as translated, not dropped."""
    from sphinx import addnodes

    from nqsphinx.languages.translation_notice import _applied

    document = nodes.document(None, None)  # type: ignore[arg-type]
    toctree = addnodes.toctree(caption="The Rules", rawcaption="The Rules")
    image = nodes.image(uri="x.svg", alt="Une figure")
    for node in (toctree, image):
        node.source, node.line = "index.md", 5
        document += node
    record = _applied(document, {"The Rules": "Les règles", "A figure": "Une figure"})
    assert (record.translated, record.untranslated, record.dropped) == (2, 0, [])


def test_status_reads_the_last_builds_record_when_newer_than_the_catalogues(
    tmp_path: Path,
) -> None:
    import json
    import os

    from nqtranslate.status import APPLIED_FILE, all_status

    catalogues, doctrees = tmp_path / "po", tmp_path / "doctrees"
    catalogues.mkdir()
    doctrees.mkdir()
    _po(catalogues, "magic", 'msgid "Roll a die."\nmsgstr "Lancez :\\n\\n- un dé"\n')
    record = {"magic": {"translated": 3, "untranslated": 0, "dropped": [[12, "Roll a die."]]}}
    (doctrees / APPLIED_FILE).write_text(json.dumps(record), encoding="utf-8")
    built = all_status(catalogues, doctrees)
    assert [(s.page, s.translated, s.refused, s.complete) for s in built] == [
        ("magic", 3, 1, False)
    ]
    os.utime(doctrees / APPLIED_FILE, (0, 0))  # older than the catalogue: read the catalogue
    read = all_status(catalogues, doctrees)
    assert [(s.page, s.translated, s.refused) for s in read] == [("magic", 0, 1)]


def test_a_field_reaching_into_its_value_is_refused_whatever_the_format() -> None:
    """``{x.__class__}`` prints internals wherever it is formatted: refused even where the
    English is a ``%`` format or no format at all, unless the English has the same field."""
    assert placeholder_problems("%(a)s done", "{a.__class__} %(a)s") == [
        "msgstr reaches into a value with {a.__class__}, not in its msgid"
    ]
    assert placeholder_problems("{a", "{a[0]}")
    assert placeholder_problems("{a.name}", "{a.name} !") == []


@pytest.mark.parametrize(
    ("msgstr", "said", "line"),
    [
        ("Crédits \x1b[31m", "control character U+001B", 7),
        ("Crédits \x07", "control character U+0007", 7),
        ("Crédits \x7f", "control character U+007F", 7),
        ("Crédits \x9b", "control character U+009B", 7),
        ("Crédits \u202eevil", "bidi control U+202E", 7),
        ("Crédits \u2066x\u2069", "bidi control U+2066", 7),
        ("x" * 20_001, "a message of 20001 characters", 6),
    ],
)
def test_what_no_reader_should_be_sent_is_refused(
    tmp_path: Path, msgstr: str, said: str, line: int
) -> None:
    escaped = msgstr.replace("\\", "\\\\")
    for name in ("credits", "nqcore"):
        path = _po(tmp_path, name, f'msgid "Credits"\nmsgstr "{escaped}"\n')
        findings = check_catalogue(path)
        assert [(f.line, f.what.startswith(said)) for f in findings] == [(line, True)], findings


def test_a_bidi_control_the_english_has_is_kept(tmp_path: Path) -> None:
    path = _po(tmp_path, "credits", 'msgid "a \u2067b\u2069"\nmsgstr "a \u2067b\u2069"\n')
    assert check_catalogue(path) == []


def test_a_context_in_a_page_catalogue_is_refused(tmp_path: Path) -> None:
    """Sphinx looks a page's messages up without a context: one with a context stays English."""
    path = _po(tmp_path, "magic", 'msgctxt "x"\nmsgid "Fine."\nmsgstr "Bien."\n')
    assert [(f.line, f.what) for f in check_catalogue(path)] == [
        (7, "msgctxt 'x': a page's messages have no context")
    ]
    engine = _po(tmp_path, "nqcore", 'msgctxt "armour"\nmsgid "Light"\nmsgstr "Légère"\n')
    assert check_catalogue(engine) == []


def test_plural_forms_in_a_page_catalogue_are_refused(tmp_path: Path) -> None:
    """Sphinx reads a page's messages without plural forms: the heading stayed English while
    the status counted it translated (attack round twenty-seven)."""
    entry = 'msgid "Magic"\nmsgid_plural "Magics"\nmsgstr[0] "Magie"\nmsgstr[1] "Magies"\n'
    path = _po(tmp_path, "magic", entry)
    assert [(f.line, f.what) for f in check_catalogue(path)] == [
        (6, "msgid_plural: a page's messages have no plural forms")
    ]


def test_an_engine_message_without_french_is_named(tmp_path: Path) -> None:
    """A changed card text (a new msgid), an emptied translation: the French book would print
    English; a translated build names each, the catalogue's line and where the text is used."""
    from nqtranslate.engine_coverage import untranslated_warnings

    package = tmp_path / "nqcore"
    (package / "data").mkdir(parents=True)
    (package / "rules.py").write_text('N_("Fireball")\nN_("Done")\n', encoding="utf-8")
    (package / "data" / "spells.toml").write_text(
        '[[spell]]\nkey = "m"\nname = "Magic Missile, changed"\n', encoding="utf-8"
    )
    folder = package / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    _po(folder, "nqcore", 'msgid "Fireball"\nmsgstr ""\n\nmsgid "Done"\nmsgstr "Fait"\n')
    po = folder / "nqcore.po"
    assert untranslated_warnings("fr", package) == [
        f"{po}:6: warning: 'Fireball' (used at nqcore/rules.py:1): its translation is empty "
        "or fuzzy, shown in English",
        "nqcore/data/spells.toml:3: warning: 'Magic Missile, changed': no translation in "
        f"{po}, shown in English",
    ]


def test_an_untranslated_data_text_is_named_at_its_records_line(tmp_path: Path) -> None:
    """A table's cell with an escaped quote, an erratum's text of several lines: the warning
    names the data file's line of the string (the first line of a text of several lines)."""
    from nqtranslate.engine_coverage import untranslated_warnings

    package = tmp_path / "nqcore"
    (package / "data").mkdir(parents=True)
    (package / "data" / "book_tables.toml").write_text(
        '# a "quoted" comment\n[[table]]\nkey = "t"\ntitle = "Grape"\n'
        'rows = [["Shot", "Indirect, 3\\" blast, changed"]]\n'
        "[[table]]\nkey = 'u'\ntitle = '''\nTwo lines,\nchanged'''\n",
        encoding="utf-8",
    )
    folder = package / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    _po(folder, "nqcore", 'msgid "Grape"\nmsgstr "Mitraille"\n\nmsgid "Shot"\nmsgstr ""\n')
    warnings = untranslated_warnings("fr", package)
    assert [w.split(": warning:")[0] for w in warnings] == [
        f"{folder / 'nqcore.po'}:9",
        "nqcore/data/book_tables.toml:5",
        "nqcore/data/book_tables.toml:9",
    ], warnings


@pytest.mark.parametrize(
    ("msgid", "msgstr", "said"),
    [
        ("Victory Conditions", "Victory\u00a0Conditions", "U+00A0 NO-BREAK SPACE"),
        ("Victory Conditions", "Victory\u202fConditions", "U+202F NARROW NO-BREAK SPACE"),
        ("In a game.", "In a game.\u200b", "U+200B ZERO WIDTH SPACE"),
        ("Casualty Count", "C\u0430sualty Count", "U+0430 CYRILLIC SMALL LETTER A"),
        ("Victory Conditions", "Vict\u03bfry Conditions", "U+03BF GREEK SMALL LETTER OMICRON"),
        ("Victory", "\uff36ictory", "U+FF36 FULLWIDTH LATIN CAPITAL LETTER V"),
        ("Victory", "Vic\u00adtory", "U+00AD SOFT HYPHEN"),
    ],
)
def test_the_english_in_disguise_is_refused(
    tmp_path: Path, msgid: str, msgstr: str, said: str
) -> None:
    """The English with one invisible or look-alike character is no translation: the page
    would ship in English, counted as translated."""
    for name in ("victory-conditions", "nqcore"):
        path = _po(tmp_path, name, f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
        found = [f"{f.line}: {f.what}" for f in check_catalogue(path)]
        wanted = "6: the translation is the English with invisible or look-alike characters"
        assert any(f.startswith(wanted) and said in f for f in found), found


@pytest.mark.parametrize(
    ("msgstr", "said"),
    [
        ("Conditions\u200bde victoire", "invisible character U+200B"),
        ("Conditions de\u2060 victoire", "invisible character U+2060"),
        ("Conditions de victoire\u061c", "invisible character U+061C"),
        ("Conditions de victoire\U000e0041", "invisible character U+E0041"),
        ("Conditions\u00ad de victoire", "invisible character U+00AD"),
        ("Conditions de victoire\u3164", "invisible character U+3164"),
        ("Conditions de\u2800victoire", "invisible character U+2800"),
        ("Conditions de victoire\U0001d159", "invisible character U+1D159"),
    ],
)
def test_an_invisible_character_the_english_lacks_is_refused(
    tmp_path: Path, msgstr: str, said: str
) -> None:
    path = _po(tmp_path, "credits", f'msgid "Victory Conditions"\nmsgstr "{msgstr}"\n')
    assert [(f.line, f.what.startswith(said)) for f in check_catalogue(path)] == [(6, True)]


def test_a_pile_of_combining_marks_is_refused(tmp_path: Path) -> None:
    """Sixty accents on one letter rose through the four lines above it on the credits page
    (attack round 23); French stacks two at most, and the names of an army four."""
    piled = "Histo" + "\u0301\u0300\u0302\u0308" * 15 + "rique"
    path = _po(tmp_path, "credits", f'msgid "History"\nmsgstr "{piled}"\n')
    found = [(f.line, f.what) for f in check_catalogue(path)]
    assert found == [(6, "60 combining marks on one character (U+006F), at most 4")]
    kept = _po(tmp_path, "credits", 'msgid "History"\nmsgstr "Histoire, Tiếng Việt, ệ"\n')
    assert check_catalogue(kept) == []


@pytest.mark.parametrize(
    ("msgid", "msgstr"),
    [
        ("Victory Conditions", "Conditions de victoire"),
        ("Elite", "Élite"),
        ("Note: roll", "Note : roll"),
        ("No Quarter", "No Quarter"),
        ("Orc", "Orque"),
    ],
)
def test_a_translation_is_not_the_english_in_disguise(
    tmp_path: Path, msgid: str, msgstr: str
) -> None:
    path = _po(tmp_path, "credits", f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    assert check_catalogue(path) == []


ENGLISH_KEPT = (
    'msgid "Roll a die for each model."\nmsgstr "Roll a die for each model."\n\n'
    "# same-as-english: the name of a rule of another game\n"
    'msgid "The Rule of Four Winds"\nmsgstr "The Rule of Four Winds"\n\n'
    'msgid "Agile"\nmsgstr "Agile"\n\n'
    'msgid "Move the model."\nmsgstr ""\n'
)


def test_a_long_message_left_in_english_counts_as_untranslated(tmp_path: Path) -> None:
    """Four words or more kept as their English, with no ``same-as-english`` comment: shown in
    English, so not translated (lint's rule); a short word French shares may be its own French
    (not "Fire Bolt": attacker round 28, tests/test_catalogue_english_names.py)."""
    status = page_status(_po(tmp_path, "magic", ENGLISH_KEPT), tmp_path)
    assert (status.translated, status.untranslated, status.complete) == (2, 2, False)


def test_a_message_mostly_left_in_english_is_warned_and_counts_as_untranslated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack round twenty-five, finding 8: a paragraph's English with two words changed
    shipped as translated, with no warning and no notice."""
    from nqtranslate import guard

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    english = "Magic spells may be cast at any time during a Wizard's activation."
    edited = "Magic spells may be cast at any time during a wizard's activation!"
    text = f'msgid "{english}"\nmsgstr "{edited}"\n\nmsgid "Fire Bolt"\nmsgstr "Éclair"\n'
    status = page_status(_po(tmp_path, "magic", text), tmp_path)
    path = _po(folder, "magic", text)
    assert (status.translated, status.untranslated, status.complete) == (1, 1, False)
    monkeypatch.setattr(guard, "PAGE_LOCALE", tmp_path)
    assert guard.page_warnings("fr", ["magic"]) == [
        f"{path}: warning: 1 message(s) left as their English, shown as is (lines 6): translate,"
        " or say why in a translator comment 'same-as-english: why'",
    ]


def test_english_left_and_empty_messages_are_warned_at_their_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nqtranslate import guard

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    path = _po(folder, "magic", ENGLISH_KEPT)
    monkeypatch.setattr(guard, "PAGE_LOCALE", tmp_path)
    assert guard.page_warnings("fr", ["magic"]) == [
        f"{path}: warning: 1 untranslated message(s), shown in English (lines 16)",
        f"{path}: warning: 1 message(s) left as their English, shown as is (lines 6): translate,"
        " or say why in a translator comment 'same-as-english: why'",
    ]


@pytest.mark.parametrize("name", ["nqsphinx", "nqcore", "nqprint"])
def test_a_blank_line_its_english_lacks_is_refused_in_one_line_strings(
    tmp_path: Path, name: str
) -> None:
    """A tagline or a heading with a paragraph break ends LaTeX's argument in every French
    PDF: refused at its line, where the PDF's error would name no catalogue."""
    body = 'msgid "The tabletop game"\nmsgstr "Le jeu\\n\\nde figurines"\n\n'
    body += 'msgid "One.\\n\\nTwo."\nmsgstr "Un.\\n\\nDeux."\n'
    found = check_catalogue(_po(tmp_path, name, body))
    assert [(f.line, f.what) for f in found] == [
        (6, "msgstr has a blank line (a paragraph break) its msgid lacks")
    ]


@pytest.mark.parametrize("name", ["nqsphinx", "nqcore", "nqprint"])
def test_a_blank_string_or_a_line_break_its_english_lacks_is_refused(
    tmp_path: Path, name: str
) -> None:
    """A spell named by spaces, or over two lines, in a catalogue of one-line strings."""
    body = 'msgid "Blind"\nmsgstr " "\n\nmsgid "Smoke"\nmsgstr "Fumée\\népaisse"\n\n'
    body += 'msgid "One.\\nTwo."\nmsgstr "Un.\\nDeux."\n'
    found = check_catalogue(_po(tmp_path, name, body))
    assert [(f.line, f.what) for f in found] == [
        (6, "msgstr is blank where its msgid is not"),
        (9, "msgstr has a line break its msgid lacks"),
    ]


@pytest.mark.parametrize("name", ["credits", "nqsphinx", "nqcore", "theme"])
@pytest.mark.parametrize(
    ("blank", "said"),
    [("\u00a0", "U+00A0 NO-BREAK SPACE"), ("\u2003 ", "U+2003 EM SPACE"), ("\u3000", "U+3000")],
)
def test_a_msgstr_of_unicode_blank_space_is_refused_at_its_line(
    tmp_path: Path, name: str, blank: str, said: str
) -> None:
    """Attack twelve: a credits term translated as a no-break space built at exit 0, the page's
    term empty (``<dt></dt>``), counted as translated."""
    found = check_catalogue(_po(tmp_path, name, f'msgid "Web"\nmsgstr "{blank}"\n'))
    assert [f.line for f in found] == [6]
    assert found[0].what.startswith(f"msgstr shows nothing ({said}")
    assert found[0].what.endswith(") where its msgid shows something")


@pytest.mark.parametrize("name", ["credits", "nqsphinx", "nqcore", "theme", "nqprint"])
@pytest.mark.parametrize(
    "blank",
    [
        "\u2800",
        "\U0001d159",
        "\u3164",
        "\u115f",
        "\u1160",
        "\uffa0",
        "\U0001d173",
        "\U0001d17a",
        "\u2800\u3000\u2800",
        "\u0301",
    ],
)
def test_a_msgstr_that_shows_nothing_is_refused_at_its_line(
    tmp_path: Path, name: str, blank: str
) -> None:
    """Attack thirteen: a braille blank (U+2800) or a null notehead (U+1D159) as a spell's name,
    a credits term or the search field's label passed the guard, the page or the card empty
    and the message counted as translated. One definition of a text that shows nothing
    (:func:`nqcore.characters.shows_nothing`) for every kind of catalogue."""
    found = check_catalogue(_po(tmp_path, name, f'msgid "Web"\nmsgstr "{blank}"\n'))
    assert {f.line for f in found} == {6}
    said = f"msgstr shows nothing (U+{ord(blank[0]):04X} "
    assert any(f.what.startswith(said) for f in found), found


@pytest.mark.parametrize("name", ["armoury", "nqcore"])
def test_a_word_too_long_for_a_line_of_the_book_is_refused(tmp_path: Path, name: str) -> None:
    """A heading of one very long word ran off the page (and its contents line lost its page
    number): TeX hyphenates no word of more than 63 letters. A word longer than the widest
    heading holds (:data:`nqcore.long_words.MAX_WORD` letters) is refused at its line, unless
    its English has one as long."""
    body = f'msgid "Melee Weapons"\nmsgstr "{"Armesdemêlée" * 12}"\n\n'
    body += 'msgid "Close Combat"\nmsgstr "Anticonstitutionnellement corps à corps"\n\n'
    body += f'msgid "{"x" * 40} rule"\nmsgstr "règle {"x" * 40}"\n'
    found = check_catalogue(_po(tmp_path, name, body))
    assert [(f.line, f.what[:44]) for f in found] == [
        (6, "a word of 144 letters, longer than a line of")
    ]


ENTITIES = "**Standard Weapons:** {nq-entities}`weapon | Claws <weapon-profile-name>`"


@pytest.mark.parametrize(
    ("msgid", "msgstr", "said"),
    [
        (
            "**Abilities:** {nq-entities}`ability`",
            "**Capacités :** {nq-entities}`mutation`",
            "msgstr adds 'role {nq-entities} -> mutation'",
        ),
        (
            ENTITIES,
            "**Armes standard :** {nq-entities}`weapon | Griffes <weapon-profile-name> | "
            "Tromblon du chaos <weapon-profile-name>`",
            "msgstr adds 'role {nq-entities} -> weapon | <weapon-profile-name> | "
            "<weapon-profile-name>'",
        ),
        (
            "**Equipment:** {nq-entities}`equipment`",
            "**Équipement :** Aucun.",
            "msgstr drops 'role {nq-entities} -> equipment' of its msgid",
        ),
        ("See {ref}`magic`.", "Voir {ref}`morale`.", "msgstr adds 'role {ref} -> morale'"),
        ("See {ref}`Magic <magic>`.", "Voir la magie.", "msgstr drops 'role {ref} -> magic'"),
    ],
)
def test_a_translation_keeps_its_englishs_roles_and_what_they_name(
    tmp_path: Path, msgid: str, msgstr: str, said: str
) -> None:
    path = _po(tmp_path, "profile-creation-summary", f'msgid "{msgid}"\nmsgstr "{msgstr}"\n')
    found = check_catalogue(path)
    assert [(f.line, f.what.startswith(said)) for f in found][:1] == [(6, True)], found


def test_a_roles_words_are_translated_freely(tmp_path: Path) -> None:
    body = (
        f'msgid "{ENTITIES}"\n'
        'msgstr "**Armes standard :** {nq-entities}`weapon | Griffes <weapon-profile-name>`"\n\n'
        'msgid "See {ref}`magic` and {ref}`Casting <casting-a-spell>`."\n'
        'msgstr "Voir {ref}`lancer un sort <casting-a-spell>` et {ref}`magic`."\n'
    )
    assert check_catalogue(_po(tmp_path, "profile-creation-summary", body)) == []


@pytest.mark.parametrize(
    ("msgstr", "said"),
    [
        ("&#x202E;XSS Voir la magie.", "bidi control U+202E its English does not have"),
        ("Voir &#8203;la magie.", "invisible character U+200B"),
        ("&#8203;", "msgstr shows nothing"),
        ("&nbsp;", "msgstr shows nothing"),
        ("&zwnj;", "invisible character U+200C"),
        ("&#x2060;&#x2061;", "invisible character U+2060"),
        ("&#xE0020;", "msgstr shows nothing"),
    ],
)
def test_a_character_reference_is_checked_as_the_character_it_shows(
    tmp_path: Path, msgstr: str, said: str
) -> None:
    """A page's markup decodes ``&#x202E;`` and ``&nbsp;`` after the guard has read them: a
    reversed heading and an emptied paragraph were published with no word (attack round
    seventeen); they are refused as the characters themselves are, at their line."""
    body = f'msgid "See the magic."\nmsgstr "{msgstr}"\n'
    findings = check_catalogue(_po(tmp_path, "magic", body))
    assert findings, msgstr
    assert all(f.line == 6 for f in findings), findings
    assert any(said in f.what for f in findings), [f.what for f in findings]


def test_a_character_reference_the_english_has_passes(tmp_path: Path) -> None:
    body = 'msgid "Wounds&nbsp;3"\nmsgstr "Blessures&nbsp;3"\n'
    assert check_catalogue(_po(tmp_path, "magic", body)) == []


def test_every_untranslated_message_is_named_at_its_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attacker round eighteen: twelve untranslated messages, the warning named ten lines."""
    from nqtranslate import guard

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    body = "".join(f'msgid "Rule {n}"\nmsgstr ""\n\n' for n in range(12))
    _po(folder, "magic", body)
    monkeypatch.setattr(guard, "PAGE_LOCALE", tmp_path)
    (warned,) = guard.page_warnings("fr", ["magic"])
    lines = warned.split("(lines ")[1].rstrip(")").split(", ")
    assert len(lines) == 12 and lines[-1] != lines[0], warned


def test_a_message_written_in_english_is_warned_and_counts_as_untranslated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attacker round 24, F3: an English paraphrase of the msgid, its numbers and French
    abbreviations kept, shipped as French (no warning, no notice, counted translated)."""
    from nqtranslate import guard

    folder = tmp_path / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    english = "When a unit suffers 50% casualties, it must take a command (CO) test."
    paraphrase = (
        "When a unit loses 50% of its starting number, or a lone model loses 50% of its starting "
        "wounds (B), it must take a command (Co) test, also called a morale test."
    )
    french = "Une unité qui perd 50 % de ses figurines doit faire un test de contrôle (Co)."
    text = f'msgid "{english}"\nmsgstr "{paraphrase}"\n\nmsgid "{english}!"\nmsgstr "{french}"\n'
    status = page_status(_po(tmp_path, "morale", text), tmp_path)
    assert (status.translated, status.untranslated, status.complete) == (1, 1, False)
    path = _po(folder, "morale", text)
    monkeypatch.setattr(guard, "PAGE_LOCALE", tmp_path)
    assert guard.page_warnings("fr", ["morale"]) == [
        f"{path}: warning: 1 message(s) left as their English, shown as is (lines 6): translate,"
        " or say why in a translator comment 'same-as-english: why'",
    ]


MORALE = (
    "Whenever a unit loses 50% of its starting number, or a lone model loses 50% of its starting"
    " wounds (B), it must take a command (Co) test, also called a morale test."
)


@pytest.mark.parametrize(
    "msgstr",
    [
        "Unit loses 50% starting number, or lone model loses 50% starting wounds (B): must take"
        " command (Co) test, also called morale test.",
        "Unit losing 50% starting strength; lone model losing 50% starting wounds (B): command"
        " (Co) test required, known as morale test.",
        "Units losing 50% starting numbers, lone models losing 50% starting wounds (B): take"
        " command (Co) tests immediately.",
        "Quand a unit loses 50% de its starting number, ou a lone model loses 50% de its starting"
        " wounds (B), elle must take le command (Co) test, also called la morale test.",
        f"{MORALE} (voir le chapitre des tests de la règle)",
        "Lorsqu’une unité subit 50% de pertes par rapport à son effectif de départ, elle doit"
        " effectuer un test de contrôle (Co). When a lone model loses 50% of its starting wounds"
        " (B), it must take a command test, also called a morale test.",
        "Si une unité loses 50% de son starting number, ou une figurine seule perd 50 % de ses"
        " blessures (B), elle effectue un test de contrôle (Co).",
        "Charge enemy units.",
        "Show or hide site navigation",
        "Paid once for whole unit",
        "Roll a D10.",
        "Attack the unit.",
        "Turn order",
        "Test modifiers",
        "Panic results",
        "Effects of panic",
        "Contents of page",
        "To the top",
        "Night mode",
    ],
    ids=[
        "telegraphic",
        "participles",
        "plural",
        "french-words",
        "french-tail",
        "half",
        "mixed",
        "short",
        "no-french-word",
        "french-lookalikes",
        "two-words",
        "article",
        "label",
        "heading",
        "heading-plural",
        "heading-of",
        "site-words-of",
        "site-words-the",
        "site-words-mode",
    ],
)
def test_an_english_sentence_without_articles_or_beside_french_is_found(msgstr: str) -> None:
    """Attacker round 25, F1: English without its articles, with French function words, or
    after a French sentence passed the stop-word count, shipped as French; round 26, F1: short
    English of two or three English words ("once", "unit", "show" are French words too); round
    27, F2: a heading of two or three words, half of them English ("Effects of panic")."""
    from nqtranslate.lint import left_in_english

    assert "English" in left_in_english(MORALE, msgstr, "")


@pytest.mark.parametrize(
    "msgstr",
    [
        "Lorsqu’une unité perd 50 % de son effectif de départ, ou une figurine seule 50 % de ses"
        " blessures (B), elle doit effectuer un test de contrôle (Co), aussi appelé test de moral.",
        "Le profil du Growler, des Growlers de Carmichael : donnez --weapon NOM ou --attacker"
        " PROFILE avec R, CC, F, PM et Co.",
        "le schéma JSON de nqcore/cli/export.schema.json",
        "Charger les unités ennemies.",
        "Modificateurs des tests",
        "Tir indirect",
        "Rafale (x2)",
        "Haut de page",
        "Mode nuit",
        "Koralon Growlers",
    ],
    ids=[
        "french",
        "names-and-options",
        "path",
        "short",
        "heading",
        "two-words",
        "level",
        "site-words",
        "mode",
        "name",
    ],
)
def test_french_with_names_abbreviations_and_options_is_not_english(msgstr: str) -> None:
    from nqtranslate.lint import left_in_english

    assert left_in_english(MORALE, msgstr, "") == ""


@pytest.mark.parametrize("domain", ["nqsphinx", "theme", "nqprint", "examples"])
def test_a_site_or_print_word_left_in_english_is_warned_at_its_line(
    tmp_path: Path, domain: str
) -> None:
    """Attacker round 24, F6-F8: a fuzzy or emptied message of the site's words, the print
    products' or the examples' showed English with no warning (the build at exit 0)."""
    from nqtranslate.guard import package_warnings

    folder = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    text = (
        'msgid "Turn sequence"\nmsgstr "Séquence de tour"\n\n'
        '#, fuzzy\nmsgid "Spell cards"\nmsgstr "Cartes de sort"\n\n'
        'msgid "Not kept for offline reading"\nmsgstr ""\n'
    )
    path = _po(folder, domain, text)
    assert package_warnings("fr", [domain], [tmp_path / "locale"]) == [
        f"{path}: warning: 1 fuzzy message(s), shown in English (lines 10)",
        f"{path}: warning: 1 untranslated message(s), shown in English (lines 13)",
    ]
    assert package_warnings("fr", [domain]) == []  # the project's own: none left


@pytest.mark.parametrize("first", ["---", "---x", "----", "--- front"])
def test_a_translation_myst_reads_as_front_matter_is_refused(first: str) -> None:
    """MyST reads a translation whose first line starts with three dashes as the page's settings
    (``myst: enable_extensions: [substitution]`` ran Jinja in the build: attacker round 39);
    markdown-it read ``---x`` as a paragraph like its English."""
    msgstr = f"{first}\nmyst: {{enable_extensions: [substitution]}}\n---y No Quarter {{{{ 1 }}}}"
    problem = structure_problem("No Quarter™ Fantasy Wargames", msgstr, _markdown())
    assert problem == (
        "msgstr starts with ---, which MyST reads as the page's settings (front matter)"
    )
