"""Every data file is checked against its schema: a misspelled field, a wrong type and an
out-of-range value are refused in one line that names the file, the record and the field."""

from __future__ import annotations

import ast
import copy
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from nqcore.data import datafiles
from nqcore.data.dataschema import GlossaryFile

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = ROOT / "docs" / "_data" / "glossary.toml"


@dataclass(frozen=True)
class Case:
    """Three mistakes in the first record of ``table``: ``misspelled`` = (field, typo) adds the
    typo beside the field; ``wrong`` and ``out_of_range`` = (field, value) replace a value."""

    table: str
    misspelled: tuple[str, str]
    wrong: tuple[str, Any]
    out_of_range: tuple[str, Any]


ERRATUM = Case("erratum", ("sections", "sectoins"), ("sections", 1), ("kind", "typo"))
CASES: dict[str, Case] = {
    "abilities.toml": Case("ability", ("note", "notes"), ("points", "3"), ("points", 1000)),
    "aspects.toml": Case("aspect", ("colour", "color"), ("intro", "text"), ("colour", "red")),
    "book_tables.toml": Case("table", ("title", "titel"), ("columns", 3), ("key", "Bad Key")),
    "characteristic_costs.toml": Case(
        "characteristic", ("abbreviation", "abbrev"), ("values", "1-12"), ("source", "")
    ),
    "close_combat_modifiers.toml": Case(
        "modifier", ("group", "groop"), ("value", "+1"), ("value", 12)
    ),
    "command_modifiers.toml": Case("modifier", ("group", "grup"), ("value", "+1"), ("value", -10)),
    "confusables.toml": Case("look", ("chars", "chrs"), ("chars", 3), ("reads", "")),
    "army_rules.toml": Case("rule", ("limit", "limt"), ("text", 3), ("kind", "advice")),
    "edition_changes.toml": Case(
        "change", ("source", "sorce"), ("old_reading", 3), ("kind", "typo")
    ),
    "equipment.toml": Case("equipment", ("note", "nte"), ("points", "2"), ("points", 1000)),
    "example_profiles.toml": Case(
        "profile", ("printed_points", "printd_points"), ("ac", "8"), ("ac", 21)
    ),
    "game_limits.toml": Case("game_size", ("open", "opne"), ("points", "1000"), ("points", 0)),
    "game_turns.toml": Case("result", ("source", "sorce"), ("turns", "4"), ("highest", 11)),
    "hand_weapons.toml": Case("weapon", ("reach", "rech"), ("uc", "3"), ("points", -1)),
    "movement_abilities.toml": Case(
        "ability", ("terrain", "terain"), ("terrain", "yes"), ("inches", 0)
    ),
    "mutations.toml": Case("mutation", ("text", "txt"), ("points", "3"), ("points", -1)),
    "panic_table.toml": Case("result", ("label", "lable"), ("lowest", "1"), ("highest", 11)),
    "ranged_modifiers.toml": Case("modifier", ("group", "grp"), ("value", 1.5), ("value", -10)),
    "ranged_weapons.toml": Case("weapon", ("burst", "brust"), ("st", "5"), ("pm", 1)),
    "sample_profiles.toml": Case(
        "profile", ("unit_size", "unitsize"), ("printed_points", "20"), ("co", 21)
    ),
    "spells.toml": Case("spell", ("upkeep", "upkep"), ("level", "3"), ("level", 9)),
    "support_weapons.toml": Case("weapon", ("travel", "travle"), ("indirect", 1), ("burst", 5)),
    "teardrop_templates.toml": Case(
        "template", ("label", "lable"), ("minimum_use_cost", "5"), ("minimum_use_cost", 0)
    ),
    "templates.toml": Case("counter", ("diameter", "diametre"), ("name", 1), ("diameter", "0")),
    "traits.toml": Case("trait", ("priced_by", "priced"), ("points", "-10"), ("points", -100)),
    "weapon_creation.toml": Case("special_rule", ("kinds", "kind"), ("cost", "2"), ("cost", -1)),
}


def _case(filename: str) -> Case:
    return ERRATUM if filename.startswith("errata/") else CASES[filename]


def _raw(filename: str) -> dict[str, Any]:
    text = resources.files("nqcore").joinpath("data", *filename.split("/")).read_text("utf-8")
    return tomllib.loads(text)


def _refusal(filename: str, data: dict[str, Any]) -> str:
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.check(data, datafiles.PREFIX + filename, datafiles.schema_for(filename))
    message = str(caught.value)
    assert "\n" not in message
    return message


