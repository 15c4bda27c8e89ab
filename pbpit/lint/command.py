"""`pbpit lint PATH... [--format human|json|sarif]`: check Burn code for the tape panic, for CI;
`cargo pbpit lint [PATH...] [--message-format json]` for cargo and rust-analyzer; `--fix`.

Exit status: 0 when clean, 1 with findings, 2 when a path is missing or a file cannot be read
(the other files are still checked; a missing path stops before any is). A file tree-sitter
cannot parse (what of it parses is read), or that is not a regular file, is skipped with a note
and does not change it, unless `--strict`: then a file not read whole makes it 2 (after the
report, with a line on stderr). With `--fix`, the status is that of the findings the fixes
left.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

FORMATS = ("human", "json", "sarif")
# cargo's `--message-format` values pbpit writes: rustc's text, one line a finding, or cargo's
# JSON (its `rendered` plain, coloured, or the short line).
MESSAGE_FORMATS = (
    "human",
    "short",
    "json",
    "json-diagnostic-rendered-ansi",
    "json-diagnostic-short",
)
# The cargo JSON formats and what their `rendered` holds.
_CARGO_JSON = {"cargo-json": "plain", "cargo-json-ansi": "ansi", "cargo-json-short": "short"}
# Fewer files than this are linted before a progress bar would be read.
PROGRESS_FROM = 20


def lint_command(
    paths: list[str],
    fmt: str,
    stdout: Any,
    stderr: Any,
    *,
    message_format: str | None = None,
    fix: bool | str = False,
    cargo: bool = False,
    exclude: list[str] | None = None,
    strict: bool = False,
) -> int:
    """Lint `paths` (files, or directories searched for `.rs` files) and write the report in
    `fmt` to `stdout`: a rich Console (colour when it has a colour system) or a text stream.
    Problems with the command line go to `stderr`, one line each. Returns the exit status.

    `message_format` (one of MESSAGE_FORMATS, comma-separated as cargo takes them) replaces
    `fmt`; `fix` writes the machine-applicable fixes into the files first (`pbpit.lint.apply`;
    `detach`, `recompute` or `add`: the fixes of that kind);
    `cargo` (`cargo pbpit lint`): no path means the crate at the working directory;
    what the gitignore globs of `exclude` name is not linted; `strict`: a file not read whole
    (`LintReport.unread`) is a failure."""
    if fmt not in FORMATS:
        _line(stderr, f"pbpit: error: unknown --format `{fmt}` (expected {', '.join(FORMATS)})")
        return 2
    if message_format is not None:
        chosen = _message_format(message_format)
        if chosen is None:
            expected = ", ".join(MESSAGE_FORMATS)
            _line(
                stderr,
                f"pbpit: error: unknown --message-format `{message_format}` (expected {expected})",
            )
            return 2
        fmt = chosen
    # `cargo pbpit lint --exclude tests/`: globs relative to the crate's root, as for the
    # crate's own files; with paths given, relative to each of them.
    exclude_from = None
    if not paths and cargo:
        found = _crate_paths(stderr)
        if found is None:
            return 2
        paths, exclude_from = found
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

    def lint(progress: Any = None):
        # Each help written as code is made and read again: one that fails is said in words.
        return checked(
            lint_paths(paths, progress, exclude=exclude or (), exclude_from=exclude_from)
        )

    bar = _ProgressBar(stderr)
    try:
        report = lint(bar if bar.enabled else None)
    finally:
        bar.close()
    if not report.files and not report.errors and not report.skipped:
        _line(stderr, f"pbpit: warning: no .rs file in {', '.join(paths)}")
    failed = False
    if fix:
        from pbpit.lint.apply import fix_in_place

        outcome = fix_in_place(report, lint, fix if isinstance(fix, str) else None)
        for line in outcome.lines:
            _line(stderr, line)
        if outcome.interrupted:
            raise KeyboardInterrupt  # after saying what was fixed: `pbpit: interrupted`, 130
        report, failed = outcome.report, outcome.failed
    _render(report, fmt, stdout, stderr)
    unread = report.unread if strict else []
    if unread:
        count = len({skip.path for skip in unread})
        files = "a file was" if count == 1 else f"{count} files were"
        _line(stderr, f"pbpit: error: --strict: {files} not read whole (see the notes)")
    return max(report.exit_code, 2 if failed or unread else 0)


def checked(report: Any) -> Any:
    """`report` with each help written as code checked, one that fails said in words with
    why: made and run, as `pbpit run` checks its own, where the finding's file is a program
    pbpit runs (`_runnable`); elsewhere (a crate's modules, what is outside the subset) made
    and read again (`lint_checked`). A report without such helps costs nothing."""
    from dataclasses import replace

    from pbpit.diagnose.fix_check import checked_findings

    if not any(h.edits for f in report.findings for h in f.helps):
        return report
    runnable: dict[str, bool] = {}
    for finding in report.findings:
        if finding.path not in runnable and any(h.edits for h in finding.helps):
            runnable[finding.path] = _runnable(finding.path)
    ran = _run_checked([f for f in report.findings if runnable.get(f.path)])
    read = iter(checked_findings([f for f in report.findings if not runnable.get(f.path)]))
    findings = [next(ran) if runnable.get(f.path) else next(read) for f in report.findings]
    return replace(report, findings=findings)


def _run_checked(found: list[Any]) -> Iterator[Any]:
    """The findings `found` (of programs pbpit runs), each help written as code made and run:
    one whose edited program panics, is refused or fails keeps its words, loses its code, and
    says what running it did. Compared with the original program's run (made once per file
    that has such a help, as `pbpit run` compares its own: `_original`), one that runs but
    after which a parameter an optimizer steps gets no gradient, or a backward the original
    ran does not run, is said in words with what it costs (`fix_costs`)."""
    from dataclasses import replace

    from pbpit.diagnose.fix_check import (
        check_edits,
        checked_findings,
        left_to_a_run,
        retrained,
        stamped,
    )
    from pbpit.diagnose.fix_costs import STARVES, cost

    checks: dict[tuple, Any] = {}
    originals: dict[str, tuple[Any, Any]] = {}
    for finding in found:
        helps = []
        for help_ in finding.helps:
            if left_to_a_run(help_) is not None:  # it may cut a gradient the program reads
                helps.append(left_to_a_run(help_))
                continue
            if not help_.edits:
                helps.append(help_)
                continue
            key = (finding.path, tuple(repr(e) for e in help_.edits))
            if key not in checks:
                if finding.path not in originals:
                    originals[finding.path] = _original(finding.path)
                before, trained = originals[finding.path]
                try:
                    check = check_edits(
                        finding.path, help_.edits, finding.path, baseline=before, pinned=True
                    )
                except Exception:  # noqa: BLE001 - the run failed (no thread left): read instead
                    check = None
                costs = cost(check, before, trained) if check is not None and check.ok else ""
                if costs:
                    check = replace(check, verdict=STARVES, detail=f"it runs, but {costs}")
                elif check is not None:  # lint says whether it runs, not what it changes
                    moved = retrained(check, trained)
                    check = replace(check, gradients=(), zero_signs=(), later=(), retrains=moved)
                checks[key] = check
            check = checks[key]
            if check is None:
                helps.append(checked_findings([replace(finding, helps=[help_])])[0].helps[0])
                continue
            if check.ok:
                helps.append(stamped(help_, check))
            else:
                why = f"pbpit made this edit and ran the program: {check.detail}"
                helps.append(
                    replace(help_, edits=[], note=f"{why}, so it is not shown", checked=check)
                )
        yield replace(finding, helps=helps)


def _original(path: str) -> tuple[Any, Any]:
    """The program `path` run as its fixes are (traced, its random stream started at
    `fix_check.PINNED`): its backwards' leaf gradients (`fix_check.baseline`) and the leaves
    an optimizer steps (`fix_costs.trained_leaves`); (None, frozenset()) when it does not run."""
    from pbpit.diagnose.fix_check import PINNED, baseline
    from pbpit.diagnose.fix_costs import trained_leaves
    from pbpit.engine import random
    from pbpit.runner import Case, run_case

    random.restart(PINNED)
    try:
        result = run_case(Case.file(Path(path)), trace=True, timeout=30.0)
    except Exception:  # noqa: BLE001 - not run: its fixes are checked without comparing
        return None, frozenset()
    return baseline(result), trained_leaves(result)


def _runnable(path: str) -> bool:
    """Whether `path` is a program pbpit runs: it has `fn main` and the interpreter loads it
    (what rustc or the subset refuses is not run)."""
    import re

    from pbpit.errors import UsageError
    from pbpit.runner import Case
    from pbpit.runner.rust_case import RustRefusals, load_rust_case

    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if not re.search(r"\bfn\s+main\s*\(", text):
        return False
    try:
        load_rust_case(Case.file(Path(path)))
    except (RustRefusals, UsageError, RecursionError):
        return False
    except Exception:  # noqa: BLE001 - the interpreter failing on a file lint reads: not run
        return False
    return True


def _render(report: Any, fmt: str, stdout: Any, stderr: Any) -> None:
    from pbpit.diagnostics.model import unicode_text
    from pbpit.lint import report as renderers

    if fmt == "human":
        _write(stdout, renderers.render_human(report))
        return
    if fmt == "short":
        _write(stdout, renderers.render_short(report))
        return
    if fmt == "json":
        text = renderers.render_json(report)
    elif fmt == "sarif":
        text = renderers.render_sarif(report)
    else:
        text = renderers.render_cargo_json(report, _CARGO_JSON[fmt])
    # A file name that is not UTF-8 is shown as rustc shows it (U+FFFD for each such byte):
    # JSON is UTF-8. (SARIF's URIs keep the bytes, percent-encoded.)
    _write(stdout, unicode_text(text))
    # The document carries the errors; stderr says why the status is 2 in a CI log.
    for error in report.errors:
        _line(stderr, f"pbpit: error: {error.text}")


def _message_format(value: str) -> str | None:
    """The format `--message-format value` asks for: `human`, `short`, or `cargo-json`,
    `cargo-json-ansi`, `cargo-json-short` (what `rendered` holds); None if cargo would not
    take it."""
    words = [word.strip() for word in value.split(",")]
    if not all(word in MESSAGE_FORMATS for word in words):
        return None
    if not any(word.startswith("json") for word in words):
        return "short" if "short" in words else "human"
    if "json-diagnostic-short" in words:
        return "cargo-json-short"
    return "cargo-json-ansi" if "json-diagnostic-rendered-ansi" in words else "cargo-json"


def _crate_paths(stderr: Any) -> tuple[list[str], Path] | None:
    """What `cargo pbpit lint` reads with no path: the targets of the crate at the working
    directory (a virtual workspace: its members'), relative to it, and the crate's root; None
    after saying why not."""
    from pbpit.diagnostics.cargo import ManifestError, crate_sources, find_manifest

    here = Path.cwd()
    manifest = find_manifest(here)
    if manifest is None:
        _line(
            stderr,
            f"pbpit: error: could not find `Cargo.toml` in `{here}` or any parent "
            "directory (give the paths to lint)",
        )
        return None
    try:
        directories, packages = crate_sources(manifest)
    except ManifestError as err:
        _line(stderr, f"pbpit: error: {err}")
        return None
    if not directories:
        what = "package" if packages else "member package"
        _line(
            stderr,
            f"pbpit: error: no src/, examples/, tests/ or benches/ in the {what} of "
            f"{os.path.relpath(manifest)}",
        )
        return None
    return [os.path.relpath(directory, here) for directory in directories], manifest.parent


class _ProgressBar:
    """`checked 12/40 files` redrawn on one line of a terminal's stderr while many files are
    analysed, and wiped when done; nothing when stderr is not a terminal."""

    def __init__(self, stream: Any) -> None:
        isatty = getattr(stream, "isatty", None)
        self.stream = stream
        self.enabled = bool(isatty and isatty())
        self.shown = False
        self.drawn_at = 0.0

    def __call__(self, done: int, total: int) -> None:
        if total < PROGRESS_FROM:
            return
        now = time.monotonic()
        # A redraw per file would cost more than a fast lint takes: ten a second.
        if self.shown and done < total and now - self.drawn_at < 0.1:
            return
        width = 30
        filled = width * done // total
        bar = "=" * filled + (">" if filled < width else "") + " " * (width - filled - 1)
        self.stream.write(f"\r    Checking [{bar[:width]}] {done}/{total} files")
        self.stream.flush()
        self.shown, self.drawn_at = True, now

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.shown = False


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
    # What --fix says on stderr comes before the report on stdout, on a terminal too.
    if hasattr(stream, "flush"):
        stream.flush()


def _line(stream: Any, message: str) -> None:
    _write(stream, message + "\n")
