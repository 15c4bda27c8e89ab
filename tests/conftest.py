"""Shared pytest setup: the `--bless` option of the lint UI tests, and tools/ importable."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# tools/lint_score.py says what a test program of tests/lint/ is and what it asks lint to find.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
# The benchmarks' program shapes, which the tests that count work also read.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--bless",
        action="store_true",
        default=False,
        help="rewrite the expected .stderr of tests/lint/ from what `pbpit lint` prints now",
    )


@pytest.fixture
def bless(request: pytest.FixtureRequest) -> bool:
    """Whether the run was asked to rewrite expected outputs instead of comparing them."""
    return bool(request.config.getoption("--bless"))
