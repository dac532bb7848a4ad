"""The errata page groups every record by kind, then by chapter in reading order, in both
languages; each record links to every section where a reading is printed, and each of those
sections links back to it."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from nqcore.book.errata import all_errata

WORDS = {
    "en": (
        "Where The Book Contradicts Itself",
        "Questions The Book Leaves Open",
        "This edition:",
        "This edition’s choice:",
        "Same rule stated twice",
        "The Army",
    ),
    "fr": (
        "Là où le livre se contredit",
        "Les questions que le livre laisse ouvertes",
        "Cette édition :",
        "Le choix de cette édition :",
        "Même règle énoncée deux fois",
        "L’armée",
    ),
}


def kind_part(page: str, kind: str) -> str:
    """The HTML of one kind's section, up to the next kind's."""
    start = page.index(f'id="errata-{kind}"')
    rest = page[start + 1 :]
    following = rest.find('id="errata-open-question"') if kind == "erratum" else -1
    return rest if following < 0 else rest[:following]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_records_grouped_by_kind_and_chapter(html_sites: dict[str, Path], lang: str) -> None:
    # French typography: the site puts a no-break space before a colon.
    page = (html_sites[lang] / "errata.html").read_text(encoding="utf-8").replace("\xa0", " ")
    contradictions, questions, follows, choice, check, army = WORDS[lang]
    counts = Counter(e.kind for e in all_errata())
    assert f"<h2>{contradictions}<" in page and f"<h2>{questions}<" in page
    contents = re.search(r'<p class="nq-errata-contents[^"]*">(.*?)</p>', page, re.S)
    assert contents is not None
    assert f"{counts['erratum']} " in contents[1] and f"{counts['open-question']} " in contents[1]
    for erratum in all_errata():
        part = kind_part(page, erratum.kind)
        assert f'id="erratum-{erratum.id}"' in part, (lang, erratum.id, erratum.kind)
    assert follows in kind_part(page, "erratum") and choice in kind_part(page, "open-question")
    assert check in page
    # Chapters in reading order: The Army (army.md) comes before Magic within the contradictions.
    chapters = re.findall(r'<section id="errata-erratum-([a-z-]+)"', page)
    assert chapters.index("army") < chapters.index("magic") < chapters.index("sample-profiles")
    assert f"<h3>{army}" in kind_part(page, "erratum")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_no_heading_of_the_errata_page_ends_with_a_number_in_parentheses(
    html_sites: dict[str, Path], lang: str
) -> None:
    """A book's contents and running heads would read "(57)" as a page number."""
    page = (html_sites[lang] / "errata.html").read_text(encoding="utf-8")
    headings = [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<h[1-6]>(.*?)</h[1-6]>", page)]
    assert len(headings) > 10
    assert [h for h in headings if re.search(r"\(\d+\)\W*$", h)] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_section_of_a_record_links_both_ways(html_sites: dict[str, Path], lang: str) -> None:
    site = html_sites[lang]
    page = (site / "errata.html").read_text(encoding="utf-8")
    for erratum in all_errata():
        box = page[page.index(f'id="erratum-{erratum.id}"') :]
        box = box[: box.index("</div>")]
        targets = re.findall(r'href="([a-z0-9-]+\.html)#([a-z0-9-]+)"', box)
        assert [label for _, label in targets] == list(erratum.sections), erratum.id
        for html, label in targets:  # a card's note is its section's (proof round sixteen)
            target = (site / html).read_text(encoding="utf-8")
            assert f'id="{label}"' in target, (erratum.id, html, label)
            assert f"errata.html#erratum-{erratum.id}" in target, (erratum.id, html)


def test_open_questions_are_announced_as_such(html_sites: dict[str, Path]) -> None:
    page = (html_sites["fr"] / "close-combat.html").read_text(encoding="utf-8")
    note = page[page.index("errata.html#erratum-close-combat-arc") - 400 :]
    assert '<p class="admonition-title">Question ouverte</p>' in note
    morale = (html_sites["fr"] / "morale.html").read_text(encoding="utf-8")
    assert "Errata et questions ouvertes</p>" in morale  # a mix: each line says its kind
    assert "Question ouverte\xa0:" in morale and "Erratum\xa0:" in morale


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_site_names_each_records_engine_code(html_sites: dict[str, Path], lang: str) -> None:
    """The editors' edition shows the ``engine`` names under a record, folded (a player reads
    the rules' words: player round 22; the print editions leave them out:
    tests/print/test_editions.py)."""
    page = (html_sites[lang] / "errata.html").read_text(encoding="utf-8").replace("\xa0", " ")
    label = {"en": "The engine’s code (for editors)", "fr": "Code du moteur (pour les éditeurs)"}[
        lang
    ]
    label = f"<summary>{label}</summary>"
    assert len([e for e in all_errata() if e.engine]) >= 30
    for erratum in all_errata():
        box = page[page.index(f'id="erratum-{erratum.id}"') :]
        box = box[: box.index("</div>")]
        names = re.findall(r'<code class="[^"]*literal[^"]*"><span class="pre">([^<]+)</span>', box)
        assert names == list(erratum.engine), erratum.id
        assert (label in box) == bool(erratum.engine), erratum.id


def _own_part(page: str, label: str) -> str:
    """A section's HTML before its first subsection (or its end)."""
    start = page.index(f'<section id="{label}"')
    rest = page[start + 1 :]
    return rest[: min(i for i in (rest.find("<section"), rest.find("</section>")) if i >= 0)]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_section_shows_its_records_in_one_note(html_sites: dict[str, Path], lang: str) -> None:
    """Five notes in a row pushed the armoury's melee table off a phone's first screen: a
    section has one note, listing its records when it has several."""
    records: dict[str, list[str]] = {}
    for erratum in all_errata():
        for label in erratum.sections:
            records.setdefault(label, []).append(erratum.id)
    several = 0
    for path in sorted(html_sites[lang].glob("*.html")):
        page = path.read_text(encoding="utf-8")
        for label in [label for label in records if f'<section id="{label}"' in page]:
            part = _own_part(page, label)
            assert part.count("nq-erratum-note") == 1, (path.name, label)
            note = part[part.index("nq-erratum-note") :]
            note = note[: note.index("</div>")]
            links = re.findall(r'errata\.html#erratum-([a-z0-9-]+)"', note)
            assert links == records[label], (path.name, label)
            several += len(links) > 1
    assert several >= 10  # armoury's melee weapons among them


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_calculator_flags_the_open_questions_of_the_rules_it_answers(
    html_sites: dict[str, Path], lang: str
) -> None:
    """The Armour Save calculator answers by the Armour Modifier's reading, which leaves the
    natural 10 open: its section says so, as the Casting calculator does for its natural 10, each
    note linking the engine's record (its subject in the page's language), in one note."""
    from nqcompanion.page.calculators import CALCULATORS
    from nqsphinx.messages import engine_text

    page = (html_sites[lang] / "at-the-table.html").read_text(encoding="utf-8")
    by_id = {erratum.id: erratum for erratum in all_errata()}
    for command, record in (
        ("save", "natural-ten-armour-save"),
        ("cast", "cancelling-natural-ten"),
    ):
        calculator = CALCULATORS[command]
        assert set(by_id[record].sections) & {calculator.rule, *calculator.answers}
        start = page.index(f'id="nq-{command}"')
        section = page[page.rindex("<section", 0, start) : start]
        assert section.count("nq-erratum-note") == 1, (command, section)
        assert f'errata.html#erratum-{record}"' in section, (command, section)
        subject = engine_text(by_id[record].subject, lang).replace("’", "&#8217;")
        assert subject in section.replace("’", "&#8217;"), (command, subject)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_where_the_book_prints_a_reading_not_followed_its_note_says_this_edition_s(
    html_sites: dict[str, Path], lang: str
) -> None:
    """The prose under a record's first section is the 2007 book's: its note says this
    edition's reading too, as the errata page says it ("one higher than the strength" stood
    above a table of use costs equal to it, the correction two chapters away: proof round
    eleven), and so does the note under each section of its ``printed_in`` (§8.1.9, §9.6: proof
    round fourteen); its other sections link to the record only."""
    pages = [path.read_text(encoding="utf-8") for path in html_sites[lang].glob("*.html")]
    errata = (html_sites[lang] / "errata.html").read_text(encoding="utf-8")
    name = {True: _text(WORDS[lang][2]), False: _text(WORDS[lang][3])}
    for erratum in all_errata():
        box = errata[errata.index(f'id="erratum-{erratum.id}"') :]
        lines = [_text(p) for p in re.findall(r"<p>(.*?)</p>", box[: box.index("</div>")], re.S)]
        wanted = next(line for line in lines if line.startswith(name[erratum.kind == "erratum"]))
        for label in erratum.sections:
            page = next((text for text in pages if f'<section id="{label}"' in text), "")
            if not page:  # a spell's card, which carries no note
                continue
            part = _own_part(page, label)
            said = re.findall(r'<p class="nq-erratum-correct">(.*?)</p>', part, re.S)
            printed = erratum.printed_sections  # the first section, or those of printed_in
            own = label in printed or any(f'id="{s}"' in part for s in printed)  # two labels
            assert (wanted in map(_text, said)) == own, (erratum.id, label, said)


def _text(html_text: str) -> str:
    import html

    text = html.unescape(re.sub(r"<[^>]+>", "", html_text)).strip()
    return re.sub(r"[\xa0\u202f]", " ", text)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_record_first_printed_on_a_card_has_its_reading_in_the_cards_box(
    html_sites: dict[str, Path], lang: str
) -> None:
    """A card prints this edition's reading (Molten Grasp's "equal to or under"): the box of
    the aspect that holds it says that reading, as for any place that prints a record (proof
    round twenty-nine: the Fire aspect's box named three cards' records and nothing more)."""
    pages = [path.read_text(encoding="utf-8") for path in html_sites[lang].glob("*.html")]
    errata = (html_sites[lang] / "errata.html").read_text(encoding="utf-8")
    name = {True: _text(WORDS[lang][2]), False: _text(WORDS[lang][3])}
    seen = 0
    for erratum in all_errata():
        label = erratum.printed_sections[0]
        card_at = rf'<div class="[^"]*\bnq-card\b[^"]*" id="{label}"'
        page = next((text for text in pages if re.search(card_at, text)), "")
        if not page:
            continue
        box = errata[errata.index(f'id="erratum-{erratum.id}"') :]
        lines = [_text(p) for p in re.findall(r"<p>(.*?)</p>", box[: box.index("</div>")], re.S)]
        wanted = next(line for line in lines if line.startswith(name[erratum.kind == "erratum"]))
        card = re.search(card_at, page)
        assert card
        holder = re.findall(r'<section id="([^"]+)"', page[: card.start()])[-1]
        said = re.findall(r'<p class="nq-erratum-correct">(.*?)</p>', _own_part(page, holder), re.S)
        assert wanted in map(_text, said), (erratum.id, holder, said)
        seen += 1
    assert seen >= 3  # Molten Grasp, Smoke, Lava Pool


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_calculators_box_says_this_edition_s_reading_of_each_record(
    html_sites: dict[str, Path], lang: str
) -> None:
    """Player round 32 (F8): the Casting calculator's box named "Cancelling a spell: a natural
    10" without the choice it follows; a calculator's box says each record's reading."""
    from nqsphinx.messages import engine_text

    page = (html_sites[lang] / "at-the-table.html").read_text(encoding="utf-8")
    part = _own_part(page, "calc-casting")
    said = [_text(p) for p in re.findall(r'<p class="nq-erratum-correct">(.*?)</p>', part, re.S)]
    (erratum,) = [e for e in all_errata() if e.id == "cancelling-natural-ten"]
    wanted = _text(engine_text(erratum.correct, lang))
    assert any(wanted in line for line in said), said
