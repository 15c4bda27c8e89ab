"""Human renderings: a run (output, panic, diagnosis), the audit, an explanation, the memory,
and the results of `pbpit check`.

Everything here formats data the diagnostics computed; nothing is decided here.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from rich.text import Text

from pbpit.check import BlessReport, CaseResult, CheckReport, lines_text
from pbpit.diagnose.audit import AuditEntry, kind_of
from pbpit.diagnose.explain import BackwardInfo, CaseExplanation, Fix, explain_in_case
from pbpit.runner import CASES_DIR
from pbpit.rust.columns import display_columns, display_line
from pbpit.rust.panic import panic_block
from pbpit.source import source_line, span
from pbpit.trace import NodeRecord, RunResult

KIND_WORDS = {
    "leaf_requires_grad": "leaf that requires grad",
    "tracked_intermediate": "tracked intermediate",
    "untracked": "untracked",
}


def display_path(path: str) -> str:
    """A path as the user should read it: relative to the working directory, or a built-in case as
    `cases/NAME` wherever pbpit is installed."""
    resolved = Path(path).resolve()
    for base in (Path.cwd(), CASES_DIR.parent):
        if resolved.is_relative_to(base):
            return str(resolved.relative_to(base))
    return str(path)


def node_name(result: RunResult, node_id: int) -> str:
    node = result.node(node_id)
    if node is None or node.label is None:
        return f"NodeId({node_id})"
    return f"NodeId({node_id}) `{node.label}`"


def made_of(result: RunResult, node: NodeRecord) -> str:
    """`exp(NodeId(0) `x`)`: the op and its inputs."""
    inputs = ", ".join(node_name(result, i) for i in node.inputs)
    return f"{node.op}({inputs})"


def node_kind(node: NodeRecord) -> str:
    """`a leaf that requires grad`, `a tracked intermediate` or `untracked`."""
    words = KIND_WORDS[kind_of(node)]
    return words if words == "untracked" else f"a {words}"


def _quote(text: Text, path: str, line: int, label: str, style: str) -> None:
    """rustc's ` --> file:line:col`, then the line with its span underlined and labelled (the
    gutter as wide as the line number, as rustc's)."""
    source = source_line(path, line)
    start, end = span(path, line)
    gutter = " " * len(str(line))
    text.append(f"{gutter}--> {display_path(path)}:{line}:{start + 1}\n", style="blue")
    if not source:
        return
    text.append(f"{gutter} |\n", style="blue")
    text.append(f"{line} | ", style="blue")
    text.append(f"{display_line(source)}\n")
    text.append(f"{gutter} | ", style="blue")
    # Underlined where a terminal shows the span: tabs as four spaces, wide characters as two.
    left, right = display_columns(source, start + 1), display_columns(source, end + 1)
    text.append(" " * left + "^" * max(1, right - left) + f" {label}\n", style=style)


def _head(text: Text, level: str, message: str) -> None:
    styles = {"error": "bold red", "warning": "bold yellow", "note": "bold green"}
    text.append(level, style=styles.get(level.split("[")[0], "bold"))
    text.append(f": {message}\n", style="bold" if level != "note" else "")


def _help(text: Text, message: str, line: int | None) -> None:
    """rustc's `= help:` line, aligned with the gutter of the `line` quoted above it."""
    text.append(" " * (len(str(line or 0)) + 1) + "= help", style="bold cyan")
    text.append(f": {message}\n")


def _backward(result: RunResult, info: BackwardInfo) -> str:
    record = info.record
    where = f" at line {record.line}" if record.line is not None else ""
    loop = f", loop pass {info.iteration}" if info.iteration is not None else ""
    return f"backward #{info.number}{where} (root {node_name(result, record.root)}{loop})"


