"""One stylesheet and one script per page, instead of a dozen of each (the request budget of
``./dev bench``: at most 12 requests a page).

Each page of the HTML builder names its stylesheets and scripts (Sphinx's, Furo's,
sphinx-design's, ours) in ``css_files`` and ``script_files``.  Here a run of consecutive plain
local files becomes one file, ``_static/nq-bundle-<hash>.css`` or ``.js``, their texts in the same
order, so the page applies and runs the same thing; a file with attributes of its own (``defer``,
``data-*``, a media query) or from elsewhere stays a file of its own and ends a run.  The bundle's
name is a hash of its files' names; its text is written when the first page names it, so that
Sphinx names it ``?v=<checksum>`` of that text: a returning reader's browser fetches the new
bundle with the new page, not the one it kept from the last release.  So every bundled file is
in the output before the pages are written (Sphinx's static files are; ours are written when the
sources have been read); one that changes after a page named its bundle stops the build.  The
build's end writes again the bundles of pages an incremental build left as they were, from the
list kept in the doctree folder.  ``design-tabs.js`` is left out of pages without tabs (none has
any), sphinx-design's stylesheet out of pages without its classes (all but two).

A stylesheet that imports another or points to a file by a relative ``url()`` stops the build:
from ``_static/`` the address would point elsewhere.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError

from nqsphinx.refusals import Refused

PREFIX = "nq-bundle-"
REGISTRY = "nq-bundles.json"
#: Files a page needs only when its body holds the marker (an element of that class):
#: sphinx-design's tabs and its stylesheet (55 KB, a third of a page's styles, used by the
#: home page's and the cards' grids alone).
ONLY_WITH = {
    "_static/design-tabs.js": re.compile(r'class="(?:[^"]* )?sd-tab-set[ "]'),
    "_static/sphinx-design.min.css": re.compile(r'class="(?:[^"]* )?sd-'),
}
#: Attributes that a bundled stylesheet may carry (the others make it a file of its own).
PLAIN_CSS = {"rel": "stylesheet", "type": "text/css"}
SOURCE_MAP = re.compile(r"^\s*(?://|/\*)# sourceMappingURL=\S+(?:\s*\*/)?\s*$", re.M)
#: ``@import``, or ``url()`` of a file (not ``data:``, not an absolute or ``#`` address).
RELATIVE_CSS = re.compile(
    r"@import|url\(\s*(?!['\"]?(?:data:|[a-z][a-z0-9+.-]*://|/|#))", re.IGNORECASE
)


def _bundleable(asset: Any, kind: str) -> bool:
    """A plain local file: no attribute of its own, not from elsewhere."""
    name = str(getattr(asset, "filename", "") or "")
    if not name or "://" in name or name.startswith("/") or "?" in name:
        return False
    attributes = {k: v for k, v in asset.attributes.items() if k != "priority" and v is not None}
    if kind == "css":
        return attributes.items() <= PLAIN_CSS.items() and "rel" in attributes
    return not attributes


def bundle_name(files: Sequence[str], kind: str) -> str:
    digest = hashlib.sha256("\n".join(files).encode("utf-8")).hexdigest()[:12]
    return f"_static/{PREFIX}{digest}.{kind}"


def runs(assets: Iterable[Any], kind: str) -> list[Any | list[Any]]:
    """``assets`` in order, each run of bundleable ones gathered in a list."""
    result: list[Any | list[Any]] = []
    for asset in assets:
        if not _bundleable(asset, kind):
            result.append(asset)
        elif result and isinstance(result[-1], list):
            result[-1].append(asset)
        else:
            result.append([asset])
    return result


def used(asset: Any, body: str) -> bool:
    """Whether a page whose body is ``body`` needs ``asset`` (a script or a stylesheet)."""
    marker = ONLY_WITH.get(str(getattr(asset, "filename", "") or ""))
    return marker is None or marker.search(body) is not None


def bundle_text(outdir: Path, files: Sequence[str], kind: str) -> str:
    """The texts of ``files`` (under ``outdir``) one after the other, their source maps dropped;
    scripts each end with ``;``, and none can make the next one strict."""
    parts = [f"/* {', '.join(files)}, one after the other (nqsphinx.site.bundles) */"]
    if kind == "js":
        parts.append(";")
    for name in files:
        path = outdir / name
        try:
            text = SOURCE_MAP.sub("", path.read_text(encoding="utf-8")).rstrip()
        except (OSError, UnicodeDecodeError) as error:
            raise Refused(f"{path}: cannot bundle it ({error})") from None
        if kind == "css" and (found := RELATIVE_CSS.search(text)):
            path.unlink()  # refused: not left in the output of the failed build
            raise Refused(
                f"{path}: {found.group(0)!r} would point elsewhere from a bundle in _static/"
            )
        parts += [f"/* {name} */", text + (";" if kind == "js" else "")]
    return "\n".join(parts) + "\n"


class Bundles:
    """The bundles that the pages of this build name, each written when a page first names it."""

    def __init__(self) -> None:
        self.wanted: dict[str, list[str]] = {}
        #: The text of each bundle a page of this build named, as it was written then.
        self.written: dict[str, str] = {}

    def _write_now(self, outdir: Path, name: str, files: list[str], kind: str) -> None:
        """The bundle's text, in the output before the page that names it is written."""
        if name in self.written or not all((outdir / f).is_file() for f in files):
            return  # a file the project lacks: no bundle, as when the build ends (write)
        text = bundle_text(outdir, files, kind)
        path = outdir / name
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
        self.written[name] = text

    def _replace(self, outdir: Path, assets: Iterable[Any], kind: str) -> list[Any]:
        """Each run of plain files as one bundle, an asset of the class of those Sphinx listed
        (Sphinx's own, whose name is private to it)."""
        replaced = []
        for run in runs(sorted(assets, key=lambda a: getattr(a, "priority", 500)), kind):
            if not isinstance(run, list):
                replaced.append(run)
            elif len(run) == 1:
                replaced.append(run[0])
            else:
                files = [str(asset.filename) for asset in run]
                name = bundle_name(files, kind)
                self.wanted[name] = files
                self._write_now(outdir, name, files, kind)
                replaced.append(type(run[0])(name, **(PLAIN_CSS if kind == "css" else {})))
        return replaced

    def page_context(
        self, app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
    ) -> None:
        if app.builder.name != "html":
            return
        body = str(context.get("body", ""))
        scripts = [js for js in context.get("script_files", []) if used(js, body)]
        styles = [css for css in context.get("css_files", []) if used(css, body)]
        outdir = Path(app.outdir)
        context["css_files"] = self._replace(outdir, styles, "css")
        context["script_files"] = self._replace(outdir, scripts, "js")

    def forget(self, app: Sphinx, builder: Any) -> None:
        """The last build's bundles leave the output before the pages are written (each is
        written again when a page names it, or when the build finishes)."""
        if app.builder.name != "html":
            return
        self.written = {}
        for old in (Path(app.outdir) / "_static").glob(f"{PREFIX}*"):
            old.unlink()

    def write(self, app: Sphinx, exception: Exception | None) -> None:
        if exception is not None or app.builder.name != "html":
            return
        registry = Path(app.doctreedir) / REGISTRY
        try:
            known: dict[str, list[str]] = json.loads(registry.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            known = {}
        known.update(self.wanted)
        outdir = Path(app.outdir)
        for name, files in sorted(known.items()):
            if not all((outdir / f).is_file() for f in files):
                continue
            text = bundle_text(outdir, files, "css" if name.endswith(".css") else "js")
            if name in self.written and self.written[name] != text:
                raise ExtensionError(
                    f"{name}: one of {', '.join(files)} changed after a page named the bundle:"
                    " write it before the pages"
                )
            (outdir / name).write_text(text, encoding="utf-8")
        registry.parent.mkdir(parents=True, exist_ok=True)
        registry.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def setup(app: Sphinx) -> None:
    bundles = Bundles()
    # Last: every other handler has added its files to the page.
    app.connect("html-page-context", bundles.page_context, priority=950)
    app.connect("write-started", bundles.forget)
    # Before the Read the Docs worker, which lists the bundles (nqsphinx.site.offline: 950).
    app.connect("build-finished", bundles.write, priority=900)
