"""The XMP packet written with nqprint/xmp_tex.py's faster way of adding its pieces is hyperxmp's
own, byte for byte: a title of capitals from several scripts (each with a lowercase code that
``\\lowercase`` would apply) under French babel, compiled with and without :data:`SPEED`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqprint.latex import compile_pdf
from nqprint.xmp_tex import ESCAPES, FIRST_PAGE, XMP, xmp_preamble

pytestmark = pytest.mark.slow  # two xelatex runs

#: Capitals of Latin, Greek, Cyrillic, a titlecase digraph and a Roman numeral, with the
#: characters the packet's own escapes stand for (a parenthesis, a backslash, an ampersand).
TITLE = "ÉLAN (Ωméga) \\ ЖАР & ǅ Ⅻ — Ærø"
#: What changes from one run to the next: the clock's time and the instance's random identifier
#: (and the source's name, ``dc:source``, the file each was compiled from).
CLOCK = re.compile(rb"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:Z|[+-]\d\d:\d\d)?|uuid:[0-9a-f-]{36}")


def _document(preamble: str) -> str:
    return (
        "\\documentclass{article}\n\\usepackage{fontspec}\n\\usepackage[french]{babel}\n"
        "\\usepackage{hyperref}\n"
        + preamble
        + "\\hypersetup{pdftitle={"
        + TITLE.replace("\\", "\\textbackslash{}").replace("&", "\\&")
        + "}, pdfauthor={Ÿves Ñandú}, pdfkeywords={ÇA, ÉTÉ}}\n"
        "\\begin{document}\nx\n\\end{document}\n"
    )


def _packet(pdf: Path) -> bytes:
    data = pdf.read_bytes()
    start = data.index(b"<?xpacket begin")
    packet = data[start : data.index(b"<?xpacket end", start)]
    return CLOCK.sub(b"(clock)", packet.replace(pdf.stem.encode(), b"(name)"))


def test_the_packet_is_hyperxmps_own_byte_for_byte(tmp_path: Path) -> None:
    slow, fast = (
        _packet(compile_pdf(_document(preamble), tmp_path / f"{name}.pdf", tmp_path / name))
        for name, preamble in (
            ("hyperxmps-own", xmp_preamble(ESCAPES, FIRST_PAGE)),
            ("codes-listed", XMP),
        )
    )
    assert fast == slow
    title = TITLE.replace("&", "&amp;").replace("(", "&#40;").replace(")", "&#41;")
    assert title.replace("\\", "&#92;").encode() in fast  # every capital kept
