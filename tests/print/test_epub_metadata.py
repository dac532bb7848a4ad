"""The e-book's package metadata, without a build: its contributors are every name the credits
page of the print editions gives (the diagrams' and templates' authors as illustrators), and its
title names the edition as the PDFs' titles do, as EPUB 3's subtitle
(:mod:`nqsphinx.books.epub`, ``nqsphinx/site/templates/epub/content.opf.jinja``)."""

from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree

import jinja2
import pytest

from nqprint.credits import AUTHOR
from nqsphinx.books.epub import contributors, subtitle
from nqsphinx.messages import ui_text

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "nqsphinx" / "site" / "templates" / "epub" / "content.opf.jinja"
OPF = "{http://www.idpf.org/2007/opf}"
DC = "{http://purl.org/dc/elements/1.1/}"


def credited() -> dict[str, set[str]]:
    """The names of the credits page that the print editions (and the e-book) print, by the
    heading they stand under; the site's own credits (``{only} not print``) left out."""
    text = (ROOT / "docs" / "credits.md").read_text(encoding="utf-8")
    text = re.sub(r"```\{only\} not print\n.*?```", "", text, flags=re.S)
    found: dict[str, set[str]] = {}
    for heading, names in re.findall(r"^([^\n:][^\n]*)\n: ([^\n]+)$", text, re.M):
        if heading != "Web":
            found[heading] = {name.strip() for name in names.split(",")}
    return found


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_contributors_are_every_name_the_credits_give(lang: str) -> None:
    """The proof-reader of session 28 found four contributors of the credits' dozen: Matthew
    Lyon (diagrams and templates) and the additional contributors were left out."""
    credits = credited()
    assert "Diagrams and Templates" in credits and "Additional Contributions" in credits
    roles = dict(contributors(lang))
    names = set().union(*credits.values()) - {AUTHOR}
    assert names <= set(roles), names - set(roles)
    assert all("ill" in roles[name] for name in credits["Diagrams and Templates"])
    translator = {name for name, found in roles.items() if "trl" in found}
    assert translator == ({"Rodolphe Carpentier"} if lang == "fr" else set())
    assert set(roles) - translator == names


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_package_names_the_edition_and_each_role(lang: str) -> None:
    """Each language's e-book is told apart in a library as its PDF is: "English edition",
    « Édition française », the subtitle of the game's name; a contributor of two roles has both."""
    assert subtitle(lang) == ui_text("English edition", lang)
    assert subtitle("fr") == "Édition française"
    environment = jinja2.Environment(autoescape=False)  # noqa: S701 (the builder escapes)
    opf = environment.from_string(TEMPLATE.read_text(encoding="utf-8")).render(
        epub_version="3.0",
        lang=lang,
        uid="bookid",
        id="urn:x",
        title="No Quarter Fantasy Wargames",
        subtitle=subtitle(lang),
        author=AUTHOR,
        contributors=contributors(lang),
    )
    metadata = ElementTree.fromstring(opf.lstrip()).find(f"{OPF}metadata")
    assert metadata is not None
    titles = {title.get("id"): title.text for title in metadata.iter(f"{DC}title")}
    assert titles == {"title": "No Quarter Fantasy Wargames", "subtitle": subtitle(lang)}
    kinds = {m.get("refines"): m.text for m in metadata if m.get("property") == "title-type"}
    assert kinds == {"#title": "main", "#subtitle": "subtitle"}
    ids = {c.text: c.get("id") for c in metadata.iter(f"{DC}contributor")}
    fransgaard = [m.text for m in metadata if m.get("refines") == f"#{ids['Robert Fransgaard']}"]
    assert fransgaard == ["ctb", "ill"]
    assert [m.text for m in metadata if m.get("refines") == f"#{ids['Matthew Lyon']}"] == ["ill"]
