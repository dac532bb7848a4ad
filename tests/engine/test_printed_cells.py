"""Errata name the table cells they correct (``[[erratum.cell]]``): each cell is in its table,
the table shows another value than the book's, a bad cell names its erratum, and every profile
whose printed points differ from the engine's has its cell (:mod:`nqcore.tables.printed_cells`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nqcore.book.errata import ErrataError, all_errata, parse_errata
from nqcore.tables.printed_cells import printed_cells, tables_with_printed_cells
from nqcore.tables.profile_tables import COMPUTED_POINTS, PRINTED_POINTS
from nqcore.tables.registry import get_table, table_keys
from nqcore.tables.table_text import cell_text
from tests.engine.errata_records import erratum_file


def shown(key: str) -> dict[tuple[str, str], tuple[str, str, str]]:
    """The printed cells of table ``key``: (first cell, column) -> (shown, printed, erratum)."""
    table = get_table(key)
    return {
        (cell_text(table.rows[p.row][0], "en"), p.column): (
            cell_text(table.rows[p.row][table.columns.index(p.column)], "en"),
            p.printed,
            p.erratum.id,
        )
        for p in printed_cells(table)
    }


def test_every_cell_is_in_its_table_and_shows_another_value() -> None:
    named = [(e.id, cell) for e in all_errata() for cell in e.cells]
    assert len(named) >= 30
    assert set(tables_with_printed_cells()) <= set(table_keys())
    found = {key: printed_cells(get_table(key)) for key in tables_with_printed_cells()}
    assert sum(len(cells) for cells in found.values()) == len(named)
    for cells in found.values():
        assert len({(p.row, p.column) for p in cells}) == len(cells), "a cell named twice"


def test_the_reviews_four_tables() -> None:
    """The cells the review of the PDF found silently corrected (Tables 9.3, 13.3, 12.5, 22.2)."""
    movement = "movement-ability-table-double-time-3-actions"
    assert shown("movement-abilities") == {("3", "Double Time (inches)"): ("4½", "5½", movement)}
    bolt = {("Bolt Thrower", "UC"): ("7", "6", "bolt-thrower-use-cost")}
    assert shown("profile-bolt-thrower") == bolt
    teardrop = shown("teardrop-use-cost")
    ttm = [teardrop.get((str(st), "TTM use cost")) for st in range(3, 10)]
    assert [cell[:2] if cell else None for cell in ttm] == [
        None,
        None,
        ("6", "7"),
        ("7", "8"),
        ("8", "9"),
        ("9", "10"),
        ("10", "11"),
    ]
    assert {cell[2] for cell in teardrop.values()} == {"teardrop-template-use-cost"}
    warrior = ("21", "20", "basic-warrior-toughness-cost")
    assert shown("profile-basic-warrior") == {("Basic Warrior", "Computed Points"): warrior}
    assert shown("profile-basic-warrior-points")[("Total", "Points Cost")] == warrior
    assert shown("profile-basic-warrior-points")[("4", "Points Cost")][:2] == ("+4", "+3")


def test_the_resilience_table_reads_the_sign_its_rule_reads() -> None:
    """Armour Resilience adds RE +1 (it cancels a point of penetration): the cost table shows
    +1, +2, +3, each cell marked with the book's -1, -2, -3 (proof round ten: the table printed
    the book's sign unmarked beside the erratum that says this edition reads +1)."""
    column = "Resilience (RE) Level"
    assert shown("cost-resilience") == {
        (f"+{n}", column): (f"+{n}", f"\N{MINUS SIGN}{n}", "resilience-sign") for n in (1, 2, 3)
    }


def test_every_points_difference_has_its_cell() -> None:
    """A profile whose printed points differ from the engine's is marked in every table that
    shows both (the print editions show the engine's points alone)."""
    differ = 0
    for key in table_keys():
        table = get_table(key)
        if not {PRINTED_POINTS, COMPUTED_POINTS} <= set(table.columns):
            continue
        printed, computed = (table.columns.index(c) for c in (PRINTED_POINTS, COMPUTED_POINTS))
        marked = {p.row: p.printed for p in printed_cells(table) if p.column == COMPUTED_POINTS}
        for index, row in enumerate(table.rows):
            if row[printed] is not None and row[printed] != row[computed]:
                differ += 1
                assert marked.get(index) == str(row[printed]), f"{key}: {row[0]}"
        assert set(marked) <= {
            i for i, row in enumerate(table.rows) if row[printed] != row[computed]
        }
    assert differ >= 9  # five profiles alone, four again in the Sample Profiles table


