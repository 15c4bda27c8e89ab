"""`pbpit lint`'s three renderings of a `LintReport`: rustc-style text, JSON, and SARIF 2.1.0.

The text is rustc's layout: `warning[pbpit::rule]: message`, ` --> file:line:col`, the quoted
lines with `^` under the primary span and `-` under the others, each labelled, `...` for lines
skipped; then `= help:` for a fix said in words and `help:` followed by the corrected lines for a
fix written as code (`+` under inserted text, or `-`/`+` lines when lines move). Everything is
plain text with optional styles: colour is the console's business.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from rich.text import Text

from pbpit import __version__
from pbpit.lint.analysis import (
    RULE_FIXES,
    RULE_SUMMARIES,
    RULES,
    Edit,
    Finding,
    Help,
    Label,
    LintError,
    LintReport,
)
from pbpit.rust.columns import display_columns, display_line

_GUTTER = "bold blue"
_LEVEL = {"warning": "bold yellow", "error": "bold red", "help": "bold cyan"}
_SECONDARY = "bold blue"
_INSERTED = "green"
_REMOVED = "red"

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
"""The base of relative artifact URIs: the directory `pbpit lint` ran in (the repository's root
in CI), given in the run's `originalUriBaseIds`."""
"""Where SARIF viewers send a reader for the tool: Burn, whose panic pbpit explains."""


# -- text ---------------------------------------------------------------------------------------


def render_human(report: LintReport) -> Text:
    """Every error and finding as rustc prints diagnostics, then one summary line."""
    text = Text()
    errors = {error.path: error for error in report.errors}
    findings: dict[str, list[Finding]] = {}
    for finding in report.findings:
        findings.setdefault(finding.path, []).append(finding)
    # Errors about paths that are not among the files (a directory that cannot be walked) first.
    for error in report.errors:
        if error.path not in report.files:
            _error(text, error)
    for path in report.files:
        if path in errors:
            _error(text, errors[path])
        for finding in findings.get(path, ()):
            render_finding(text, finding, report.sources.get(path, []))
    text.append(summary(report) + "\n")
    return text


def summary(report: LintReport) -> str:
    """`pbpit lint: 2 warnings in 1 file (3 files checked)`, as rustc's `N warnings emitted`."""
    count = len(report.findings)
    files = len({finding.path for finding in report.findings})
    checked = len(report.files)
    line = "pbpit lint: "
    line += f"{_plural(count, 'warning')} in {_plural(files, 'file')}" if count else "no warnings"
    if report.errors:
        line += f", {_plural(len(report.errors), 'error')}"
    return line + f" ({_plural(checked, 'file')} checked)"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _error(text: Text, error: LintError) -> None:
    text.append("error", style=_LEVEL["error"])
    text.append(f": {error.text}\n\n", style="bold")


def render_finding(text: Text, finding: Finding, lines: list[str]) -> None:
    """One finding, rustc's layout, followed by a blank line."""
    suggestions = [(h, _suggestion_rows(h.edits, lines)) for h in finding.helps if h.edits]
    numbers = [label.line for label in finding.labels]
    numbers += [row.number for _, rows in suggestions for row in rows if row.number]
    width = len(str(max(numbers)))
    gutter = " " * width
    primary = finding.primary
    text.append(f"warning[{finding.rule_id}]", style=_LEVEL["warning"])
    text.append(f": {finding.message}\n", style="bold")
    text.append(f"{gutter}--> ", style=_GUTTER)
    text.append(f"{finding.path}:{primary.line}:{primary.column}\n")
    text.append(f"{gutter} |\n", style=_GUTTER)
    _snippet(text, finding.labels, lines, width)
    words = [h for h in finding.helps if not h.edits]
    if words or suggestions:
        text.append(f"{gutter} |\n", style=_GUTTER)
    for help_ in words:
        text.append(f"{gutter} = ", style=_GUTTER)
        text.append("help", style="bold")
        text.append(f": {help_.message}\n")
    for help_, rows in suggestions:
        _suggestion(text, help_, rows, width)
    text.append("\n")


# A row of underlines and labels under a source line: characters, each with its style.
_Canvas = list[tuple[str, str]]


def _put(row: _Canvas, column: int, chars: str, style: str) -> None:
    while len(row) < column + len(chars):
        row.append((" ", ""))
    for offset, char in enumerate(chars):
        row[column + offset] = (char, style)


