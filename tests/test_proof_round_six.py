"""What the sixth proof-reading found in the words of the books, read from their sources in both
languages: where the book sends a reader for the templates, what the cards chapter holds."""

from __future__ import annotations

import re

from nqcore import po
from nqcore.army.characteristics import ABBREVIATIONS
from nqcore.tables.registry import Phrase, Signed
from nqcore.tables.table_text import cell_text
from nqprint.latex import latex_escape
from nqprint.spell_cards import spell_cards_tex
from nqsphinx.books.latex import latex_elements
from nqsphinx.books.pdf_cover import metadata
from nqsphinx.messages import keywords
from tests.building import ROOT

DOCS = ROOT / "docs"
FR = ROOT / "locale" / "fr" / "LC_MESSAGES"


def _french(page: str) -> dict[str, str]:
    catalogue = po.read((FR / f"{page}.po").read_bytes())
    return {str(m.id): str(m.string) for m in po.messages(catalogue)}


def _section(page: str, label: str) -> str:
    """The English of ``page`` from the label ``label`` to the next heading's label."""
    text = (DOCS / f"{page}.md").read_text("utf-8")
    start = text.index(f"({label})=")
    following = re.search(r"^\([\w-]+\)=\n#", text[start + 1 :], re.M)
    return text[start : start + 1 + following.start()] if following else text[start:]


def _paragraph(text: str, opening: str) -> str:
    (paragraph,) = [p for p in text.split("\n\n") if p.startswith(opening)]
    return paragraph


def test_the_templates_paragraph_names_the_pdf_that_holds_them() -> None:
    """The book holds only a list of the templates: the reader is sent to the separate PDF,
    printed at 100 %, in both languages."""
    english = _paragraph(_section("what-you-need", "templates"), "Colour representations")
    assert "*Templates and counters* PDF" in english and "100%" in english
    assert "cards-counters-templates-teardrop-templates" not in english
    french = _french("what-you-need")[english]
    assert "*Gabarits et marqueurs*" in french and "100 %" in french


def test_the_cards_chapter_says_what_it_holds_and_what_the_pdfs_hold() -> None:
    chapter = _section("cards-counters-templates", "cards-counters-templates")
    opener = _paragraph(chapter, "This chapter holds")
    assert "spell and mutation cards" in opener and "*Templates and counters* PDF" in opener
    assert "following pages contain cards, counters and templates" not in chapter
    french = _french("cards-counters-templates")[opener]
    assert "cartes de sorts et de mutations" in french and "*Gabarits et marqueurs*" in french


def test_the_support_weapon_counters_are_listed_with_the_counters() -> None:
    counters = _section("cards-counters-templates", "activation-counters")
    teardrops = _section("cards-counters-templates", "cards-counters-templates-teardrop-templates")
    assert "- Support Weapon Loaded Counters" in counters
    assert "Support Weapon Loaded" not in teardrops


def test_the_examples_say_the_real_case_and_the_other_apart() -> None:
    """The second momentum example's counterfactual, and the chariot's "moved or spent"."""
    momentum = _section("actions", "momentum-attack")
    assert "with none left, 3 actions" not in momentum
    assert "Had it charged first instead" in momentum
    chariot = _section("creating-a-profile", "chariot-crew-and-overrun")
    assert "moved or spent" not in chariot and "spent 2 more of its own actions" in chariot
    french = " ".join(_french("creating-a-profile").values())
    assert "déplacé ou a dépensé" not in french


def test_the_chance_to_hit_table_says_how_it_reads_a_natural_1() -> None:
    """Its 0 % cells against "a natural 1 is a masterful hit": one sentence, linked to the open
    question of a critical hit, in both languages."""
    english = _section("odds", "odds-to-hit")
    (sentence,) = [p for p in english.split("\n\n") if "<erratum-critical-hit>" in p]
    assert "only when 1 is within" in sentence and "0%" in sentence
    french = _french("odds")[sentence.replace("\n", " ")]
    assert "<erratum-critical-hit>" in french and "0 %" in french


def test_the_flee_figures_caption_keys_its_numbered_arrows() -> None:
    """The diagram numbers its arrows 1, 2 and 3: the printed caption says what each is, as
    the e-book's description does, in both languages."""
    text = (DOCS / "hold-actions.md").read_text("utf-8")
    body = text[text.index("flee-from-a-charge.svg") :].split("```", 1)[0]
    caption = [line for line in body.splitlines()[1:] if line and not line.startswith(":")]
    (english,) = caption
    assert all(arrow in english for arrow in ("(arrow 1)", "(arrows 2)", "(arrow 3)"))
    french = _french("hold-actions")[english]
    assert all(arrow in french for arrow in ("(flèche 1)", "(flèches 2)", "(flèche 3)"))


