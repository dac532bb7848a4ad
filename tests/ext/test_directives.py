"""Each directive, role and transform of nqsphinx on the tiny rulebook, in English and French:
what the reader gets (values, words, links), read from the doctree or the HTML."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from docutils import nodes

from tests.ext.conftest import Built

pytestmark = pytest.mark.parametrize("lang", ["en", "fr"])


def text(html: str) -> str:
    """The HTML's text, tags dropped, spaces collapsed (no-break spaces kept)."""
    return re.sub(r"[ \t\r\n]+", " ", re.sub(r"<[^>]+>", " ", html))


def cells(table: nodes.Element) -> list[list[str]]:
    rows = table.findall(nodes.row)
    return [[entry.astext() for entry in row.findall(nodes.entry)] for row in rows]


def test_the_build_warns_of_nothing(tiny: dict[str, Built], lang: str) -> None:
    assert tiny[lang].unexpected_warnings() == []


def test_an_example_is_titled_and_translated(tiny: dict[str, Built], lang: str) -> None:
    doctree = tiny[lang].doctree("magic")
    example, _corrected = [
        n for n in doctree.findall(nodes.admonition) if "nq-example" in n["classes"]
    ]
    title = example.next_node(nodes.title).astext()
    assert title == {"en": "Example", "fr": "Exemple"}[lang]
    assert (
        example.next_node(nodes.paragraph).astext()
        == {
            "en": "A Shaman with a wizardry level of 2 casts a level 5 spell: 7 or less.",
            # French typography: the colon gets its no-break space
            "fr": "Un Chaman de niveau de sorcellerie 2 lance un sort de niveau 5\u00a0: "
            "7 ou moins.",
        }[lang]
    )


def test_an_examples_doctest_becomes_the_engines_checked_answer(
    tiny: dict[str, Built], lang: str
) -> None:
    html = tiny[lang].html("magic")
    checked = re.search(r'<p class="nq-example-checked">(.*?)</p>', html)
    assert checked is not None
    assert (
        text(checked.group(1)).strip()
        == {
            # the example's :result: words, in the page's language
            "en": "✓ Checked with the rules engine: 7 or less",
            "fr": "✓ Vérifié avec le moteur de règles\u00a0: 7 ou moins",
        }[lang]
    )
    folded = re.search(r'<details class="nq-example-check no-search">\s*<summary>([^<]*)', html)
    assert folded is not None
    assert folded.group(1) == {"en": "Check with the engine", "fr": "Vérifier avec le moteur"}[lang]
    # the check is the site's, folded with the code: not a line of the example's text
    assert folded.start() < checked.start() < html.index("</details>", folded.start())


def test_an_engine_table_shows_the_engines_values(
    tiny: dict[str, Built], lang: str, engine_export: dict[str, Any]
) -> None:
    doctree = tiny[lang].doctree("magic")
    [table] = [n for n in doctree.findall(nodes.table) if "nq-table-wound-table" in n["classes"]]
    rows = cells(table)
    header, body = rows[0], rows[1:]
    assert header[:3] == {"en": ["Strength", "T 1", "T 2"], "fr": ["Force", "R 1", "R 2"]}[lang]
    engine_rows = engine_export["tables"]["wound-table"]["rows"]
    assert body == [[str(value) for value in row] for row in engine_rows]
    caption = table.next_node(nodes.title).astext()
    assert caption == {"en": "Roll required to wound", "fr": "Résultat requis pour blesser"}[lang]


def test_a_spell_role_links_its_card_by_its_name(tiny: dict[str, Built], lang: str) -> None:
    name = {"en": "Fireball", "fr": "Boule de feu"}[lang]
    assert f'href="cards.html#spell-fireball" title="{name}"><span>{name}</span></a>' in tiny[
        lang
    ].html("magic")


def test_spell_and_mutation_cards_are_the_engines(
    tiny: dict[str, Built], lang: str, engine_export: dict[str, Any]
) -> None:
    html = tiny[lang].html("cards")
    cards = re.findall(r'id="((?:spell|mutation)-[a-z-]+)"', html)
    fire = [f"spell-{s['key']}" for s in engine_export["spells"] if s["aspect"] == "fire"]
    mutations = [f"mutation-{m['key']}" for m in engine_export["mutations"]]
    assert cards == fire + mutations
    assert {"en": "Molten Grasp", "fr": "Étreinte en fusion"}[lang] in text(html)
    one = [m for m in engine_export["mutations"] if m["points"] == 1]
    assert one, "a mutation of 1 point (Corrosive Blood) shows the singular"
    assert re.search(r"\b1 point\b(?!s)", text(html)) and not re.search(r"\b1 points", text(html))