def _emit_row(text: Text, row: _Canvas, width: int) -> None:
    text.append(f"{' ' * width} | ", style=_GUTTER)
    line = "".join(char for char, _ in row).rstrip()
    index = 0
    while index < len(line):
        style = row[index][1]
        end = index
        while end < len(line) and row[end][1] == style:
            end += 1
        text.append(line[index:end], style=style)
        index = end
    text.append("\n")


def _source_row(text: Text, number: int | str, mark: str, line: str, width: int, style="") -> None:
    text.append(f"{number!s:<{width}} ", style=_GUTTER)
    text.append(mark, style=_GUTTER if mark == "|" else style)
    shown = display_line(line).rstrip()
    if shown:
        text.append(" ")
        text.append(shown, style=style)
    text.append("\n")


def _snippet(text: Text, labels: list[Label], lines: list[str], width: int) -> None:
    """The labelled lines (with one unlabelled line between two, `...` for more)."""
    by_line: dict[int, list[Label]] = {}
    for label in labels:
        by_line.setdefault(label.line, []).append(label)
    previous = None
    for number in sorted(by_line):
        if previous is not None and number - previous == 2:
            _source_row(text, previous + 1, "|", _line(lines, previous + 1), width)
        elif previous is not None and number - previous > 2:
            text.append("...\n", style=_GUTTER)
        source = _line(lines, number)
        _source_row(text, number, "|", source, width)
        _annotations(text, by_line[number], source, width)
        previous = number


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 1 <= number <= len(lines) else ""


def _annotations(text: Text, labels: list[Label], source: str, width: int) -> None:
    """Underlines, then labels: the rightmost inline, the others below on their own rows
    joined to their span by `|`, right to left, as rustc draws them."""
    spans = []
    for label in labels:
        start = display_columns(source, label.column)
        end = max(start + 1, display_columns(source, label.end_column))
        style = _LEVEL["warning"] if label.primary else _SECONDARY
        spans.append((start, end, label, style))
    spans.sort(key=lambda s: (s[0], s[1]))
    row: _Canvas = []
    # The primary span first: a span inside it stays visible.
    for start, end, label, style in sorted(spans, key=lambda s: not s[2].primary):
        _put(row, start, ("^" if label.primary else "-") * (end - start), style)
    last = spans[-1]
    inline = all(end <= last[0] for start, end, _, _ in spans[:-1])
    below = spans[:-1] if inline else spans
    if inline:
        _put(row, max(end for _, end, _, _ in spans) + 1, last[2].text, last[3])
    _emit_row(text, row, width)
    if not below:
        return
    connectors: _Canvas = []
    for start, _, _, style in below:
        _put(connectors, start, "|", style)
    _emit_row(text, connectors, width)
    for index in range(len(below) - 1, -1, -1):
        start, _, label, style = below[index]
        row = []
        for left_start, _, _, left_style in below[:index]:
            _put(row, left_start, "|", left_style)
        _put(row, start, label.text, style)
        _emit_row(text, row, width)


@dataclass
class _Row:
    """One row of a suggestion: a line (`number`, `mark`), or the `+` marks under one."""

    number: int | None
    mark: str
    """`|` unchanged or changed in place, `-` removed, `+` added, `...` lines skipped, `^` the
    row of `+` under inserted text."""
    content: str
    inserted: tuple[tuple[int, int], ...] = ()


def _suggestion_rows(edits: list[Edit], lines: list[str]) -> list[_Row]:
    """The corrected lines: inserted text marked `+` under it, or removed and added lines."""
    inline = all(
        (e.line, e.column) == (e.end_line, e.end_column) and "\n" not in e.replacement
        for e in edits
    )
    return _inline_rows(edits, lines) if inline else _diff_rows(edits, lines)


def _inline_rows(edits: list[Edit], lines: list[str]) -> list[_Row]:
    rows: list[_Row] = []
    by_line: dict[int, list[Edit]] = {}
    for edit in edits:
        by_line.setdefault(edit.line, []).append(edit)
    previous = None
    for number in sorted(by_line):
        if previous is not None and number - previous > 1:
            rows.append(_Row(None, "...", ""))
        line = _line(lines, number)
        new, marks, shift = line, [], 0
        for edit in sorted(by_line[number], key=lambda e: e.column):
            at = edit.column - 1 + shift
            new = new[:at] + edit.replacement + new[at:]
            marks.append((at, at + len(edit.replacement)))
            shift += len(edit.replacement)
        rows.append(_Row(number, "|", new))
        columns = tuple(
            (display_columns(new, a + 1), display_columns(new, b + 1)) for a, b in marks
        )
        rows.append(_Row(None, "^", "", columns))
        previous = number
    return rows


