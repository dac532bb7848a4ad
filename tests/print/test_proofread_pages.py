"""What the proof-reader of 2026-11 measured on the printed rulebooks, in both languages and on
both papers, read from the PDF (its lines' boxes, its text's sizes, its drawn shapes): the cards
chapter's cards all in the deck's one size, the spell list's notes clear of the page's foot
line, no widow or orphan, whole words in the first column of Table 16.4, every table within the
text block, every running head on one line.

Each check (tests.print.page_geometry) is shown to fail on made-up pages, so that an empty
finding means the rule holds, not that nothing was read.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.rules.mutations import all_mutations
from nqcore.rules.spells import all_spells
from nqsphinx.messages import engine_text
from tests.print import page_geometry
from tests.print.conftest import Products
from tests.print.layout import Page, read_pages
from tests.print.pdfs import Line, Shape, pages

LANGS = ["en", "fr"]
PAPERS = ["a4", "letter"]
#: The least room between a page's last notes and its foot line: the body's baseline skip.
NOTES_CLEARANCE = 12.0
#: The caption of Table 16.4 (babel-french sets « Tableau » in small capitals).
TABLE_16_4 = re.compile(r"^\s*(?:Table|Tableau)\s+16\.4\s*[:–-]", re.M | re.I)


def _book(pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str) -> Path:
    return (pdfs if paper == "a4" else letter_pdfs)[lang]


def _cards(pdf: Path, lang: str) -> list[page_geometry.Card]:
    """The cards of the chapter that holds the first card's stats line ("UC 4 Level 5")."""
    stats = re.compile(rf"{engine_text('UC', lang)} \d+\s+{engine_text('Level', lang)} \d+")
    first = next(p.number for p in read_pages(pdf) if any(map(stats.search, p.lines)))
    return page_geometry.cards(pdf, page_geometry.chapter_pages(pdf, first))


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_card_of_the_chapter_has_the_decks_one_size(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], products: Products, lang: str, paper: str
) -> None:
    """The chapter fitted each card's text on its own: Smoke and Lava Pool were set smaller
    than their neighbours (9.5 and 10.5 pt beside 12 pt); every card now has the width and the
    text size of the spell-card product's deck, which sets the whole deck in one size."""
    book = _cards(_book(pdfs, letter_pdfs, lang, paper), lang)
    assert len(book) == len(all_spells()) + len(all_mutations())
    product = products.pdf("spell-cards", lang, paper)
    deck = page_geometry.cards(product, range(1, pages(product) + 1))
    assert len({card.width_mm for card in book + deck}) == 1
    sizes = {size for card in deck for size in card.sizes}
    assert len(sizes) == 1, sizes
    apart = [f"{card.where} {card.title}: {sorted(card.sizes)}" for card in book]
    assert [line for line, card in zip(apart, book, strict=True) if card.sizes != sizes] == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_table_notes_keep_clear_of_the_foot_line(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """The spell list's notes, in the foot of its first page, sat 2.6 to 8.9 pt above the foot
    line (longtable makes room for its foot's height, and the notes were in its depth)."""
    gaps = page_geometry.note_gaps(_book(pdfs, letter_pdfs, lang, paper))
    assert len(gaps) > 5
    assert [(where, round(gap, 1)) for where, gap in gaps if gap < NOTES_CLEARANCE] == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_widow_and_no_orphan(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """ "away." alone at the top of English page 58, and others in each book."""
    assert page_geometry.widows_and_orphans(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_table_16_4_names_are_whole_words(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """The support weapons' names were hyphenated to even out their lines ("Repeat-ing Bolt
    Thrower", "Skull Cat-apult", « Canon ro-tatif »)."""
    pdf = _book(pdfs, letter_pdfs, lang, paper)
    where, lines = page_geometry.first_column(pdf, TABLE_16_4, engine_text("UC", lang))
    assert engine_text("Trebuchet", lang) in lines
    assert [f"{where}: {line}" for line in lines if line.endswith("-")] == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_table_lies_within_the_text_block(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """Tables 23.1, 28.3 and 28.6 stood out into the margins (28.6 from 29.6 to 180.4 mm on A4,
    the text block 45 to 165 mm): too wide in their type, they took what they lacked from the
    margins. No word and no rule of a page, but on the cards' pages, is past the text block."""
    assert page_geometry.outside_the_text_block(_book(pdfs, letter_pdfs, lang, paper)) == []


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("lang", LANGS)
def test_no_running_head_takes_two_lines(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], lang: str, paper: str
) -> None:
    """A long section title wrapped the head of French Letter p. 179 onto two lines."""
    assert page_geometry.heads_on_two_lines(_book(pdfs, letter_pdfs, lang, paper)) == []


# --- the checks on made-up pages ----------------------------------------------------------------


def _line(top: float, text: str, right: float = 400.0, height: float = 10.9) -> Line:
    return Line(100.0, top, right, top + height, text)


def _full(top: float, text: str = "a full line of the paragraph running on") -> Line:
    return _line(top, text)


def test_the_widow_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A short last line alone at a page's top (a widow), a first line alone at a page's foot
    (an orphan, after a gap), and the same pages with two lines where they are whole."""
    widow = ((_full(100), _full(113.5), _full(127)), (_line(100, "away.", 150), _full(130)))
    orphan = ((_full(100), _line(113.5, "end.", 200), _full(140)), (_full(100), _full(113.5)))
    whole = ((_full(100), _full(113.5)), (_full(100), _line(113.5, "away.", 150), _full(140)))
    found = {}
    for name, book in {"widow": widow, "orphan": orphan, "whole": whole}.items():
        monkeypatch.setattr(page_geometry, "page_lines", lambda _pdf, book=book: book)
        monkeypatch.setattr(page_geometry, "_where", lambda _pdf, index: f"page {index + 1}")
        monkeypatch.setattr(page_geometry, "reader", lambda _pdf: _Labels())
        found[name] = page_geometry.widows_and_orphans(Path("made-up.pdf"))
    assert found == {
        "widow": ["page 2: widow «away.»"],
        "orphan": ["page 1: orphan «a full line of the paragraph running on»"],
        "whole": [],
    }


class _Labels:
    page_labels = ("1", "2")


class _Page:
    mediabox = Shape(0, 0, 210 * page_geometry.MM, 297 * page_geometry.MM, 0, 4)

    def __init__(self, rotate: int = 0) -> None:
        self.rotate = rotate

    def get(self, key: str, default: object = None) -> object:
        return self.rotate if key == "/Rotate" else default


class _Book:
    """A made-up A4 book of one page (shown turned: a landscape page)."""

    page_labels = ("1",)

    def __init__(self, rotate: int = 0) -> None:
        self.pages = (_Page(rotate),)


def _made_up(
    monkeypatch: pytest.MonkeyPatch, bbox: str, drawn: list[Shape], rotate: int = 0
) -> None:
    monkeypatch.setattr(page_geometry, "reader", lambda _pdf: _Book(rotate))
    monkeypatch.setattr(page_geometry, "run_on", lambda _pdf, *_command: bbox)
    monkeypatch.setattr(page_geometry, "shapes", lambda _pdf, _page: drawn)
    monkeypatch.setattr(page_geometry, "_where", lambda _pdf, index: f"page {index + 1}")


def _mm(value: float) -> float:
    return value * page_geometry.MM


def _word(x0: float, x1: float, top: float = 400.0, text: str = "word") -> str:
    return f'<word xMin="{_mm(x0)}" yMin="{top}" xMax="{_mm(x1)}" yMax="{top + 10}">{text}</word>'


def _rule(x0: float, x1: float, y: float = 400.0) -> Shape:
    return Shape(_mm(x0), y, _mm(x1), y + 0.4, 0, 4)


def test_the_text_block_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """A word, or a table's rule, past the A4 block (45 to 165 mm) is found; a page within it,
    and a card's page (its band wider than the block), are not."""
    band = Shape(_mm(20), 500, _mm(20 + 59), _mm(7.5) + 500, 0, 4)
    found = {}
    for name, words, drawn in (
        ("word", _word(29.6, 40), []),
        ("rule", _word(50, 60), [_rule(45, 180.4)]),
        ("within", _word(45, 165), [_rule(45, 165)]),
        ("card", _word(20, 190), [band]),
    ):
        _made_up(monkeypatch, f"<page >{words}</page>", drawn)
        found[name] = page_geometry.outside_the_text_block(Path("made-up.pdf"))
    assert found == {
        "word": ["page 1: 29.6–40.0 mm"],
        "rule": ["page 1: 45.0–180.4 mm"],
        "within": [],
        "card": [],
    }


def test_a_landscape_page_is_measured_as_it_is_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A landscape page is shown turned: pdftotext places its words as shown, 250 mm across
    and down the block's 45 to 165 mm; a word down to 170 mm is past the block's edge."""
    found = {}
    for name, top, bottom in (("within", 45, 165), ("past", 50, 170)):
        word = f'<word xMin="20" yMin="{_mm(top)}" xMax="{_mm(250)}" yMax="{_mm(bottom)}">w</word>'
        _made_up(monkeypatch, f"<page >{word}</page>", [], rotate=90)
        found[name] = page_geometry.outside_the_text_block(Path("made-up.pdf"))
    assert found == {"within": [], "past": ["page 1: 50.0–170.0 mm"]}


def _line_box(top: float, text: str) -> str:
    return (
        f'<line xMin="{_mm(45)}" yMin="{top}" xMax="{_mm(160)}" yMax="{top + 10}">'
        + "".join(_word(45, 60, top, word) for word in text.split())
        + "</line>"
    )


def test_the_running_head_check_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two lines above the head rule are found; one line, and the text under the rule, not."""
    height = 297 * page_geometry.MM
    rule = _rule(45, 165, height - 50)
    found = {}
    for name, lines in (
        ("two", _line_box(20, "23.5 Liste des capacités") + _line_box(33, "l’équipement 179")),
        ("one", _line_box(33, "23.5 Liste 179") + _line_box(60, "Body text.")),
    ):
        _made_up(monkeypatch, f"<page >{lines}</page>", [rule])
        found[name] = page_geometry.heads_on_two_lines(Path("made-up.pdf"))
    assert found == {"two": ["page 1: 23.5 Liste des capacités / l’équipement 179"], "one": []}


def _page_of(pages: tuple[Page, ...], words: str) -> tuple[str, str]:
    """The printed page number that ``words`` give as "(p. N)" and the text of that page."""
    text = "\n".join(" ".join(page.lines) for page in pages)
    found = re.search(re.escape(words) + r"\s*\(p\.\s*(\d+)\)", re.sub(r"\s+", " ", text))
    assert found, words
    (page,) = [p for p in pages if p.label == found[1]]
    return found[1], " ".join(page.lines)


@pytest.mark.parametrize("paper", PAPERS)
def test_references_land_on_their_subject(
    pdfs: dict[str, Path], letter_pdfs: dict[str, Path], paper: str
) -> None:
    """Claws (p. N) of the weapons list is the page that names claws, not the page where their
    section starts; What You Need sends readers for the templates to the chapter that says where
    they are printed (the separate Templates and counters PDF: the book lists them by name
    only), its opening page; the cards chapter prints the site's address it sends readers to."""
    pages = read_pages(_book(pdfs, letter_pdfs, "en", paper))
    _, claws = _page_of(pages, "Claws")
    assert "claws" in claws
    _, templates = _page_of(pages, "the chapter Cards, Counters & Templates")
    assert "lists the counters and templates by name" in re.sub(r"\s+", " ", templates)
    assert "separate Templates and counters PDF" in re.sub(r"\s+", " ", templates)
    text = " ".join(" ".join(page.lines) for page in pages)
    assert "home page of its website, No Quarter" in re.sub(r"\s+", " ", text)
    assert "https://noquarter.readthedocs.io/en/latest/" in re.sub(r"/\s+", "/", text)


#: Section 23.5's lists, by the words that head each (the next list's heading ends it).
SUMMARY_LISTS = {
    "en": ("Abilities:", "Traits:", "Standard Weapons:", "Equipment:", "Weapon Special Rules:"),
    "fr": ("Capacités :", "Traits :", "Armes standard :", "Équipement :", "Règles spéciales"),
}


def summary_lists(pdf: Path, lang: str) -> dict[str, list[str]]:
    """The names of each list of section 23.5, as printed (their page references aside)."""
    heads = SUMMARY_LISTS[lang]
    text = " ".join(" ".join(page.lines) for page in read_pages(pdf))
    text = re.sub(r"\s+", " ", text.replace("\u202f", " ").replace("\u00a0", " "))
    text = re.sub(r"(\w)- (\w)", r"\1\2", text)  # a word hyphenated at a line's end
    found = {}
    for head, following in zip(heads, heads[1:], strict=False):
        start = text.index(head, text.index(heads[0])) + len(head)
        body = text[start : text.index(following, start)]
        found[head] = [
            name.strip() for name in re.split(r"\(p\.\s*\d+\),?", body) if name.strip(" ,")
        ]
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_the_summary_lists_are_in_the_page_languages_order(
    pdfs: dict[str, Path], lang: str
) -> None:
    """Section 23.5's abilities, traits, weapons and equipment in the dictionary order of the
    book's language (« Arbalète, Arc… », not the English order « Hache, Hache de bataille,
    Tromblon, Arc… »); in English "Regenerate" before "Siege Weapon"."""
    from nqsphinx.directives.glossary import collation_key

    lists = summary_lists(pdfs[lang], lang)
    assert len(lists) == 4
    for head, names in lists.items():
        assert len(names) >= 7, (head, names)
        assert names == sorted(names, key=collation_key), (head, names)
