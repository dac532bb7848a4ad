"""A catalogue header every reader must decode alike: ``Content-Type: text/plain;
charset=UTF-8`` and a ``Language:`` that is a language code. An empty, suffixed or missing
charset, or a language such as ``fr_``, ``x-y`` or ``_engine``, stopped Babel (so the French
build, ``nq --lang fr`` and every ``python -m nqtranslate`` tool) with a traceback naming no
file. Each is refused in one line at the file and the header's line, by the one reader
(:func:`nqcore.po.read`) and the checks every tool and the engine run first."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore import po
from nqtranslate import tidy
from nqtranslate.catalogue import CatalogueError
from nqtranslate.guard import check_catalogue
from nqtranslate.reading import CatalogueRefused, checked_messages
from tests.test_catalogue_syntax_refusals import nq_refusal_with


def _catalogue(content_type: str | None, language: str = "fr") -> str:
    lines = [
        'msgid ""',
        'msgstr ""',
        '"Project-Id-Version: No Quarter\\n"',
        f'"Language: {language}\\n"',
        '"MIME-Version: 1.0\\n"',
    ]
    if content_type is not None:
        lines.append(f'"Content-Type: {content_type}\\n"')
    lines += [
        '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"',
        "",
        'msgid "Smoke"',
        'msgstr "Fumée"',
        "",
    ]
    return "\n".join(lines)


#: Each plant, its catalogue, the line named, and what the refusal says.
PLANTS = {
    "empty charset": (_catalogue("text/plain; charset="), 6, "Content-Type"),
    "charset of a space": (_catalogue("text/plain; charset= "), 6, "Content-Type"),
    "charset=;": (_catalogue("text/plain; charset=;"), 6, "Content-Type"),
    "charset with more after it": (_catalogue("text/plain; charset=UTF-8 x"), 6, "Content-Type"),
    "no charset": (_catalogue("text/plain"), 6, "Content-Type"),
    "no Content-Type": (_catalogue(None), 3, "the header has no 'Content-Type"),
    "Language fr_": (_catalogue("text/plain; charset=UTF-8", "fr_"), 4, "Language 'fr_'"),
    "Language x-y": (_catalogue("text/plain; charset=UTF-8", "x-y"), 4, "Language 'x-y'"),
    "Language _engine": (
        _catalogue("text/plain; charset=UTF-8", "_engine"),
        4,
        "Language '_engine'",
    ),
}


def _plant(folder: Path, name: str, plant: str) -> Path:
    path = folder / f"{name}.po"
    path.write_text(PLANTS[plant][0], encoding="utf-8")
    return path


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_one_reader_names_file_and_line(plant: str) -> None:
    text, line, said = PLANTS[plant]
    for data in (text.encode(), text):
        with pytest.raises(po.CatalogueSyntaxError, match=rf"^x\.po:{line}: {re.escape(said)}"):
            po.read(data, where="x.po")
        with pytest.raises(po.CatalogueSyntaxError, match=rf"^x\.po:{line}: "):
            po.read(data, where="x.po", strict=False)


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_nq_refuses_in_one_line_at_the_header_line(
    tmp_path: Path, plant: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, line, said = PLANTS[plant]
    path = _plant(tmp_path, "nqcore", plant)
    err = nq_refusal_with(path, capsys, monkeypatch)
    assert err.startswith(f"nq: {path}:{line}: {said}"), err


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_guard_tidy_and_the_checks_name_the_header_line(tmp_path: Path, plant: str) -> None:
    _, line, said = PLANTS[plant]
    for name in ("nqcore", "nqsphinx", "magic"):  # the engine's, the extension's, a page's
        path = _plant(tmp_path, name, plant)
        found = check_catalogue(path)
        assert [(f.line, f.what.startswith(said)) for f in found][:1] == [(line, True)], found
        with pytest.raises(CatalogueError, match=rf"^{path}:{line}: "):
            tidy.tidy(path)
        with pytest.raises(CatalogueRefused, match=rf":{line}: "):
            checked_messages(path)


@pytest.mark.parametrize("language", ["fr", "en", "fr_CA", "pt-BR", ""])
def test_a_good_header_is_read(language: str) -> None:
    text = _catalogue("text/plain; charset=utf-8", language)
    assert [m.string for m in po.read(text.encode(), where="x.po") if m.id] == ["Fumée"]
