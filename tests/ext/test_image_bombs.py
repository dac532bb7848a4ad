"""Images whose header asks for more pixels than a reader's browser should decode: a PNG whose
header says 60000 × 60000 (3.6 Gpx in 437 bytes), an ICO whose entry is such a PNG, a 46-byte
GIF whose screen is 65535², a 9500 × 9500 PNG of 23 KB (90 Mpx, 360 MB once a browser decodes
it), an APNG whose second frame is 60000² (each frame is read). Pillow's
``DecompressionBombError`` stopped the build with a traceback naming no file, its warning was
printed and the image published. Each is refused by name, with the reason, before anything is
built."""

from __future__ import annotations

import io
import struct
import warnings
import zlib
from pathlib import Path
from typing import Any

import pytest

from nqsphinx import content_code
from tests.ext.conftest import copy_root
from tests.ext.test_outbound import _started

ROOT = Path(__file__).resolve().parents[2]


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _png_header(width: int, height: int) -> bytes:
    """A 1-bit PNG whose header says ``width`` × ``height``, with one row of data."""
    ihdr = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    data = zlib.compress(b"\0" * (1 + (width + 7) // 8))
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")
    )


def _png(width: int, height: int) -> bytes:
    from PIL import Image

    written = io.BytesIO()
    Image.new("1", (width, height)).save(written, "PNG", optimize=True)
    return written.getvalue()


def _gif_screen(width: int, height: int) -> bytes:
    """A GIF whose logical screen is ``width`` × ``height``, holding one pixel."""
    screen = b"GIF89a" + struct.pack("<HHBBB", width, height, 0x80, 0, 0) + b"\0\0\0\xff\xff\xff"
    frame = b"," + struct.pack("<HHHHB", 0, 0, 1, 1, 0) + b"\x02\x02\x44\x01\x00"
    return screen + frame + b";"


def _ico_of(png: bytes) -> bytes:
    entry = struct.pack("<BBBBHHII", 0, 0, 0, 0, 1, 32, len(png), 22)
    return struct.pack("<HHH", 0, 1, 1) + entry + png


def _apng_with_a_large_frame() -> bytes:
    """A 4 × 4 APNG of two frames, the second's frame control saying 60000 × 60000."""
    from PIL import Image

    written = io.BytesIO()
    frames = [Image.new("RGB", (4, 4), colour) for colour in ("white", "black")]
    frames[0].save(written, "PNG", save_all=True, append_images=frames[1:], duration=100)
    data = written.getvalue()
    second = data.index(b"fcTL", data.index(b"fcTL") + 4)
    body = bytearray(data[second + 4 : second + 30])
    body[4:12] = struct.pack(">II", 60000, 60000)
    patched = _chunk(b"fcTL", bytes(body))
    return data[: second - 4] + patched + data[second + 34 :]


BOMBS = {
    "bomb.png": _png_header(60000, 60000),
    "bomb.ico": _ico_of(_png_header(20000, 20000)),
    "screen.gif": _gif_screen(65535, 65535),
    "large-screen.gif": _gif_screen(9000, 9000),
    "large-diagram.png": _png(9500, 9500),
    "frames.png": _apng_with_a_large_frame(),
}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_an_image_of_too_many_pixels_is_refused_with_its_reason(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(BOMBS[name])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # Pillow's DecompressionBombWarning escaped as a warning
        found = content_code.code_kind(path)
    said = "not a whole PNG image" if name == "frames.png" else "pixels, more than 16777216"
    assert found is not None and said in found[0], found  # Pillow reads no frame off its canvas


def test_the_sites_images_and_a_large_drawing_pass(tmp_path: Path) -> None:
    path = tmp_path / "wide.png"
    path.write_bytes(_png(4000, 3000))
    assert content_code.code_kind(path) is None
    pictures = sorted(ROOT.joinpath("docs").rglob("*.png"))
    assert pictures and all(content_code.code_kind(p) is None for p in pictures)


def test_a_bomb_stops_the_build_in_one_line_naming_it(tmp_path: Path, make_app: Any) -> None:
    srcdir = copy_root("nq", tmp_path)
    (srcdir / "_static").mkdir(exist_ok=True)
    (srcdir / "_static" / "bomb.png").write_bytes(BOMBS["bomb.png"])
    stop, errors = _started(srcdir, make_app, html_static_path=["_static"])
    assert stop.code == 2
    assert len(errors) == 1 and errors[0].startswith("ERROR: _static/bomb.png: "), errors
    assert "3600000000 pixels" in errors[0] and errors[0].endswith(": refused"), errors
