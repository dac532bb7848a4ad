"""The offline archive of the site, for reading without a network at the table.

``python -m nqsphinx.site.archive _build/html`` writes ``_build/html/noquarter-html.zip``: both
languages' sites (``noquarter/en/``, ``noquarter/fr/``) and a start page,
``noquarter/index.html`` (the site's root page: it opens the reader's language), so that, opened
from the disk, the language switch and search work as on the web.  ``--lang fr --output x.zip``
archives one language's site alone (Read the Docs' HTML download of a project):
``noquarter/fr/`` and ``noquarter/index-fr.html``.

In the archived pages the links to the archive itself (the ``download`` links of the sidebar and
the footer) are removed: inside the archive they would lead nowhere.  The archive is
reproducible: same site, same bytes (sorted names, fixed dates).
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from nqsphinx.languages.langswitch import LANGUAGE_NAMES
from nqsphinx.site.csp import META_TAG
from nqsphinx.site.hosting import BILINGUAL_ARCHIVE, archive_name
from nqsphinx.site.offline import ON_DEMAND_FOLDERS, SPHINX_SEARCH_FILES
from nqsphinx.site.root_page import ROOT_PAGE, ROOT_SCRIPT, ROOT_SCRIPT_NAME
from nqsphinx.site.stamped import Stamped

TOP = "noquarter"
#: 1980-01-01, the earliest date a zip file can hold: the archive does not change with the clock.
FIXED_DATE = (1980, 1, 1, 0, 0, 0)
#: Build bookkeeping that readers do not need, the web server's worker (none from the disk) and
#: Sphinx's search, which no page loads.
SKIPPED = frozenset({".buildinfo", ".buildinfo.bak", "sw.js", *SPHINX_SEARCH_FILES})
#: A link to download the archive (``<a ... download>``), with the `` · `` before it if any.
DOWNLOAD_LINK = re.compile(r"(?:\s*·\s*)?<a\s[^>]*?\sdownload(?=[\s>=])[^>]*>.*?</a>", re.S)
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
        p
        for p in site.rglob("*")
        if p.is_file()
        and p.name not in SKIPPED
        and not p.name.endswith(".zip")
        # Read the Docs: the site's own engine; a browser runs no worker from the disk.
        and ON_DEMAND_FOLDERS[1] not in p.relative_to(site).as_posix()
    )


def _as_archived(path: Path, data: bytes) -> bytes:
    """A site file as the archive holds it: a page without its links to the archive."""
    return archived_page(data.decode("utf-8")).encode("utf-8") if path.suffix == ".html" else data


@dataclass
class Packer:
    """Writes the archive's members, each compressed once: the resident builder
    (:mod:`nqsphinx.site.live`) keeps one, and a member whose bytes did not change since its last
    archive keeps its compressed bytes (the same zlib call would give the same bytes again)."""

    #: Each member's name: its bytes, their CRC and their compressed bytes.
    members: dict[str, tuple[bytes, int, bytes]] = field(default_factory=dict)
    #: Each site file's bytes as archived, made again when the file is written again.
    files: Stamped[bytes] = field(default_factory=lambda: Stamped(_as_archived))

    def compressed(self, name: str, data: bytes) -> tuple[int, bytes]:
        known = self.members.get(name)
        if known is not None and known[0] == data:
            return known[1], known[2]
        compressor = zlib.compressobj(zlib.Z_DEFAULT_COMPRESSION, zlib.DEFLATED, -15)
        packed = compressor.compress(data) + compressor.flush()
        crc = zlib.crc32(data)
        self.members[name] = (data, crc, packed)
        return crc, packed

    def add(self, archive: zipfile.ZipFile, name: str, data: bytes) -> None:
        """What ``archive.writestr`` writes for ``name`` (deflated, fixed date, -rw-r--r--):
        the member's header with its CRC and sizes, then its compressed bytes."""
        info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
        info.compress_type = zipfile.ZIP_DEFLATED
        info.external_attr = 0o644 << 16
        info.CRC, packed = self.compressed(name, data)
        info.file_size, info.compress_size = len(data), len(packed)
        if info.file_size * 1.05 > zipfile.ZIP64_LIMIT:  # zipfile's own test: no Zip64 here
            raise ArchiveError(f"{name}: too large for the archive")
        out = archive.fp
        assert out is not None
        out.seek(archive.start_dir)
        info.header_offset = out.tell()
        out.write(info.FileHeader(False))
        out.write(packed)
        archive.start_dir = out.tell()
        archive.filelist.append(info)
        archive.NameToInfo[name] = info
        archive._didModify = True  # type: ignore[attr-defined]

    def read(self, path: Path) -> bytes:
        """A site file as the archive holds it (pages without their download links)."""
        return self.files.get(path)


def archived_page(html: str) -> str:
    """A page as the archive holds it: without its links to the archive itself."""
    return DOWNLOAD_LINK.sub("", html)


def _site_entries(site: Path, lang: str, packer: Packer) -> Iterator[tuple[str, bytes]]:
    for path in site_files(site):
        yield f"{TOP}/{lang}/{path.relative_to(site).as_posix()}", packer.read(path)


def _write(entries: Iterator[tuple[str, bytes]], output: Path, packer: Packer) -> Path:
    """The zip of ``entries``, written beside ``output`` and then put in its place."""
    output.parent.mkdir(parents=True, exist_ok=True)
    partial = output.with_name(output.name + ".part")
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            packer.add(archive, name, data)
    partial.replace(output)
    return output


def write_archive(site: Path, lang: str, output: Path, packer: Packer | None = None) -> Path:
    """Zip the ``lang`` site in ``site`` (its folder holds ``index.html``) into ``output``."""
    site_files(site)  # a missing site is an error before anything is written
    chosen = packer or Packer()

    def entries() -> Iterator[tuple[str, bytes]]:
        start = START_PAGE.format(lang=lang, name=LANGUAGE_NAMES[lang], csp_meta=META_TAG)
        yield f"{TOP}/index-{lang}.html", start.encode("utf-8")
        yield from _site_entries(site, lang, chosen)

    return _write(entries(), output, chosen)


def write_bilingual(html: Path, output: Path, packer: Packer | None = None) -> Path:
    """Zip both language sites of ``html`` (``html/en``, ``html/fr``) and their start page."""
    for lang in LANGUAGE_NAMES:
        site_files(html / lang)
    chosen = packer or Packer()

    def entries() -> Iterator[tuple[str, bytes]]:
        yield f"{TOP}/index.html", ROOT_PAGE.encode("utf-8")
        yield f"{TOP}/{ROOT_SCRIPT_NAME}", ROOT_SCRIPT.encode("utf-8")
        for lang in LANGUAGE_NAMES:
            yield from _site_entries(html / lang, lang, chosen)

    return _write(entries(), output, chosen)


def archive_all(html: Path, packer: Packer | None = None) -> list[Path]:
    """The archive of both languages, ``html/noquarter-html.zip``."""
    return [write_bilingual(html, html / BILINGUAL_ARCHIVE, packer)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m nqsphinx.site.archive",
        description="Zip the site, both languages, for offline reading.",
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
