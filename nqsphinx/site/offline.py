"""The site as an installable offline companion: a web app manifest and a service worker.

- **Manifest**, one per language (``<lang>/manifest.webmanifest``, linked from every page): the
  name and description in the page's language, ``start_url`` the language's contents, the icons of
  ``docs/_static`` (``nq-icon-192.png``, ``nq-icon-512.png`` and a maskable one, drawn from the
  SVGs of ``tools/icons/`` by ``python tools/make_icons.py``).  Installed from the French site, the
  app opens on the French contents; its scope is the folder of both languages, so the switch stays
  in the app.
- **Service worker**, ``sw.js`` at the root of ``_build/html`` (written by
  :mod:`nqsphinx.site.root_page`, after both sites are built): its scope, the folder holding
  ``en/`` and ``fr/``, covers both languages.  Every page registers it by a relative URL
  (``../sw.js``, read from ``<meta name="nq-service-worker">`` by ``_static/nq-offline.js``), so the
  site may be served under a sub-path.  Once installed it has fetched every page of both languages,
  their static files and search indexes (the precache list, made from the built files) and serves
  them without a network.  Its cache is named after a hash of every file: a new build is a new
  worker, which replaces the old cache when it takes over.
- **Read the Docs** serves each language as its own project (``/en/latest/``, ``/fr/latest/``):
  there each build writes its own ``sw.js`` at its root, which covers that language only.
- Opened from the disk (``file:``, the offline archive), pages register no worker: browsers have
  none there, and the archive needs none.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from nqcore.i18n import LANGUAGES
from nqsphinx.messages import page_language, ui_text
from nqsphinx.refusals import Refused
from nqsphinx.site.engine_files import ENGINE_DIR, SHARED_DIR
from nqsphinx.site.hosting import NOTFOUND_PAGE, on_read_the_docs, site_prefix, site_root
from nqsphinx.site.keep_offline import not_kept_head, not_kept_words
from nqsphinx.site.offline_pages import companion_files, loaded_files
from nqsphinx.site.stamped import Stamped

WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
REGISTER_SCRIPT = "nq-offline.js"
CACHE_PREFIX = "noquarter-"
#: The icons in ``docs/_static`` (made by ``tools/make_icons.py``): file, size, purpose.
ICONS = (
    ("nq-icon-192.png", 192, "any"),
    ("nq-icon-512.png", 512, "any"),
    ("nq-icon-maskable-512.png", 512, "maskable"),
)
THEME_COLOUR = "#7d5a2c"  # the worked examples' brown (nq.css)
#: Furo's page backgrounds, light and dark (``nqsphinx.site.style.BACKGROUNDS``).
BACKGROUND_COLOURS = {"light": "#ffffff", "dark": "#131416"}
#: What Sphinx's HTML builder writes for its own search page, which the site replaces (the
#: header's search, :mod:`nqsphinx.site.quick_search`): no page loads them (why Sphinx still
#: writes them: :mod:`nqsphinx.site.search`).
SPHINX_SEARCH_FILES = frozenset({"searchindex.js", "searchtools.js", "language_data.js"})
#: Built files that no page asks for: build bookkeeping, source maps, archives, the worker itself,
#: Sphinx's search.
NOT_CACHED_NAMES = frozenset(
    {".buildinfo", ".buildinfo.bak", "objects.inv", WORKER, *SPHINX_SEARCH_FILES}
)
NOT_CACHED_SUFFIXES = (".map", ".zip", ".part", ".LICENSE.txt")
#: The rules engine of the calculator pages (:mod:`nqsphinx.site.engine_files`, about 13 MB):
#: kept once such a page has loaded it, not fetched for every reader at install.  One folder
#: beside both languages (plain hosting), or each site's own (Read the Docs).
ON_DEMAND_FOLDERS = (f"{SHARED_DIR}/", f"_static/{ENGINE_DIR}/")


def _on_demand(name: str) -> bool:
    return name.startswith(ON_DEMAND_FOLDERS[0]) or ON_DEMAND_FOLDERS[1] in name


def manifest(lang: str, scope: str) -> dict[str, Any]:
    """The web app manifest of the ``lang`` site, written at its root; ``scope`` relative to it."""
    return {
        "name": "No Quarter Fantasy Wargames",
        "short_name": "No Quarter",
        "description": ui_text("The rules of No Quarter, at the table and offline", lang),
        "lang": lang,
        "dir": "ltr",
        "start_url": "index.html",
        "scope": scope,
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOURS["light"],
        "icons": [
            {
                "src": f"_static/{name}",
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for name, size, purpose in ICONS
        ],
    }


def cached_files(root: Path) -> list[str]:
    """The files under ``root`` that the worker keeps at install, as URLs relative to it, sorted."""
    return sorted(
        name
        for path in root.rglob("*")
        if path.is_file()
        and path.name not in NOT_CACHED_NAMES
        and not path.name.endswith(NOT_CACHED_SUFFIXES)
        and not _on_demand(name := path.relative_to(root).as_posix())
    )


def on_demand_files(root: Path) -> list[str]:
    """The engine's files under ``root``, kept once a page has used them, sorted."""
    return sorted(
        name
        for path in root.rglob("*")
        if path.is_file() and _on_demand(name := path.relative_to(root).as_posix())
    )


