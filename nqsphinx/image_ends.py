"""Where an image of the content really ends, found by walking its format (attack round
twenty-five, findings 4 and 5): a PNG, JPEG or GIF followed by 100 kB of HTML and a second end
marker (``IEND``, ``FF D9``, ``;``) was published, and so was an ICO followed by a script: the
check read only the file's last bytes, and Pillow's ``verify()`` stops at the first end.

Each walker reads the format's own lengths, from the start, to its first end: a PNG's chunks to
the first ``IEND`` (and its CRC), a JPEG's segments and scans to the end-of-image marker after
its scan data, a GIF's blocks to its trailer, a WebP's RIFF length, an ICO's directory (its
largest offset + size).  :func:`image_end` gives that end, or None where the walk runs past the
file's bytes (a header, a length that lies); :func:`nqsphinx.content_code.image_bytes_problem`
refuses any byte after it.
"""

from __future__ import annotations

from collections.abc import Callable


def _png_end(data: bytes) -> int | None:
    """After the first ``IEND`` chunk's CRC: each chunk is its length, type, data and CRC."""
    at = 8
    while at + 8 <= len(data):
        length, kind = int.from_bytes(data[at : at + 4], "big"), data[at + 4 : at + 8]
        at += 12 + length
        if kind == b"IEND":
            return at if at <= len(data) else None
    return None


#: JPEG markers that stand alone (no length): TEM and the restart markers.
_JPEG_ALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def _jpeg_scan_end(data: bytes, at: int) -> int:
    """The next marker after a scan's entropy-coded data from ``at`` (a stuffed ``FF 00``, a
    restart marker and fill bytes belong to the data)."""
    while (at := data.find(b"\xff", at)) != -1 and at + 1 < len(data):
        following = data[at + 1]
        if following == 0x00 or 0xD0 <= following <= 0xD7 or following == 0xFF:
            at += 1 if following == 0xFF else 2
            continue
        return at
    return len(data)


def _jpeg_end(data: bytes) -> int | None:
    """After the end-of-image marker that follows the scan data: each segment's length read,
    each scan's data walked to its next marker."""
    at = 2
    while at + 1 < len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte before a marker
            at += 1
        elif marker == 0xD9:
            return at + 2
        elif marker in _JPEG_ALONE:
            at += 2
        elif at + 4 > len(data):
            return None
        else:
            at += 2 + int.from_bytes(data[at + 2 : at + 4], "big")
            if marker == 0xDA:
                at = _jpeg_scan_end(data, at)
    return None


def _gif_blocks_end(data: bytes, at: int) -> int | None:
    """After a chain of data sub-blocks (each its length, then that many bytes; 0 ends it)."""
    while at < len(data):
        size = data[at]
        at += 1 + size
        if size == 0:
            return at
    return None


def _gif_end(data: bytes) -> int | None:
    """After the trailer (``;``): the colour tables by their flags, each extension's and
    image's data sub-blocks walked."""
    if len(data) < 13:
        return None
    at = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    while at < len(data):
        block: int | None = data[at]
        if block == 0x3B:
            return at + 1
        if block == 0x21:  # an extension: its label, its sub-blocks
            block = _gif_blocks_end(data, at + 2)
        elif block == 0x2C and at + 10 <= len(data):  # an image: its descriptor, LZW size
            flags = data[at + 9]
            table = 3 << ((flags & 7) + 1) if flags & 0x80 else 0
            block = _gif_blocks_end(data, at + 10 + table + 1)
        else:
            return None
        if block is None:
            return None
        at = block
    return None


def _webp_end(data: bytes) -> int | None:
    """The RIFF length (of what follows its 8 first bytes), padded to an even size."""
    if len(data) < 12:
        return None
    size = int.from_bytes(data[4:8], "little")
    return 8 + size + (size & 1)


def _ico_end(data: bytes) -> int | None:
    """The largest offset + size of the directory's entries (none may start inside the
    directory)."""
    count = int.from_bytes(data[4:6], "little")
    directory = 6 + 16 * count
    if count == 0 or len(data) < directory:
        return None
    end = directory
    for at in range(6, directory, 16):
        size = int.from_bytes(data[at + 8 : at + 12], "little")
        offset = int.from_bytes(data[at + 12 : at + 16], "little")
        if offset < directory or size == 0:
            return None
        end = max(end, offset + size)
    return end


#: Each kind's walker, by the kind's name as the checks write it (``.jpg`` is ``JPG``).
WALKERS: dict[str, Callable[[bytes], int | None]] = {
    "PNG": _png_end,
    "JPG": _jpeg_end,
    "JPEG": _jpeg_end,
    "GIF": _gif_end,
    "WEBP": _webp_end,
    "ICO": _ico_end,
}


def image_end(kind: str, data: bytes) -> int | None:
    """Where the image ``data`` of ``kind`` ends by its format's own lengths: ``len(data)`` for
    a whole image, less when bytes follow it, None when the walk runs past its bytes (or the
    kind has no walker).

    >>> image_end("GIF", b"GIF89a" + bytes(7) + b";" + b"<p>;")
    14
    """
    walker = WALKERS.get(kind)
    end = walker(data) if walker else None
    return end if end is not None and end <= len(data) else None
