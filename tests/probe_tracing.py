"""Run by tests/test_coverage_workers.py only (its name is no test file's): a test marked
``no_cover`` is untraced in its fixture and its call, in a pytest-xdist worker with coverage."""

from __future__ import annotations

import sys
from typing import Any

import pytest


@pytest.fixture
def tracer_in_setup() -> Any:
    return sys.gettrace()


@pytest.mark.no_cover
@pytest.mark.parametrize("case", [1, 2, 3, 4])
def test_untraced(tracer_in_setup: Any, case: int) -> None:
    assert tracer_in_setup is None, tracer_in_setup
    assert sys.gettrace() is None, sys.gettrace()
