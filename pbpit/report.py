"""Human renderings: a run (output, panic, diagnosis), the audit, an explanation, the memory,
and the results of `pbpit check`.

Everything here formats what the diagnosis computed (`pbpit.diagnose.findings`); nothing is
decided here. Every diagnostic goes through the one rustc-style renderer,
`pbpit.diagnostics.human.render_diagnostic`.
"""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

from rich.text import Text

from pbpit.check import BlessReport, CaseResult, CheckReport, lines_text
from pbpit.diagnose.findings import (
    REQUIREMENT_WORDS,
    AuditReport,
    RunDiagnosis,
    diagnostic_source,
    node_name,
)
from pbpit.diagnostics.human import render_diagnostic
from pbpit.diagnostics.model import Diagnostic
from pbpit.rust.panic import panic_block
from pbpit.trace import RunResult


def _diagnostics(text: Text, result: RunResult, diagnostics: list[Diagnostic]) -> None:
    for diagnostic in diagnostics:
        render_diagnostic(text, diagnostic, diagnostic_source(result, diagnostic))


def render_run(result: RunResult, diagnosis: RunDiagnosis) -> Text | None:
    """The panic and its diagnosis, or the case's error, then the audit's table (styled; not
    stdout)."""
    text = Text()
    if result.panic is not None:
        text.append(panic_block(result.panic.message, result.panic.location, os.getpid()))
        if diagnosis.errors or diagnosis.audit.entries:
            text.append("\n")
    _diagnostics(text, result, diagnosis.errors)
    if diagnosis.audit.entries:
        text.append_text(render_audit(result, diagnosis.audit, warnings=False))
    return _one_newline(text) if text.plain else None


def _one_newline(text: Text) -> Text:
    """The text without the blank line a diagnostic leaves after itself at the very end."""
    text.rstrip()
    text.append("\n")
    return text


def render_audit(result: RunResult, report: AuditReport, warnings: bool = True) -> Text:
    """A table of what the audit looked at, then (with `warnings`) a warning for each hazard.
    A hazard's row names its warning, which says why; without the warnings, the row says it."""
    text = Text()
    entries = report.entries
    if not entries:
        text.append("audit: no tensor made outside a loop that runs backward, no shared backward\n")
        return text
    text.append("audit:\n", style="bold")
    names = [report.named.get(e.node_id) or node_name(result, e.node_id) for e in entries]
    width = max(len(n) for n in names)
    places = [entry.where for entry in entries]
    place_width = max(8, *map(len, places))  # `src/training.rs:12` in a crate's module file
    for entry, name, line in zip(entries, names, places, strict=True):
        verdict_style = "bold red" if entry.verdict == "hazard" else "green"
        words = REQUIREMENT_WORDS[entry.requirement]
        text.append(f"  {name:<{width}}  {line:<{place_width}}  {words:<23}  ")
        text.append(f"{entry.verdict:<6}", style=verdict_style)
        if warnings and entry.verdict == "hazard":
            text.append(f"  warning[pbpit::{entry.pattern}] below\n")
        else:
            text.append(f"  {entry.reason}\n")
    if warnings and report.warnings:
        text.append("\n")
        _diagnostics(text, result, report.warnings)
    return _one_newline(text)


def render_explanation(result: RunResult, explanation: Diagnostic) -> Text:
    """`pbpit explain NodeId(n) --case CASE`: the tensor, its backwards, and the fixed lines."""
    text = Text()
    _diagnostics(text, result, [explanation])
    return _one_newline(text)


def render_entry(entry: str, width: int) -> str:
    """The general explanation wrapped to `width` columns: a paragraph, or a list item with its
    lines hanging under its first word, as one unit; code (indented four spaces or more past
    the prose) as it is."""
    out: list[str] = []
    words: list[str] = []
    indent = hanging = 0

    def flush() -> None:
        if words:
            out.extend(
                textwrap.wrap(
                    " ".join(words),
                    max(width, 20),
                    initial_indent=" " * indent,
                    subsequent_indent=" " * hanging,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
            words.clear()

    for line in entry.splitlines():
        margin = len(line) - len(line.lstrip())
        if words and line.strip() and margin == hanging and not _list_item(line):
            words.append(line.strip())
        elif line.strip() and margin < 4:
            flush()
            first = line.split(None, 1)[0]
            indent = margin
            hanging = margin + (len(first) + 1 if _list_item(line) else 0)
            words.append(line.strip())
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out) + "\n"


def _list_item(line: str) -> bool:
    first = line.split(None, 1)[0] if line.strip() else ""
    return first[:-1].isdigit() and first.endswith(".")


def render_memory(result: RunResult) -> Text:
    """What Burn holds on the tape before and after each backward: the bytes saved by live steps
    and their count, after it consumed the steps it reached and freed those nothing held can
    reach any more."""
    text = Text()
    text.append("memory held by live steps (saved tensors):\n", style="bold")
    for number, record in enumerate(result.backwards, start=1):
        outcome = "ran" if record.ok else f"panicked at NodeId({record.missing})"
        steps = f"{record.steps_before} -> {record.steps_after} steps"
        if record.ok:
            steps += f" ({len(record.consumed)} consumed, {len(record.freed)} freed unreached)"
        text.append(
            f"  backward #{number} (root {node_name(result, record.root)}, {outcome}): "
            f"{_bytes(record.saved_bytes_before)} -> {_bytes(record.saved_bytes_after)}, "
            f"{steps}\n"
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
