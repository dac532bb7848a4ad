"""Lines GNU gettext reads and Babel (the engine, Sphinx, every tool) does not: a tab or a
no-break space after a keyword, a comment between a message's strings, a previous msgid of an
obsolete message (``#~|``). Each is refused by every reader at its file and the faulty line, in
one line: ``nq`` exits 2, the engine's reader warns and shows the English, the build's guard, tidy
and the translators' checks name it; none gives Babel's traceback or its line before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import catalogue_loading, i18n, po
from nqcore.cli.commands import main as nq
from nqtranslate import tidy
from nqtranslate.catalogue import CatalogueError
from nqtranslate.guard import check_catalogue
from nqtranslate.reading import CatalogueRefused, checked_messages

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
#: Each plant under :data:`HEADER` (line 6 on), the faulty line, and what the refusal starts with.
PLANTS = {
    "tab after msgid": ('msgid\t"Smoke"\nmsgstr "Fumée"\n', 6, "msgid followed by U+0009"),
    "no-break space after msgstr": (
        'msgid "Smoke"\nmsgstr\u00a0"Fumée"\n',
        7,
        "msgstr followed by U+00A0",
    ),
    "comment between the strings": (
        'msgid "Smoke"\nmsgstr ""\n"Fu"\n# a note\n"mée"\n',
        10,
        "a string that continues no keyword",
    ),
    "previous msgid of an obsolete message": (
        'msgid "Smoke"\nmsgstr "Fumée"\n\n#~| msgid "Fog"\n#~ msgid "Mist"\n#~ msgstr "Brume"\n',
        9,
        "not a keyword and one quoted string",
    ),
}


def _plant(folder: Path, name: str, plant: str) -> Path:
    path = folder / f"{name}.po"
    path.write_text(HEADER + PLANTS[plant][0], encoding="utf-8")
    return path


def nq_refusal_with(
    path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    """What ``nq --lang fr`` says, in one line on stderr and exit 2, with ``path`` as the
    engine's French catalogue."""
    monkeypatch.setattr(i18n, "find_catalogue", lambda *_: path)
    catalogue_loading.load_po.cache_clear()
    try:
        assert nq(["--lang", "fr", "cancel", "--spell", "Smoke"]) == 2
    finally:
        catalogue_loading.load_po.cache_clear()
    out, err = capsys.readouterr()
    assert out == "" and len(err.splitlines()) == 1, err
    return err


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_nq_refuses_in_one_line_at_the_faulty_line(
    tmp_path: Path, plant: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, line, said = PLANTS[plant]
    path = _plant(tmp_path, "nqcore", plant)
    err = nq_refusal_with(path, capsys, monkeypatch)
    assert err.startswith(f"nq: {path}:{line}: {said}"), err


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_engine_reader_warns_at_the_faulty_line_and_shows_the_english(
    tmp_path: Path, plant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _, line, said = PLANTS[plant]
    path = _plant(tmp_path, "examples", plant)
    catalogue_loading.load_po.cache_clear()
    assert catalogue_loading.load_po(path) == {}
    assert capsys.readouterr().err.startswith(f"{path}:{line}: warning: {said}")


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_guard_tidy_and_the_checks_name_the_faulty_line(tmp_path: Path, plant: str) -> None:
    _, line, said = PLANTS[plant]
    for name in ("nqcore", "nqsphinx", "magic"):  # the engine's, the extension's, a page's
        path = _plant(tmp_path, name, plant)
        found = check_catalogue(path)
        assert [(f.line, f.what.startswith(said)) for f in found][:1] == [(line, True)], found
        with pytest.raises(CatalogueError, match=rf"^{path}:{line}: "):
            tidy.tidy(path)
        with pytest.raises(CatalogueRefused, match=rf":{line}: "):
            checked_messages(path)


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_one_reader_names_file_and_line(plant: str) -> None:
    _, line, said = PLANTS[plant]
    with pytest.raises(po.CatalogueSyntaxError, match=rf"^x\.po:{line}: {re.escape(said)}"):
        po.read((HEADER + PLANTS[plant][0]).encode(), where="x.po")
