"""Browser matrices as covering designs: each pair of settings seen once, not every combination.

A test over pages × languages × widths × themes finds a fault that two of its settings bring
about together (a French page at 390 px, a dark glossary); the full product of all of them costs
a browser load each.  :func:`all_pairs` picks cases so that every value of each setting meets
every value of every other setting in at least one case; ``./dev test --full`` (the option of
tests/conftest.py) runs the whole product instead.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, product
from typing import Any

import pytest

from nqcore.i18n import LANGUAGES

Pair = tuple[str, Any, str, Any]


def _pairs(case: Mapping[str, Any]) -> set[Pair]:
    return {(a, case[a], b, case[b]) for a, b in combinations(case, 2)}


def all_pairs(axes: Mapping[str, Sequence[Any]]) -> list[dict[str, Any]]:
    """Cases covering every pair of values of two settings, chosen greedily (the case that covers
    most pairs still uncovered, the first in the product's order on a tie): deterministic."""
    every = [dict(zip(axes, values, strict=True)) for values in product(*axes.values())]
    if len(axes) < 2:
        return every
    uncovered = set().union(*(_pairs(case) for case in every))
    chosen: list[dict[str, Any]] = []
    while uncovered:
        best = max(every, key=lambda case: len(_pairs(case) & uncovered))
        chosen.append(best)
        uncovered -= _pairs(best)
    return chosen


def cases(axes: Mapping[str, Sequence[Any]], full: bool) -> list[dict[str, Any]]:
    """Every pair of settings of ``axes``; every combination if ``full`` (``--full``)."""
    if full:
        return [dict(zip(axes, values, strict=True)) for values in product(*axes.values())]
    return all_pairs(axes)


def parametrize(metafunc: pytest.Metafunc, axes: Mapping[str, Sequence[Any]]) -> None:
    """Parametrize ``metafunc`` over ``axes``: every pair of settings, every combination with
    ``--full``."""
    chosen = cases(axes, metafunc.config.getoption("full"))
    metafunc.parametrize(list(axes), [tuple(case.values()) for case in chosen])


def settings(names: str, every: Sequence[Any], some: Sequence[Any]) -> pytest.MarkDecorator:
    """Parametrize a browser test over ``names`` (``"lang,width"``): the cases ``some`` in
    ``./dev test``, ``every`` with ``--full`` (tests/conftest.py reads the mark)."""
    return pytest.mark.settings(names, list(every), list(some))


def settings_of(metafunc: pytest.Metafunc) -> None:
    """Parametrize ``metafunc`` by its :func:`settings` mark, if it has one."""
    mark = metafunc.definition.get_closest_marker("settings")
    if mark is not None:
        names, every, some = mark.args
        metafunc.parametrize(names, every if metafunc.config.getoption("full") else some)


def every_one(*axes: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Every combination of the values of ``axes``, as tuples."""
    return list(product(*axes))


def each_once(*axes: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Cases in which each value of each axis is seen at least once: the i-th case takes the
    i-th value of each axis (its last when it has fewer), so ``("en", "fr")``, ``("390",
    "1366")`` and ``("light", "dark")`` make en-390-light and fr-1366-dark."""
    return [
        tuple(axis[min(i, len(axis) - 1)] for axis in axes)
        for i in range(max(len(axis) for axis in axes))
    ]


def pairs(*axes: Sequence[Any]) -> list[tuple[Any, ...]]:
    """Cases covering every pair of values of two of ``axes`` (:func:`all_pairs`), as tuples."""
    named = {str(index): list(axis) for index, axis in enumerate(axes)}
    return [tuple(case.values()) for case in all_pairs(named)]


#: The browser files whose tests run in every language whatever: each language's search (its
#: index, stemmer and accents), what is kept offline for each language, the accessibility
#: matrices (the axe and Tab walks: covering designs of their own) and the pages laid out on a
#: phone, where French's longer words are the case that overflows.
EVERY_LANGUAGE_FILES = frozenset(
    {
        "test_accessibility.py",
        "test_keyboard.py",
        "test_search.py",
        "test_header_search.py",
        "test_offline_search.py",
        "test_offline_companion.py",
        "test_engine_from_browser_cache.py",
        "test_keep_offline.py",
        "test_reading_at_the_table.py",
        "test_tables_on_phone.py",
        "test_header_and_anchors.py",
        "test_glossary_page.py",
    }
)
#: The parameters that name a page's language: ``lang``, or a module fixture made per language.
LANGUAGE_PARAMETERS = ("lang", "phone_table", "table", "held")


def _language_of(item: pytest.Item) -> tuple[str, str] | None:
    """The name and value of ``item``'s language parameter, if it has one."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    for name in LANGUAGE_PARAMETERS:
        if params.get(name) in LANGUAGES:
            return name, params[name]
    return None


def _case_of(item: pytest.Item, language: str) -> tuple[str, str]:
    """``item``'s test and its parameters but the language: the same check in another language."""
    params = item.callspec.params  # type: ignore[attr-defined]
    rest = ",".join(f"{k}={v!r}" for k, v in sorted(params.items()) if k != language)
    return item.nodeid.split("[", 1)[0], rest


def _covered(item: pytest.Item) -> tuple[tuple[str, str], str] | None:
    """``item``'s case and language if it is a browser test whose language takes turns."""
    found = _language_of(item)
    if (
        found is None
        or "browser" not in item.path.parts
        or item.path.name in EVERY_LANGUAGE_FILES
        or item.get_closest_marker("every_language")
    ):
        return None
    return _case_of(item, found[0]), found[1]


def one_language_each(items: list[pytest.Item], full: bool) -> list[pytest.Item]:
    """A browser test made in both languages whose subject is not the language runs in one
    language in ``./dev test``, the languages taking turns case by case in each file (its first
    case in English, its second in French, ...): every check is made, and each language meets
    half of a file's checks. ``--full``, :data:`EVERY_LANGUAGE_FILES` and the tests marked
    ``every_language`` keep both; so does a case given in one language only (its other
    parameters differ by language). Returns the items left out (the others stay in ``items``)."""
    if full:
        return []
    found = {id(item): _covered(item) for item in items}
    languages: dict[tuple[str, str], set[str]] = {}
    for covered in found.values():
        if covered is not None:
            languages.setdefault(covered[0], set()).add(covered[1])
    turns: dict[str, dict[tuple[str, str], str]] = {}
    left = []
    for item in items:
        covered = found[id(item)]
        if covered is None or len(languages[covered[0]]) < len(LANGUAGES):
            continue
        cases = turns.setdefault(str(item.path), {})
        turn = cases.setdefault(covered[0], LANGUAGES[len(cases) % len(LANGUAGES)])
        if covered[1] != turn:
            left.append(item)
    gone = {id(item) for item in left}
    items[:] = [item for item in items if id(item) not in gone]
    return left