def _changed(filename: str, field: str, value: Any) -> tuple[dict[str, Any], str]:
    """The file with the first record's ``field`` set to ``value``; and how that record is named."""
    data = copy.deepcopy(_raw(filename))
    table = _case(filename).table
    record = data[table][0]
    record[field] = value
    name = record.get("key") or record.get("id")
    named = f" ({name})" if name else ""
    return data, f"{datafiles.PREFIX}{filename}, {table} #1{named}, field {field}"


def test_every_data_file_has_a_schema_and_a_case() -> None:
    names = datafiles.data_filenames()
    assert {n for n in names if not n.startswith("errata/")} == set(CASES)
    assert len([n for n in names if n.startswith("errata/")]) >= 9
    for name in names:
        datafiles.load(name)  # the shipped files pass their schema


@pytest.mark.parametrize("filename", datafiles.data_filenames())
def test_a_misspelled_field_is_refused(filename: str) -> None:
    field, typo = _case(filename).misspelled
    data, where = _changed(filename, typo, "x")
    assert where.endswith(f"field {typo}")
    assert _refusal(filename, data) == f"{where}: unknown field (misspelled?)"


@pytest.mark.parametrize("filename", datafiles.data_filenames())
def test_a_wrong_type_is_refused(filename: str) -> None:
    field, value = _case(filename).wrong
    data, where = _changed(filename, field, value)
    message = _refusal(filename, data)
    assert message.startswith(f"{where}: expected ")
    assert message.endswith(f", got {type(value).__name__} ({value!r})")


@pytest.mark.parametrize("filename", datafiles.data_filenames())
def test_an_out_of_range_value_is_refused(filename: str) -> None:
    field, value = _case(filename).out_of_range
    data, where = _changed(filename, field, value)
    message = _refusal(filename, data)
    assert message.startswith(f"{where}: ")
    assert repr(value) in message
    assert any(word in message for word in (">=", "<=", "regex", "length", "enum")), message


def test_the_spell_messages_in_full() -> None:
    text = resources.files("nqcore").joinpath("data", "spells.toml").read_text("utf-8")
    where = "nqcore/data/spells.toml"
    schema = datafiles.schema_for("spells.toml")
    fog = text.index("key = 'fog'\n") + len("key = 'fog'\n")
    number = [s["key"] for s in tomllib.loads(text)["spell"]].index("fog") + 1
    typo = text[:fog] + "upkep = 2\n" + text[fog:]
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse(typo, where, schema)
    assert str(caught.value) == (
        f"{where}, spell #{number} (fog), field upkep: unknown field (misspelled?)"
    )
    data = tomllib.loads(text)
    data["spell"][number - 1]["level"] = 9
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.check(data, where, schema)
    assert (
        str(caught.value)
        == f"{where}, spell #{number} (fog), field level: expected int <= 8, not 9"
    )
    data["spell"][number - 1] |= {"level": 5, "results": [{"roll": "1-5"}]}
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.check(data, where, schema)
    assert (
        str(caught.value)
        == f"{where}, spell #{number} (fog): missing field(s) effect in results #1"
    )


def test_a_nested_field_and_a_top_level_table_are_named() -> None:
    data = copy.deepcopy(_raw("characteristic_costs.toml"))
    data["characteristic"][0]["maximum"]["unit-leader"] = "five"
    data["rules"]["specialist_percent"] = 101
    first = data["characteristic"][0]["key"]
    message = _refusal("characteristic_costs.toml", data)
    assert message == (
        f"nqcore/data/characteristic_costs.toml, characteristic #1 ({first}), "
        "field maximum unit-leader: expected int, got str ('five')"
    )
    data["characteristic"][0]["maximum"]["unit-leader"] = 5
    assert _refusal("characteristic_costs.toml", data) == (
        "nqcore/data/characteristic_costs.toml, field rules specialist_percent: "
        "expected int <= 100, not 101"
    )


def test_not_toml_is_refused_in_one_line() -> None:
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.parse("[[spell]]\nkey = \n", "x.toml", datafiles.schema_for("spells.toml"))
    assert str(caught.value) == "x.toml, line 2: not valid TOML: Invalid value (column 7)"


def test_an_erratum_may_be_an_open_question_with_sections() -> None:
    data = copy.deepcopy(_raw("errata/spells.toml"))
    data["erratum"][0] |= {"kind": "open-question", "sections": ["magic", "spell-list"]}
    datafiles.check(data, "errata/spells.toml", datafiles.schema_for("errata/spells.toml"))
    data["erratum"][0]["sections"] = "magic"
    message = _refusal("errata/spells.toml", data)
    assert "field sections: expected array, got str ('magic')" in message


