"""``nq army FILE --pdf OUT.pdf``: the roster set by the print products' LaTeX, read back from the
PDF (pdftotext): every entry with its points and profile line, the total against the game's
size, the warnings, in English and in French, on A4 and on US Letter, its fonts embedded."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.army.army_rules import check
from nqcore.army.force import army
from nqcore.cli.commands import main
from tests.print.pdfs import reader, text, text_lines, unembedded_fonts

pytestmark = pytest.mark.slow  # xelatex runs (seconds each)
ARMIES = Path(__file__).resolve().parents[2] / "examples" / "armies"
Capture = pytest.CaptureFixture[str]


def _warband(folder: Path) -> Path:
    """The sample warband with warnings to print: its Ogres given grenades (their profile is no
    longer the book's as printed, and warns of T 7 for an elite model), its General dismissed."""
    for name in ("orc-warband.toml", "orc-captain.toml"):
        (folder / name).write_text((ARMIES / name).read_text(encoding="utf-8"), "utf-8")
    warband = folder / "orc-warband.toml"
    text = warband.read_text(encoding="utf-8").replace("general = true\n", "")
    ogres = 'profile = "ogre-freebooter"\n'
    grenades = 'options = { equipment = [{ key = "grenades", level = "ST3 1\\"" }] }\n'
    assert ogres in text
    warband.write_text(text.replace(ogres, ogres + grenades), encoding="utf-8")
    return warband


def _printed(capsys: Capture, tmp_path: Path, lang: str, *more: str) -> tuple[str, Path]:
    out = tmp_path / f"a roster {lang}.pdf"  # a space in the name: never on xelatex's line
    code = main(["--lang", lang, "army", str(_warband(tmp_path)), "--pdf", str(out), *more])
    said, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert said.splitlines()[-1].endswith(str(out))
    return " ".join(text(out).split()), out


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "en",
            [
                "The Red Tusk Warband",
                "Army roster · A game of 2,000 points",
                "Unit · Orc Bruisers",
                "core, 16 models",
                "Unit leader: Orc Captain",
                "Support weapon: Bolt Thrower",
                "Standard Bearer: 1 model × ",
                "Warning: ",
            ],
        ),
        (
            "fr",
            [
                "The Red Tusk Warband",
                "Liste d’armée · Une partie de 2 000 points",
                "Unité · Orc Bruisers",
                "régulier, 16 figurines",
                "Chef d’unité : Orc Captain",
                "Porteur de bannière : 1 figurine × ",
                "Avertissement : ",
            ],
        ),
    ],
)
def test_the_roster_pdf_holds_every_entry_and_the_total(
    capsys: Capture, tmp_path: Path, lang: str, words: list[str]
) -> None:
    shown, out = _printed(capsys, tmp_path, lang)
    shown = shown.replace("\u202f", " ").replace("\u00a0", " ")
    for word in words:
        assert word in shown, word
    force = army(str(_warband(tmp_path)))
    for item in force.entries:
        assert re.search(rf"{re.escape(item.entry.name)} {item.points} points", shown), item
    total = {"en": "Total: 1,", "fr": "Total : 1 "}[lang]
    assert f"{total}" in shown and str(force.total)[1:] in shown
    warnings = len(check(force)) + sum(len(item.warnings) for item in force.entries)
    # every warning printed: the army's (no General) and the changed Ogres' (T 7)
    assert warnings == shown.count("Warning: " if lang == "en" else "Avertissement : ") >= 2
    assert not unembedded_fonts(out)
    assert round(float(reader(out).pages[0].mediabox.width)) == 595  # A4


def test_the_roster_on_letter_paper(capsys: Capture, tmp_path: Path) -> None:
    _, out = _printed(capsys, tmp_path, "en", "--paper", "letter")
    box = reader(out).pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == (612, 792)


LONG = "W" * 60
LONG_UNIT = "Supercalifragilisticexpialidocious" * 4


def _army(tmp_path: Path, name: str, unit: str) -> Path:
    path = tmp_path / "army.toml"
    path.write_text(
        f'name = "{name}"\npoints = 1000\n[[unit]]\nname = "{unit}"\nprofile = "orc-bruiser"\n'
        'models = 10\n[[individual]]\nname = "Lord"\nprofile = "hero"\ngeneral = true\n',
        encoding="utf-8",
    )
    return path


def test_long_unbroken_names_stay_whole_inside_the_page(capsys: Capture, tmp_path: Path) -> None:
    """A name of 60 letters without a space breaks where it must: every letter printed, every
    line inside the page's width."""
    out = tmp_path / "long.pdf"
    code = main(["army", str(_army(tmp_path, LONG, LONG_UNIT)), "--pdf", str(out)])
    assert (code, capsys.readouterr().err) == (0, "")
    joined = "".join(text(out).split())
    assert LONG in joined and LONG_UNIT in joined
    width = float(reader(out).pages[0].mediabox.width)
    lines = text_lines(out, 1)
    assert lines and all(0 <= line.x0 and line.x1 <= width - 40 for line in lines), [
        (line.text[:20], line.x1) for line in lines if line.x1 > width - 40
    ]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["army.toml, unit #1, field name: no roster printed (", "its font has no glyph"]),
        ("fr", ["army.toml, unité nº 1, champ name\u00a0: ", "sa police n’a pas de glyphe"]),
    ],
)
def test_a_character_the_font_lacks_is_refused_naming_the_field(
    capsys: Capture, tmp_path: Path, lang: str, said: list[str]
) -> None:
    out = tmp_path / "cjk.pdf"
    code = main(
        ["--lang", lang, "army", str(_army(tmp_path, "Army", "龍の軍団")), "--pdf", str(out)]
    )
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1, err
    assert all(part in err for part in said) and "U+9F8D (龍)" in err, err
    assert not out.exists()


