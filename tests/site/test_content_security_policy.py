"""The Content-Security-Policy (``nqsphinx.site.csp``) on every built page: the policy's meta is the
first element of ``<head>``, every inline script or style left is allowed by a hash of the policy,
and no page has an inline event handler, a ``javascript:`` URL or a style attribute it refuses."""

from __future__ import annotations

import base64
import hashlib
import re
import zipfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from sphinx.errors import ExtensionError

from nqcompanion.page import directive
from nqsphinx.site import csp
from nqsphinx.site.archive import write_archive
from nqsphinx.site.root_page import write_root
from tests.building import ROOT

#: What a browser ignores in a URL before its scheme (ASCII white space and control characters).
URL_NOISE = re.compile(r"[\x00-\x20]+")


def sha256_source(text: str) -> str:
    """The CSP source that allows one inline script or style whose text is ``text``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *sources = part.split()
        assert name not in parsed, f"{name} twice"
        parsed[name] = sources
    return parsed


class _PolicyReader(HTMLParser):
    """What a page gives the browser to enforce or refuse: the first element of its head, its
    inline scripts and styles, event handler attributes, javascript: URLs, style attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.first_in_head: tuple[str, dict[str, str]] | None = None
        self.inline: list[tuple[str, str]] = []  # (script or style, its text)
        self.handlers: list[str] = []
        self.javascript_urls: list[str] = []
        self.style_attributes: list[str] = []
        self._in_head = False
        self._inline: tuple[str, list[str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if self._in_head and self.first_in_head is None:
            self.first_in_head = (tag, values)
        self._in_head = self._in_head or tag == "head"
        for name, value in values.items():
            if name.startswith("on"):
                self.handlers.append(f"<{tag} {name}>")
            if URL_NOISE.sub("", value).lower().startswith("javascript:"):
                self.javascript_urls.append(f"<{tag} {name}={value!r}>")
        if "style" in values:
            self.style_attributes.append(f"<{tag} style={values['style']!r}>")
        if (tag == "script" and "src" not in values) or tag == "style":
            self._inline = (tag, [])

    def handle_data(self, data: str) -> None:
        if self._inline is not None:
            self._inline[1].append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._inline is not None and tag == self._inline[0]:
            self.inline.append((tag, "".join(self._inline[1])))
            self._inline = None


def policy_faults(html: str) -> list[str]:
    """What in a page the policy does not allow, or the missing policy itself."""
    reader = _PolicyReader()
    reader.feed(html)
    first = reader.first_in_head
    meta = first[1] if first and first[0] == "meta" else {}
    if meta.get("http-equiv", "").lower() != "content-security-policy":
        return [f"the first element of <head> is {first}, not the policy"]
    # A calculator page (nqcompanion.page.directive) also lets its engine compile WebAssembly.
    expected = directive.ENGINE_POLICY if f'class="{directive.MARK}"' in html else csp.POLICY
    faults = [] if meta.get("content") == expected else ["the policy is not nqsphinx.site.csp's"]
    policy = directives(meta.get("content", ""))
    allowed = {"script": policy.get("script-src", []), "style": policy.get("style-src", [])}
    faults += [
        f"inline <{kind}> without its hash: {text[:60]!r}"
        for kind, text in reader.inline
        if sha256_source(text) not in allowed[kind]
    ]
    faults += [f"inline event handler {h}" for h in reader.handlers]
    faults += [f"javascript: URL {u}" for u in reader.javascript_urls]
    if "'unsafe-inline'" not in policy.get("style-src-attr", ["'unsafe-inline'"]):
        faults += [f"style attribute {s}" for s in reader.style_attributes]
    return faults


def test_policy_allows_nothing_from_elsewhere() -> None:
    policy = directives(csp.POLICY)
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"] and policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"] and policy["base-uri"] == ["'none'"]
    assert policy["form-action"] == ["'self'"]
    sources = [s for values in policy.values() for s in values]
    assert set(sources) <= {"'self'", "'none'", "data:"}, sources
    assert '"' not in csp.POLICY and csp.META_TAG.startswith('<meta http-equiv="Content-Security')


def test_policy_check_finds_what_the_policy_refuses() -> None:
    hashed = csp.META_TAG.replace("script-src", "script-src " + sha256_source("allowed()"))
    page = (
        f"<html><head>{hashed}<script>allowed()</script><style>p {{}}</style></head><body>"
        '<img src="x" onerror="steal()"><a href=" JavaScript:steal()">x</a>'
        '<p style="color: red">x</p><script>steal()</script></body></html>'
    )
    faults = policy_faults(page)
    assert faults == [
        "the policy is not nqsphinx.site.csp's",
        "inline <style> without its hash: 'p {}'",
        "inline <script> without its hash: 'steal()'",
        "inline event handler <img onerror>",
        "javascript: URL <a href=' JavaScript:steal()'>",
        "style attribute <p style='color: red'>",
    ]
    assert policy_faults("<html><head><meta charset='utf-8'>" + csp.META_TAG) == [
        "the first element of <head> is ('meta', {'charset': 'utf-8'}), not the policy"
    ]


def test_every_page_has_the_policy_and_nothing_it_refuses(
    html_sites: dict[str, Path], tmp_path: Path
) -> None:
    """Both sites (404, search and index pages included), the root page and the offline
    archive's start page."""
    pages = {
        f"{lang}/{p.relative_to(site)}": p.read_text(encoding="utf-8")
        for lang, site in html_sites.items()
        for p in site.rglob("*.html")
    }
    assert {"en/404.html", "fr/search.html", "fr/genindex.html", "en/magic.html"} <= set(pages)
    assert len(pages) > 60
    pages["index.html"] = write_root(tmp_path / "html").read_text(encoding="utf-8")
    archive = write_archive(html_sites["fr"], "fr", tmp_path / "fr.zip")
    with zipfile.ZipFile(archive) as opened:
        pages["noquarter/index-fr.html"] = opened.read("noquarter/index-fr.html").decode()
    faults = [f"{name}: {fault}" for name, html in pages.items() for fault in policy_faults(html)]
    assert not faults, "\n".join(faults[:20])


def test_inline_assets_are_files_of_the_site(html_sites: dict[str, Path], tmp_path: Path) -> None:
    """What Furo and the root page wrote inline is in a file of the site."""
    for site in html_sites.values():
        static = site / "_static"
        assert "document.body.dataset.theme" in (static / csp.THEME_SCRIPT).read_text()
        variables = (static / csp.FURO_VARIABLES).read_text(encoding="utf-8")
        assert variables.count("--color-code-background:") == 3, variables
        assert 'body[data-theme="dark"]' in variables
        html = (site / "magic.html").read_text(encoding="utf-8")
        assert f'href="_static/{csp.FURO_VARIABLES}"' in html
        assert f'<script src="_static/{csp.THEME_SCRIPT}"></script>' in html
    write_root(tmp_path)
    assert "window.location.replace" in (tmp_path / "nq-root.js").read_text(encoding="utf-8")


def test_french_translations_need_no_eval(html_sites: dict[str, Path]) -> None:
    script = (html_sites["fr"] / "_static" / csp.TRANSLATIONS).read_text(encoding="utf-8")
    assert script.startswith(csp.TRANSLATIONS_MARK)
    assert "addTranslations" not in script and "Function" not in script.split("\n", 2)[2]
    assert '"Search Results": "R\\u00e9sultats de la recherche"' in script
    assert 'Documentation.LOCALE = "fr";' in script
    assert re.search(r"Documentation\.PLURAL_EXPR = \(n\) => Number\(.*n == 1.*\);", script)
    assert not (html_sites["en"] / "_static" / csp.TRANSLATIONS).exists()


def test_translations_are_rewritten_once(tmp_path: Path) -> None:
    catalogue = (
        'Documentation.addTranslations({"locale": "xx", "messages": {"a": "b"}, '
        '"plural_expr": "(n > 1)"});\n'
    )
    (tmp_path / csp.TRANSLATIONS).write_text(catalogue, encoding="utf-8")
    csp.rewrite_translations(tmp_path)
    rewritten = (tmp_path / csp.TRANSLATIONS).read_text(encoding="utf-8")
    assert "Documentation.PLURAL_EXPR = (n) => Number((n > 1));" in rewritten
    assert '"a": "b"' in rewritten and 'Documentation.LOCALE = "xx";' in rewritten
    csp.rewrite_translations(tmp_path)
    assert (tmp_path / csp.TRANSLATIONS).read_text(encoding="utf-8") == rewritten


@pytest.mark.parametrize(
    "script,error",
    [
        (
            'Documentation.addTranslations({"locale": "xx", "messages": {}, '
            '"plural_expr": "alert(1)"});',
            "plural rule 'alert(1)' is not a gettext expression",
        ),
        ("Documentation.addTranslations({locale: 1});", "not a Sphinx translation catalogue"),
        ("var x = 1;", "not a Sphinx translation catalogue"),
    ],
)
def test_a_strange_catalogue_stops_the_build(script: str, error: str) -> None:
    with pytest.raises(ExtensionError) as raised:
        csp.eval_free_translations(script, "_static/translations.js")
    assert str(raised.value) == f"_static/translations.js: {error}"


def test_readme_shows_the_same_policy_as_a_header() -> None:
    readme = (ROOT / "handbook" / "hosting.md").read_text(encoding="utf-8")
    assert f'add_header Content-Security-Policy "{csp.POLICY}" always;' in readme


def test_readme_shows_the_calculators_policy_as_a_header() -> None:
    """A server that sends the policy as a header sends the calculators' page and its engine
    theirs, or WebAssembly would be refused there."""
    readme = (ROOT / "handbook" / "hosting.md").read_text(encoding="utf-8")
    assert f'add_header Content-Security-Policy "{directive.ENGINE_POLICY}" always;' in readme
