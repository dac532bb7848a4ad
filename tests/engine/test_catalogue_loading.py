"""The engine believes no catalogue it reads at run time blindly (nqcore.i18n.load_po): a
translation whose fields differ from its English's, or a file that is not plain UTF-8 gettext,
gives the English and one warning naming file and line, never internals or a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqcore.catalogue_loading import load_po

HEADER = (
    'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
    '"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
)
GOOD = 'msgid "{actions} actions"\nmsgstr "{actions} actions (fr)"\n'


def _load(tmp_path: Path, body: bytes, name: str = "nqcore.po") -> dict[str, str]:
    path = tmp_path / name
    path.write_bytes(HEADER.encode() + body)
    load_po.cache_clear()
    return load_po(path)


@pytest.mark.parametrize(
    "msgstr",
    [
        "{actions.__class__.__mro__} actions",
        "{actions:>9999999999} actions",
        "{actions!r} actions",
        "{actions[0]} actions",
        "{} actions",
        "{actions} {actions} actions",
        "actions",
    ],
)
def test_a_translation_whose_fields_differ_gives_the_english(
    tmp_path: Path, msgstr: str, capsys: pytest.CaptureFixture[str]
) -> None:
    other = 'msgid "{actions} moves"\nmsgstr "{actions} actions (fr)"\n'
    body = f'msgid "{{actions}} actions"\nmsgstr "{msgstr}"\n\n{other}'
    messages = _load(tmp_path, body.encode())
    assert "{actions} actions" not in messages
    assert messages["{actions} moves"] == "{actions} actions (fr)"  # the others stay
    warning = capsys.readouterr().err
    assert f"{tmp_path / 'nqcore.po'}:6: warning:" in warning, warning
    assert len(warning.splitlines()) == 1


def test_a_chain_the_english_has_is_kept(tmp_path: Path) -> None:
    body = 'msgid "{spell.name} at {range:>3}"\nmsgstr "{spell.name} à {range:>3}"\n'
    assert (
        _load(tmp_path, body.encode())["{spell.name} at {range:>3}"] == "{spell.name} à {range:>3}"
    )


def test_a_blank_line_its_english_lacks_gives_the_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A paragraph break in a one-line string (a heading, a PDF's subject) ends LaTeX's
    argument: the roster would not compile, naming no catalogue."""
    body = 'msgid "Army roster"\nmsgstr "Liste\\n\\nd’armée"\n\nmsgid "A"\nmsgstr "B\\n \\nC"\n'
    body += '\nmsgid "One.\\n\\nTwo."\nmsgstr "Un.\\n\\nDeux."\n'
    messages = _load(tmp_path, body.encode())
    assert "Army roster" not in messages and "A" not in messages
    assert messages["One.\n\nTwo."] == "Un.\n\nDeux."  # its English has the break
    warnings = capsys.readouterr().err.splitlines()
    assert [w.split(": warning: ")[0] for w in warnings] == [
        f"{tmp_path / 'nqcore.po'}:6",
        f"{tmp_path / 'nqcore.po'}:9",
    ]
    assert "blank line" in warnings[0]


def test_a_blank_name_or_a_line_break_its_english_lacks_gives_the_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A spell named by spaces printed "Sort :  " (and its card's index entry stopped the build
    at the English page); one named over two lines broke the terminal's answer in two."""
    body = 'msgid "Blind"\nmsgstr " "\n\nmsgid "Smoke"\nmsgstr "Fumée\\népaisse"\n\n'
    body += 'msgid "Fog"\nmsgstr "Brume"\n\nmsgid "One.\\nTwo."\nmsgstr "Un.\\nDeux."\n'
    messages = _load(tmp_path, body.encode())
    assert "Blind" not in messages and "Smoke" not in messages
    assert messages["Fog"] == "Brume" and messages["One.\nTwo."] == "Un.\nDeux."
    warnings = capsys.readouterr().err.splitlines()
    assert [w.split(": warning: ")[0] for w in warnings] == [
        f"{tmp_path / 'nqcore.po'}:6",
        f"{tmp_path / 'nqcore.po'}:9",
    ]
    assert "blank" in warnings[0] and "line break" in warnings[1]


@pytest.mark.parametrize(
    ("body", "line", "said"),
    [
        (b'msgid "Fireball"\nmsgstr "Boule de feu \xff"\n', 10, "not valid UTF-8"),
        (b'msgid "a"\nmsgstr "b"\n\nmsgid "a"\nmsgstr "c"\n', 12, "twice"),
        (b'msgid "a\nmsgstr "b"\n', 9, "not a keyword"),
        (b'msgid "a"\nmsgstr "b\n', 10, "not a keyword"),
    ],
)
def test_a_broken_catalogue_gives_the_english(
    tmp_path: Path, body: bytes, line: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _load(tmp_path, GOOD.encode() + b"\n" + body) == {}
    warning = capsys.readouterr().err
    assert f"nqcore.po:{line}: warning:" in warning and said in warning, warning


@pytest.mark.parametrize(
    ("old", "new", "said"),
    [
        ("charset=UTF-8", "charset=ISO-8859-1", "charset ISO-8859-1"),
        ("plural=(n > 1);", "plural=n/0;", "Plural-Forms"),
        ("plural=(n > 1);", "plural=n % (n - 7);", "Plural-Forms"),
        ("plural=(n > 1);", "plural=__import__('os');", "Plural-Forms"),
    ],
)
def test_a_header_the_engine_cannot_trust_gives_the_english(
    tmp_path: Path, old: str, new: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nqcore.po"
    path.write_text(HEADER.replace(old, new) + GOOD, encoding="utf-8")
    load_po.cache_clear()
    assert load_po(path) == {}
    warning = capsys.readouterr().err
    assert "nqcore.po:" in warning and said in warning, warning


def test_while_held_each_language_is_looked_up_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The answer tables ask the engine 80,000 questions a language (nqcompanion/page/answers.py),
    each rendering some twenty texts: while the catalogues are held, each language's messages are
    looked up once, not for every text (a sixth of each answer's time); outside, at every call,
    so that a catalogue edited between two runs of a resident process is read again."""
    from nqcompanion.bridge.web import ask
    from nqcore import i18n

    looked_up: list[str] = []
    catalogue = i18n._catalogue

    def counted(lang: str) -> dict[str, str]:
        looked_up.append(lang)
        return catalogue(lang)

    monkeypatch.setattr(i18n, "_catalogue", counted)
    with i18n.catalogues_held():
        for lang in ("en", "fr", "en", "fr"):
            assert ask(["cast", "--spell", "fireball", "--wizardry", "2"], lang)["text"]
    assert sorted(looked_up) == ["en", "fr"]
    looked_up.clear()
    ask(["hit", "5"], "fr")
    ask(["hit", "5"], "fr")
    assert len(looked_up) >= 2