def _sha256(path: Path, data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


#: Each file's digest, kept until the file is written again once :func:`remember_digests` is
#: called; None: every file is read.
_digests: Stamped[bytes] | None = None


def remember_digests() -> None:
    """Keep each file's digest until the file is written again: the resident builder
    (nqsphinx.site.live) writes the worker after every build and then reads only the files
    written."""
    global _digests
    if _digests is None:
        _digests = Stamped(_sha256)


def _file_digest(path: Path) -> bytes:
    return _sha256(path, path.read_bytes()) if _digests is None else _digests.get(path)


def version(root: Path, files: list[str]) -> str:
    """A hash of the names and contents of ``files``: it changes whenever one of them does."""
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode("utf-8") + b"\0")
        digest.update(_file_digest(root / name))
    return digest.hexdigest()[:16]


WORKER_TEMPLATE = Path(__file__).with_name("offline-worker.js")


def _sizes(root: Path, groups: dict[str, list[str]]) -> dict[str, int]:
    """Each group's bytes; and the engine's own (``engine_files``: the files the calculators'
    page loads for it), which the box says apart from the pages kept with it, the figure the
    page gives for the engine (nqcompanion.page.answers.engine_size): player round fifteen."""
    sizes = {name: sum((root / f).stat().st_size for f in files) for name, files in groups.items()}
    sizes["engine_files"] = sum((root / f).stat().st_size for f in on_demand_files(root))
    return sizes


def groups(root: Path, files: list[str]) -> dict[str, list[str]]:
    """What "Keep for offline" keeps: each language's site (``site`` alone on Read the Docs, where
    the root is one language's), the calculators (their engine, and the pages they link to:
    :mod:`nqsphinx.site.offline_pages`), the PDFs of both languages."""
    langs = [lang for lang in LANGUAGES if (root / lang).is_dir()]
    pages = [f for f in files if not f.endswith(".pdf")]
    found = {lang: [f for f in pages if f.startswith(f"{lang}/") or "/" not in f] for lang in langs}
    if not langs:
        found["site"] = pages
    found["engine"] = on_demand_files(root) + companion(root, files, langs)
    found["pdf"] = [f for f in files if f.endswith(".pdf")]
    return found


#: The header search's files in a site's ``_static`` (:mod:`nqsphinx.site.quick_search`), and
#: its snowball stemmers (``*-stemmer.js``).
SEARCH_FILES = ("nq-search-index.js", "nq-minisearch.js", "base-stemmer.js")
#: The page "See all results" opens, at a site's root: kept with the header search, and what it
#: loads (its own stylesheet bundle and script), so that where the box answers offline, its
#: full list does too.
SEARCH_PAGE = "search.html"


def search_files(root: Path, files: list[str], langs: list[str]) -> dict[str, list[str]]:
    """Each language's header search files among ``files`` ("" for a site alone at the root,
    Read the Docs), and its search page with what it loads: what the worker keeps with the
    first page read of the language."""
    found = {}
    for lang in langs or [""]:
        static = f"{lang}/_static/" if lang else "_static/"
        page = f"{lang}/{SEARCH_PAGE}" if lang else SEARCH_PAGE
        shell = {page, *loaded_files(root, page)} if (root / page).is_file() else set()
        found[lang] = [
            f
            for f in files
            if f in shell
            or (
                f.startswith(static)
                and "/" not in (name := f.removeprefix(static))
                and (name in SEARCH_FILES or name.endswith("-stemmer.js"))
            )
        ]
    return found