def test_glossary_terms_link_with_their_definition(tiny: dict[str, Built], lang: str) -> None:
    tooltip = {
        "en": "Wounds (W) — FR: Blessures (B). The number of wounds a model can take before "
        "it is removed.",
        "fr": "Blessures (B) — EN\u00a0: Wounds (W). Le nombre de blessures qu’une figurine "
        "peut subir avant d’être retirée.",
    }[lang]
    html = tiny[lang].html("magic")
    link = re.search(
        r'<a class="nq-term[^"]*" href="glossary.html#term-(\w+)" title="([^"]*)"', html
    )
    assert link is not None and link.groups() == ("wounds", tooltip)


def test_the_glossary_page_lists_each_term_and_where_it_is_used(
    tiny: dict[str, Built], lang: str
) -> None:
    page = text(tiny[lang].html("glossary"))
    entry = {"en": "Wounds (W) ¶ The number of wounds", "fr": "Blessures (B) ¶ Le nombre de"}
    assert entry[lang] in page
    # the first use on a page is linked: the wound table's note in English, the prose in French
    assert {"en": "Used in: Casting", "fr": "Utilisé dans\u00a0: Blessures"}[lang] in page


def test_the_aspect_circle_is_an_svg_figure_with_its_caption(
    tiny: dict[str, Built], lang: str
) -> None:
    html = tiny[lang].html("magic")
    figure = re.search(r'<figure class="nq-diagram[^>]*>(.*?)</figure>', html, re.S)
    assert figure is not None and "<svg" in figure.group(1)
    caption = {"en": "The magic aspects", "fr": "Les aspects de la magie"}[lang]
    assert f'<span class="caption-text">{caption}</span>' in figure.group(1)


def test_the_movement_diagram_takes_its_name(tiny: dict[str, Built], lang: str) -> None:
    html = tiny[lang].html("reference")
    figure = re.search(r'<figure[^>]*id="tiny-movement-abilities"[^>]*>(.*?)</figure>', html, re.S)
    assert figure is not None and "<svg" in figure.group(1)
    assert {"en": "2 for 3, 2 for 4", "fr": "2 pour 3, 2 pour 4"}[lang] in figure.group(1)


def test_the_erratum_note_names_its_errata(tiny: dict[str, Built], lang: str) -> None:
    html = tiny[lang].html("magic")
    note = html[html.index('<div class="note nq-erratum-note') :]
    note = text(note[: note.index("</div>")])
    said = {  # the chapter's records, each titled by its kind, then its subject
        "en": "Errata and open questions Erratum: How many levels of magic user "
        "Open question: Wizardry level 4: which characters are named characters",
        "fr": "Errata et questions ouvertes Erratum : Combien de niveaux d’utilisateur de la "
        "magie Question ouverte : Niveau de magie 4 : quels personnages sont des personnages "
        "nommés",
    }[lang]
    assert " ".join(note.replace("\u00a0", " ").split()) == said


def test_a_cell_the_book_prints_otherwise_is_marked_and_noted(
    tiny: dict[str, Built], lang: str
) -> None:
    """Movement ability table, 3 actions at double time: the engine's 4½ with a mark that links
    its note and tells a screen reader the printed 5½; the note links the erratum."""
    html = tiny[lang].html("reference")
    table = html[html.index("nq-table-movement-abilities") :]
    table = table[: table.index("</table>")]
    spoken = {"en": "(the 2007 book prints 5½)", "fr": "(le livre de 2007 indique 5½)"}[lang]
    mark = (
        '<td><p>4½<sup class="nq-printed-mark"><a class="reference internal" '
        'href="#nq-printed-movement-abilities-1">†'
        f'<span class="nq-visually-hidden"> {spoken}</span></a></sup></p></td>'
    )
    assert table.count("nq-printed-mark") == 1 and mark in table
    note = re.search(
        r'<p class="[^"]*nq-printed-note" id="nq-printed-movement-abilities-1">'
        r"(.*?)</p>",
        html,
        re.S,
    )
    assert note is not None
    words = {
        "en": "† The 2007 book prints 5½ here; see the erratum: Movement Ability Table, Double "
        "Time with 3 actions.",
        "fr": "† Le livre de 2007 indique 5½ ici\u202f; voir l’erratum\u00a0: Table des "
        "capacités de mouvement, double temps avec 3 actions.",
    }[lang]
    assert re.sub(r"<[^>]+>", "", note.group(1)) == words
    assert 'href="errata.html#erratum-movement-ability-table-double-time-3-actions"' in note[1]


