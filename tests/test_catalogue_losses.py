"""No catalogue tool ever writes a catalogue shorter than it read it: what a reader would cut (lines
ending in a bare carriage return, a NUL byte, a ``\\0`` escape) is refused at its file and line,
and the file is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqtranslate import tidy, update
from nqtranslate.catalogue import CatalogueError, gnu_layout, read_catalogue

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
BODY = "".join(f'msgid "Spell {n}"\nmsgstr "Sort {n}"\n\n' for n in range(1, 5))
CATALOGUE = HEADER + BODY


def written(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "magic.po"
    path.write_bytes(data)
    return path


def template(tmp_path: Path) -> Path:
    pot = tmp_path / "magic.pot"
    pot.write_text(HEADER + 'msgid "Spell 1"\nmsgstr ""\n', encoding="utf-8")
    return pot


@pytest.mark.parametrize(
    ("data", "line", "said"),
    [
        (CATALOGUE.replace("\n", "\r").encode(), 1, "carriage return"),
        (CATALOGUE.replace('"Sort 2"', '"Sort\0 2"').encode(), 9, "NUL byte"),
        (CATALOGUE.replace('"Sort 2"', '"Crédits\\0 et suite"').encode(), 9, "escape \\\\0"),
    ],
)
def test_tidy_and_update_po_refuse_what_a_reader_would_cut(
    tmp_path: Path, data: bytes, line: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = written(tmp_path, data)
    with pytest.raises(CatalogueError, match=rf"^{path}:{line}: .*{said}"):
        tidy.tidy(path)
    assert tidy.main([str(path)]) == 1
    assert capsys.readouterr().err.startswith(f"po_tidy: {path}:{line}: ")
    with pytest.raises(CatalogueError, match=rf"^{path}:{line}: .*{said}"):
        read_catalogue(path)  # update-po's reader, of the pages' and the engine's catalogues
    with pytest.raises(CatalogueError, match=rf"^{path}:{line}: "):
        update.update_page(path, template(tmp_path), "fr")
    assert path.read_bytes() == data


def test_tidy_never_writes_fewer_entries_than_it_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The safety net: whatever a reader misses, the tidied catalogue is not written."""
    path = written(tmp_path, CATALOGUE.encode())
    monkeypatch.setattr(tidy, "gnu_layout", lambda data, source: HEADER.encode())
    with pytest.raises(CatalogueError, match=rf"^{path}: tidying would keep 1 of its 5 entries"):
        tidy.tidy(path)
    assert path.read_bytes() == CATALOGUE.encode()


def test_an_entry_count_sees_every_line_end() -> None:
    assert tidy.entry_count(CATALOGUE.encode()) == 5
    assert tidy.entry_count(CATALOGUE.replace("\n", "\r").encode()) == 5
    assert tidy.entry_count(b'#~ msgid "Old"\n#~ msgstr "Vieux"\n') == 1


def test_a_catalogue_without_header_is_refused_saying_why(tmp_path: Path) -> None:
    from nqtranslate.guard import check_catalogue

    path = written(tmp_path, BODY.encode())
    assert [str(f) for f in check_catalogue(path)] == [
        f"{path}:1: msgfmt: PO file header missing or invalid"
    ]
    tidy.tidy(path)  # laid out (its last blank line goes), nothing lost
    assert path.read_bytes() == BODY.rstrip("\n").encode() + b"\n"


def test_tidy_drops_format_flags_and_nothing_else(tmp_path: Path) -> None:
    """A header of a few fields (a translator's tool's), a previous msgid, an obsolete entry and
    a comment are kept as written; the flags Babel would guess are not added back."""
    flagged = (
        HEADER
        + '# a comment\n#, python-format, fuzzy\n#| msgid "Old %s"\nmsgid "50% of %s"\n'
        + 'msgstr "50 % de %s"\n\n#, python-brace-format\nmsgid "{n} spells"\nmsgstr "{n} sorts"\n'
        + '\n#~ msgid "Gone"\n#~ msgstr "Parti"\n'
    )
    path = written(tmp_path, flagged.encode())
    assert tidy.tidy(path)
    expected = flagged.replace("#, python-format, fuzzy\n", "#, fuzzy\n")
    expected = expected.replace("#, python-brace-format\n", "")
    assert path.read_bytes() == gnu_layout(expected.encode())  # msgcat's layout of the rest


def test_a_new_page_catalogue_is_built_and_keeps_the_translations_it_had(tmp_path: Path) -> None:
    """A page renamed: its new catalogue has a header the build takes (not fuzzy) and the French
    its messages had in the old one, not 26 untranslated messages (attack round twenty)."""
    old = written(tmp_path, CATALOGUE.encode())
    new = tmp_path / "spells.po"
    assert update.update_page(new, template(tmp_path), "fr", update.known_translations(tmp_path))
    created = read_catalogue(new)
    assert not created.fuzzy
    assert [(m.id, m.string) for m in created if m.id] == [("Spell 1", "Sort 1")]
    assert old.read_bytes() == CATALOGUE.encode()


def test_a_template_left_from_a_removed_page_makes_no_catalogue(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Attack round twenty-one: a ``.pot`` left in the gettext build by a page since renamed or
    removed (the build never deletes it) made ``update-po`` create ``credit-roll.po``, which no
    page has and the build kept without a word."""
    pots = tmp_path / "gettext"
    pots.mkdir()
    (pots / "credits.pot").write_bytes(template(tmp_path).read_bytes())
    (pots / "credit-roll.pot").write_bytes(template(tmp_path).read_bytes())
    locale = tmp_path / "locale"
    (locale / "fr" / "LC_MESSAGES").mkdir(parents=True)
    update.update_pages(pots, locale, "fr")
    assert sorted(p.name for p in (locale / "fr" / "LC_MESSAGES").iterdir()) == ["credits.po"]
    assert "1 created" in capsys.readouterr().out