@pytest.mark.parametrize(
    ("lang", "name", "said"),
    [
        ("en", "गोबलिन", "army.toml, unit #1, field name: no roster printed ("),
        ("fr", "गोबलिन", "army.toml, unité nº 1, champ name\u00a0: aucune liste d’armée"),
        ("en", "Orc שומרים", "army.toml, unit #1, field name: no roster printed ("),
    ],
)
def test_a_script_the_roster_cannot_shape_is_refused_naming_the_field(
    capsys: Capture, tmp_path: Path, lang: str, name: str, said: str
) -> None:
    """Its fonts hold Devanagari and Hebrew, but the roster shapes them as Latin, left to right:
    "गोबलिन" printed its vowel sign ि after its consonant, Hebrew printed backwards."""
    out = tmp_path / "shaped.pdf"
    code = main(["--lang", lang, "army", str(_army(tmp_path, "Army", name)), "--pdf", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1 and "Traceback" not in err, err
    first = next(char for char in name if ord(char) > 0x7F)
    assert said in err and f"U+{ord(first):04X} ({first})" in err, err
    assert not out.exists()


def test_a_character_the_font_lacks_in_a_leaders_file_names_that_file_and_field(
    capsys: Capture, tmp_path: Path
) -> None:
    """The leader's name is the leader's file's, not the army's: the refusal names it there."""
    army_file = _warband(tmp_path)
    captain = tmp_path / "orc-captain.toml"
    captain.write_text(
        captain.read_text(encoding="utf-8").replace('"Orc Captain"', '"Orc 龍 Captain"'),
        encoding="utf-8",
    )
    out = tmp_path / "cjk.pdf"
    code = main(["army", str(army_file), "--pdf", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and len(err.splitlines()) == 1, err
    assert err.startswith(
        f"nq army: {army_file}, unit #1 (Orc Bruisers), leader: {captain}, field name: "
        "no roster printed ("
    ), err
    assert "U+9F8D (龍)" in err and not out.exists()


def test_a_failed_roster_names_xelatexs_cause_and_leaves_no_folder(
    capsys: Capture, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A line too long for xelatex's buffer is said on its terminal only, not in its log: the
    refusal says it, and the roster's folder goes as after a roster printed."""
    import tempfile

    folders: list[Path] = []
    made = tempfile.mkdtemp

    def kept(prefix: str = "") -> str:
        folders.append(Path(made(prefix=prefix, dir=tmp_path)))
        return str(folders[-1])

    monkeypatch.setattr("nqprint.army_roster.tempfile.mkdtemp", kept)
    long_line = "x" * 300_000
    monkeypatch.setattr("nqprint.army_roster.roster_tex", lambda *args: long_line + "\n")
    out = tmp_path / "r.pdf"
    code = main(["army", str(ARMIES / "orc-warband.toml"), "--pdf", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and not out.exists()
    assert err == (
        f"nq army: {out}: no roster printed: roster.tex: "
        "! Unable to read an entire line---bufsize=200000.\n"
    )
    assert folders and not folders[0].exists()


def _xmp_title(pdf: Path) -> str:
    """The title of the PDF's XMP packet, which must parse as XML."""
    from xml.etree import ElementTree

    stream = reader(pdf).trailer["/Root"]["/Metadata"].get_object().get_data()
    packet = ElementTree.fromstring(stream)
    names = {"dc": "http://purl.org/dc/elements/1.1/", "rdf": RDF}
    return "".join(packet.find(".//dc:title/rdf:Alt/rdf:li", names).itertext())  # type: ignore[union-attr]


RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"


@pytest.mark.parametrize("name", ["A ) B", "A ( B", "A) <</Evil 1>> (B", "Back\\slash ((x)"])
def test_a_parenthesis_or_backslash_in_the_title_keeps_the_xmp_whole(
    capsys: Capture, tmp_path: Path, name: str
) -> None:
    """Attack thirteen: hyperxmp wrote the packet as a PDF string, which an unbalanced
    parenthesis of the army's name cut short (or dropped), at exit status 0."""
    out = tmp_path / "paren.pdf"
    army_file = _army(tmp_path, name.replace("\\", "\\\\"), "Bruisers")  # TOML's escape
    code = main(["army", str(army_file), "--pdf", str(out)])
    assert (code, capsys.readouterr().err) == (0, "")
    title = reader(out).metadata.title  # type: ignore[union-attr]
    assert name in title
    assert _xmp_title(out) == title