def _diff_rows(edits: list[Edit], lines: list[str]) -> list[_Row]:
    first = min(e.line for e in edits)
    last = max(e.end_line for e in edits)
    old = [_line(lines, n) for n in range(first, last + 1)]
    block = "\n".join(old) + "\n"
    offsets = [0]
    for line in old:
        offsets.append(offsets[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int:
        return offsets[line - first] + column - 1

    for edit in sorted(edits, key=lambda e: (e.line, e.column), reverse=True):
        start, end = offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)
        # The quoted lines carry no `\r`; neither do the lines a fix adds to a CRLF file.
        block = block[:start] + edit.replacement.replace("\r\n", "\n") + block[end:]
    new = block.split("\n")[:-1] if block.endswith("\n") else block.split("\n")
    rows: list[_Row] = []
    opcodes = difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes()
    changed = [i for i, op in enumerate(opcodes) if op[0] != "equal"]
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            # Unchanged lines only between two changes: the one before the next change (where
            # lines go in), and `...` for more than one above it, as rustc skips lines.
            if changed and changed[0] < index < changed[-1]:
                shown = range(j1, j2) if j2 - j1 <= 2 else range(j2 - 1, j2)
                if j2 - j1 > 2:
                    rows.append(_Row(None, "...", ""))
                rows.extend(_Row(first + j, "|", new[j]) for j in shown)
            continue
        rows.extend(_Row(first + i, "-", old[i]) for i in range(i1, i2))
        rows.extend(_Row(first + j, "+", new[j]) for j in range(j1, j2))
    return rows


def _suggestion(text: Text, help_: Help, rows: list[_Row], width: int) -> None:
    text.append("help", style=_LEVEL["help"])
    text.append(f": {help_.message}\n")
    text.append(f"{' ' * width} |\n", style=_GUTTER)
    diff = any(row.mark in "-+" for row in rows)
    for row in rows:
        if row.mark == "...":
            text.append("...\n", style=_GUTTER)
        elif row.mark == "^":
            canvas: _Canvas = []
            for start, end in row.inserted:
                _put(canvas, start, "+" * (end - start), _INSERTED)
            _emit_row(text, canvas, width)
        else:
            style = {"-": _REMOVED, "+": _INSERTED}.get(row.mark, "")
            _source_row(text, row.number or "", row.mark, row.content, width, style)
    if diff:
        text.append(f"{' ' * width} |\n", style=_GUTTER)


# -- JSON ---------------------------------------------------------------------------------------


def render_json(report: LintReport) -> str:
    """One JSON object; its keys are stable (a key is added, never renamed or dropped):

    - `files_checked` (int) and `files` (the paths linted, as given or found, in order);
    - `findings`, in file order then by line: `rule` (`loop-external-tracked`,
      `shared-intermediate`, `double-backward`), `id` (`pbpit::<rule>`), `level`
      (`warning`), `message`, `path`, the primary span (`line`, `column`, `end_line`,
      `end_column`), `labels` (each a span, its `text`, and `primary`; the primary first)
      and `help` (each a `message` and its `edits`: a span and its `replacement`, none when
      the fix is said in words only);
    - `errors`: files that could not be linted: `path`, `line` and `column` (null unless a
      parse error), `message`.

    Lines and columns are 1-based; a column counts characters (a tab is one), as rustc's JSON
    does; end columns are exclusive. An edit's replacement ends its lines as the file does."""
    return json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"


# -- SARIF --------------------------------------------------------------------------------------


def render_sarif(report: LintReport, base: Path | None = None) -> str:
    """SARIF 2.1.0 for GitHub code scanning: one run of the `pbpit` driver with the three rules
    (`id` `pbpit::<rule>`, short and full descriptions, help, level `warning`); a result per
    finding with `ruleId` and `ruleIndex`, the primary span as its location, the other labels
    as related locations, and a `partialFingerprints` entry that survives edits elsewhere in
    the file; files that could not be linted as error notifications of a failed invocation.
    Artifact URIs are relative to `base` (the working directory; the repository's root in CI)
    against `uriBaseId` `%SRCROOT%`, absolute `file://` URIs for files outside it. Regions are
    1-based, columns in Unicode code points (`columnKind`), end columns exclusive."""
    return json.dumps(sarif_log(report, base), indent=2, ensure_ascii=False) + "\n"


def sarif_log(report: LintReport, base: Path | None = None) -> dict:
    """The SARIF log as a dict: one run of the `pbpit` driver."""
    base = (base or Path.cwd()).resolve()
    results = []
    seen: dict[str, int] = {}
    for finding in report.findings:
        artifact = artifact_location(finding.path, base)
        key = _fingerprint(finding, artifact["uri"], report.sources.get(finding.path, []))
        seen[key] = seen.get(key, 0) + 1
        related = [
            {
                "id": number,
                "physicalLocation": _physical(artifact, label),
                "message": {"text": label.text},
            }
            for number, label in enumerate(finding.labels[1:], start=1)
        ]
        results.append(
            {
                "ruleId": finding.rule_id,
                "ruleIndex": RULES.index(finding.rule),
                "level": "warning",
                "message": {"text": _sarif_message(finding)},
                "locations": [
                    {
                        "physicalLocation": _physical(artifact, finding.primary),
                        "message": {"text": finding.primary.text},
                    }
                ],
                "relatedLocations": related,
                "partialFingerprints": {"pbpit/v1": f"{key}:{seen[key]}"},
            }
        )
    notifications = [_notification(error, base) for error in report.errors]
    return {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "pbpit",
                        "version": __version__,
                        "semanticVersion": __version__,
                        "rules": [_rule(rule) for rule in RULES],
                    }
                },
                "invocations": [
                    {
                        "executionSuccessful": not report.errors,
                        "toolExecutionNotifications": notifications,
                    }
                ],
                "originalUriBaseIds": {SRCROOT: {"uri": _directory_uri(base)}},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def artifact_location(path: str, base: Path) -> dict:
    """Where a file is, for SARIF: its path relative to `base` as a URI reference against
    `%SRCROOT%` (GitHub wants repository-relative paths), or an absolute `file://` URI for a
    file outside `base`."""
    resolved = Path(path).resolve()
    if resolved.is_relative_to(base):
        return {"uri": quote(resolved.relative_to(base).as_posix()), "uriBaseId": SRCROOT}
    return {"uri": resolved.as_uri()}


