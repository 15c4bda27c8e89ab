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


# -- cargo's JSON and rustc's short lines -------------------------------------------------------


def render_cargo_json(report: LintReport, rendered: str = "plain") -> str:
    """`--message-format json`: one cargo `compiler-message` object a line for each finding and
    each file that could not be linted (`pbpit.diagnostics.cargo`), then `build-finished`.
    `rendered` is the rustc-style text: `plain`, `ansi`-coloured
    (`json-diagnostic-rendered-ansi`), or the `short` line (`json-diagnostic-short`)."""
    from pbpit.diagnostics import cargo

    lines = []
    texts: dict[str, cargo.SourceText] = {}
    for finding in _in_file_order(report):
        path = finding.path
        if path not in texts:
            texts[path] = _source_text(path, report.sources.get(path, []))
        if rendered == "short":
            shown = _short_line(finding)
        else:
            text = Text()
            render_diagnostic(text, finding, texts[path].lines)
            shown = cargo.render_ansi(text) if rendered == "ansi" else text.plain
        message = cargo.compiler_message(finding, texts[path], shown)
        lines.append(json.dumps(message, ensure_ascii=False, separators=(",", ":")))
    finished = cargo.build_finished(report.exit_code == 0)
    lines.append(json.dumps(finished, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def _in_file_order(report: LintReport) -> list[Diagnostic]:
    """The errors as `error` diagnostics and what was skipped as `note` ones among the findings,
    in the order the text gives them."""
    from pbpit.diagnostics.model import Label

    errors: dict[str, list[Diagnostic]] = {}
    for skip in report.skipped:
        at = (
            []
            if skip.line is None
            else [Label(skip.line, skip.column or 1, skip.line, (skip.column or 1) + 1, "", True)]
        )
        errors.setdefault(skip.path, []).append(
            Diagnostic("", _skip_message(skip), skip.path, at, [], level="note")
        )
    for error in report.errors:
        at = (
            []
            if error.line is None
            else [
                Label(error.line, error.column or 1, error.line, (error.column or 1) + 1, "", True)
            ]
        )
        message = error.message if error.line is not None else error.text
        errors.setdefault(error.path, []).append(
            Diagnostic("", message, error.path, at, [], level="error")
        )
    findings: dict[str, list[Diagnostic]] = {}
    for finding in report.findings:
        findings.setdefault(finding.path, []).append(finding)
    files = set(report.files)
    ordered = [e for path, found in errors.items() if path not in files for e in found]
    for path in report.files:
        ordered.extend(errors.get(path, ()))
        ordered.extend(findings.get(path, ()))
    return ordered


def _skip_message(skip) -> str:
    """What a skip says once its place is given apart, as rustc's messages do."""
    if skip.function is not None:
        return f"fn `{skip.function}` not analysed: {skip.reason}"
    if getattr(skip, "partly", False):
        return skip.reason
    return f"skipped: {skip.reason}"


def _source_text(path: str, lines: list[str]):
    """The file's bytes as they are on disk (rustc's byte offsets count them all), or its
    lines as linted when it cannot be read again."""
    from pbpit.diagnostics.cargo import SourceText

    try:
        return SourceText(Path(path).read_bytes())
    except OSError:
        return SourceText("\n".join(lines).encode())


def render_short(report: LintReport) -> str:
    """`--message-format short`: one line a finding, `path:line:col: warning[pbpit::rule]:
    message`, as rustc's `--error-format=short`, then the summary line."""
    lines = [_short_line(finding) for finding in _in_file_order(report)]
    return "".join(lines) + summary(report) + "\n"


def _short_line(finding: Diagnostic) -> str:
    where = finding.path
    if finding.labels:
        where += f":{finding.primary.line}:{finding.primary.column}"
    code = f"[{finding.rule_id}]" if finding.rule else ""
    return f"{where}: {finding.level}{code}: {finding.message}\n"
