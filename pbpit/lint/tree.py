"""The tree `pbpit lint` is given: which files it reads, how each is read, and the report.

Every file is parsed before any is analysed, so that the analysis sees the whole tree at once.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from pbpit.diagnostics.model import Diagnostic
from pbpit.lint.analysis import lint_sources
from pbpit.rust.syntax import RustFile, RustReadError, read_rust


@dataclass
class LintError:
    """A file that could not be linted: unreadable, not UTF-8, or not parseable as Rust."""

    path: str
    message: str
    line: int | None = None
    column: int | None = None

    def to_json(self) -> dict:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "message": self.message,
        }

    @property
    def text(self) -> str:
        """One line for the user, as `pbpit lint` prints it after `error: `."""
        if self.line is None:
            return self.message
        return f"cannot parse {self.path}:{self.line}:{self.column}: {self.message}"


@dataclass
class LintReport:
    """What `pbpit lint` found: the files checked, the findings in file order, the errors, and
    the source lines of the files with findings (to quote them)."""

    files: list[str] = field(default_factory=list)
    findings: list[Diagnostic] = field(default_factory=list)
    errors: list[LintError] = field(default_factory=list)
    sources: dict[str, list[str]] = field(default_factory=dict)

    @property
    def exit_code(self) -> int:
        """0 clean, 1 with findings, 2 when a file could not be linted."""
        if self.errors:
            return 2
        return 1 if self.findings else 0

    def to_json(self) -> dict:
        return {
            "files_checked": len(self.files),
            "files": self.files,
            "findings": [finding.to_json() for finding in self.findings],
            "errors": [error.to_json() for error in self.errors],
        }


def rust_files(directory: Path, errors: list[LintError] | None = None) -> list[Path]:
    """The `.rs` files under `directory`, sorted; `target/` and hidden directories skipped.
    A directory that cannot be listed goes into `errors`."""

    def unreadable(error: OSError) -> None:
        if errors is not None:
            reason = error.strerror or str(error)
            errors.append(LintError(str(error.filename), f"cannot read directory: {reason}"))

    found = []
    for root, dirs, files in os.walk(directory, onerror=unreadable):
        dirs[:] = sorted(d for d in dirs if d != "target" and not d.startswith("."))
        found.extend(Path(root, name) for name in sorted(files) if name.endswith(".rs"))
    return found


def lint_paths(
    paths: Iterable[str | Path], progress: Callable[[int, int], None] | None = None
) -> LintReport:
    """Lint files and directories (recursively), each file once, as one tree: what a function
    of one file does is known at its calls in the others. Paths must exist: the caller checks,
    so that a mistyped path is a usage error rather than a file error. `progress(done, total)`
    is called as the files are analysed."""
    report = LintReport()
    seen: set[Path] = set()
    parsed: list[RustFile] = []
    for path in map(Path, paths):
        for file in rust_files(path, report.errors) if path.is_dir() else [path]:
            try:
                key = file.resolve()
            except (OSError, RuntimeError):  # a symlink loop
                key = file.absolute()
            if key not in seen:
                seen.add(key)
                source = read_file(str(file), report)
                if source is not None:
                    parsed.append(source)
    for source, findings in zip(parsed, lint_sources(parsed, progress), strict=True):
        if findings:
            report.findings.extend(findings)
            report.sources[source.path] = [
                line.removesuffix("\r") for line in source.text.split("\n")
            ]
    return report


def read_file(path: str, report: LintReport) -> RustFile | None:
    """Read and parse one file for `report`, or say in it why it cannot be linted."""
    report.files.append(path)
    try:
        source = read_rust(path)
    except RustReadError as err:
        report.errors.append(LintError(path, str(err)))
        return None
    error = source.first_error()
    if error is not None:
        node, what = error
        line, column = source.start(node)
        report.errors.append(LintError(path, what, line, column))
        return None
    return source
