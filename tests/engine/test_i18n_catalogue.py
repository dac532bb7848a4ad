"""The engine's catalogue tool: extraction from code and data, and a merge that loses nothing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from nqcore import po
from nqcore.po import Catalog
from nqtranslate.catalogue import (
    FUZZY_SIMILARITY,
    CatalogueError,
    extract,
    main,
    read_catalogue,
    similarity,
    update,
)


def _read(po_path: Path) -> Catalog:
    return po.read(po_path.read_bytes())


def _translate(po_path: Path, msgid: str, msgstr: str) -> None:
    """``msgid`` translated ``msgstr`` in the catalogue ``po_path``, as a translator does."""
    catalogue = _read(po_path)
    message = catalogue.get(msgid)
    assert message is not None, msgid
    message.string = msgstr
    po_path.write_bytes(po.write(catalogue))


def _flags(message: po.Message) -> set[str]:
    """The flags of ``message`` but Babel's guesses (``python-format``: the file is read for
    that one, ``"python-format" not in`` its text)."""
    return set(message.flags) - {"python-format", "python-brace-format"}


def _package(root: Path, code: str, data: str = "") -> Path:
    package = root / "pkg"
    (package / "data").mkdir(parents=True)
    (package / "rules.py").write_text(code, encoding="utf-8")
    if data:
        (package / "data" / "things.toml").write_text(data, encoding="utf-8")
    return package


CODE = 'from x import N_\nA = N_("Charge")\nB = N_(name)\nC = other("Ignored")\n'
DATA = """\
[[thing]]
key = "not-translated"
name = "Sword"
points = 3
text = ["First line", "Second line"]
printed = "27"
"""


def test_extract_takes_marked_literals_and_translatable_fields(tmp_path: Path) -> None:
    template = extract(_package(tmp_path, CODE, DATA))
    ids = [m.id for m in template if m.id]
    assert ids == ["Charge", "Sword", "First line", "Second line"]
    assert template["Charge"].locations == [("rules.py", 2)]
    assert template["Sword"].locations == [("data/things.toml", 0)]


def test_extract_takes_other_markers(tmp_path: Path) -> None:
    code = 'T = ui_text("Next page")\nU = N_("Not this one")\n'
    ids = [m.id for m in extract(_package(tmp_path, code), {"ui_text": None}) if m.id]
    assert ids == ["Next page"]


def test_update_keeps_translations_and_marks_changes(tmp_path: Path) -> None:
    package = _package(tmp_path, CODE, DATA)
    po_path = tmp_path / "fr.po"
    assert update(po_path, extract(package)) == (4, 4)
    _translate(po_path, "Charge", "Charge")
    _translate(po_path, "Sword", "Épée")
    (package / "rules.py").write_text('A = N_("Charges")\n', encoding="utf-8")
    total, pending = update(po_path, extract(package))
    assert (total, pending) == (4, 3)  # "Charges" is new (fuzzy), "Sword" stays translated
    merged = _read(po_path)
    assert merged["Sword"].string == "Épée"
    changed = merged["Charges"]
    assert "fuzzy" in changed.flags and changed.string == "Charge"  # a guess for the translator
    assert "python-format" not in po_path.read_text(encoding="utf-8")
    before = po_path.read_bytes()
    update(po_path, extract(package))
    assert po_path.read_bytes() == before  # an update without changes changes nothing


def test_a_message_back_in_use_is_not_left_obsolete(tmp_path: Path) -> None:
    package = _package(tmp_path, CODE)
    po_path = tmp_path / "fr.po"
    update(po_path, extract(package))
    _translate(po_path, "Charge", "Charger")
    (package / "rules.py").write_text("", encoding="utf-8")
    update(po_path, extract(package))
    catalogue = _read(po_path)
    assert [m.id for m in catalogue.obsolete.values()] == ["Charge"]
    catalogue.obsolete["Charge"].string = ""  # its French withdrawn: "Charge" comes back bare
    po_path.write_bytes(po.write(catalogue))
    (package / "rules.py").write_text(CODE, encoding="utf-8")
    update(po_path, extract(package))
    catalogue = _read(po_path)
    assert [m.id for m in po.messages(catalogue, obsolete=True)] == ["Charge"]
    assert not catalogue.obsolete


def test_the_command_line_updates_then_checks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = _package(tmp_path, CODE, DATA)
    po_path = package / "locale" / "fr" / "LC_MESSAGES" / "things.po"
    args = ["--package", str(package), "--domain", "things"]
    assert main(["check", *args]) == 1
    assert "message not in the catalogue: 'Charge'" in capsys.readouterr().err
    assert main(["update", *args]) == 0
    assert capsys.readouterr().out.strip() == f"{po_path}: 4 messages, 4 to translate"
    assert main(["check", *args]) == 0
    assert main(["check", *args, "--keyword", "other"]) == 1  # "Ignored" is not in it


def test_a_returning_message_gets_its_translation_back(tmp_path: Path) -> None:
    package = _package(tmp_path, CODE)
    po_path = tmp_path / "fr.po"
    update(po_path, extract(package))
    _translate(po_path, "Charge", "Charger")
    (package / "rules.py").write_text("", encoding="utf-8")
    update(po_path, extract(package))
    (obsolete,) = _read(po_path).obsolete.values()
    assert (obsolete.id, obsolete.string) == ("Charge", "Charger")
    (package / "rules.py").write_text(CODE, encoding="utf-8")
    assert update(po_path, extract(package)) == (1, 0)
    back = _read(po_path)
    assert [(m.id, m.string, _flags(m)) for m in po.messages(back)] == [
        ("Charge", "Charger", set())
    ]
    assert not back.obsolete


def test_only_the_same_msgid_and_msgctxt_are_revived(tmp_path: Path) -> None:
    po_path = tmp_path / "fr.po"
    po_path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n\n'
        '#~ msgctxt "verb"\n#~ msgid "Charge"\n#~ msgstr "Charger"\n\n'
        '#~ msgid "Wizard"\n#~ msgstr "Magicien"\n',
        encoding="utf-8",
    )
    near = Catalog()
    near.add("Charge", context="noun")  # another msgctxt
    near.add("Wizards")  # a near msgid
    assert update(po_path, near) == (2, 2)  # no guess made from an obsolete message
    merged = _read(po_path)
    assert [(m.context, m.id, m.string, _flags(m)) for m in po.messages(merged)] == [
        ("noun", "Charge", "", set()),
        (None, "Wizards", "", set()),
    ]
    assert {m.string for m in merged.obsolete.values()} >= {"Charger", "Magicien"}
    same = Catalog()
    same.add("Charge", context="verb")
    assert update(po_path, same) == (1, 0)
    (revived,) = po.messages(_read(po_path))
    assert (revived.context, revived.string, _flags(revived)) == ("verb", "Charger", set())


def test_an_unreadable_catalogue_is_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    package = _package(tmp_path, CODE)
    po_path = package / "locale" / "fr" / "LC_MESSAGES" / "things.po"
    po_path.parent.mkdir(parents=True)
    po_path.write_text('msgid ""\nmsgstr ""\n\nmsgid "Charge"\nmsgstr "Charge"\nbogus\n')
    assert main(["update", "--package", str(package), "--domain", "things"]) == 1
    assert capsys.readouterr().err == f"{po_path}:6: not a keyword and one quoted string: 'bogus'\n"
    with pytest.raises(CatalogueError, match=r"things\.po:6: "):
        read_catalogue(po_path)


def _translated(po_path: Path, pairs: dict[str, str]) -> None:
    po_path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=utf-8\\n"\n'
        + "".join(f'\nmsgid "{en}"\nmsgstr "{fr}"\n' for en, fr in pairs.items()),
        encoding="utf-8",
    )


def test_a_new_message_is_never_given_the_french_of_an_unrelated_one(tmp_path: Path) -> None:
    """A new table's "Bonus" column once came out as fuzzy « Confusion » (Babel guesses at 0.6)."""
    po_path = tmp_path / "fr.po"
    _translated(po_path, {"Confusion": "Confusion", "Bonuses": "Bonus multiples"})
    template = Catalog()
    for msgid in ("Confusion", "Bonuses", "Bonus"):  # a table with a new column
        template.add(msgid)
    babel_guess = read_catalogue(po_path)
    babel_guess.update(template)  # what Babel alone would do
    assert babel_guess["Bonus"].fuzzy and babel_guess["Bonus"].string == "Bonus multiples"
    assert update(po_path, template) == (3, 1)
    bonus = _read(po_path)["Bonus"]
    assert (bonus.string, _flags(bonus)) == ("", set())


