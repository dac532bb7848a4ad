"""A language's glossary terms, beside its catalogues (``locale/<lang>/glossary.toml``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from nqcore.i18n import LOCALE_PATH_VARIABLE
from tests.building import ROOT

PROBE = """
import sys
from pathlib import Path
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
    assert label == "Àçţîōñś (ÀÇ)" and definition.startswith("⟦Ţĥé ñûṁƀéŕ ōƒ àçţîōñś")


def test_a_term_missing_or_unknown_is_named_with_its_file(tmp_path: Path) -> None:
    done = _german(tmp_path, '[[term]]\nkey = "no-such-term"\nde = "X"\ndef_de = "Y"\n')
    assert done.returncode == 1
    assert done.stderr == f"{tmp_path}/locale/de/glossary.toml: term #1: no term 'no-such-term'\n"
    again = tmp_path / "again"
    done = _german(again, '[[term]]\nkey = "actions"\nde = "Aktionen"\n')
    assert done.returncode == 1
    missing = "term actions: missing field(s) def_de"
    assert done.stderr == f"{again}/locale/de/glossary.toml: {missing}\n"
    done = _german(tmp_path / "broken", "[[term]\n")
    assert done.returncode == 1 and done.stderr.count("\n") == 1
    where = f"{tmp_path}/broken/locale/de/glossary.toml, line 1: not valid TOML"
    assert done.stderr.startswith(where), done.stderr
