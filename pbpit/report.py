"""The human rendering of a run: its output, the panic, and a rustc-style diagnosis."""

from __future__ import annotations

import ast
import os
from functools import cache
from pathlib import Path

from rich.text import Text

from pbpit.diagnose.panic import PanicDiagnosis, diagnose_panic
from pbpit.runner import CASES_DIR
from pbpit.rust import panic_block
from pbpit.trace import NodeRecord, RunResult


def display_path(path: str) -> str:
    """A path as the user should read it: relative to the working directory, or to the package."""
    p = Path(path).resolve()
    for base, prefix in ((Path.cwd(), ""), (CASES_DIR.parent.parent, "")):
        try:
            return prefix + str(p.relative_to(base))
        except ValueError:
            continue
    return str(path)


@cache
def _source_lines(path: str) -> list[str]:
    try:
        return Path(path).read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


@cache
def _statement_spans(path: str) -> dict[int, tuple[int, int]]:
    """For each line that starts an assignment, the columns of its value (what gets underlined)."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
        return {}
    spans: dict[int, tuple[int, int]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign) and node.value is not None:
            value = node.value
            if value.lineno == value.end_lineno and value.end_col_offset is not None:
                spans.setdefault(value.lineno, (value.col_offset, value.end_col_offset))
    return spans


def _span(path: str, line: int) -> tuple[int, int]:
    """The columns to underline on `line`: an assignment's value, else the whole statement."""
    lines = _source_lines(path)
    source = lines[line - 1] if 1 <= line <= len(lines) else ""
    indent = len(source) - len(source.lstrip())
    return _statement_spans(path).get(line, (indent, len(source.rstrip())))


def node_name(node: NodeRecord | None, node_id: int) -> str:
    if node is None or node.label is None:
        return f"NodeId({node_id})"
    return f"NodeId({node_id}) `{node.label}`"


def node_kind(node: NodeRecord) -> str:
    if node.requires_grad:
        return "a leaf that requires grad"
    if node.tracked:
        return "a tracked intermediate"
    return "untracked"


def _quote(path: str, line: int, label: str, text: Text, style: str) -> None:
    lines = _source_lines(path)
    if not 1 <= line <= len(lines):
        return
    source = lines[line - 1]
    start, end = _span(path, line)
    width = len(str(line))
    gutter = " " * width
    text.append(f"{gutter} |\n", style="blue")
    text.append(f"{line} | ", style="blue")
    text.append(f"{source}\n")
    text.append(f"{gutter} | ", style="blue")
    text.append(" " * start + "^" * max(1, end - start) + f" {label}\n", style=style)


def _diagnosis(result: RunResult, diagnosis: PanicDiagnosis) -> Text:
    node = diagnosis.node
    path = result.path
    where = display_path(path)
    text = Text()
    consumer = diagnosis.consumed_by
    headline = f"{node_name(node, node.id)} lost its step to an earlier backward"
    text.append("error", style="bold red")
    text.append(f": {headline}\n", style="bold")
    if node.line is not None:
        text.append(f"  --> {where}:{node.line}:{_span(path, node.line)[0] + 1}\n", style="blue")
        parents = ", ".join(node_name(result.node(p), p) for p in node.parents)
        made = f"{node.op}({parents})" if parents else node.op
        _quote(
            path,
            node.line,
            f"{node_name(node, node.id)} = {made}: {node_kind(node)}",
            text,
            "bold red",
        )
    if consumer is not None:
        root = consumer.record.root
        at = f" at {where}:{consumer.record.line}" if consumer.record.line else ""
        text.append("note", style="bold green")
        text.append(
            f": backward #{consumer.number}{at} (root {node_name(result.node(root), root)}) "
            f"consumed its step\n"
        )
    failed = diagnosis.failed.record
    at = f" at {where}:{failed.line}" if failed.line else ""
    walk = (
        "went " + " -> ".join(str(i) for i in diagnosis.path)
        if len(diagnosis.path) > 1
        else "started at it"
    )
    text.append("note", style="bold green")
    text.append(
        f": backward #{diagnosis.failed.number}{at} (root "
        f"{node_name(result.node(failed.root), failed.root)}) {walk} and found no step\n"
    )
    text.append("   = help", style="bold cyan")
    if node.id == failed.root:
        text.append(
            ": a loss can be backpropagated once; keep its Gradients, or build the loss again\n"
        )
    else:
        text.append(
            ": detach() it if it needs no gradient, recompute it before each backward, "
            "or add the losses and run one backward\n"
        )
    return text


def render_run(result: RunResult) -> tuple[str, Text | None]:
    """The program's stdout (as is), then the panic and its diagnosis (styled)."""
    text = Text()
    if result.panic is not None:
        text.append(panic_block(result.panic.message, result.panic.location, os.getpid()))
        diagnosis = diagnose_panic(result)
        if diagnosis is not None:
            text.append("\n")
            text.append_text(_diagnosis(result, diagnosis))
    if result.error is not None:
        text.append("error", style="bold red")
        text.append(f": the case raised {result.error.message}\n", style="bold")
        if result.error.line is not None:
            line = result.error.line
            column = _span(result.path, line)[0] + 1
            text.append(f"  --> {display_path(result.path)}:{line}:{column}\n", style="blue")
            _quote(result.path, result.error.line, "raised here", text, "bold red")
    return result.stdout, (text if text.plain else None)
