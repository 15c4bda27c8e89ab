"""Reading a case's source: its language, its lines, and where each assignment's value sits.

A Rust case is read through its outline (`pbpit.rust.outline`): a `let` is its assignment, and
the corrected lines the diagnostics write are Rust. Which language a case is written in is decided
once, when it is resolved (`Language.of`), and carried on the run's result: the readers here take
it as `language` (without it they decide from the path).
"""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

from pbpit.file_state import per_file

if TYPE_CHECKING:
    from pbpit.rust.outline import Outline


class Language(StrEnum):
    """The language a case program is written in."""

    PYTHON = "python"
    """A program against pbpit's Python API, run as `python case.py` would run it."""
    RUST = "rust"
    """A Burn program (`.rs`), checked against the subset pbpit interprets, then interpreted."""

    @classmethod
    def of(cls, path: str | Path) -> Language:
        """The language of the case file `path`: Rust for a `.rs` file, else Python (a case is
        found only as a `.py` or `.rs` file: `pbpit.runner.find.resolve_case`)."""
        return cls.RUST if str(path).endswith(".rs") else cls.PYTHON


CASE_SUFFIXES = {".py": Language.PYTHON, ".rs": Language.RUST}
"""The suffixes a case file has, and the language each says it is in."""


def not_utf8(err: UnicodeDecodeError) -> str:
    """How pbpit says a case file is not UTF-8, whatever its language:
    `not UTF-8 text (invalid start byte at byte 7)`."""
    return f"not UTF-8 text ({err.reason} at byte {err.start})"


def _language(path: str, language: Language | None) -> Language:
    return Language.of(path) if language is None else language


@per_file
def source_lines(path: str) -> list[str]:
    """The lines of `path` (empty if it cannot be read)."""
    try:
        return Path(path).read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def source_line(path: str, line: int) -> str:
    lines = source_lines(path)
    return lines[line - 1] if 1 <= line <= len(lines) else ""


@per_file
def syntax_tree(path: str) -> ast.Module | None:
    try:
        return ast.parse(Path(path).read_text(encoding="utf-8-sig"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return None


@per_file
def _assignments(path: str) -> dict[int, ast.Assign | ast.AnnAssign | ast.AugAssign]:
    tree = syntax_tree(path)
    found: dict[int, ast.Assign | ast.AnnAssign | ast.AugAssign] = {}
    for node in ast.walk(tree) if tree else ():
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and node.value is not None:
            found.setdefault(node.lineno, node)
    return found


def _rust_outline(path: str) -> Outline:
    from pbpit.rust.outline import outline  # tree-sitter loads only for a Rust case

    return outline(path)


def span(path: str, line: int, language: Language | None = None) -> tuple[int, int]:
    """The columns to underline on `line`: an assignment's value, else the whole statement."""
    if _language(path, language) is Language.RUST:
        binding = _rust_outline(path).bindings.get(line)
        if binding is not None and binding.value is not None:
            return binding.value
        text = source_line(path, line)
        return len(text) - len(text.lstrip()), len(text.rstrip())
    assignment = _assignments(path).get(line)
    if assignment is not None and assignment.value is not None:
        value = assignment.value
        if value.lineno == value.end_lineno == line and value.end_col_offset is not None:
            return value.col_offset, value.end_col_offset
    text = source_line(path, line)
    return len(text) - len(text.lstrip()), len(text.rstrip())


def detached(path: str, line: int, language: Language | None = None) -> str:
    """Line `line` with `.detach()` after the value it assigns, that value put in parentheses
    when a method call would bind tighter than it does (`(a * b).detach()`)."""
    text = source_line(path, line)
    start, end = span(path, line, language)
    if _takes_a_method(path, line, _language(path, language)):
        return text[:end] + ".detach()" + text[end:]
    before, after = text[:start].rstrip(), text[end:].lstrip()
    if before.endswith("(") and after.startswith(")"):
        # `(a * b)`: Python's columns leave out the parentheses the value already has.
        end = len(text) - len(after) + 1
        return text[:end] + ".detach()" + text[end:]
    return f"{text[:start]}({text[start:end]}).detach(){text[end:]}"


def _takes_a_method(path: str, line: int, language: Language) -> bool:
    """Whether the value assigned on `line` takes a method call as it is written: a name, a
    call, a field, an index (not an operator's result)."""
    if language is Language.RUST:
        from pbpit.lint.fixes import NO_PARENS  # lint's own list: one answer for both
        from pbpit.rust.syntax import parse_file

        source = parse_file(path)
        stack = [source.root] if source is not None else []
        while stack:
            node = stack.pop()
            if node.type == "let_declaration" and source.start(node)[0] == line:
                value = node.child_by_field_name("value")
                return value is not None and value.type in NO_PARENS
            stack.extend(node.named_children)
        return True
    assignment = _assignments(path).get(line)
    value = assignment.value if assignment is not None else None
    return value is None or isinstance(value, ast.Name | ast.Call | ast.Attribute | ast.Subscript)


def assigned_name(path: str, line: int, language: Language | None = None) -> str | None:
    """The single name assigned on `line` (`grads` in `grads = loss.backward()`), if any."""
    if _language(path, language) is Language.RUST:
        binding = _rust_outline(path).bindings.get(line)
        return binding.name if binding is not None else None
    assignment = _assignments(path).get(line)
    if isinstance(assignment, ast.Assign) and len(assignment.targets) == 1:
        target = assignment.targets[0]
    elif isinstance(assignment, ast.AnnAssign | ast.AugAssign):
        target = assignment.target
    else:
        return None
    return target.id if isinstance(target, ast.Name) else None


@per_file
def _statement_starts(path: str) -> dict[int, tuple[int, int]]:
    """For every line inside a simple statement, that statement's first and last line."""
    tree = syntax_tree(path)
    ranges: dict[int, tuple[int, int]] = {}
    compound = (
        ast.For,
        ast.AsyncFor,
        ast.While,
        ast.If,
        ast.With,
        ast.AsyncWith,
        ast.Try,
        ast.FunctionDef,
        ast.AsyncFunctionDef,
        ast.ClassDef,
        ast.Match,
    )
    for node in ast.walk(tree) if tree else ():
        if isinstance(node, ast.stmt) and not isinstance(node, compound):
            end = node.end_lineno or node.lineno
            for line in range(node.lineno, end + 1):
                ranges[line] = (node.lineno, end)
    return ranges


def statement_range(path: str, line: int, language: Language | None = None) -> tuple[int, int]:
    """The first and last line of the simple statement `line` is part of (or `line` itself)."""
    if _language(path, language) is Language.RUST:
        return _rust_outline(path).statements.get(line, (line, line))
    return _statement_starts(path).get(line, (line, line))


def assignment(
    path: str, name: str, value: str, new: bool = True, language: Language | None = None
) -> str:
    """A statement binding `value` to `name`, in the case's language: a Rust case declares a new
    binding with `let` (`new`) or assigns an existing `let mut` one."""
    if _language(path, language) is Language.RUST:
        return f"let {name} = {value};" if new else f"{name} = {value};"
    return f"{name} = {value}"
