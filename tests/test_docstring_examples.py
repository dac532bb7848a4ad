"""Every ``>>>`` example in a docstring of the engine, the extension and the print products runs
and gives what it says: one test per module, whatever package the module moves to."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

PACKAGES = ("nqcore", "nqsphinx", "nqcompanion", "nqprint")


def modules() -> list[str]:
    """Every module of the packages, subpackages included; not ``__main__``, which runs its
    command when imported."""
    names = []
    for package in PACKAGES:
        root = importlib.import_module(package)
        names.append(package)
        names += [m.name for m in pkgutil.walk_packages(root.__path__, f"{package}.")]
    return sorted(name for name in names if not name.endswith(".__main__"))


def examples(module: ModuleType) -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder(exclude_empty=True)
    return [test for test in finder.find(module) if test.examples]


def test_the_examples_are_found() -> None:
    """A finder that finds nothing would pass every module below."""
    found = sum(len(examples(importlib.import_module(name))) for name in modules())
    assert found >= 100


@pytest.mark.parametrize("name", modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    for test in examples(module):
        runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
