"""`pbpit check`: run cases and compare what they print with the golden files beside them.

A case file `NAME.py` or `NAME.rs` has its goldens beside it (a Rust twin of a Python case shares
its goldens: both must print the same):

- `NAME.stdout`: exactly what the program prints on stdout. Every checked case has one.
- `NAME.stderr`: what it prints on stderr (its own lines, then the panic block), written as
  `pbpit run NAME --raw` prints it except for two things that change from run to run or from
  machine to machine: the panic block's thread id is written `(TID)` (`thread 'main' (TID)
  panicked at ...`), and a case error's line names the case by its file name, not by the path
  it was run from (and so does a Rust case's own panic location).

A case that prints nothing on stderr has **no** `NAME.stderr` file: `--bless` never writes an
empty one and removes a stale one. An empty `NAME.stderr` written by hand reads the same as an
absent one.

The exit status is not stored; the stderr golden implies it, as for a Rust program: a panic
block -> 101, a case error -> 1, a case pbpit cannot run (`pbpit: error: ...`, or `pbpit:
unsupported Rust at ...`) -> 2, anything
else (the case's own lines, or nothing) -> 0.
`--bless` refuses a case whose exit status its stderr does not imply (a case calling
`sys.exit(3)`), since no golden could then record it.

Everything here returns plain data (`CaseResult`, `CheckReport`, `BlessReport`) and prints
nothing; `pbpit.report` renders it for people and `pbpit.junit` as JUnit XML. Files are written
only where that is the command's job: the goldens for `--bless`.
"""

from __future__ import annotations

import difflib
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbpit.errors import UsageError
from pbpit.runner import Case, builtin_cases, resolve_case, run_case

# -- what a case prints --------------------------------------------------------------------------


@dataclass(frozen=True)
class Output:
    """What a run printed, normalised as the goldens store it, and its exit status."""

    stdout: str
    stderr: str
    exit_code: int


def expected_exit(stderr: str) -> int:
    """The exit status a golden stderr implies (see the module docstring): it ends with a panic
    block (101), pbpit's line for a case error (1) or for a case it cannot run (2); anything
    else, the case's own lines or nothing, is a normal end (0)."""
    lines = stderr.splitlines()
    if any(line.startswith("thread '") and " panicked at " in line for line in lines):
        return 101
    if lines and lines[-1].startswith("pbpit: case error at "):
        return 1
    if lines and lines[-1].startswith(("pbpit: error: ", "pbpit: unsupported Rust at ")):
        return 2
    return 0


def actual_output(case: Case) -> Output:
    """Run `case` once and return its output in golden form (thread id `TID`, file name only).

    A case pbpit cannot run (a syntax error) is output too: `pbpit: error: ...`, exit 2.
    """
    try:
        return _run(case)
    except UsageError as err:
        return Output("", f"{err.line()}\n", 2)


def _run(case: Case) -> Output:
    from pbpit.rust.panic import program_stderr

    result = run_case(case, trace=False)
    # The real thread id is the process id, different on every run, so the golden says TID;
    # a case error names the file as it sits beside its golden, wherever it was run from.
    if result.panic is not None and result.panic.location.startswith(f"{case.path}:"):
        result.panic.location = case.path.name + result.panic.location[len(str(case.path)) :]
    return Output(result.stdout, program_stderr(result, "TID", case.path.name), result.exit_code)


def golden_paths(case: Case) -> tuple[Path, Path]:
    """`NAME.stdout` and `NAME.stderr` beside the case file `NAME.py` or `NAME.rs`."""
    return case.path.with_suffix(".stdout"), case.path.with_suffix(".stderr")


def _read(path: Path) -> str:
    # newline="" keeps the bytes as they are: a golden compares exactly, `\r` included.
    try:
        with path.open(encoding="utf-8", newline="") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read golden file {path}: {err}") from None


def expected_output(case: Case) -> Output | None:
    """The goldens of `case`, or None when it has no `NAME.stdout`."""
    stdout_path, stderr_path = golden_paths(case)
    if not stdout_path.is_file():
        return None
    stderr = _read(stderr_path) if stderr_path.is_file() else ""
    return Output(_read(stdout_path), stderr, expected_exit(stderr))


# -- finding the cases ---------------------------------------------------------------------------


