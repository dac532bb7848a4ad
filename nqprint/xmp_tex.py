"""The XMP metadata of every PDF (hyperxmp 5.9, Debian's TeX Live), in three parts a preamble
takes after ``\\usepackage{hyperxmp}`` (:data:`XMP`): its packet written with the first page,
any character of a title kept, and written in a fraction of hyperxmp's own time."""

from __future__ import annotations

#: Under xdvipdfmx the packet is one PDF string, ``(...)``: a parenthesis or a backslash of a
#: title (an army named "A ) B") ended it early, or lost it.  hyperxmp's conversion of each
#: character to XML (``\hyxmp@toxml@unicodetex``, XeTeX's, as hyperxmp 5.x defines it) is
#: given three more cases: ``(``, ``)`` and ``\`` as character references (``&#40;``), which XML
#: reads as the characters and a PDF string holds as they are.
ESCAPES = r"""\begingroup\catcode`\#=12
\gdef\nq@xmp@lparen{&#40;}\gdef\nq@xmp@rparen{&#41;}\gdef\nq@xmp@bslash{&#92;}
\endgroup
\def\hyxmp@toxml@unicodetex#1#2#3#4#5#6#7#8{%
  \ifx#1\relax
  \else
    \ifnum"#1#2#3#4#5#6#7#8>127 %
      \uccode`\*="#1#2#3#4#5#6#7#8\relax
      \uppercase{\edef\hyxmp@text{\hyxmp@text *}}%
    \else\ifnum"#7#8=`\< \edef\hyxmp@text{\hyxmp@text &lt;}%
    \else\ifnum"#7#8=`\& \edef\hyxmp@text{\hyxmp@text &amp;}%
    \else\ifnum"#7#8=`\> \edef\hyxmp@text{\hyxmp@text &gt;}%
    \else\ifnum"#7#8=`\( \edef\hyxmp@text{\hyxmp@text\nq@xmp@lparen}%
    \else\ifnum"#7#8=`\) \edef\hyxmp@text{\hyxmp@text\nq@xmp@rparen}%
    \else\ifnum"#7#8=`\\ \edef\hyxmp@text{\hyxmp@text\nq@xmp@bslash}%
    \else\ifnum"#7#8=`\ %
      \edef\hyxmp@text{\hyxmp@text\space}%
    \else
      \uccode`\*="#7#8\relax
      \uppercase{\edef\hyxmp@text{\hyxmp@text *}}%
    \fi\fi\fi\fi\fi\fi\fi\fi
    \expandafter\hyxmp@toxml@unicodetex
  \fi}
"""

#: hyperxmp adds each of its 80 pieces of XML under ``\lowercase`` with every character's
#: lowercase code set to itself first: a loop over 65,536 codes a piece, 1.5 to 3.5 s of CPU in
#: each xelatex pass (a rulebook's pass 9.6 s, 6.8 s without it).  The codes that need setting
#: (those neither 0 nor the character's own, which ``\lowercase`` would change) are listed once
#: as the packet is made, and each piece sets only those: the same XML, byte for byte
#: (tests/print/test_xmp_packet.py).
SPEED = r"""\def\nq@xmp@identities{\begingroup
  \gdef\nq@xmp@identity{}\@tempcnta=0
  \loop
    \ifnum\lccode\@tempcnta=0 \else\ifnum\lccode\@tempcnta=\@tempcnta\else
      \xdef\nq@xmp@identity{\nq@xmp@identity\lccode\the\@tempcnta=\the\@tempcnta\relax}%
    \fi\fi
    \advance\@tempcnta by 1
    \ifnum\@tempcnta<65536
  \repeat\endgroup}
\let\nq@xmp@construct\hyxmp@construct@packet
\def\hyxmp@construct@packet{\nq@xmp@identities\nq@xmp@construct}
\def\hyxmp@add@to@xml#1{%
  \bgroup
    \nq@xmp@identity
    \lccode`\_=`\ \relax
    \lccode`\^^C=`\,\relax
    \lccode`\^^U=`\_\relax
    \lowercase{\xdef\hyxmp@new@xml{#1}}%
    \xdef\hyxmp@xml{\hyxmp@xml\hyxmp@new@xml}%
  \egroup}
"""

#: The packet embedded with the first page, where readers and libraries look for it (left to
#: itself hyperxmp writes it after the last page).
FIRST_PAGE = r"""\AddToHook{shipout/firstpage}{\hyxmp@auto@assign@data\hyxmp@embed@packet
  \global\let\hyxmp@embed@packet\relax}
"""


def xmp_preamble(*parts: str) -> str:
    """hyperxmp and ``parts`` of this module's TeX (all three unless told)."""
    body = "".join(parts or (ESCAPES, SPEED, FIRST_PAGE))
    return "\n\\usepackage{hyperxmp}\n\\makeatletter\n" + body + "\\makeatother\n"


#: XMP metadata beside the document information, as every PDF of the project writes it.
XMP = xmp_preamble()
