"""A hostile translation of every word of the theme and of the extension lands as text.

In a scratch copy of the project, every msgstr of ``theme.po`` and ``nqsphinx.po`` (French) gets
the characters that end an attribute or open an element, and a ``<meta>`` refresh; the catalogue
guard is switched off there (this tests the escaping under it, not the guard), and the French site
is built.  Each page, parsed as HTML, must hold no element or attribute the words brought, and the
words must be there as text (in an element or in an attribute's value); every inline script's
JSON must parse.  The build itself fails, naming the catalogues' lines (theme_text's check).
"""

from __future__ import annotations

import json
import os
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from nqcore import po
from tests.building import sphinx_command
from tests.faults.catalogue_faults import save
from tools.scratch import copy_project, scratch_env

pytestmark = pytest.mark.slow

PLANTED = '"\'<>& <meta http-equiv="refresh" content="0;url=https://evil.example/" nq-x="'
#: What the planted words show once parsed as text (French typography leaves them as they are).
SHOWN = PLANTED
CATALOGUES = ("theme.po", "nqsphinx.po")
THEME_PO = Path("nqsphinx/locale/fr/LC_MESSAGES/theme.po")
#: Runs Sphinx with the catalogue guard off: the escaping is what is tested.
UNGUARDED = (
    "import sys, nqtranslate.guard as g\n"
    "g.check_catalogue = lambda path: []\n"
    "from sphinx.cmd.build import main\n"
    "raise SystemExit(main(sys.argv[1:]))\n"
)


def _plant(copy: Path) -> dict[str, int]:
    planted = {}
    for name in CATALOGUES:
        path = copy / "nqsphinx" / "locale" / "fr" / "LC_MESSAGES" / name
        catalogue = po.read(path.read_bytes())
        for message in po.messages(catalogue):
            if message.string:
                message.string += " " + PLANTED
        save(path, catalogue)  # as ./dev update-po writes it
        planted[name] = len([m for m in po.messages(catalogue, obsolete=True) if m.string])
    return planted


class Page(HTMLParser):
    """The elements, attributes, texts and inline scripts of one page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.problems: list[str] = []
        self.texts: list[str] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = {name for name, _ in attrs}
        equiv = dict(attrs).get("http-equiv")
        if tag == "meta" and equiv is not None and equiv != "Content-Security-Policy":
            self.problems.append(f"<meta http-equiv> {attrs}")
        if "nq-x" in names or any(
            n.startswith(("0;url", "content")) and tag != "meta" for n in names
        ):
            self.problems.append(f"attribute broken out of: <{tag} {attrs}>")
        self.texts += [value for _, value in attrs if value]
        self._in_script = tag == "script" and "src" not in names

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        (self.scripts if self._in_script else self.texts).append(data)


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, int]]:
    copy = copy_project(tmp_path_factory.mktemp("hostile") / "copy")
    planted = _plant(copy)
    theme = po.read((copy / THEME_PO).read_bytes())
    planted["Language"] = next(int(m.lineno) for m in theme if m.id == "Language")  # its msgid's
    out = copy / "_build"
    command = sphinx_command("html", out, "fr", src=copy / "docs")
    command[1:3] = ["-c", UNGUARDED]  # python -c ... instead of python -m sphinx
    done = subprocess.run(
        command, cwd=copy, env=scratch_env(copy), capture_output=True, text=True, timeout=1800
    )
    return out / "html", done.stdout + done.stderr, planted


def test_every_word_is_planted(hostile_site: tuple[Path, str, dict[str, int]]) -> None:
    _, _, planted = hostile_site
    assert planted["theme.po"] >= 30 and planted["nqsphinx.po"] >= 150


def test_the_build_names_each_planted_word(hostile_site: tuple[Path, str, dict[str, int]]) -> None:
    _, log, planted = hostile_site
    assert (
        f"theme.po:{planted['Language']}: ERROR: msgstr adds '<', '>', '\"', '&', not in its msgid"
        in log
    )


def test_the_planted_words_are_text_on_every_page(
    hostile_site: tuple[Path, str, dict[str, int]],
) -> None:
    site, log, _ = hostile_site
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 30, log[-3000:]
    shown_on = 0
    for page in pages:
        parsed = Page()
        parsed.feed(page.read_text(encoding="utf-8"))
        assert not parsed.problems, (page, parsed.problems[:3])
        for script in parsed.scripts:
            if script.strip():
                json.loads(script)
        shown_on += any(SHOWN in text for text in parsed.texts)
    assert shown_on == len(pages), f"{shown_on} of {len(pages)} pages show the planted words"


def test_the_language_label_is_an_attribute_value(
    hostile_site: tuple[Path, str, dict[str, int]],
) -> None:
    site, _, _ = hostile_site
    html = (site / "index.html").read_text(encoding="utf-8")
    assert 'aria-label="Langue &#34;&#39;&lt;&gt;&amp; &lt;meta http-equiv=&#34;' in html
    assert os.path.isfile(site / "index.html")
