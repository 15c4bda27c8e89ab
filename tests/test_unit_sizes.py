"""The sizes the project keeps its code to (STYLE, issue 25): no module of `pbpit/` over 800 lines,
no class over 600, and no class of the lint analysis (`pbpit/lint/analysis/`) over 500. Read from
the source with `ast`, so a split that moved methods back, or a class grown past its bound, fails
here with its name and size."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "pbpit"
ANALYSIS = PACKAGE / "lint" / "analysis"

MODULE_LINES = 800
CLASS_LINES = 600
ANALYSIS_CLASS_LINES = 500

KNOWN_OVER: dict[str, int] = {}
"""Classes over their bound today, each with the size it may not grow past (`path:Class`): none."""


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _classes(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]


def test_the_package_has_its_modules() -> None:
    names = {path.relative_to(PACKAGE).as_posix() for path in _modules()}
    assert {"lint/analysis/function.py", "lint/analysis/reader.py", "cli.py"} <= names


def test_no_module_is_over_800_lines() -> None:
    over = {
        path.relative_to(PACKAGE).as_posix(): lines
        for path in _modules()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MODULE_LINES
    }
    assert over == {}


@pytest.mark.parametrize(
    ("where", "bound"), [(PACKAGE, CLASS_LINES), (ANALYSIS, ANALYSIS_CLASS_LINES)]
)
def test_no_class_is_over_its_bound(where: Path, bound: int) -> None:
    over = {}
    for path in sorted(where.rglob("*.py")):
        if len(path.read_text(encoding="utf-8").splitlines()) <= bound:
            continue  # no class of it can be longer than it (parsing every module is slow)
        for name, lines in _classes(path):
            key = f"{path.relative_to(PACKAGE).as_posix()}:{name}"
            if lines > KNOWN_OVER.get(key, bound):
                over[key] = lines
    assert over == {}


def test_a_class_is_measured_from_its_line_to_its_last(tmp_path: Path) -> None:
    path = tmp_path / "big.py"
    path.write_text(
        "class Big:\n" + "    x = 1\n" * ANALYSIS_CLASS_LINES + "\n\nclass Small:\n    y = 2\n"
    )
    assert _classes(path) == [("Big", ANALYSIS_CLASS_LINES + 1), ("Small", 2)]
