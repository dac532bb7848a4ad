"""The offline archive's members are written as ``zipfile.writestr`` writes them, the same bytes,
and a member whose bytes did not change keeps its compressed bytes (the resident builder,
nqsphinx/site/live.py, archives again after each save)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from nqsphinx.site import archive

MEMBERS = {
    "noquarter/index.html": b"<!DOCTYPE html><p>start</p>" * 40,
    "noquarter/en/empty.txt": b"",
    "noquarter/fr/r\u00e8gles.html": "<p>\u00c9lan, moral</p>".encode() * 100,
    "noquarter/en/_static/random.bin": bytes(range(256)) * 7,
}


def _zipfile_writes(path: Path, members: dict[str, bytes]) -> bytes:
    """What archive.py wrote before it had a Packer: ``writestr`` of each member."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for name, data in members.items():
            info = zipfile.ZipInfo(name, date_time=archive.FIXED_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            out.writestr(info, data)
    return path.read_bytes()


def _packed(path: Path, members: dict[str, bytes], packer: archive.Packer) -> bytes:
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for name, data in members.items():
            packer.add(out, name, data)
    return path.read_bytes()


def test_a_packed_archive_is_the_bytes_zipfile_writes(tmp_path: Path) -> None:
    expected = _zipfile_writes(tmp_path / "a.zip", MEMBERS)
    packer = archive.Packer()
    assert _packed(tmp_path / "b.zip", MEMBERS, packer) == expected
    with zipfile.ZipFile(tmp_path / "b.zip") as read:
        assert read.testzip() is None
        assert {name: read.read(name) for name in read.namelist()} == MEMBERS


def test_an_unchanged_member_keeps_its_compressed_bytes(tmp_path: Path) -> None:
    packer = archive.Packer()
    _packed(tmp_path / "first.zip", MEMBERS, packer)
    kept = {name: packer.members[name][2] for name in MEMBERS}
    changed = dict(MEMBERS, **{"noquarter/index.html": b"<p>changed</p>"})
    again = _packed(tmp_path / "second.zip", changed, packer)
    assert again == _zipfile_writes(tmp_path / "reference.zip", changed)
    for name in MEMBERS:
        same = packer.members[name][2] is kept[name]
        assert same == (name != "noquarter/index.html"), name
