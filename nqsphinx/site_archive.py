"""The offline archive of each language's site, for reading without a network at the table.

``python -m nqsphinx.site_archive _build/html`` writes ``_build/html/noquarter-<lang>-html.zip``
for each language built there.  An archive holds ``noquarter/<lang>/`` (the site) and
``noquarter/index-<lang>.html`` (a start page), so that unzipping both archives in one folder
gives the whole bilingual site, language switch included.  The archive is reproducible: same
site, same bytes (sorted names, fixed dates).
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path

from nqsphinx.csp import META_TAG
from nqsphinx.hosting import archive_name
from nqsphinx.langswitch import LANGUAGE_NAMES

TOP = "noquarter"
#: 1980-01-01, the earliest date a zip file can hold: the archive does not change with the clock.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
#: Build bookkeeping that readers do not need.
SKIPPED = frozenset({".buildinfo", ".buildinfo.bak"})
START_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
{csp_meta}
<meta charset="utf-8">
<meta http-equiv="refresh" content="0; url={lang}/index.html">
<title>No Quarter Fantasy Wargames</title>
</head>
<body><p><a href="{lang}/index.html">No Quarter Fantasy Wargames ({name})</a></p></body>
</html>
"""


class ArchiveError(ValueError):
    """The site to archive is missing; the message names the folder."""


def site_files(site: Path) -> list[Path]:
    if not (site / "index.html").is_file():
        raise ArchiveError(f"{site}: no index.html, build the site first (make html)")
    return sorted(
        p for p in site.rglob("*")
        if p.is_file() and p.name not in SKIPPED and not p.name.endswith(".zip")
    )  # fmt: skip


def _add(archive: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    archive.writestr(info, data)


def write_archive(site: Path, lang: str, output: Path) -> Path:
    """Zip the ``lang`` site in ``site`` (its folder holds ``index.html``) into ``output``."""
    files = site_files(site)
    output.parent.mkdir(parents=True, exist_ok=True)
    partial = output.with_name(output.name + ".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        start = START_PAGE.format(lang=lang, name=LANGUAGE_NAMES[lang], csp_meta=META_TAG)
        _add(archive, f"{TOP}/index-{lang}.html", start.encode("utf-8"))
        for path in files:
            _add(archive, f"{TOP}/{lang}/{path.relative_to(site).as_posix()}", path.read_bytes())
    partial.replace(output)
    return output


def archive_all(html: Path) -> list[Path]:
    """One archive per language site found in ``html`` (``html/en``, ``html/fr``)."""
    written = [
        write_archive(html / lang, lang, html / archive_name(lang))
        for lang in LANGUAGE_NAMES
        if (html / lang).is_dir()
    ]
    if not written:
        raise ArchiveError(f"{html}: no language site (en/ or fr/) to archive")
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqsphinx.site_archive",
        description="Zip each language's site for offline reading.",
    )
    parser.add_argument("html", type=Path, help="folder holding en/ and fr/ (_build/html)")
    parser.add_argument(
        "--lang", choices=sorted(LANGUAGE_NAMES), help="archive one site: HTML is its folder"
    )
    parser.add_argument("--output", type=Path, help="the archive to write (with --lang)")
    args = parser.parse_args(argv)
    try:
        if args.lang:
            output = args.output or args.html.parent / archive_name(args.lang)
            written = [write_archive(args.html, args.lang, output)]
        else:
            written = archive_all(args.html)
    except ArchiveError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
