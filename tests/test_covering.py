from __future__ import annotations

from itertools import combinations, product
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tests.covering import (
    all_pairs,
    each_once,
    every_one,
    one_language_each,
    pairs,
    settings,
    settings_of,
)


def test_every_pair_of_settings_is_in_a_case_and_fewer_cases_than_the_product() -> None:
    axes = {"name": ["magic", "glossary", "index"], "lang": ["en", "fr"], "width": ["390", "1366"]}
    cases = all_pairs(axes)
    for a, b in combinations(axes, 2):
        seen = {(case[a], case[b]) for case in cases}
        assert seen == set(product(axes[a], axes[b])), (a, b)
    assert len(cases) == 6  # 3 × 2 pairs cannot be covered by fewer; the product has 12


def test_two_settings_give_their_product_and_one_setting_each_value() -> None:
    assert len(all_pairs({"lang": ["en", "fr"], "scheme": ["light", "dark"]})) == 4
    assert all_pairs({"lang": ["en", "fr"]}) == [{"lang": "en"}, {"lang": "fr"}]


def test_each_once_sees_every_value_of_every_axis() -> None:
    assert each_once(("en", "fr"), ("390", "1366"), ("light", "dark")) == [
        ("en", "390", "light"),
        ("fr", "1366", "dark"),
    ]
    assert each_once(("en", "fr"), ("320", "390", "800")) == [
        ("en", "320"),
        ("fr", "390"),
        ("fr", "800"),
    ]
    assert len(pairs(("en", "fr"), ("390", "1366"), ("light", "dark"))) == 4
    assert len(every_one(("en", "fr"), ("390", "1366"), ("light", "dark"))) == 8


def test_a_settings_mark_runs_its_covering_cases_and_every_case_with_full() -> None:
    """What the suite's hook (tests/conftest.py) does with a test's mark: the covering cases by
    default, every case with --full."""
    axes = (("en", "fr"), ("390", "1366"))

    @settings("lang,width", every_one(*axes), each_once(*axes))
    def test_case(lang: str, width: str) -> None: ...

    mark = test_case.pytestmark[0]  # type: ignore[attr-defined]
    for full, count in ((False, 2), (True, 4)):
        made: list[tuple[str, list[tuple[str, str]]]] = []
        metafunc = SimpleNamespace(
            definition=SimpleNamespace(get_closest_marker=lambda name: mark),
            config=SimpleNamespace(getoption=lambda name, full=full: full),
            parametrize=lambda names, cases, made=made: made.append((names, cases)),
        )
        settings_of(metafunc)  # type: ignore[arg-type]
        assert made == [("lang,width", every_one(*axes) if full else each_once(*axes))]
        assert len(made[0][1]) == count


def _item(path: str, name: str, marks: tuple[str, ...] = (), **params: object) -> SimpleNamespace:
    """What :func:`one_language_each` reads of a collected test."""
    label = "-".join(str(value) for value in params.values())
    return SimpleNamespace(
        path=Path(path),
        nodeid=f"{path}::{name}[{label}]",
        callspec=SimpleNamespace(params=params),
        get_closest_marker=lambda mark: mark if mark in marks else None,
    )


def _ids(items: list[Any]) -> list[str]:
    return [item.nodeid.split("::")[1] for item in items]


def test_a_browser_test_in_both_languages_runs_each_case_in_one_taking_turns() -> None:
    """Each case once, English and French in turn in each file; a case given in one language
    only, another folder, an every-language file or mark, and --full keep every item."""
    page = "tests/browser/test_page.py"
    items = [
        *(_item(page, "form", form=form, lang=lang) for lang in ("en", "fr") for form in "abc"),
        _item(page, "typed", lang="en", typed="combat"),
        _item(page, "typed", lang="fr", typed="ELAN"),
        *(_item(page, "switch", ("every_language",), lang=lang) for lang in ("en", "fr")),
        *(_item("tests/browser/test_search.py", "find", lang=lang) for lang in ("en", "fr")),
        *(_item("tests/print/test_book.py", "book", lang=lang) for lang in ("en", "fr")),
        *(_item("tests/browser/test_other.py", "fixture", table=lang) for lang in ("en", "fr")),
    ]
    kept = list(items)
    left = one_language_each(kept, full=False)  # type: ignore[arg-type]
    assert _ids(left) == ["form[b-en]", "form[a-fr]", "form[c-fr]", "fixture[fr]"]
    assert _ids(kept) == [
        "form[a-en]",
        "form[c-en]",
        "form[b-fr]",
        "typed[en-combat]",
        "typed[fr-ELAN]",
        "switch[en]",
        "switch[fr]",
        "find[en]",
        "find[fr]",
        "book[en]",
        "book[fr]",
        "fixture[en]",
    ]
    everything = list(items)
    assert one_language_each(everything, full=True) == []  # type: ignore[arg-type]
    assert everything == items
