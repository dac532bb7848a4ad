"""A language's glossary terms, beside its catalogues (``locale/<lang>/glossary.toml``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nqcore.i18n import LOCALE_PATH_VARIABLE
from tests.building import ROOT

PROBE = """
import sys
from pathlib import Path

import pytest
from nqsphinx.directives.glossary import GlossaryError, load_terms
try:
    terms = load_terms(Path("docs/_data/glossary.toml"))
except GlossaryError as error:
    sys.exit(str(error))
print(len(terms), terms[0].label("de"), terms[0].definitions["de"], sep="|")
"""


def _german(tmp_path: Path, glossary: str) -> subprocess.CompletedProcess[str]:
    engine = tmp_path / "nqcore/locale/de/LC_MESSAGES/nqcore.po"
    engine.parent.mkdir(parents=True)
    engine.write_text('msgid ""\nmsgstr ""\n', encoding="utf-8")
    (tmp_path / "locale/de").mkdir(parents=True)
    (tmp_path / "locale/de/glossary.toml").write_text(glossary, encoding="utf-8")
    env = dict(os.environ, **{LOCALE_PATH_VARIABLE: str(tmp_path)})
    return subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )


def test_the_terms_of_a_language_come_from_its_file(tmp_path: Path) -> None:
    from nqtranslate.pseudo import pseudo_glossary

    done = _german(tmp_path, pseudo_glossary(ROOT / "docs/_data/glossary.toml", "de"))
    count, label, definition = done.stdout.split("|")
    assert done.returncode == 0 and int(count) > 50
    assert label == "Àçţîōñś (ÀÇ)" and definition.startswith("⁅Ţĥé ñûṁƀéŕ ōƒ àçţîōñś")


def test_a_term_missing_or_unknown_is_named_with_its_file(tmp_path: Path) -> None:
    done = _german(tmp_path, '[[term]]\nkey = "no-such-term"\nde = "X"\ndef_de = "Y"\n')
    assert done.returncode == 1
    where = f"{tmp_path}/locale/de/glossary.toml:2"
    assert done.stderr == f"{where}: no term 'no-such-term' in the glossary\n"
    again = tmp_path / "again"
    done = _german(again, '[[term]]\nkey = "actions"\nde = "Aktionen"\n')
    assert done.returncode == 1
    missing = "term actions: missing field(s) def_de"
    assert done.stderr == f"{again}/locale/de/glossary.toml: {missing}\n"
    done = _german(tmp_path / "broken", "[[term]\n")
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    where = f"{tmp_path}/broken/locale/de/glossary.toml, line 1: not valid TOML"
    assert done.stderr.startswith(where), done.stderr


def _french(tmp_path: Path, words: str) -> Path:
    """The project's glossary, and a French file of ``words`` beside the pages' catalogues."""
    glossary = tmp_path / "docs" / "_data" / "glossary.toml"
    glossary.parent.mkdir(parents=True)
    glossary.write_text((ROOT / "docs/_data/glossary.toml").read_text("utf-8"), encoding="utf-8")
    french = tmp_path / "locale" / "fr" / "glossary.toml"
    french.parent.mkdir(parents=True)
    french.write_text(words, encoding="utf-8")
    return glossary


@pytest.mark.parametrize(
    ("words", "line", "said"),
    [
        ('[[term]]\nkey = "actions"\ndef_fr = 12\n', 3, "def_fr: expected `str`"),
        ('[[term]]\nkey = "actions"\nen = "Actions OVERRIDDEN"\n', 3, "en: not a field"),
        ('[[term]]\nkey = "actions"\ndef_en = "Other"\n', 3, "def_en: not a field"),
        ('[[term]]\nkey = "actions"\nsection = "x"\n', 3, "section: not a field"),
        ('[[term]]\nkey = "actions"\ntarget = "x"\n', 3, "target: not a field"),
        ('\n[[term]]\nkey = "actions"\nabbr_en = "X"\n', 4, "abbr_en: not a field"),
        ('[[term]]\nkey = "actions"\nfr = ""\n', 3, "fr: expected `str` of length >= 1"),
        ('[[term]]\nkey = "nope"\nfr = "X"\n', 2, "no term 'nope'"),
        ('[[term]]\nkey = "actions"\n\n[[term]]\nkey = "actions"\n', 5, "actions a second time"),
        ('title = "x"\n', 1, "title: not a field"),
    ],
)
def test_the_french_file_holds_only_french_fields_of_known_terms(
    tmp_path: Path, words: str, line: int, said: str
) -> None:
    """The French file can neither rewrite the English site (``en``, ``def_en``, ``section``,
    ``target``, ``abbr_en``) nor crash the build (``def_fr = 12``): every field is checked by
    a schema, and a refusal is one line naming the file and line."""
    from nqsphinx.directives.glossary import GlossaryError, load_terms

    glossary = _french(tmp_path, words)
    with pytest.raises(GlossaryError) as refused:
        load_terms(glossary)
    error = str(refused.value)
    assert error.startswith(f"{tmp_path / 'locale/fr/glossary.toml'}:{line}: "), error
    assert said in error and "\n" not in error


def test_the_french_file_gives_the_french_words(tmp_path: Path) -> None:
    from nqsphinx.directives.glossary import load_terms

    glossary = _french(tmp_path, '[[term]]\nkey = "actions"\nfr = "Actes"\nabbr_fr = "At"\n')
    actions = next(t for t in load_terms(glossary) if t.key == "actions")
    assert (actions.label("fr"), actions.label("en")) == ("Actes (At)", "Actions (AC)")
    assert actions.definitions["en"].startswith("The number of actions")


def test_a_bidi_control_in_the_french_file_names_its_line_and_quotes_the_text_once(
    tmp_path: Path,
) -> None:
    from nqsphinx.directives.glossary import GlossaryError, load_terms

    words = '[[term]]\nkey = "actions"\n\ndef_fr = "L’action {ref}`move` \\u202Ex"\n'
    glossary = _french(tmp_path, words)
    with pytest.raises(GlossaryError) as refused:
        load_terms(glossary)
    error = str(refused.value)
    where = tmp_path / "locale/fr/glossary.toml"
    assert error.startswith(f"{where}:4: term actions: def_fr: bidi control U+202E in "), error
    assert error.count("{ref}") == 1 and "{ref}`move`" in error, error


@pytest.mark.parametrize("separator", ["\\u2028", "\\u2029"])
def test_a_line_separator_in_the_french_file_is_refused_at_its_line(
    tmp_path: Path, separator: str
) -> None:
    """Attacker round 20: U+2028 and U+2029 in a definition went raw into the title attributes
    and tooltips of every French page linking to the term (a page and a catalogue refuse them)."""
    from nqsphinx.directives.glossary import GlossaryError, load_terms

    glossary = _french(tmp_path, f'[[term]]\nkey = "actions"\n\ndef_fr = "Une{separator}ligne"\n')
    with pytest.raises(GlossaryError) as refused:
        load_terms(glossary)
    where = tmp_path / "locale/fr/glossary.toml"
    code = separator[2:].upper()
    assert str(refused.value).startswith(
        f"{where}:4: term actions: def_fr: line separator U+{code} in "
    ), refused.value


@pytest.mark.parametrize("run", ["." * 1000, "mot\\u00a0" * 600])
def test_a_run_no_line_can_break_is_refused_at_its_line(tmp_path: Path, run: str) -> None:
    """Attacker round 22: 1,000 dots in a French definition crashed xelatex, naming no file;
    words joined by no-break spaces ran off the page."""
    from nqsphinx.directives.glossary import GlossaryError, load_terms

    glossary = _french(tmp_path, f'[[term]]\nkey = "actions"\n\ndef_fr = "Des actions {run}"\n')
    with pytest.raises(GlossaryError) as refused:
        load_terms(glossary)
    where = tmp_path / "locale/fr/glossary.toml"
    assert str(refused.value).startswith(f"{where}:4: term actions: def_fr: a run of "), refused