def test_an_edited_sentence_keeps_its_french_as_fuzzy(tmp_path: Path) -> None:
    po_path = tmp_path / "fr.po"
    old = "Models in the unit may move up to their full movement and still shoot."
    _translated(
        po_path, {old: "Les figurines de l’unité peuvent bouger et tirer.", "Bonus": "Bonus"}
    )
    template = Catalog()
    edited = old.replace("full", "whole")
    unrelated = "Models in the unit may not shoot this turn."
    template.add(edited)
    template.add(unrelated)
    assert similarity(old, edited) >= FUZZY_SIMILARITY > similarity(old, unrelated)
    update(po_path, template)
    merged = _read(po_path)
    guess = merged[edited]
    assert guess.fuzzy and guess.string.startswith("Les figurines")
    assert merged[unrelated].string == ""
    assert [m.id for m in merged.obsolete.values()] == ["Bonus"]


def test_update_writes_what_msgcat_writes(tmp_path: Path) -> None:
    po_path = tmp_path / "fr.po"
    long = "A message long enough to be wrapped: " + "word " * 30
    _translated(po_path, {long.strip(): "Un message " + "mot " * 40})
    template = Catalog()
    template.add(long.strip())
    update(po_path, template)
    data = po_path.read_bytes()
    assert max(len(line) for line in data.decode().splitlines()) <= 79
    again = subprocess.run(["msgcat", str(po_path)], capture_output=True, check=True).stdout
    assert again == data


