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
