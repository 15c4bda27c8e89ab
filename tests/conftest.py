"""Shared pytest setup: the `--bless` option of the lint UI tests, and tools/ importable."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# tools/lint_score.py says what a test program of tests/lint/ is and what it asks lint to find.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
# The benchmarks' program shapes, which the tests that count work also read.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

# Hundreds of tests run pbpit in a process of its own, and each would compile pbpit's modules
# afresh where bytecode is not written (PYTHONDONTWRITEBYTECODE): a fifth to half a second of
# CPU a process. Their bytecode goes to .pytest_cache/pycache (ignored by git, removed by `make
# clean`) instead, kept by source path and checked against the source's mtime and size as Python
# always does; the xdist workers and every subprocess inherit it. A prefix the caller chose is
# kept.
if not os.environ.get("PYTHONPYCACHEPREFIX"):
    os.environ["PYTHONPYCACHEPREFIX"] = str(
        Path(__file__).resolve().parent.parent / ".pytest_cache" / "pycache"
    )
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.pycache_prefix = os.environ["PYTHONPYCACHEPREFIX"]
sys.dont_write_bytecode = False


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