def companion(root: Path, files: list[str], langs: list[str]) -> list[str]:
    """What the calculators keep beside their engine: the pages they link to and what those
    load (:func:`companion_files`), of every language their switch leads to, and the header
    search of each language whose pages they keep, without which those pages, there offline,
    could not be searched."""
    pages = companion_files(root, files)
    search = search_files(root, files, langs)
    held = {
        lang for lang in search for page in pages if page.startswith(f"{lang}/" if lang else "")
    }
    return sorted({*pages, *(f for lang in held for f in search[lang])})


def worker_script(root: Path) -> str:
    files = cached_files(root)
    engine = on_demand_files(root)
    langs = [lang for lang in LANGUAGES if (root / lang).is_dir()]
    values = {
        "__VERSION__": version(root, files + engine),
        "__PREFIX__": CACHE_PREFIX,
        "__ON_DEMAND__": json.dumps([ON_DEMAND_FOLDERS[0], "/" + ON_DEMAND_FOLDERS[1]]),
        "__FILES__": json.dumps(files, indent=1),
        "__ENGINE__": json.dumps(engine),
        "__COMPANION__": json.dumps(companion(root, files, langs)),
        "__NOT_KEPT_HEAD__": json.dumps(not_kept_head()),
        "__LANGS__": json.dumps(langs),
        "__SEARCH__": json.dumps(search_files(root, files, langs)),
        "__SIZES__": json.dumps(_sizes(root, groups(root, files))),
        "__WORDS__": json.dumps(
            {lang: not_kept_words(lang) for lang in (langs or LANGUAGES)}, ensure_ascii=False
        ),
    }
    # One pass over the template: a value is never searched again (a file named "__WORDS__.png"
    # had the words put inside its name, and the script no longer parsed).
    names = re.compile("|".join(re.escape(name) for name in values))
    return names.sub(lambda found: values[found[0]], WORKER_TEMPLATE.read_text(encoding="utf-8"))


def script_problem(path: Path) -> str | None:
    """What Node.js says is wrong with a script's syntax (``node --check``), or None."""
    node = shutil.which("node")
    if node is None:
        raise Refused("Node.js not found: the service worker's script is checked with it")
    done = subprocess.run([node, "--check", str(path)], capture_output=True, text=True, check=False)
    if done.returncode == 0:
        return None
    said = [line for line in done.stderr.splitlines() if "Error" in line]
    return said[0] if said else done.stderr.strip()


def write_worker(root: Path) -> Path:
    """``root/sw.js``, which knows every file under ``root`` (written last); a script that does
    not parse would stop every reader's offline copy: refused."""
    path = root / WORKER
    path.write_text(worker_script(root), encoding="utf-8")
    problem = script_problem(path)
    if problem is not None:
        raise Refused(f"{path}: the service worker does not parse: {problem}")
    return path


def head_tags(pagename: str, lang: str, root: str) -> str:
    """The manifest link, the worker's address and the browser's colours, for one page."""
    rtd = on_read_the_docs()
    if pagename == NOTFOUND_PAGE:  # shown at any depth: absolute addresses
        to_site = site_prefix(lang, root)
        worker = (to_site if rtd else site_root(root)) + WORKER
    else:
        to_site = "../" * pagename.count("/")
        worker = to_site + WORKER if rtd else f"../{to_site}{WORKER}"
    colours = "".join(
        f'<meta name="theme-color" content="{colour}" media="(prefers-color-scheme: {mode})">'
        for mode, colour in BACKGROUND_COLOURS.items()
    )
    return (
        f'<link rel="manifest" href="{to_site}{MANIFEST}">'
        f'<meta name="nq-service-worker" content="{worker}">{colours}'
    )


def _page_context(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    if app.builder.name != "html":
        return
    tags = head_tags(pagename, page_language(app.config.language), app.config.nq_site_root)
    context["metatags"] = context.get("metatags", "") + tags


def _finished(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.name != "html":
        return
    outdir = Path(app.outdir)
    # Plain hosting: the app's scope is the folder of both languages; Read the Docs: its project.
    scope = "./" if on_read_the_docs() else "../"
    data = manifest(page_language(app.config.language), scope)
    (outdir / MANIFEST).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    if on_read_the_docs():
        write_worker(outdir)


def setup(app: Sphinx) -> None:
    app.add_js_file(REGISTER_SCRIPT)
    app.connect("html-page-context", _page_context)
    # After the other writers of build-finished (bundles: 900): the worker lists their files.
    app.connect("build-finished", _finished, priority=950)