def _directory_uri(directory: Path) -> str:
    """`file:///work/repo/`: SARIF wants the URI of a base directory to end with a slash."""
    uri = directory.as_uri()
    return uri if uri.endswith("/") else uri + "/"


def _rule(rule: str) -> dict:
    name = "".join(part.capitalize() for part in rule.split("-"))
    return {
        "id": f"pbpit::{rule}",
        "name": name,
        "shortDescription": {"text": RULE_SUMMARIES[rule]},
        "fullDescription": {
            "text": f"{RULE_SUMMARIES[rule]}. Burn has no retain_graph: backward() consumes "
            "the step of every node it walks."
        },
        "help": {
            "text": f"Fix: {RULE_FIXES[rule]}.",
            "markdown": f"**Fix:** {RULE_FIXES[rule]}.\n\n"
            "`pbpit explain NodeId(n)` explains the panic "
            "(`Cannot run backward: graph tape has already been consumed`).",
        },
        "defaultConfiguration": {"level": "warning"},
        "properties": {
            "tags": ["burn", "autodiff", "correctness"],
            "precision": "high",
            "problem.severity": "warning",
        },
    }


def _sarif_message(finding: Finding) -> str:
    helps = "".join(f"\nhelp: {h.message}" for h in finding.helps)
    return finding.message + helps


def _region(label: Label | LintError) -> dict:
    if isinstance(label, LintError):
        return {"startLine": label.line, "startColumn": label.column}
    return {
        "startLine": label.line,
        "startColumn": label.column,
        "endLine": label.end_line,
        "endColumn": label.end_column,
    }


def _physical(artifact: dict, label: Label) -> dict:
    return {"artifactLocation": artifact, "region": _region(label)}


def _notification(error: LintError, base: Path) -> dict:
    location: dict = {"artifactLocation": artifact_location(error.path, base)}
    if error.line is not None:
        location["region"] = _region(error)
    return {
        "level": "error",
        "message": {"text": error.text},
        "locations": [{"physicalLocation": location}],
    }


def _fingerprint(finding: Finding, uri: str, lines: list[str]) -> str:
    """Stable across edits elsewhere in the file: the rule, the file, the tensor's name and the
    primary line's text (not its number)."""
    text = _line(lines, finding.primary.line).strip()
    key = "\0".join((finding.rule, uri, finding.name, text))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:32]
