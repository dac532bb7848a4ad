"""One stylesheet and one script per page, instead of a dozen of each (the request budget of
``./dev bench``: at most 12 requests a page).

Each page of the HTML builder names its stylesheets and scripts (Sphinx's, Furo's,
sphinx-design's, ours) in ``css_files`` and ``script_files``.  Here a run of consecutive plain
local files becomes one file, ``_static/nq-bundle-<hash>.css`` or ``.js``, their texts in the same
order, so the page applies and runs the same thing; a file with attributes of its own (``defer``,
``data-*``, a media query) or from elsewhere stays a file of its own and ends a run.  The bundle's
name is a hash of its files' names; its text is written when the build finishes, after every file
(generated ones included) is in place, and written again by every build (incremental ones too),
from the list of bundles kept in the doctree folder.  The bundles of the last build are removed
before any page is written: Sphinx adds ``?v=<checksum>`` to a file already in the output, so the
pages an incremental build wrote named them otherwise than a clean build.  ``design-tabs.js`` is
left out of pages without tabs (none has any), sphinx-design's stylesheet out of pages without
its classes (all but two).

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
    """The bundles that the pages of this build name, written when the build finishes."""

    def __init__(self) -> None:
        self.wanted: dict[str, list[str]] = {}

    def _replace(self, assets: Iterable[Any], kind: str) -> list[Any]:
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
        context["css_files"] = self._replace(styles, "css")
        context["script_files"] = self._replace(scripts, "js")

    def forget(self, app: Sphinx, builder: Any) -> None:
        """The last build's bundles leave the output before the pages are written (they are
        written again when the build finishes), so that a page names them as in a clean build."""
        if app.builder.name != "html":
            return
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
            if all((outdir / f).is_file() for f in files):
                kind = "css" if name.endswith(".css") else "js"
                (outdir / name).write_text(bundle_text(outdir, files, kind), encoding="utf-8")
        registry.parent.mkdir(parents=True, exist_ok=True)
        registry.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def setup(app: Sphinx) -> None:
    bundles = Bundles()
    # Last: every other handler has added its files to the page.
    app.connect("html-page-context", bundles.page_context, priority=950)
    app.connect("write-started", bundles.forget)
    # After the writers of generated files (nq-aspects.css, translations.js: priority 500), before
    # the Read the Docs worker, which lists the bundles (nqsphinx.site.offline: 950).
    app.connect("build-finished", bundles.write, priority=900)
