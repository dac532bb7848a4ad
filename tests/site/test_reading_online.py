"""The site players read at the table: the theme speaks the page's language, rules are found by
search, index, permalinks and previous/next links, the 404 page exists in both languages, and
no request leaves the site."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
import snowballstemmer

from nqcore import po
from nqsphinx.directives.rules_index import index_text
from nqsphinx.languages import theme_catalogue, theme_text
from nqsphinx.site.style import BACKGROUNDS, MIN_CONTRAST, aspect_colours, contrast
from tests.htmlpages import links
from tests.site.sitepages import chrome_words, heading_labels, related, sections, toctree_order

LANGS = ("en", "fr")
#: Pages that group their records under generated headings (kind, then chapter).
RECORD_PAGES = frozenset({"errata"})
#: Pages whose entries a translation sorts by their titles (``nq_sorted_pages`` in conf.py).
SORTED_PAGES = frozenset({"abilities", "traits", "equipment"})
#: Chrome words that French writes as English does.
SAME_IN_BOTH = frozenset({"Menu", "Index", "Sphinx", "Furo", "·", "#"})
CHROME_PAGES = ("index", "magic", "glossary", "genindex", "search", "404")


# The theme's words ------------------------------------------------------------------------------


@pytest.mark.parametrize("page", CHROME_PAGES)
def test_no_english_theme_word_on_a_french_page(html_sites: dict[str, Path], page: str) -> None:
    english = set(chrome_words(html_sites["en"] / f"{page}.html")) - SAME_IN_BOTH
    french = chrome_words(html_sites["fr"] / f"{page}.html")
    assert len(english) >= 15, "the chrome reader found too little to compare"
    left = sorted({word for word in french if word in english})
    assert not left, f"English theme words on fr/{page}.html: {left}"


def test_french_pages_say_the_theme_words_in_french(html_sites: dict[str, Path]) -> None:
    words = set(chrome_words(html_sites["fr"] / "magic.html"))
    expected = {
        "Retour en haut",
        "Suivant",
        "Précédent",
        "Sur cette page",
        "Aller au contenu",
        "Index des règles",
        "Thème sombre",
    }
    assert expected <= words, expected - words
    assert "Afficher ou masquer le menu de navigation" in words


def test_every_template_word_has_french(tmp_path: Path) -> None:
    """Each word of our templates and Furo's is translated by Sphinx's catalogue or ours."""
    template = theme_catalogue.missing_from_sphinx("fr")
    catalogue = po.read(theme_text.catalogue_path("fr").read_bytes())
    ours = {m.id: m for m in po.messages(catalogue, obsolete=True)}
    missing = [str(m.id) for m in template if m.id and not getattr(ours.get(m.id), "string", "")]
    command = "python -m nqsphinx.languages.theme_catalogue update"
    assert not missing, f"{command}, then translate: {missing}"
    assert {"Back to top", "Next", "Previous", "On this page"} <= set(ours)


def test_theme_catalogue_is_valid_and_complete() -> None:
    path = theme_text.catalogue_path("fr")
    result = subprocess.run(
        ["msgfmt", "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr
    live = po.messages(po.read(path.read_bytes()))
    assert not [m for m in live if not m.fuzzy and not all(po.forms(m))]  # untranslated
    assert not [m for m in live if m.fuzzy]


def test_theme_translations_put_ours_first_then_sphinx() -> None:
    sphinx_words = theme_text.sphinx_translations("fr")
    words = theme_text.theme_translations("fr", sphinx_words)
    assert words.gettext("Back to top") == "Retour en haut"  # ours (Sphinx lacks it)
    assert words.gettext("Search") == "Recherche"  # Sphinx's
    assert words.gettext("Toggle Light / Dark / Auto color theme").count("\u00a0:") == 1


def test_folding_navigation_entries_are_named_in_french() -> None:
    tree = '<input aria-label="Toggle navigation of Armurerie" role="switch">'

    class App:
        class config:  # noqa: N801 - stands for Sphinx's config object
            language = "fr"

        translator = theme_text.sphinx_translations("fr")

    context = {"furo_navigation_tree": tree}
    theme_text._navigation_labels(App, "magic", "page.html", context, None)  # type: ignore[arg-type]
    assert context["furo_navigation_tree"] == (
        '<input aria-label="Déplier ou replier Armurerie" role="switch">'
    )


# Finding rules ----------------------------------------------------------------------------------


def _search_index(site: Path) -> dict[str, object]:
    text = (site / "searchindex.js").read_text(encoding="utf-8")
    return dict(json.loads(text[text.index("(") + 1 : text.rindex(")")]))


def _pages_for(index: dict[str, object], stem: str, key: str) -> set[str]:
    docnames = index["docnames"]
    assert isinstance(docnames, list)
    found = index[key]
    assert isinstance(found, dict)
    hits = found.get(stem, [])
    return {docnames[i] for i in ([hits] if isinstance(hits, int) else hits)}


def test_french_search_stems_french_words(html_sites: dict[str, Path]) -> None:
    """« moral » and its plural « moraux » both find the morale chapter (Moral) by its title: the
    French stemmer is at work (the English one leaves « moraux » alone)."""
    french = snowballstemmer.stemmer("french")
    index = _search_index(html_sites["fr"])
    for word in ("moral", "moraux"):
        assert "morale" in _pages_for(index, french.stemWord(word), "titleterms"), word
    assert snowballstemmer.stemmer("english").stemWord("moraux") != french.stemWord("moraux")
    language_data = (html_sites["fr"] / "_static" / "language_data.js").read_text(encoding="utf-8")
    assert "FrenchStemmer" in language_data and '"moraux"' not in language_data


def test_english_search_finds_morale(html_sites: dict[str, Path]) -> None:
    english = snowballstemmer.stemmer("english")
    assert "morale" in _pages_for(
        _search_index(html_sites["en"]), english.stemWord("morale"), "titleterms"
    )


@pytest.mark.parametrize(
    "title,lang,entry",
    [
        ("The Army", "en", "Army"),
        ("Casting A Spell", "en", "Casting A Spell"),
        ("L’Armée", "fr", "Armée"),
        ("L’armée", "fr", "Armée"),
        ("La magie", "fr", "Magie"),
        ("Les actions", "fr", "Actions"),
        ("Lancer un sort", "fr", "Lancer un sort"),
        ("Test : moral", "fr", "Test\u00a0: moral"),
    ],
)
def test_index_entries_leave_the_leading_article_out(title: str, lang: str, entry: str) -> None:
    assert index_text(title, lang) == entry


@pytest.mark.parametrize(
    "lang,heading,page,anchor",
    [
        ("en", "Casting A Spell", "magic", "casting-a-spell"),
        ("fr", "Lancer un sort", "magic", "casting-a-spell"),
        ("fr", "Moral", "morale", "morale"),
    ],
)
def test_the_index_lists_every_heading_in_the_page_language(
    html_sites: dict[str, Path], lang: str, heading: str, page: str, anchor: str
) -> None:
    genindex = html_sites[lang] / "genindex.html"
    entries = [a for a in links(genindex).links if a.get("href", "").startswith(f"{page}.html#")]
    html = genindex.read_text(encoding="utf-8")
    # The heading's link: the entry's own, or one of its named links after the glossary's
    # definition of a term of the same name (« Moral »), once among the entries of that name
    # (the odds' "Casting A Spell" is its sub-entry "chance to cast", and the headword has no
    # link of its own on the site: it would be the Magic rule's, listed twice).
    # a sub-entry in lower case, as the index writes them (proof round thirteen)
    found = re.findall(rf'<li><a href="[^"]+">{re.escape(heading)}</a>[^\n]*', html, re.I)
    assert found, heading
    # at least once: as a lower-case sub-entry it may stand under several headwords (double
    # posting, "Magic: casting a spell" and "Spells: casting a spell")
    assert sum(entry.count(f'href="{page}.html#{anchor}"') for entry in found) >= 1, found
    labels = {a["href"].split("#")[1] for a in entries}
    assert set(heading_labels(page)) <= labels


def test_the_index_lists_glossary_terms(html_sites: dict[str, Path]) -> None:
    html = (html_sites["fr"] / "genindex.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="glossary\.html#term-[a-z0-9-]+">Niveau de magie</a>', html)


def test_the_french_index_files_accented_words_among_their_letters(
    html_sites: dict[str, Path],
) -> None:
    """French order: accents aside at the first level, « À terre » before « Aveuglement » (the
    decomposed accent sorted after every letter, and « À terre » came after it)."""
    html = (html_sites["fr"] / "genindex.html").read_text(encoding="utf-8")
    at = [re.search(rf">\s*{name}\s*</a>", html) for name in ("À terre", "Aveuglement")]
    assert at[0] and at[1], "the index lost an entry"
    assert at[0].start() < at[1].start()


def test_dictionary_order_sets_accents_aside() -> None:
    from nqsphinx.directives.rules_index import dictionary_order

    entry = lambda name: [name, [[], [("Élan", []), ("Deux", [])], None]]  # noqa: E731
    groups = [("A", [entry("Aveuglement"), entry("À terre"), entry("Armes")])]
    ordered = dictionary_order(groups)
    assert [e[0] for e in ordered[0][1]] == ["À terre", "Armes", "Aveuglement"]
    assert [name for name, _ in ordered[0][1][0][1][1]] == ["Deux", "Élan"]


@pytest.mark.parametrize("lang", LANGS)
def test_every_section_has_a_permalink_to_its_label(html_sites: dict[str, Path], lang: str) -> None:
    for page in toctree_order():
        built = sections(html_sites[lang] / f"{page}.html")
        assert all(section == target for section, target in built), (page, built)
        if page in RECORD_PAGES:  # its own headings, then the generated groups of records
            assert [s for s, _ in built][: len(heading_labels(page))] == heading_labels(page)
        elif lang != "en" and page in SORTED_PAGES:  # its entries in the translated titles' order
            labels = [s for s, _ in built]
            assert labels[0] == heading_labels(page)[0], page
            assert sorted(labels) == sorted(heading_labels(page)), page
            assert labels != heading_labels(page), f"{page}: the English order"
        else:
            assert [s for s, _ in built] == heading_labels(page), page


@pytest.mark.parametrize("lang", LANGS)
def test_previous_and_next_follow_the_reading_order(html_sites: dict[str, Path], lang: str) -> None:
    order = toctree_order()
    for number, page in enumerate(order):
        found = related(html_sites[lang] / f"{page}.html")
        expected = {}
        if number + 1 < len(order):
            expected["next-page"] = f"{order[number + 1]}.html"
        if number:
            expected["prev-page"] = f"{order[number - 1]}.html"
        assert found == expected, page


def test_every_page_links_to_the_index_and_the_archive(html_sites: dict[str, Path]) -> None:
    for lang in LANGS:
        for page in ("index", "magic"):
            hrefs = {a.get("href") for a in links(html_sites[lang] / f"{page}.html").links}
            assert "genindex.html" in hrefs
            assert "../noquarter-html.zip" in hrefs  # both languages


# The 404 page -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "lang,title,other", [("en", "Page not found", "/fr/"), ("fr", "Page introuvable", "/en/")]
)
def test_404_page_in_each_language_with_absolute_links(
    html_sites: dict[str, Path], lang: str, title: str, other: str
) -> None:
    page = html_sites[lang] / "404.html"
    html = page.read_text(encoding="utf-8")
    assert f">{title}</h1>" in html and re.search(rf'<html [^>]*lang="{lang}"', html)
    reader = links(page)
    local = [
        h
        for h in [a.get("href", "") for a in reader.links] + reader.styles + reader.scripts
        if h and not h.startswith(("#", "https://"))
    ]
    assert local and all(h.startswith("/") for h in local), [h for h in local if h[0] != "/"]
    assert f"/{lang}/search.html" in local and f"/{lang}/genindex.html" in local
    assert f"{other}index.html" in local  # the language switch
    assert "/noquarter-html.zip" in local


# Dark mode --------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_aspect_colours_stand_out_in_both_modes(mode: str) -> None:
    colours = aspect_colours(mode)
    assert len(colours) == 6
    for aspect, colour in colours.items():
        assert contrast(colour, BACKGROUNDS[mode]) >= MIN_CONTRAST, (aspect, colour)


def test_aspect_stylesheet_is_built_for_both_modes(html_sites: dict[str, Path]) -> None:
    css = (html_sites["fr"] / "_static" / "nq-aspects.css").read_text(encoding="utf-8")
    assert f"--nq-aspect-light: {aspect_colours('light')['light']};" in css
    assert f"--nq-aspect-light: {aspect_colours('dark')['light']};" in css
    assert 'body[data-theme="dark"]' in css and "prefers-color-scheme: dark" in css


# Self-contained ---------------------------------------------------------------------------------

EXTERNAL = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*:|//)", re.I)
RESOURCE_ATTRIBUTES = re.compile(
    r"<(script|link|img|iframe|source|video|audio|embed|object|use|image|track|input)\b[^>]*?"
    r"\s(src|href|srcset|data|poster|xlink:href)\s*=\s*[\"']([^\"']*)[\"']",
    re.I,
)
CSS_URL = re.compile(r"url\(\s*[\"']?([^\"')]+)|@import\s+[\"']([^\"']+)", re.I)


def _external(url: str) -> bool:
    return bool(EXTERNAL.match(url)) and not url.strip().lower().startswith(("data:", "#"))


def test_the_resource_scan_catches_outside_requests() -> None:
    html = (
        '<link rel="stylesheet" href="https://fonts.example/css">'
        '<script src="//cdn.example/x.js"></script><img src="_static/a.png">'
    )
    found = [m.group(3) for m in RESOURCE_ATTRIBUTES.finditer(html) if _external(m.group(3))]
    assert found == ["https://fonts.example/css", "//cdn.example/x.js"]
    css = "@import 'https://x.example/a.css'; src: url(data:font/woff2;base64,AA) url('//f/x.woff')"
    urls = [a or b for a, b in CSS_URL.findall(css)]
    assert [u for u in urls if _external(u)] == ["https://x.example/a.css", "//f/x.woff"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_request_leaves_the_site(html_sites: dict[str, Path], lang: str) -> None:
    """Every page, stylesheet and font of the site loads from the site itself."""
    site = html_sites[lang]
    outside = []
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 30
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for match in RESOURCE_ATTRIBUTES.finditer(html):
            tag, url = match.group(1).lower(), match.group(3)
            if tag == "link" and re.search(r'rel="(canonical|alternate)"', match.group(0)):
                continue
            if _external(url):
                outside.append(f"{page.name}: <{tag}> {url}")
        for style in re.findall(r"<style[^>]*>(.*?)</style>|style=\"([^\"]*)\"", html, re.S):
            for a, b in CSS_URL.findall("".join(style)):
                if _external(a or b):
                    outside.append(f"{page.name}: style {a or b}")
    for css in sorted(site.rglob("*.css")):
        for a, b in CSS_URL.findall(css.read_text(encoding="utf-8")):
            if _external(a or b):
                outside.append(f"{css.relative_to(site)}: {a or b}")
    assert not outside, "\n".join(outside)
