"""The copy-edits of the 2007 English (docs/_data/copy_edits.toml): each correction is in its
page and section, the typo it corrects is nowhere in the English sources, and the list refuses
a broken record in one line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nqcore.data.datafiles import DataFileError
from nqcore.rules.spells import all_spells
from nqsphinx.books.copy_edits import COPY_EDITS_FILE, CopyEdit, load_copy_edits
from tests.building import ROOT

DOCS = ROOT / "docs"
EDITS = load_copy_edits(DOCS / COPY_EDITS_FILE)


def _section_text(edit: CopyEdit) -> str:
    """The text of ``edit.page`` from the label ``edit.section`` to the next section's label
    (a label before a heading: a glossary term's paragraph has one too); the data file's text
    where the page shows the words from the engine's data (a card's texts filled, "within 30\"",
    where the file says "within {range_inches}\"")."""
    if edit.data == "nqcore/data/spells.toml":  # its texts as the engine fills them
        return "\n".join(str(text) for card in all_spells() for text in card.text)
    if edit.data:
        return (ROOT / edit.data).read_text("utf-8")
    text = (DOCS / f"{edit.page}.md").read_text("utf-8")
    start = text.index(f"({edit.section})=")
    following = re.search(r"^\([\w-]+\)=\n#", text[start + 1 :], re.M)
    return text[start : start + 1 + following.start()] if following else text[start:]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: f"{e.page}:{e.corrected[:30]}")
def test_each_correction_is_in_its_section(edit: CopyEdit) -> None:
    assert edit.corrected in _section_text(edit)


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: f"{e.page}:{e.printed[:30]}")
def test_no_typo_is_left_in_the_english_sources(edit: CopyEdit) -> None:
    data = [ROOT / edit.data] if edit.data else []
    paths = [*sorted(DOCS.glob("*.md")), *data]
    if "\n" in edit.printed:  # a missing full stop: the paragraph's end and the next one's start
        places = [
            str(path.relative_to(ROOT)) for path in paths if edit.printed in path.read_text("utf-8")
        ]
    else:
        places = [
            f"{path.relative_to(ROOT)}:{number}"
            for path in paths
            for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
            if edit.printed in line
        ]
    assert places == []


def test_no_doubled_word_in_the_english_sources() -> None:
    """ "may may": a word typed twice is a typo of the kind the list records."""
    doubled = [
        f"{path.name}:{number}: {match.group(0)}"
        for path in sorted(DOCS.glob("*.md"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        for match in re.finditer(r"\b([A-Za-z]{2,}) \1\b", line)
        if match.group(1).lower() not in {"that", "had"}
    ]
    assert doubled == []


def test_inches_are_printed_as_fractions() -> None:
    """§11.12's "an extra 0.5\" blast" is "½\"" in both languages: the book prints a half inch as
    a fraction everywhere else ("1½\"" four lines below), never as a decimal."""
    decimal = re.compile(r"\d[.,]5\\?\"")
    english = [
        f"{path.name}:{number}"
        for path in sorted(DOCS.glob("*.md"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if decimal.search(line)
    ]
    french = [
        f"{path.name}:{number}"
        for path in sorted((ROOT / "locale" / "fr" / "LC_MESSAGES").glob("*.po"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if line.startswith(("msgstr", '"')) and decimal.search(line)
    ]
    assert english == [] and french == []


@pytest.mark.parametrize("page", ["actions", "morale"])
def test_the_re_roll_of_a_failed_command_test_is_stated_once(page: str) -> None:
    """Both chapters that print the command test modifiers state the Army Battle Standard's
    re-roll under the table; the table's own note, which says it again, is left out there."""
    text = (DOCS / f"{page}.md").read_text("utf-8")
    table = re.search(r"```\{nq-table\} command-modifiers\n(.*?)```", text, re.S)
    assert table and ":no-notes:" in table.group(1)
    assert text.count("may be re-rolled if the {ref}`Army Battle Standard") == 1


@pytest.mark.parametrize(
    ("record", "named"),
    [
        ('[[edit]]\npage = "morale"\n', "missing field(s) section"),
        (
            '[[edit]]\npage = "morale"\nsection = "morale"\nprinted = "a"\ncorrected = "a"\n'
            'reason = "same"\n',
            "printed and corrected are the same",
        ),
        ('[[edit]]\npage = "morale"\npages = 3\n', "pages"),
    ],
)
def test_a_broken_record_is_refused_in_one_line(tmp_path: Path, record: str, named: str) -> None:
    path = tmp_path / "copy_edits.toml"
    path.write_text(record, "utf-8")
    with pytest.raises(DataFileError) as error:
        load_copy_edits(path)
    assert str(path) in str(error.value) and named in str(error.value)
    assert "\n" not in str(error.value)