def _diagnosis(result: RunResult, explanation: CaseExplanation) -> Text:
    node = explanation.node
    name = node_name(result, node.id)
    text = Text()
    if node.tracked:
        _head(text, "error", f"{name} lost its step to an earlier backward")
    else:
        _head(text, "error", f"{name} is not on the tape: nothing to backpropagate")
    if node.line is not None:
        label = f"{name} = {made_of(result, node)}: {node_kind(node)}"
        _quote(text, result.path, node.line, label, "bold red")
    if not node.tracked:
        _help(text, "call require_grad() on the parameters before the forward pass", node.line)
        return text
    if explanation.consumed_by is not None:
        _head(text, "note", f"{_backward(result, explanation.consumed_by)} consumed its step")
    if explanation.reached_by is not None:
        path = explanation.path
        walk = "went " + " -> ".join(map(str, path)) if len(path) > 1 else "started at it"
        _head(text, "note", f"{_backward(result, explanation.reached_by)} {walk} and found no step")
    fix = next((f for f in explanation.fixes if f.applies), None)
    if fix is not None:
        _help(text, f"fix {fix.key}: {fix.title}", node.line)
    command = f"pbpit explain {node.id} --case {shlex.quote(result.case)}"
    _help(text, f"`{command}` shows the corrected lines", node.line)
    return text


def render_run(result: RunResult, entries: list[AuditEntry] | None = None) -> Text | None:
    """The panic and its diagnosis, or the case's error, then the audit (styled; not stdout)."""
    text = Text()
    if result.panic is not None:
        text.append(panic_block(result.panic.message, result.panic.location, os.getpid()))
        if result.panic.node_id is not None:
            explanation = explain_in_case(result, result.panic.node_id, entries)
            if explanation is not None and explanation.reached_by is not None:
                text.append("\n")
                text.append_text(_diagnosis(result, explanation))
    if result.error is not None:
        _head(text, "error", f"the case raised {result.error.message}")
        if result.error.line is not None:
            _quote(text, result.path, result.error.line, "raised here", "bold red")
    if entries:
        if text.plain:
            text.append("\n")
        text.append_text(render_audit(result, entries, warnings=False))
    return text if text.plain else None


def render_audit(result: RunResult, entries: list[AuditEntry], warnings: bool = True) -> Text:
    """A table of what the audit looked at, then (with `warnings`) a warning for each hazard."""
    text = Text()
    if not entries:
        text.append("audit: no tensor made outside a loop that runs backward, no shared backward\n")
        return text
    text.append("audit:\n", style="bold")
    names = [node_name(result, e.node_id) for e in entries]
    width = max(len(n) for n in names)
    for entry, name in zip(entries, names, strict=True):
        line = f"line {entry.line}" if entry.line is not None else "line ?"
        verdict_style = "bold red" if entry.verdict == "hazard" else "green"
        text.append(f"  {name:<{width}}  {line:<8}  {KIND_WORDS[entry.kind]:<23}  ")
        text.append(f"{entry.verdict:<6}", style=verdict_style)
        text.append(f"  {entry.reason}\n")
    for entry in entries if warnings else ():
        if entry.verdict == "hazard":
            text.append("\n")
            _warning(text, result, entry)
    return text


def _warning(text: Text, result: RunResult, entry: AuditEntry) -> None:
    name = node_name(result, entry.node_id)
    _head(text, f"warning[pbpit::{entry.pattern}]", f"{name}: {entry.reason}")
    if entry.line is not None:
        label = f"is_tracked() = {str(entry.tracked).lower()}"
        _quote(text, result.path, entry.line, label, "bold yellow")
    for number in entry.backwards:
        record = result.backwards[number - 1]
        where = f" at line {record.line}" if record.line is not None else ""
        _head(text, "note", f"backward #{number}{where} on {node_name(result, record.root)}")
    if entry.fix:
        _help(text, entry.fix, entry.line)


def _fix_lines(text: Text, fix: Fix) -> None:
    numbers = [n for _, n, _ in fix.lines if n is not None]
    width = len(str(max(numbers))) if numbers else 1
    for mark, number, line in fix.lines:
        style = {"-": "red", "+": "green"}.get(mark, "")
        shown = "" if number is None else str(number)
        text.append(f"  {mark}{shown:>{width}} | ", style="blue")
        text.append(f"{display_line(line)}\n", style=style)


