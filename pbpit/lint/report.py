"""`pbpit lint`'s three renderings of a `LintReport`: rustc-style text, JSON, and SARIF 2.1.0
(each diagnostic rendered by `pbpit.diagnostics`).

"""

from __future__ import annotations

import json
from pathlib import Path

from rich.text import Text

from pbpit.diagnostics import sarif
from pbpit.diagnostics.human import render_diagnostic
from pbpit.diagnostics.model import Diagnostic
from pbpit.lint.tree import LintError, LintReport

# -- text ---------------------------------------------------------------------------------------


def render_human(report: LintReport) -> Text:
    """Every error and finding as rustc prints diagnostics, then one summary line."""
    text = Text()
    errors = {error.path: error for error in report.errors}
    findings: dict[str, list[Diagnostic]] = {}
    for finding in report.findings:
        findings.setdefault(finding.path, []).append(finding)
    # Errors about paths that are not among the files (a directory that cannot be walked) first.
    for error in report.errors:
        if error.path not in report.files:
            _error(text, error)
    for skip in report.skipped:
        text.append("note", style="bold green")
        text.append(f": {skip.text}\n\n", style="bold")
    for path in report.files:
        if path in errors:
            _error(text, errors[path])
        for finding in findings.get(path, ()):
            render_diagnostic(text, finding, report.sources.get(path, []))
    text.append(summary(report) + "\n")
    return text


def summary(report: LintReport) -> str:
    """`pbpit lint: 2 warnings in 1 file (3 files checked)`, as rustc's `N warnings emitted`;
    the files skipped and functions not analysed are counted apart (`, 1 skipped`)."""
    count = len(report.findings)
    files = len({finding.path for finding in report.findings})
    checked = len(report.files)
    line = "pbpit lint: "
    line += f"{_plural(count, 'warning')} in {_plural(files, 'file')}" if count else "no warnings"
    if report.errors:
        line += f", {_plural(len(report.errors), 'error')}"
    line += f" ({_plural(checked, 'file')} checked"
    if report.skipped_files:
        line += f", {len(report.skipped_files)} skipped"
    if report.skipped_functions:
        line += f", {_plural(len(report.skipped_functions), 'function')} not analysed"
    return line + ")"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _error(text: Text, error: LintError) -> None:
    text.append("error", style="bold red")
    text.append(f": {error.text}\n\n", style="bold")


# -- JSON ---------------------------------------------------------------------------------------


def render_json(report: LintReport) -> str:
    """One JSON object; its keys are stable (a key is added, never renamed or dropped):

    - `files_checked` (int) and `files` (the paths linted, as given or found, in order);
    - `findings`, in file order then by line: `rule` (a rule's name in
      `pbpit.lint.rules.RULES`: `loop-external-tracked`, ...), `id` (`pbpit::<rule>`), `level`
      (`warning`), `message`, `path`, the primary span (`line`, `column`, `end_line`,
      `end_column`), `labels` (each a span, its `text`, and `primary`; the primary first)
      and `help` (each a `message` and its `edits`: a span and its `replacement`, none when
      the fix is said in words only);
    - `errors`: files that could not be read (exit status 2): `path`, `line` and `column`
      (null), `message`;
    - `skipped`: what was not checked, with no effect on the exit status: `path`, `line` and
      `column` (where tree-sitter cannot parse the file, or of the function; else null),
      `function` (the name of a function not analysed; null for a file skipped), `reason`.

    Lines and columns are 1-based; a column counts characters (a tab is one), as rustc's JSON
    does; end columns are exclusive. An edit's replacement ends its lines as the file does."""
    return json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"


def render_sarif(report: LintReport, base: Path | None = None) -> str:
    """SARIF 2.1.0 for GitHub code scanning (`pbpit.diagnostics.sarif`)."""
    return sarif.render_sarif(report, base)