def collect_cases(specs: Iterable[str], bless: bool = False) -> list[Case]:
    """The cases to check: the built-in ones when `specs` is empty; else each spec's cases.

    A spec is a case file, a built-in case name, or a directory: every `*.py` and `*.rs` in it
    that has a `.stdout` golden (every one when blessing). Raises UsageError for a missing path
    or a directory holding no case to check. The built-in cases include their Rust twins.
    """
    specs = list(specs)
    if not specs:
        return builtin_cases(rust=True)
    cases: list[Case] = []
    seen: set[Path] = set()
    for spec in specs:
        for case in _cases_at(spec, bless):
            try:
                key = case.path.resolve(strict=True)
            except (OSError, RuntimeError) as err:  # a broken link, or one that loops
                reason = getattr(err, "strerror", None) or "a symbolic link that loops"
                raise UsageError(f"cannot read case file {case.path}: {reason}") from None
            if key not in seen:
                seen.add(key)
                cases.append(case)
    return cases


def _cases_at(spec: str, bless: bool) -> list[Case]:
    path = Path(spec)
    if path.is_dir():
        files = sorted([*path.glob("*.py"), *path.glob("*.rs")])
        if not bless:
            files = [f for f in files if f.with_suffix(".stdout").is_file()]
        if not files:
            what = "case files" if bless else "cases with a .stdout golden"
            hint = "" if bless else " (run with --bless to create them)"
            raise UsageError(f"no {what} in {spec}{hint}")
        return [Case.file(f) for f in files]
    if not path.exists() and path.suffix not in (".py", ".rs") and "/" in spec:
        raise UsageError(f"no such case file or directory: {spec}")
    return [resolve_case(spec)]


# -- checking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CaseResult:
    """One case checked against its goldens.

    The diffs are unified diffs from the golden to the actual output, one string per line
    without its line ending (empty when they are equal, and when there is no golden file);
    `expected_exit` is None when there is no golden file.
    """

    name: str
    path: Path
    ok: bool
    reason: str | None
    stdout_diff: list[str]
    stderr_diff: list[str]
    expected_exit: int | None
    actual_exit: int
    seconds: float

    @property
    def exit_differs(self) -> bool:
        """It has goldens and exited with another status than they imply."""
        return self.expected_exit is not None and self.expected_exit != self.actual_exit

    @property
    def details(self) -> list[str]:
        """The lines shown under the failure: the diffs, then the exit status difference."""
        lines = self.stdout_diff + self.stderr_diff
        if self.exit_differs:
            lines.append(f"exit status: expected {self.expected_exit}, got {self.actual_exit}")
        return lines


@dataclass
class CheckReport:
    """Every case checked, in the order they ran."""

    cases: list[CaseResult]

    @property
    def passed(self) -> int:
        return sum(c.ok for c in self.cases)

    @property
    def failed(self) -> int:
        return len(self.cases) - self.passed

    @property
    def ok(self) -> bool:
        """Every case passed: `pbpit check` exits 0."""
        return all(c.ok for c in self.cases)

    @property
    def seconds(self) -> float:
        return sum(c.seconds for c in self.cases)

    def to_json(self) -> dict[str, Any]:
        """The whole check as one JSON-ready object (`reason` is null for a passing case)."""
        return {
            "passed": self.passed,
            "failed": self.failed,
            "cases": [
                {
                    "case": c.name,
                    "path": str(c.path),
                    "ok": c.ok,
                    "reason": c.reason,
                    "stdout_diff": lines_text(c.stdout_diff),
                    "stderr_diff": lines_text(c.stderr_diff),
                    "expected_exit": c.expected_exit,
                    "actual_exit": c.actual_exit,
                }
                for c in self.cases
            ],
        }


def diff_lines(expected: str, actual: str, golden_name: str) -> list[str]:
    """A unified diff from the golden `golden_name` to the actual text, one string per line
    without its line ending; a side whose last line has none is marked as `diff -u` marks it."""
    if expected == actual:
        return []
    diff = difflib.unified_diff(
        _lines(expected), _lines(actual), fromfile=f"expected {golden_name}", tofile="actual"
    )
    lines: list[str] = []
    for line in diff:
        if line.endswith("\n"):
            lines.append(line[:-1])
        else:
            lines += [line, "\\ No newline at end of file"]
    return lines


def lines_text(lines: list[str]) -> str:
    """`lines` as text, each ended by a newline ("" for no lines)."""
    return "".join(f"{line}\n" for line in lines)