def test_the_house_style_is_one_style() -> None:
    """A modifier is written against its characteristic (CC-1), and a points line "Points vary"
    as chapter 18 writes it."""
    english = {path.stem: path.read_text("utf-8") for path in DOCS.glob("*.md")}
    assert [page for page, text in english.items() if "CC -1" in text] == []
    assert [page for page, text in english.items() if "Points Vary" in text] == []
    assert "CC -1" not in " ".join(_french("abilities").values())


def _modifiers_set_apart(text: str, lang: str) -> list[str]:
    """The modifiers of ``text`` written apart from their characteristic ("+1 CO modifier",
    "RA -1", « modificateur de +1 au Co »), by the engine's abbreviations in ``lang``."""
    names = "|".join(re.escape(cell_text(a, lang)) for a in ABBREVIATIONS.values())
    apart = rf"[-+−]\d+ (?:au |à )?(?:{names})\b|\b(?:{names}) (?:de )?[-+−]\d"
    return re.findall(apart, text)


def test_a_modifier_is_written_as_the_engine_writes_it() -> None:
    """ "CO+1", as the engine's tables and answers print a modifier against its characteristic,
    in the running text of both languages, never "with a +1 CO modifier" (the Army Battle
    Standard's re-roll, p. 37 and 115, against the glossary's and quick reference's CO+1)."""
    english = {path.stem: path.read_text("utf-8") for path in DOCS.glob("*.md")}
    apart = {
        page: found for page, text in english.items() if (found := _modifiers_set_apart(text, "en"))
    }
    assert apart == {}
    french = {page.stem: " ".join(_french(page.stem).values()) for page in FR.glob("*.po")}
    apart = {
        page: found for page, text in french.items() if (found := _modifiers_set_apart(text, "fr"))
    }
    assert apart == {}
    re_roll = {
        lang: cell_text(Phrase((ABBREVIATIONS["co"], Signed(1))), lang) for lang in ("en", "fr")
    }
    for page in ("actions", "morale"):
        (english_rule,) = [p for p in english[page].split("\n\n") if "may be re-rolled" in p]
        assert f"made at {re_roll['en']}." in english_rule
        assert f"à {re_roll['fr']}" in _french(page)[english_rule]


def test_the_french_names_the_chapter_and_the_term_as_it_does_everywhere() -> None:
    """« L'armée » is the chapter's name (never « L'Armée » in running text), and overkill is
    « touches en excès » from its definition on, as the engine's words say."""
    engine = po.read((ROOT / "nqcore" / "locale" / "fr" / "LC_MESSAGES" / "nqcore.po").read_bytes())
    assert [m.id for m in po.messages(engine) if "L’Armée" in po.forms(m)[0]] == []
    abilities = " ".join(_french("abilities").values())
    assert "l’« overkill »" not in abilities and "L’overkill" not in abilities
    assert "touches en excès (« overkill »)" in abilities


def test_the_credits_speak_of_what_the_book_holds() -> None:
    """The book has diagrams, no images of miniatures: the disclaimer says nothing of images."""
    (notice,) = [p for p in (DOCS / "credits.md").read_text("utf-8").split("\n\n") if "Heresy" in p]
    assert "Images of miniatures" not in notice
    assert "images de figurines" not in _french("credits")[notice]


def test_the_pdfs_and_the_ebooks_carry_keywords() -> None:
    """The PDFs' Keywords (books and products) and the e-books' dc:subject, in the book's
    language."""
    for lang in ("en", "fr"):
        words = keywords(lang)
        assert "D10" in words and len(words) >= 4
        assert f"pdfkeywords={{{latex_escape(', '.join(words))}}}" in metadata(lang)
        assert f"pdfkeywords={{{latex_escape(', '.join(words))}}}" in spell_cards_tex(lang)
    assert set(keywords("fr")) != set(keywords("en"))
    template = ROOT / "nqsphinx" / "site" / "templates" / "epub" / "content.opf.jinja"
    assert "<dc:subject>{{ subject }}</dc:subject>" in template.read_text("utf-8")


def test_a_french_caption_says_tableau_as_its_carried_over_head_does() -> None:
    """babel-french sets « Tableau » and « Figure » in small capitals, which a reader (and a
    text extract) sees as TABLEAU beside the head of the table's next page, « Tableau 15.1 –
    suite de la page précédente »: the book sets them as words."""
    babel = latex_elements({}, "fr")["babel"]
    assert "SmallCapsFigTabCaptions=false" in babel
    assert "SmallCaps" not in latex_elements({}, "en").get("babel", "")