def render_explanation(result: RunResult, explanation: CaseExplanation) -> Text:
    """`pbpit explain NodeId(n) --case CASE`: the tensor, its backwards, and the fixed lines."""
    node = explanation.node
    text = Text()
    title = f"NodeId({node.id}) in {result.case}" + (f": `{node.label}`" if node.label else "")
    text.append(f"{title}\n", style="bold")
    if node.line is not None:
        _quote(text, result.path, node.line, made_of(result, node), "bold")
    else:
        text.append(f"  {made_of(result, node)} (made outside the case file)\n")
    text.append(
        f"  = {node_kind(node)}: is_tracked() = {str(node.tracked).lower()}, "
        f"is_require_grad() = {str(node.requires_grad).lower()}\n"
    )
    if explanation.audit is not None:
        entry = explanation.audit
        pattern = f" [{entry.pattern}]" if entry.pattern else ""
        text.append(f"  = audit: {entry.verdict}{pattern}: {entry.reason}\n")
    if explanation.consumed_by is not None:
        _head(text, "note", f"{_backward(result, explanation.consumed_by)} consumed its step")
    elif not node.tracked:
        _head(text, "note", "it never had a step: an untracked tensor is not on the tape")
    else:
        _head(text, "note", "its step is still live: no backward has walked through it")
    if explanation.reached_by is not None:
        walk = " -> ".join(map(str, explanation.path))
        _head(
            text,
            "note",
            f"{_backward(result, explanation.reached_by)} reached it by {walk} and panicked",
        )
    for fix in sorted(explanation.fixes, key=lambda f: not f.applies):
        text.append("\n")
        lead = f"fix {fix.key} (applies)" if fix.applies else f"fix {fix.key}"
        text.append(f"{lead}: {fix.title}\n", style="bold green" if fix.applies else "bold")
        _fix_lines(text, fix)
        if fix.note:
            text.append(f"  {fix.note}\n")
    return text


def render_memory(result: RunResult) -> Text:
    """Bytes saved by live steps before and after each backward: the reason for consumption."""
    text = Text()
    text.append("memory held by live steps (saved tensors):\n", style="bold")
    for number, record in enumerate(result.backwards, start=1):
        outcome = "ran" if record.ok else f"panicked at NodeId({record.missing})"
        text.append(
            f"  backward #{number} (root {node_name(result, record.root)}, {outcome}): "
            f"{_bytes(record.saved_bytes_before)} -> {_bytes(record.saved_bytes_after)}\n"
        )
    if not result.backwards:
        text.append("  no backward ran\n")
    return text


def _bytes(count: int) -> str:
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"


# -- pbpit check: plain text, as cargo test prints it (no colour, so it diffs as it reads) ------

CHECK_STATUS_WIDTH = len("FAILED  ")


def render_check_status(result: CaseResult) -> str:
    """`ok      NAME` or `FAILED  NAME (why)`, one line, the status column aligned as cargo
    test's: printed as each case finishes."""
    if result.ok:
        return f"{'ok':<{CHECK_STATUS_WIDTH}}{result.name}\n"
    return f"{'FAILED':<{CHECK_STATUS_WIDTH}}{result.name} ({result.reason})\n"


def render_check(report: CheckReport) -> str:
    """What follows the status lines: each failure's diffs and exit status difference (a case
    with no golden file has none to show), then `N passed, M failed`."""
    failures = [result for result in report.cases if not result.ok and result.details]
    text = "\nfailures:\n" if failures else ""
    for result in failures:
        text += f"\n---- {result.name} ----\n" + lines_text(result.details)
    return text + f"\n{report.passed} passed, {report.failed} failed\n"


def render_bless(report: BlessReport) -> str:
    """`blessed   PATH`, `unchanged PATH` or `removed   PATH` for each golden file, then
    `N written, M unchanged`."""
    lines = [f"{file.action:<10}{_cwd_relative(file.path)}" for file in report.files]
    lines.append(f"{report.written} written, {report.unchanged} unchanged")
    return lines_text(lines)


def _cwd_relative(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