def _lines(text: str) -> list[str]:
    # Only "\n" ends a line: str.splitlines would also split at \r, \f and friends.
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def _reason(stdout_differs: bool, stderr_differs: bool, exit_differs: bool) -> str | None:
    parts = [
        name
        for name, differs in (
            ("stdout", stdout_differs),
            ("stderr", stderr_differs),
            ("exit status", exit_differs),
        )
        if differs
    ]
    if not parts:
        return None
    if len(parts) == 1:
        return f"{parts[0]} differs"
    return f"{', '.join(parts[:-1])} and {parts[-1]} differ"


def check_case(case: Case) -> CaseResult:
    """Run `case` and compare it with its goldens."""
    expected = expected_output(case)
    start = time.perf_counter()
    actual = actual_output(case)
    seconds = time.perf_counter() - start
    if expected is None:
        return CaseResult(
            name=case.name,
            path=case.path,
            ok=False,
            reason="no golden file; run with --bless",
            stdout_diff=[],
            stderr_diff=[],
            expected_exit=None,
            actual_exit=actual.exit_code,
            seconds=seconds,
        )
    stem = case.path.stem
    stdout_diff = diff_lines(expected.stdout, actual.stdout, f"{stem}.stdout")
    stderr_diff = diff_lines(expected.stderr, actual.stderr, f"{stem}.stderr")
    reason = _reason(bool(stdout_diff), bool(stderr_diff), expected.exit_code != actual.exit_code)
    return CaseResult(
        name=case.name,
        path=case.path,
        ok=expected == actual,
        reason=reason,
        stdout_diff=stdout_diff,
        stderr_diff=stderr_diff,
        expected_exit=expected.exit_code,
        actual_exit=actual.exit_code,
        seconds=seconds,
    )


def check_cases(cases: Iterable[Case]) -> Iterator[CaseResult]:
    """Check each case in turn, yielding as each finishes (so a report can stream)."""
    for case in cases:
        yield check_case(case)


# -- blessing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlessedFile:
    """One golden file and what `--bless` did to it: `blessed`, `unchanged` or `removed`."""

    path: Path
    action: str


@dataclass
class BlessReport:
    """Every golden file `--bless` looked at, in the order of the cases."""

    files: list[BlessedFile]

    @property
    def written(self) -> int:
        """Files written or removed."""
        return sum(f.action != "unchanged" for f in self.files)

    @property
    def unchanged(self) -> int:
        return len(self.files) - self.written


def bless_cases(cases: Iterable[Case]) -> BlessReport:
    """Write the goldens of `cases` from their current output, touching only files that change.

    Every case runs before anything is written, so a case that cannot be blessed (it does not
    run, or exits with a status its stderr cannot record) raises UsageError with nothing written.
    """
    outputs = [(case, _run(case)) for case in cases]
    sharing: dict[Path, tuple[Case, Output]] = {}
    for case, output in outputs:
        if expected_exit(output.stderr) != output.exit_code:
            raise UsageError(
                f"cannot bless {case.name}: it exits with status {output.exit_code}, "
                "which its output cannot record"
            )
        # A case and its Rust twin share their goldens: they must print the same.
        twin = sharing.setdefault(golden_paths(case)[0], (case, output))
        if twin[1] != output:
            raise UsageError(
                f"cannot bless {twin[0].path.name} and {case.path.name}: they share "
                f"{golden_paths(case)[0].name} but print differently"
            )
    done: list[BlessedFile] = []
    for case, output in sharing.values():  # twins' goldens written once
        stdout_path, stderr_path = golden_paths(case)
        done.append(_bless_file(stdout_path, output.stdout))
        if output.stderr:
            done.append(_bless_file(stderr_path, output.stderr))
        elif stderr_path.exists():
            _write(stderr_path, None)
            done.append(BlessedFile(stderr_path, "removed"))
    return BlessReport(done)


def _bless_file(path: Path, text: str) -> BlessedFile:
    if path.is_file() and _read(path) == text:
        return BlessedFile(path, "unchanged")
    _write(path, text)
    return BlessedFile(path, "blessed")


def _write(path: Path, text: str | None) -> None:
    try:
        if text is None:
            path.unlink()
        else:
            path.write_text(text, encoding="utf-8", newline="")
    except OSError as err:
        raise UsageError(f"cannot write golden file {path}: {err.strerror or err}") from None
