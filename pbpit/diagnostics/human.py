"""The rustc-style rendering of a diagnostic, the one every command prints.

rustc's layout: `warning[pbpit::rule]: message`, ` --> file:line:col`, the quoted lines with `^`
under the primary span and `-` under the others, each labelled, `...` for lines skipped; then
`= note:` and `= help:` lines for what is said in words, and `help:` followed by the corrected
lines for a fix written as code (`+` under inserted text, or `-`/`+` lines when lines move).
Everything is plain text with optional styles: colour is the console's business.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from rich.text import Text

from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.rust.columns import display_columns, display_line

_GUTTER = "bold blue"
_LEVEL = {
    "warning": "bold yellow",
    "error": "bold red",
    "note": "bold green",
    "help": "bold cyan",
}
_SECONDARY = "bold blue"
_INSERTED = "green"
_REMOVED = "red"


def render_diagnostic(text: Text, finding: Diagnostic, lines: list[str]) -> None:
    """One finding, rustc's layout, followed by a blank line."""
    suggestions = [(h, _suggestion_rows(h.edits, lines)) for h in finding.helps if h.edits]
    numbers = [label.line for label in finding.labels]
    numbers += [row.number for _, rows in suggestions for row in rows if row.number]
    width = len(str(max(numbers, default=0)))
    gutter = " " * width
    level = finding.level
    text.append(level + (f"[{finding.rule_id}]" if finding.rule else ""), style=_LEVEL[level])
    text.append(f": {finding.message}\n", style="bold")
    if finding.labels:
        primary = finding.primary
        text.append(f"{gutter}--> ", style=_GUTTER)
        text.append(f"{finding.path}:{primary.line}:{primary.column}\n")
        text.append(f"{gutter} |\n", style=_GUTTER)
        _snippet(text, finding.labels, lines, width, _LEVEL[level])
    words = [h for h in finding.helps if not h.edits]
    if finding.labels and (words or suggestions or finding.notes):
        text.append(f"{gutter} |\n", style=_GUTTER)
    for note in finding.notes:
        _said(text, gutter, "note", note)
    for help_ in words:
        _said(text, gutter, "help", help_.headline)
        if help_.note:
            _said(text, gutter, "note", help_.note)
    for help_, rows in suggestions:
        _suggestion(text, help_, rows, width)
    text.append("\n")


def _said(text: Text, gutter: str, kind: str, message: str) -> None:
    """rustc's `= note: ...` or `= help: ...`, aligned with the gutter."""
    text.append(f"{gutter} = ", style=_GUTTER)
    text.append(kind, style="bold")
    text.append(f": {message}\n")


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


def _snippet(
    text: Text, labels: list[Label], lines: list[str], width: int, primary_style: str
) -> None:
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
        _annotations(text, by_line[number], source, width, primary_style)
        previous = number


def _line(lines: list[str], number: int) -> str:
    return lines[number - 1] if 1 <= number <= len(lines) else ""


def _annotations(
    text: Text, labels: list[Label], source: str, width: int, primary_style: str
) -> None:
    """Underlines, then labels: the rightmost inline, the others below on their own rows
    joined to their span by `|`, right to left, as rustc draws them."""
    spans = []
    for label in labels:
        start = display_columns(source, label.column)
        end = max(start + 1, display_columns(source, label.end_column))
        style = primary_style if label.primary else _SECONDARY
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
    text.append(f": {help_.headline}\n")
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
    if help_.note:
        _said(text, " " * width, "note", help_.note)


def line_of(lines: list[str], number: int) -> str:
    """Line `number` (1-based) of a file's lines, empty past its end."""
    return _line(lines, number)
