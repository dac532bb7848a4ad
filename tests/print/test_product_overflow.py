"""A printed product has a fixed number of pages, each planned (the quick reference's two
sheets, a page of cards, a template sheet): a translated text that makes one run over its page
(an 800-character credits line doubled the quick reference's pages) fails the build, naming the
product, its pages against the plan and the log; and the imprint prints a line of rights of
bounded length, a longer translation refused at its catalogue's line."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqprint import imprint
from nqprint.latex import PAGE_BREAK, PrintError, compile_pdf, document

WORDS = "Ces règles peuvent être distribuées librement dans leur format d’origine. "


def test_a_page_that_runs_over_onto_another_fails_the_build(tmp_path: Path) -> None:
    body = PAGE_BREAK.join([r"\noindent " + WORDS * 400, "Two"])
    source = document(body, lang="fr", title="Overflow", geometry="margin=1in")
    said = r"overflow-fr\.tex: \d+ pages where 2 are planned: a text runs over its page"
    with pytest.raises(PrintError, match=said):
        compile_pdf(source, tmp_path / "out" / "overflow-fr.pdf", tmp_path / "work", pages=2)
    assert not (tmp_path / "out" / "overflow-fr.pdf").exists()


def test_pages_as_planned_pass(tmp_path: Path) -> None:
    source = document(
        PAGE_BREAK.join(["One", "Two"]), lang="en", title="Two", geometry="margin=1in"
    )
    assert compile_pdf(source, tmp_path / "two-en.pdf", tmp_path / "work", pages=2).exists()


def test_a_long_line_of_rights_is_refused_at_its_catalogue_line(tmp_path: Path) -> None:
    docs, locale = tmp_path / "docs", tmp_path / "locale"
    english = "These rules are free to distribute in their original format. © 2002-2007"
    docs.mkdir()
    (docs / "credits.md").write_text(f"# Credits\n\n{english}\n", encoding="utf-8")
    folder = locale / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    po = folder / "credits.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
        f'msgid "{english}"\nmsgstr "{WORDS * 10}© 2002-2007"\n',
        encoding="utf-8",
    )
    with pytest.raises(PrintError, match=rf"^{po}:6: the line of rights has \d+ characters"):
        imprint.rights_line("fr", docs, locale)


def test_a_card_whose_text_runs_over_it_fails_the_build_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack twelve: Fireball's French text 16 times as long printed over the two cards below
    it, the deck still its 5 pages, exit 0. The card is named, and its line in the LaTeX."""
    from nqprint import spell_cards
    from nqprint.latex import _CARD_TOO_LONG

    colour, title, text, stats = spell_cards.cards("fr")[0]
    long_card = (colour, title, " ".join([text] * 16), stats)
    monkeypatch.setattr(spell_cards, "cards", lambda lang: [long_card])
    source = spell_cards.spell_cards_tex("fr")
    said = r"spell-cards-fr\.tex:\d+: the card's text \(Boule de feu\) is too long for its card"
    with pytest.raises(PrintError, match=said):
        compile_pdf(source, tmp_path / "out" / "spell-cards-fr.pdf", tmp_path / "work", pages=1)
    assert not (tmp_path / "out" / "spell-cards-fr.pdf").exists()
    monkeypatch.setattr(spell_cards, "cards", lambda lang: [(colour, title, text, stats)])
    done = compile_pdf(
        spell_cards.spell_cards_tex("fr"), tmp_path / "ok.pdf", tmp_path / "ok", pages=1
    )
    assert done.exists() and _CARD_TOO_LONG.pattern


def test_a_card_whose_stat_line_runs_over_it_fails_the_build_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack twenty-two: "UC" as « Coût d’utilisation », an ordinary French label, ran the
    stat line out of every card into the next one's, at exit 0 (its warning in the log, read
    by nothing). The card is named, and its line in the LaTeX; the rulebook's cards too
    (nqprint.tex_sandbox reads its log with the same check)."""
    from nqprint import spell_cards

    real = spell_cards.stat_label
    monkeypatch.setattr(
        spell_cards,
        "stat_label",
        lambda label, lang: "Coût d’utilisation" if label == "UC" else real(label, lang),
    )
    source = spell_cards.spell_cards_tex("fr")
    said = r"spell-cards-fr\.tex:\d+: the card's stat line \(Boule de feu\) is too long"
    with pytest.raises(PrintError, match=said):
        compile_pdf(source, tmp_path / "out" / "spell-cards-fr.pdf", tmp_path / "work", pages=5)
    assert not (tmp_path / "out" / "spell-cards-fr.pdf").exists()


def test_a_template_label_that_crosses_its_outline_fails_the_build_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Attack thirteen: "Blast" as « Explosion magique retentissante » wrapped the 1" blast's
    label onto three lines, over its cut line and its centre cross, at exit status 0. The
    template is named, and the catalogue entry that made its label."""
    from nqprint import template_sheets
    from nqprint.latex import PAGE_BREAK

    real = template_sheets.print_text
    long_blast = "Explosion magique retentissante"
    monkeypatch.setattr(
        template_sheets,
        "print_text",
        lambda text, lang: long_blast if text == template_sheets.BLAST else real(text, lang),
    )
    source = template_sheets.templates_tex("fr")
    said = (
        r"templates-fr\.tex:\d+: the label of the 1\" blast template \(Explosion magique "
        r"retentissante\) does not fit inside its outline: .*nqprint/locale/fr/LC_MESSAGES/"
        r"nqprint\.po:\d+: msgid \"Blast\""
    )
    with pytest.raises(PrintError, match=said):
        compile_pdf(
            source,
            tmp_path / "out" / "templates-fr.pdf",
            tmp_path / "work",
            pages=source.count(PAGE_BREAK) + 1,
        )
    assert not (tmp_path / "out" / "templates-fr.pdf").exists()