def _record(*cells: dict[str, object]) -> dict[str, object]:
    return erratum_file(cell=list(cells))


CELL = {"table": "movement-abilities", "row": "3", "column": "Double Time (inches)", "printed": 6}


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ({**CELL, "column": ""}, r"cell #1: missing field\(s\) column"),
        ({**CELL, "colum": "x"}, r"cell #1: unknown field\(s\) colum"),
        ({**CELL, "row": 3}, r"cell #1: table, row and column must be text"),
    ],
)
def test_a_malformed_cell_names_its_erratum(cell: dict[str, object], message: str) -> None:
    with pytest.raises(ErrataError, match=r"^x\.toml, erratum #1 \(a\): " + message):
        parse_errata(_record(cell), "x.toml")


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ({**CELL, "row": "13"}, r"no row whose 'Actions' reads '13'"),
        ({**CELL, "column": "Running"}, r"no single column 'Running'"),
        ({**CELL, "row_column": "Nope"}, r"no single column 'Nope'"),
        ({**CELL, "printed": "4½"}, r"the table shows '4½', the value the erratum calls printed"),
    ],
)
def test_a_cell_not_in_its_table_names_its_erratum(cell: dict[str, object], message: str) -> None:
    errata = parse_errata(_record(cell), "x.toml")
    where = r"^x\.toml, erratum a: cell of table movement-abilities: "
    with pytest.raises(ErrataError, match=where + message):
        printed_cells(get_table("movement-abilities"), errata)


def test_a_row_that_two_rows_share_is_refused() -> None:
    cell = {**CELL, "table": "spell-list", "row": "Wind", "column": "Upkeep", "printed": 1}
    errata = parse_errata(_record(cell), "x.toml")
    with pytest.raises(ErrataError, match=r"6 rows whose 'Aspect' reads 'Wind'"):
        printed_cells(get_table("spell-list"), errata)
    errata = [replace(errata[0], cells=(replace(errata[0].cells[0], row_column="Spell"),))]
    with pytest.raises(ErrataError, match=r"no row whose 'Spell' reads 'Wind'"):
        printed_cells(get_table("spell-list"), errata)


def test_the_schema_refuses_an_unknown_cell_field() -> None:
    from nqcore.data import datafiles

    text = (
        '[[erratum]]\nid = "a"\nkind = "erratum"\ncheck = "price"\nsections = ["s"]\n'
        'subject = "S"\nprinted = "1"\ncorrect = "2"\nwhy = "W"\n\n[[erratum.cell]]\n'
        'table = "t"\nrow = "r"\ncolumn = "c"\nprinted = 1\nrows = "x"\n'
    )
    schema = datafiles.schema_for("errata/x.toml")
    with pytest.raises(
        datafiles.DataFileError, match=r"^x\.toml, erratum #1 \(a\), field cell #1 rows: unknown"
    ):
        datafiles.parse(text, "x.toml", schema)


def test_the_teardrop_use_cost_the_book_prints_is_marked_in_the_readers_words() -> None:
    """Proof round eleven: the medium and large templates' ST+1 was shown without its mark
    where the book prints ST+2 and ST+3; the note says them as the reader's language does."""
    from nqsphinx.directives.tables import printed_words

    table = get_table("weapon-creation-teardrop-use-cost")
    marked = [(table.rows[cell.row][0], cell.printed) for cell in printed_cells(table)]
    assert marked == [("Medium (TTM)", "ST+2"), ("Large (TTL)", "ST+3")]
    assert [printed_words(printed, "fr") for _, printed in marked] == ["F+2", "F+3"]
    assert printed_words("7", "fr") == "7" and printed_words("ST+2", "en") == "ST+2"
