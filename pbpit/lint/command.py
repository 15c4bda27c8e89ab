"""`pbpit lint PATH... [--format human|json|sarif]`: check Burn code for the tape panic, for CI.

Exit status: 0 when clean, 1 with findings, 2 when a path is missing or a file cannot be read
(the other files are still checked; a missing path stops before any is). A file tree-sitter
cannot parse, or that is not a regular file, is skipped with a note and does not change it.
"""

from __future__ import annotations

import os
from typing import Any

FORMATS = ("human", "json", "sarif")


def lint_command(
    paths: list[str], fmt: str, stdout: Any, stderr: Any, exclude: list[str] | None = None
) -> int:
    """Lint `paths` (files, or directories searched for `.rs` files), except what the
    gitignore globs of `exclude` name, and write the report in `fmt` to `stdout`: a rich
    Console (colour when it has a colour system) or a text stream. Problems with the command
    line go to `stderr`, one line each. Returns the exit status."""
    if fmt not in FORMATS:
        _line(stderr, f"pbpit: error: unknown --format `{fmt}` (expected {', '.join(FORMATS)})")
        return 2
    if not paths:
        _line(stderr, "pbpit: error: no path to lint (see `pbpit lint --help`)")
        return 2
    missing = [path for path in paths if not os.path.exists(path)]
    for path in missing:
        if os.path.islink(path):
            _line(stderr, f"pbpit: error: a symbolic link that loops or points nowhere: {path}")
        else:
            _line(stderr, f"pbpit: error: no such file or directory: {path}")
    if missing:
        return 2
    # A file named on the command line is linted as Rust only if it says it is.
    others = [p for p in paths if not os.path.isdir(p) and not p.endswith(".rs")]
    for path in others:
        _line(stderr, f"pbpit: error: not a Rust file: {path} (expected .rs files or directories)")
    if others:
        return 2

    from pbpit.lint.tree import lint_paths

    report = lint_paths(paths, exclude=exclude or ())
    if not report.files and not report.errors and not report.skipped:
        _line(stderr, f"pbpit: warning: no .rs file in {', '.join(paths)}")
    if fmt == "human":
        from pbpit.lint.report import render_human

        _write(stdout, render_human(report))
    else:
        from pbpit.lint.report import render_json, render_sarif

        _write(stdout, render_json(report) if fmt == "json" else render_sarif(report))
        # The document carries the errors; stderr says why the status is 2 in a CI log.
        for error in report.errors:
            _line(stderr, f"pbpit: error: {error.text}")
    return report.exit_code


def _write(stream: Any, text: Any) -> None:
    """Write a rich Text or a str: styled on a console with colour, plain anywhere else."""
    if hasattr(stream, "color_system"):  # a rich Console
        if stream.color_system is None or isinstance(text, str):
            # Plain text straight to the file: rich would only re-wrap or slow it down.
            stream.file.write(text if isinstance(text, str) else text.plain)
            stream.file.flush()
        else:
            stream.print(text, end="", soft_wrap=True, highlight=False, markup=False)
        return
    stream.write(text if isinstance(text, str) else text.plain)


def _line(stream: Any, message: str) -> None:
    _write(stream, message + "\n")
