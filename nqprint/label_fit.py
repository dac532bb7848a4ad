"""The labels of the template sheets stay inside their outlines.

A template's or counter's label (its size, its name) is a TikZ node of a fixed width, centred at a
fixed point of its shape; a longer translation of a name wraps onto more lines and grows the label
up over the cut line and down over the centre cross, with the PDF's pages as planned.  So each label
is measured by LaTeX as the node sets it (``\\nqmeasure``: its height and its widest line, in the
log), beside what its shape leaves it (:class:`Room`, in a comment on the same line of the LaTeX),
and a label that does not fit refuses the product, naming the template and the catalogue entry that
made its words (:func:`problems`, called by :func:`nqprint.latex.compile_pdf`).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import astuple, dataclass
from pathlib import Path

from nqcore.i18n import ROOT, SOURCE_LANGUAGE, find_catalogue

#: ``\nqmeasure{width}{text}``: the label's text set as its node sets it (a centred paragraph of
#: ``width``, sans serif), its height and its widest line's natural width written to the log.
MEASURE = r"""
\newsavebox\nqlabelbox
\newdimen\nqlabelwidest
\newcommand\nqmeasure[2]{%
  \setbox0\hbox{\pgfinterruptpicture\global\setbox\nqlabelbox\vbox{\hsize=#1\relax
    \parindent=0pt\centering\normalfont\sffamily #2\par}\endpgfinterruptpicture}%
  \setbox0\vbox{\unvcopy\nqlabelbox
    \global\nqlabelwidest=0pt
    \loop\unskip\unpenalty\unkern\setbox0\lastbox\ifhbox0
      \setbox0\hbox{\unhcopy0}%
      \ifdim\wd0>\nqlabelwidest\global\nqlabelwidest=\wd0\fi\repeat}%
  \typeout{nqprint label on input line \the\inputlineno:
    \the\dimexpr\ht\nqlabelbox+\dp\nqlabelbox\relax\space\the\nqlabelwidest}}
"""
_MEASURED = re.compile(r"nqprint label on input line (\d+): ([\d.]+)pt ([\d.]+)pt")
_ROOM = re.compile(r"% nq-label (.*)$")
POINTS_PER_INCH = 72.27


@dataclass(frozen=True)
class Room:
    """What a shape leaves its label (inches, from the centre of its round outline): the
    outline's ``radius``, the height of the label's centre (``at``), the lowest its text may
    reach (``floor``: the centre cross's top, a half-disc's straight edge) and its ``width``."""

    radius: float
    at: float
    floor: float
    width: float

    def fits(self, height: float, widest: float) -> bool:
        """Whether a label ``height`` high, ``widest`` at its widest line, fits: above its
        floor, and each corner of its text inside the round outline (a line wider than the
        node's width, a word that cannot break, starts at its left edge and runs out right)."""
        top, bottom = self.at + height / 2, self.at - height / 2
        half = max(widest / 2, widest - self.width / 2)
        return bottom >= self.floor and math.hypot(half, max(abs(top), abs(bottom))) <= self.radius


def measured(room: Room, text: str, name: str, shown: str, entry: str) -> str:
    """The LaTeX line that measures the label ``text`` of the shape ``name`` (its words
    ``shown``, made by the catalogue ``entry``) in its ``room``."""
    note = json.dumps([*astuple(room), name, shown, entry])
    return rf"\nqmeasure{{{room.width:.4f}in}}{{{text}}}% nq-label {note}"


def problems(tex_file: Path, log_lines: list[str]) -> list[str]:
    """A line for each label of ``tex_file`` that the log measures too large for its room."""
    source = tex_file.read_text(encoding="utf-8").splitlines()
    found = []
    for line in log_lines:
        if not (match := _MEASURED.search(line)):
            continue
        number = int(match[1])
        note = _ROOM.search(source[number - 1]) if number <= len(source) else None
        if note is None:
            continue
        radius, at, floor, width, name, shown, entry = json.loads(note[1])
        height, widest = (float(match[i]) / POINTS_PER_INCH for i in (2, 3))
        if not Room(radius, at, floor, width).fits(height, widest):
            found.append(
                f"{tex_file}:{number}: the label of the {name} ({shown}) does not fit inside"
                f" its outline: it would print over its cut line or its centre mark"
                f" (a translation too long? {entry})"
            )
    return found


def catalogue_entry(locale_dir: Path, domain: str, msgid: str, lang: str) -> str:
    """Where ``msgid`` is translated for ``lang``: ``file:line: msgid "..."`` (or the
    English source's words)."""
    shown = f"msgid {json.dumps(msgid, ensure_ascii=False)}"
    path = None if lang == SOURCE_LANGUAGE else find_catalogue(locale_dir, lang, domain)
    if path is None:
        return f"{shown}, English"
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next((i for i, text in enumerate(lines, 1) if text == shown), None)
    return f"{where}:{number}: {shown}" if number else f"{where}: {shown}"