@pytest.mark.parametrize(
    ("field", "value"),
    [("subject", "Zubject\n- Fake: line"), ("subject", "Zubject\r"), ("why", " "), ("why", "\n")],
)
def test_an_erratum_heading_is_one_line_and_no_text_only_spaces(field: str, value: str) -> None:
    """Attack round 33: a subject with a line break forged a list item of its own in
    ``nq errata``; a ``why`` of spaces printed nothing after its label."""
    data = copy.deepcopy(_raw("errata/spells.toml"))
    data["erratum"][0][field] = value
    message = _refusal("errata/spells.toml", data)
    assert f"field {field}: " in message, message


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"abbr_en": "x", "abbr_eng": "x"}, "field abbr_eng: unknown field (misspelled?)"),
        ({"en": 1}, "field en: expected str, got int (1)"),
        ({"key": "Not A Key"}, "field key: expected str matching regex"),
    ],
)
def test_the_glossary_is_checked(tmp_path: Path, change: dict[str, Any], said: str) -> None:
    data = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))
    data["term"][2] |= change
    datafiles.check(tomllib.loads(GLOSSARY.read_text(encoding="utf-8")), "g", GlossaryFile)
    with pytest.raises(datafiles.DataFileError) as caught:
        datafiles.check(data, "docs/_data/glossary.toml", GlossaryFile)
    key = tomllib.loads(GLOSSARY.read_text(encoding="utf-8"))["term"][2]["key"]
    prefix = "docs/_data/glossary.toml, term #3"
    assert str(caught.value).startswith(f"{prefix} ({change.get('key', key)}), {said}")
    bad = tmp_path / "glossary.toml"
    bad.write_text('[[term]]\nkey = "x"\nen = "X"\nsection = "s"\nupkep = 2\n', "utf-8")
    with pytest.raises(datafiles.DataFileError, match=r"term #1 \(x\), field upkep: unknown"):
        datafiles.load_path(bad, GlossaryFile)


def test_the_engine_reads_its_data_without_msgspec() -> None:
    """In the browser (Pyodide, the At the table page) there is no msgspec: the engine still
    loads every data file and answers, unchecked (the build checked the files it ships)."""
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['msgspec'] = None\n"
        "from nqcore.data import datafiles\n"
        "assert not datafiles.CHECKED\n"
        "for name in datafiles.data_filenames(): datafiles.load(name)\n"
        "from nqcore.cli.commands import main\n"
        "raise SystemExit(main(['cast', '3', '--json']))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert '"chance"' in done.stdout


@pytest.mark.parametrize("depth", [40, 3000])
def test_deep_nesting_is_refused_in_one_line(depth: int) -> None:
    """3000 nested arrays overflow tomllib's recursion, 40 would overflow no reader but are
    refused as a profile's are: one line naming the file, never a traceback."""
    text = "x = " + "[" * depth + "]" * depth + "\n"
    for schema in (None, GlossaryFile):
        with pytest.raises(datafiles.DataFileError) as raised:
            datafiles.parse(text, "glossary.toml", schema)
        assert str(raised.value) == "glossary.toml: nested deeper than 32 levels"


def _forwards_to_the_loader(function: ast.FunctionDef) -> bool:
    """Whether ``function`` only hands its arguments on to ``datafiles.load``: a second name
    for the loader, which a reader would take for another way of reading the data."""
    body = [s for s in function.body if not isinstance(s, ast.Expr)]  # the docstring aside
    if len(body) != 1 or not isinstance(body[0], ast.Return):
        return False
    call = body[0].value
    if not isinstance(call, ast.Call):
        return False
    called = call.func
    name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
    parameters = {a.arg for a in function.args.args}
    given = {a.id for a in call.args if isinstance(a, ast.Name)}
    return name in ("load", "_load") and bool(given) and given <= parameters


def test_the_data_has_one_loader() -> None:
    """Every module reads a data file through ``datafiles.load`` itself: no module of the engine
    but the loader defines a function that only forwards to it."""
    package = ROOT / "nqcore"
    aliases = [
        f"{path.relative_to(ROOT)}:{node.lineno} {node.name}"
        for path in sorted(package.rglob("*.py"))
        if path != package / "data" / "datafiles.py"
        for node in ast.walk(ast.parse(path.read_text("utf-8")))
        if isinstance(node, ast.FunctionDef) and _forwards_to_the_loader(node)
    ]
    assert aliases == []


def test_a_wrong_value_is_quoted_as_the_file_spells_it() -> None:
    """TOML's ``true``, not Python's ``True``: the contributor reads back what they typed."""
    filename = datafiles.data_filenames()[0]
    field, _ = _case(filename).wrong
    data, where = _changed(filename, field, True)
    assert _refusal(filename, data).endswith(", got bool (true)")