def test_the_errata_page_counts_its_records_in_a_sentence_not_in_its_headings(
    tiny: dict[str, Built], lang: str, engine_export: dict[str, Any]
) -> None:
    """A count in parentheses after a heading reads as a page number in a book's contents and
    running heads: the counts are in the opening sentence, which names the page as a page on
    the site (a chapter in print: tests/print/test_editions.py)."""
    html = tiny[lang].html("errata")
    headings = [text(h).strip() for h in re.findall(r"<h[1-6]>(.*?)</h[1-6]>", html, re.S)]
    assert len(headings) > 3
    assert [h for h in headings if re.search(r"\(\d+\)\W*$", h)] == []
    kinds = [erratum["kind"] for erratum in engine_export["errata"]]
    n, m = kinds.count("erratum"), kinds.count("open-question")
    sentence = {
        "en": f"This page lists {n} places where the book contradicts itself, and {m} questions "
        "it leaves open.",
        "fr": f"Cette page recense {n} endroits où le livre se contredit et {m} questions qu’il "
        "laisse ouvertes.",
    }[lang]
    contents = re.search(r'<p class="nq-errata-contents[^"]*">(.*?)</p>', html, re.S)
    assert contents is not None and re.sub(r"<[^>]+>", "", contents[1]) == sentence
    assert 'href="#errata-erratum"' in html and 'href="#errata-open-question"' in html


def test_the_errata_page_lists_every_erratum(
    tiny: dict[str, Built], lang: str, engine_export: dict[str, Any]
) -> None:
    html = tiny[lang].html("errata")
    shown = set(re.findall(r'id="erratum-([a-z0-9-]+)"', html))
    assert shown == {erratum["id"] for erratum in engine_export["errata"]}


def test_the_edition_changes_page_lists_each_changed_section(
    tiny: dict[str, Built], lang: str
) -> None:
    page = text(tiny[lang].html("changes"))
    assert {"en": "New in 2007", "fr": "Nouveau en 2007"}[lang] in page
    assert "points-values" in page


def test_the_calculator_offers_the_spells_in_the_pages_language(
    tiny: dict[str, Built], lang: str
) -> None:
    html = tiny[lang].html("reference")
    option = {"en": "Fireball (3)", "fr": "Boule de feu (3)"}[lang]
    assert f'<option value="fireball">{option}</option>' in html
    assert f'data-lang="{lang}"' in html


def test_the_coverage_table_counts_the_sections(tiny: dict[str, Built], lang: str) -> None:
    doctree = tiny[lang].doctree("reference")
    [table] = [n for n in doctree.findall(nodes.table) if "nq-coverage" in n["classes"]]
    rows = cells(table)
    # magic: 3 sections, Casting with an example and a table, Wounds with an example; cards:
    # 1, with its cards
    assert (
        rows[1:]
        == {
            "en": [
                ["Magic", "3", "2", "1", "67%"],
                ["Cards", "1", "0", "1", "100%"],
                ["All chapters", "4", "2", "2", "75%"],
            ],
            "fr": [
                ["Magie", "3", "2", "1", "67\u202f%"],
                ["Cartes", "1", "0", "1", "100\u202f%"],
                ["Tous les chapitres", "4", "2", "2", "75\u202f%"],
            ],
        }[lang]
    )


def test_a_complete_french_page_has_no_translation_notice(
    tiny: dict[str, Built], lang: str
) -> None:
    assert "nq-translation-notice" not in tiny[lang].html("magic")


def test_a_corrected_example_says_so_in_one_neutral_line(tiny: dict[str, Built], lang: str) -> None:
    """An example the 2007 book got wrong gives the right working in its prose and one line
    under it: corrected, and where the erratum is; neither what the rules give (a test log)
    nor the misprint (the erratum's own record says it)."""
    html = tiny[lang].html("magic")
    lines = re.findall(r'<p class="[^"]*nq-example-erratum[^"]*">(.*?)</p>', html, re.S)
    assert [re.sub(r"<[^>]+>", "", line).strip() for line in lines] == [
        {
            "en": "Corrected from the 2007 printing: see the erratum Ranged Attack Modifiers "
            "example: the archer’s bow.",
            "fr": "Corrigé par rapport au livre de 2007\u00a0: voir l’erratum Exemple de "
            "modificateurs d’attaque à distance\u00a0: l’arc de l’archer.",
        }[lang]
    ]
    assert 'href="errata.html#erratum-ranged-example-long-bow-ranges"' in lines[0]
    for words in ("The rules give", "Les règles donnent", "printed “", "imprimait"):
        assert words not in html
    box = html[html.index(lines[0]) :]
    assert box.index("nq-example-check") < box.index("</details>")  # the site's check, folded


