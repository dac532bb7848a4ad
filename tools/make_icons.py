"""Draw the offline companion's app icons (nqsphinx/site/offline.py) from their SVG sources.

    python tools/make_icons.py

renders ``tools/icons/nq-icon.svg`` at 192 and 512 pixels and ``tools/icons/nq-icon-maskable.svg``
(the background fills the square, the drawing keeps within the central circle that every mask
shows) at 512 pixels, as PNG files in ``docs/_static/``, where the build copies them.  The PNGs
are committed, so that a build (Read the Docs' too) needs no SVG renderer; run this again after
changing an SVG.  Needs ``rsvg-convert`` (Debian's librsvg2-bin, which ./dev installs).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "tools" / "icons"
STATIC = ROOT / "docs" / "_static"
#: (source SVG, size in pixels, PNG written in docs/_static)
ICONS = (
    ("nq-icon.svg", 192, "nq-icon-192.png"),
    ("nq-icon.svg", 512, "nq-icon-512.png"),
    ("nq-icon-maskable.svg", 512, "nq-icon-maskable-512.png"),
)


def main() -> int:
    converter = shutil.which("rsvg-convert")
    if converter is None:
        print(
            "error: rsvg-convert not found (Debian: apt-get install librsvg2-bin)", file=sys.stderr
        )
        return 1
    for source, size, target in ICONS:
        subprocess.run(
            [
                converter,
                "-w",
                str(size),
                "-h",
                str(size),
                str(SOURCES / source),
                "-o",
                str(STATIC / target),
            ],
            check=True,
        )
        print(f"wrote docs/_static/{target} ({size} px)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
