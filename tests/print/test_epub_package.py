"""What the e-book packs and its landmarks, on a made-up book folder (no build): a file nothing
names is left out, and the landmarks skip the front matter (:mod:`nqsphinx.books.epub_package`)."""

from __future__ import annotations

from pathlib import Path

from nqsphinx.books.epub_package import NAV_TOC, Landmark, landmarks, unused_files


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def test_only_what_a_page_a_stylesheet_or_the_package_names_is_kept(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "mimetype": "application/epub+zip",
            "content.opf": "<package/>",
            "toc.ncx": "<ncx/>",
            "nav.xhtml": "<html/>",
            "META-INF/container.xml": "<container/>",
            "magic.xhtml": '<link href="_static/book.css"/><img src="_images/circle.svg"/>',
            "_static/book.css": "a { background: url('file.png') }",
            "_static/file.png": "png",
            "_static/cover.png": "png",
            "_images/circle.svg": "<svg/>",
            "_static/favicon.png": "png",
            "_static/plus.png": "png",
            "_static/basic.css": "p {}",
            "_static/icons/icon-192.png": "png",
        },
    )
    unused = {
        p.relative_to(tmp_path).as_posix() for p in unused_files(tmp_path, ["_static/cover.png"])
    }
    assert unused == {
        "_static/favicon.png",
        "_static/plus.png",
        "_static/basic.css",
        "_static/icons/icon-192.png",
    }


def test_landmarks_start_the_book_at_its_first_chapter() -> None:
    refnodes = [
        {"refuri": "index.xhtml", "text": "No Quarter"},
        {"refuri": "credits.xhtml", "text": "Credits"},
        {"refuri": "introduction.xhtml", "text": "Introduction"},
        {"refuri": "introduction.xhtml#dice", "text": "Dice"},
    ]
    titles = {"cover": "Cover", "toc": "Contents", "index": "Index"}
    found = landmarks(
        "epub-cover.xhtml", refnodes, {"index.xhtml", "credits.xhtml"}, "genindex.xhtml", titles
    )
    assert found == [
        Landmark("cover", "epub-cover.xhtml", "Cover"),
        Landmark("toc", NAV_TOC, "Contents"),
        Landmark("bodymatter", "introduction.xhtml", "Introduction"),
        Landmark("index", "genindex.xhtml", "Index"),
    ]
    assert [m.kind for m in landmarks(None, [], {"index.xhtml"}, None, titles)] == ["toc"]
