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