def test_an_errata_record_speaks_of_the_2007_book_and_this_edition(
    tiny: dict[str, Built], lang: str
) -> None:
    """A player's errata name the 2007 book and this edition; the engine is named only in the
    editors' line (the code behind the choice), which the books leave out."""
    html = tiny[lang].html("errata")
    fields = {
        "en": ("The 2007 book:", "This edition:", "The book:", "This edition’s choice:"),
        "fr": ("Le livre de 2007", "Cette édition", "Le livre", "Le choix de cette édition"),
    }[lang]
    shown = [text(e) for e in re.findall(r"<em>(.*?)</em>", html)]
    for field in fields:
        assert any(s.startswith(field) for s in shown), field
    records = re.sub(r'<details class="[^"]*nq-erratum-engine.*?</details>', "", html, flags=re.S)
    records = records[records.index('id="errata-erratum"') :]
    assert re.findall(r".{30}\b(?:[Ee]ngine|[Mm]oteur)\b.{30}", text(records)) == []


def test_quotes_are_curly_and_modifiers_have_a_minus_sign(
    tiny: dict[str, Built], lang: str
) -> None:
    """On the site too: "1" is “1” (not “1"), a modifier -1 is −1 (U+2212) in both
    languages; an inch mark (12") keeps its mark; a range 1-2 takes an en dash (1–2)."""
    page = unescape(text(tiny[lang].html("magic")))
    expected = {
        "en": "Spell levels range from “1” to “8”; a shield’s “cover” gives \u22121 to hit, "
        'a bow 30/\u22121 at 1\u20132".',
        "fr": "Les niveaux de sort vont de «\u00a01\u00a0» à «\u00a08\u00a0»\u202f; le "
        "«\u00a0couvert\u00a0» d’un bouclier donne \u22121 pour toucher, un arc 30/\u22121 à "
        '1\u20132".',
    }[lang]
    assert expected in page
    assert "36/\u22121 needs" in page or "36/\u22121 doit" in page


def test_an_entity_list_is_every_entity_in_the_pages_order_each_linked(
    tiny: dict[str, Built], lang: str
) -> None:
    """``{nq-entities}`mutation``` lists every mutation by its name in the page's language, in
    that language's dictionary order (« Cornes » first in French, "Corrosive Blood" in English;
    the engine's order is neither), each a link to its card; an extra entry takes its place."""
    from nqcore.rules.mutations import all_mutations
    from nqsphinx.directives.glossary import collation_key
    from nqsphinx.messages import engine_text

    html = tiny[lang].html("reference")
    (items,) = re.findall(r"<strong>Mutations[^<]*</strong>(.*?)</p>", html, re.S)
    names = [unescape(name) for name in re.findall(r"<a [^>]*>(?:<span[^>]*>)?([^<]+)<", items)]
    engine_order = [engine_text(mutation.name, lang) for mutation in all_mutations()] + ["Aspects"]
    assert names == sorted(engine_order, key=collation_key) != engine_order
    assert names[:2] == {"en": ["Aspects", "Corrosive Blood"], "fr": ["Aspects", "Cornes"]}[lang]
    assert items.count('href="cards.html#mutation-') == len(all_mutations())
    assert 'href="#tiny-movement"' in items


def test_a_list_of_extra_entries_alone_is_in_the_pages_order(
    tiny: dict[str, Built], lang: str
) -> None:
    """§23.5's weapon special rules, typed as links, kept the English order on the French page
    (« Rafale, Blessure supplémentaire, Tir indirect, Mise à terre… »: proof round fourteen);
    ``{nq-entities}`| words <label> | …``` sorts them as their sibling lists are sorted."""
    html = tiny[lang].html("reference")
    (items,) = re.findall(r"<strong>(?:Rules|Règles)[^<]*</strong>(.*?)</p>", html, re.S)
    names = [unescape(name) for name in re.findall(r"<a [^>]*>(?:<span[^>]*>)?([^<]+)<", items)]
    assert names == {"en": ["Burst Fire", "Knock Prone"], "fr": ["Mise à terre", "Rafale"]}[lang]
    assert 'href="#tiny-movement"' in items and 'href="#tiny-calculator"' in items
