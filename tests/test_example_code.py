"""A worked example only imports the engine's names and calls them (attack round twenty-five:
hidden code made a wrong number pass as "Checked with the rules engine")."""

from __future__ import annotations

from pathlib import Path

import pytest

from nqsphinx.example_code import code_problem, example_code_problems, hidden_code
from nqsphinx.page_examples import book_examples
from tests.building import ROOT


@pytest.mark.parametrize(
    ("source", "why"),
    [
        ("import nqcore.rules.magic as m", "imports a module whole"),
        ("from os import system", "imports from os"),
        ("from . import x", "imports from ."),
        ("from nqcore.rules.magic import *", "imports *"),
        ("m.casting_target = lambda *a: 9", "sets an attribute"),
        ("from nqcore.rules import magic", "imports the module magic through nqcore.rules"),
        (
            "from nqcore.rules.magic import T\nT['fireball'] = 9",
            "changes T, which the engine holds",
        ),
        ("from nqcore.rules.magic import T\nrow = T['a']\nrow['b'] = 1", "changes row"),
        ("from nqcore.rules.magic import T\nT.update(a=9)", "calls .update() on T"),
        ("setattr(m, 'casting_target', abs)", "uses setattr"),
        ("vars(m)['x'] = 1", "uses vars"),
        ("m.__dict__", "reads the private name .__dict__"),
        ("__builtins__", "uses __builtins__"),
        ("f = lambda: 9", "defines code (lambda)"),
        ("def f():\n    return 9", "defines a function"),
        ("exec('x = 1')", "uses exec"),
        ("run = exec", "uses exec"),  # attack round twenty-six: called through another name
        ("from nqcore.rules.magic import T\nT |= {'a': 9}", "changes T, which the engine holds"),
        ("from nqcore.rules.magic import T\ndict.clear(T)", "calls .clear() on dict"),
        ("from nqcore.rules.magic import T\n(t := T)\nt.clear()", "calls .clear() on t"),
        ("1" + " + 0" * 3000, "nests its expression too deeply"),
        ("from nqcore.rules.magic import T\nfor t in (T,):\n    t['a'] = 1", "changes t"),
        ("from nqcore.rules.magic import T\na, b = T, 1\na.clear()", "calls .clear() on a"),
        # attack round twenty-seven: what the engine's modules imported from elsewhere
        ("from nqcore.i18n import os", "imports the module os through nqcore.i18n"),
        ("from nqcore.i18n import Path", "imports Path from nqcore.i18n, which is pathlib's"),
        ("from fractions import operator", "imports the module operator through fractions"),
        ("from fractions import sys", "imports the module sys through fractions"),
        ("from nqcore.tables.registry import register_table", "imports from nqcore.tables"),
        # attack round twenty-eight: engine modules that run commands, read files, hand out caches
        ("from nqcore.locks import main", "imports from nqcore.locks"),
        ("from nqcore.cli.commands import main", "imports from nqcore.cli.commands"),
        ("from nqcore.cli.files import read_text", "imports from nqcore.cli.files"),
        ("from nqcore.data.datafiles import load", "imports from nqcore.data.datafiles"),
        ("from nqcore.army.force import army", "imports army, which reads"),
        ("from nqcore.army.profile_files import load_profile", "imports load_profile"),
        (
            "from nqcore.rules.spells import spell\n[r.clear() for r in spell('x')]",
            "calls .clear() on r",
        ),
    ],
)
def test_an_example_that_does_more_than_call_the_engine_is_refused(source: str, why: str) -> None:
    found = code_problem(source)
    assert found is not None and found.startswith(why), found


def test_what_an_example_made_itself_it_may_change() -> None:
    engine: set[str] = set()
    assert code_problem("from nqcore.army.force import parse_army", engine) is None
    assert code_problem("army = {'unit': []}", engine) is None
    assert code_problem("army['unit'].append({'models': 11})", engine) is None
    assert code_problem("force = parse_army(army, 'x.toml')", engine) is None
    assert code_problem("parse_army.cache = None", engine) is not None
    assert engine == {"parse_army", "force"}  # an engine function's answer: the engine's


def test_the_books_examples_hold_no_refused_statement() -> None:
    pages = sorted((ROOT / "docs").glob("*.md"))
    assert len(pages) > 20
    assert example_code_problems(pages) == []
    assert hidden_code(pages) == []


def test_hidden_code_and_the_pages_data_are_never_run(tmp_path: Path) -> None:
    """Sybil ran ``% invisible-code-block: python`` comments and python blocks, and the ``.md``
    files of ``docs/_data``, which no page shows: neither is collected, and the comment is
    refused at its line."""
    docs = tmp_path / "docs"
    (docs / "_data").mkdir(parents=True)
    page = docs / "magic.md"
    page.write_text(
        "# Magic\n\n% invisible-code-block: python\n%\n% x = 1\n\n```python\ny = 2\n```\n",
        encoding="utf-8",
    )
    notes = docs / "_data" / "notes.md"
    notes.write_text("# Notes\n\n```python\nimport os\n```\n", encoding="utf-8")
    examples = book_examples(docs)
    assert list(examples.parse(page)) == []
    assert not examples.should_parse(notes)
    assert hidden_code([page]) == [
        "magic.md:3: a comment that hides code from the reader (invisible-code-block): refused"
    ]


def test_a_doctest_option_is_refused(tmp_path: Path) -> None:
    """``+SKIP`` never runs the example, ``+ELLIPSIS`` lets ``...`` stand for any number: the
    page would still say "Checked with the rules engine"."""
    docs = tmp_path / "docs"
    docs.mkdir()
    page = docs / "magic.md"
    page.write_text(
        "# Magic\n\n```{doctest}\n>>> from nqcore.rules.magic import casting_target\n"
        ">>> casting_target(spell_level=5, wizardry_level=2)  # doctest: +SKIP\n9\n```\n",
        encoding="utf-8",
    )
    assert example_code_problems([page]) == [
        "docs/magic.md:5: this example sets a doctest option (# doctest: ...): refused"
    ]


def test_a_page_in_a_sub_folder_is_checked_too(tmp_path: Path) -> None:
    """Attack round twenty-six: ``docs/aa/extra.md`` ran any code, unchecked."""
    from nqsphinx.page_examples import pytest_sessionstart

    docs = tmp_path / "docs"
    (docs / "aa").mkdir(parents=True)
    (docs / "aa" / "extra.md").write_text(
        "# Extra\n\n```{doctest}\n>>> run = exec\n```\n", encoding="utf-8"
    )
    config = type("Config", (), {"args": [str(docs)]})()
    with pytest.raises(pytest.UsageError, match=r"aa/extra.md:4: this example uses exec"):
        pytest_sessionstart(type("Session", (), {"config": config})())