def test_the_header_is_written_as_msgmerge_writes_it(tmp_path: Path) -> None:
    po_path = tmp_path / "fr.po"
    template = Catalog(locale="fr", project="x")
    template.add("Charge")
    update(po_path, template)
    data = po_path.read_bytes()
    fields = [line.split(b":")[0] for line in data.splitlines() if line[:2] in (b'"P', b'"L')]
    assert b'"Language-Team' in fields and fields.index(b'"Language-Team') + 1 == fields.index(
        b'"Language'
    )  # Babel writes Language first
    assert b"charset=UTF-8" in data
    merge = ["msgmerge", "-q", "--no-fuzzy-matching", "-o", "-", str(po_path), str(po_path)]
    assert subprocess.run(merge, capture_output=True, check=True).stdout == data


def test_a_paragraph_that_gains_a_sentence_keeps_its_french_as_fuzzy(tmp_path: Path) -> None:
    """The nq page's export paragraph gained "so it takes no --lang": difflib's ratio (0.83)
    made the French obsolete and the paragraph untranslated, where msgmerge keeps it fuzzy."""
    po_path = tmp_path / "fr.po"
    old = (
        "`nq export` writes every datum and every table of the rules as one JSON document, "
        "for other programs; its JSON Schema is `nqcore/cli/export.schema.json`."
    )
    _translated(po_path, {old: "`nq export` écrit toutes les données en un seul document JSON."})
    template = Catalog()
    grown = old + " Its words are the English source's, so it takes no `--lang`."
    short = "`nq export` writes one JSON document."  # holds few of the old words: not a guess
    template.add(grown)
    template.add(short)
    assert similarity(old, grown) >= FUZZY_SIMILARITY > similarity(old, short)
    update(po_path, template)
    merged = _read(po_path)
    assert merged[grown].fuzzy and merged[grown].string.startswith("`nq export` écrit")
    assert merged[short].string == ""
