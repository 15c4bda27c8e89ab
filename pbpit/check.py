"""`pbpit check`: run cases and compare what they print with the golden files beside them.

A case file `NAME.py` has its goldens beside it:

- `NAME.stdout`: exactly what the program prints on stdout. Every checked case has one.
- `NAME.stderr`: what it prints on stderr (its own lines, then the panic block), written as
  `pbpit run NAME --raw` prints it except for two things that change from run to run or from
  machine to machine: the panic block's thread id is written `(TID)` (`thread 'main' (TID)
  panicked at ...`), and a case error's line names the case by its file name, not by the path
  it was run from.

A case that prints nothing on stderr has **no** `NAME.stderr` file: `--bless` never writes an
empty one and removes a stale one. An empty `NAME.stderr` written by hand reads the same as an
absent one.

The exit status is not stored; the stderr golden implies it, as for a Rust program: a panic
block -> 101, a case error -> 1, a case pbpit cannot run (`pbpit: error: ...`) -> 2, anything
else (the case's own lines, or nothing) -> 0.
`--bless` refuses a case whose exit status its stderr does not imply (a case calling
`sys.exit(3)`), since no golden could then record it.
"""

from __future__ import annotations

import difflib
import json
import re
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbpit.runner import Case, UsageError, builtin_cases, resolve_case, run_case

STATUS_WIDTH = len("FAILED  ")


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
    if lines and lines[-1].startswith("pbpit: error: "):
        return 2
    return 0


def actual_output(case: Case) -> Output:
    """Run `case` once and return its output in golden form (thread id `TID`, file name only).

    A case pbpit cannot run (a syntax error) is output too: `pbpit: error: ...`, exit 2.
    """
    try:
        return _run(case)
    except UsageError as err:
        return Output("", f"pbpit: error: {err}\n", 2)


def _run(case: Case) -> Output:
    from pbpit.rust import program_stderr

    result = run_case(case, trace=False)
    # The real thread id is the process id, different on every run, so the golden says TID;
    # a case error names the file as it sits beside its golden, wherever it was run from.
    return Output(result.stdout, program_stderr(result, "TID", case.path.name), result.exit_code)


def golden_paths(case: Case) -> tuple[Path, Path]:
    """`NAME.stdout` and `NAME.stderr` beside the case file `NAME.py`."""
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

    A spec is a case file, a built-in case name, or a directory: every `*.py` in it that has a
    `.stdout` golden (every `*.py` when blessing). Raises UsageError for a missing path or a
    directory holding no case to check.
    """
    specs = list(specs)
    if not specs:
        return builtin_cases()
    cases: list[Case] = []
    seen: set[Path] = set()
    for spec in specs:
        for case in _cases_at(spec, bless):
            if case.path.resolve() not in seen:
                seen.add(case.path.resolve())
                cases.append(case)
    return cases


def _cases_at(spec: str, bless: bool) -> list[Case]:
    path = Path(spec)
    if path.is_dir():
        files = sorted(path.glob("*.py"))
        if not bless:
            files = [f for f in files if f.with_suffix(".stdout").is_file()]
        if not files:
            what = "case files" if bless else "cases with a .stdout golden"
            hint = "" if bless else " (run with --bless to create them)"
            raise UsageError(f"no {what} in {spec}{hint}")
        return [Case(str(f), f) for f in files]
    if not path.exists() and path.suffix != ".py" and "/" in spec:
        raise UsageError(f"no such case file or directory: {spec}")
    return [resolve_case(spec)]


# -- checking ------------------------------------------------------------------------------------


@dataclass
class CaseCheck:
    """One case checked: its goldens (None: no golden file), what it printed, and the diffs."""

    case: Case
    expected: Output | None
    actual: Output
    seconds: float
    stdout_diff: str
    stderr_diff: str

    @property
    def ok(self) -> bool:
        """It has goldens, and stdout, stderr and exit status all equal them."""
        return self.expected is not None and self.expected == self.actual

    @property
    def exit_differs(self) -> bool:
        """It has goldens and exited with another status than they imply."""
        return self.expected is not None and self.expected.exit_code != self.actual.exit_code

    @property
    def reason(self) -> str | None:
        """Why it failed, in a few words (None when it passed)."""
        if self.expected is None:
            return "no golden file; run with --bless"
        parts = [
            name
            for name, differs in (
                ("stdout", bool(self.stdout_diff)),
                ("stderr", bool(self.stderr_diff)),
                ("exit status", self.exit_differs),
            )
            if differs
        ]
        if not parts:
            return None
        if len(parts) == 1:
            return f"{parts[0]} differs"
        return f"{', '.join(parts[:-1])} and {parts[-1]} differ"

    def details(self) -> str:
        """The diffs and the exit status difference, as printed under the failure."""
        text = self.stdout_diff + self.stderr_diff
        if self.exit_differs:
            assert self.expected is not None
            text += (
                f"exit status: expected {self.expected.exit_code}, got {self.actual.exit_code}\n"
            )
        return text


def unified_diff(expected: str, actual: str, golden_name: str) -> str:
    """A unified diff from the golden `golden_name` to the actual text ("" when they are equal)."""
    if expected == actual:
        return ""
    diff = difflib.unified_diff(
        _lines(expected), _lines(actual), fromfile=f"expected {golden_name}", tofile="actual"
    )
    return "".join(
        line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in diff
    )


def _lines(text: str) -> list[str]:
    # Only "\n" ends a line: str.splitlines would also split at \r, \f and friends.
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def check_case(case: Case) -> CaseCheck:
    """Run `case` and compare it with its goldens."""
    expected = expected_output(case)
    start = time.perf_counter()
    actual = actual_output(case)
    seconds = time.perf_counter() - start
    stdout_diff = stderr_diff = ""
    if expected is not None:
        stem = case.path.stem
        stdout_diff = unified_diff(expected.stdout, actual.stdout, f"{stem}.stdout")
        stderr_diff = unified_diff(expected.stderr, actual.stderr, f"{stem}.stderr")
    return CaseCheck(case, expected, actual, seconds, stdout_diff, stderr_diff)


def check_cases(cases: Iterable[Case]) -> Iterator[CaseCheck]:
    """Check each case in turn, yielding as each finishes (so a report can stream)."""
    for case in cases:
        yield check_case(case)


# -- blessing ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BlessedFile:
    """One golden file and what `--bless` did to it: `blessed`, `unchanged` or `removed`."""

    path: Path
    action: str


def bless_cases(cases: Iterable[Case]) -> list[BlessedFile]:
    """Write the goldens of `cases` from their current output, touching only files that change.

    Every case runs before anything is written, so a case that cannot be blessed (it does not
    run, or exits with a status its stderr cannot record) raises UsageError with nothing written.
    """
    outputs = [(case, _run(case)) for case in cases]
    for case, output in outputs:
        if expected_exit(output.stderr) != output.exit_code:
            raise UsageError(
                f"cannot bless {case.name}: it exits with status {output.exit_code}, "
                "which its output cannot record"
            )
    done: list[BlessedFile] = []
    for case, output in outputs:
        stdout_path, stderr_path = golden_paths(case)
        done.append(_bless_file(stdout_path, output.stdout))
        if output.stderr:
            done.append(_bless_file(stderr_path, output.stderr))
        elif stderr_path.exists():
            _write(stderr_path, None)
            done.append(BlessedFile(stderr_path, "removed"))
    return done


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


# -- reports: text, JSON, JUnit XML --------------------------------------------------------------


def status_line(check: CaseCheck) -> str:
    """`ok      NAME` or `FAILED  NAME (why)`, the status column aligned as cargo test's."""
    if check.ok:
        return f"{'ok':<{STATUS_WIDTH}}{check.case.name}"
    return f"{'FAILED':<{STATUS_WIDTH}}{check.case.name} ({check.reason})"


def summary_line(checks: list[CaseCheck]) -> str:
    """`N passed, M failed`."""
    passed = sum(c.ok for c in checks)
    return f"{passed} passed, {len(checks) - passed} failed"


def to_json(checks: list[CaseCheck]) -> dict[str, Any]:
    """The whole check as one JSON-ready object (`reason` is null for a passing case)."""
    passed = sum(c.ok for c in checks)
    return {
        "passed": passed,
        "failed": len(checks) - passed,
        "cases": [
            {
                "case": c.case.name,
                "path": str(c.case.path),
                "ok": c.ok,
                "reason": c.reason,
                "stdout_diff": c.stdout_diff,
                "stderr_diff": c.stderr_diff,
                "expected_exit": None if c.expected is None else c.expected.exit_code,
                "actual_exit": c.actual.exit_code,
            }
            for c in checks
        ],
    }


# Characters XML 1.0 cannot carry at all, not even escaped; a case may print them.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def junit_xml(checks: list[CaseCheck]) -> ET.ElementTree:
    """JUnit XML: one testsuite "pbpit check", one testcase (classname "pbpit.check") per case,
    with a `<failure>` whose message is the reason and whose text is the diff."""
    failed = sum(not c.ok for c in checks)
    root = ET.Element("testsuites")
    suite = ET.SubElement(
        root,
        "testsuite",
        name="pbpit check",
        tests=str(len(checks)),
        failures=str(failed),
        errors="0",
        skipped="0",
        time=f"{sum(c.seconds for c in checks):.3f}",
    )
    for check in checks:
        case = ET.SubElement(
            suite,
            "testcase",
            classname="pbpit.check",
            name=_xml_text(check.case.name),
            file=_xml_text(str(check.case.path)),
            time=f"{check.seconds:.3f}",
        )
        if not check.ok:
            failure = ET.SubElement(case, "failure", message=_xml_text(check.reason or ""))
            failure.text = _xml_text(check.details() or (check.reason or ""))
    ET.indent(root)
    return ET.ElementTree(root)


def _junit_target(junit: str) -> Path:
    path = Path(junit)
    parent = path.parent
    if not parent.is_dir():
        raise UsageError(f"cannot write JUnit file {junit}: directory {parent} does not exist")
    if path.is_dir():
        raise UsageError(f"cannot write JUnit file {junit}: it is a directory")
    return path


def _display(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


# -- the command ---------------------------------------------------------------------------------


def run_check(
    specs: Iterable[str], *, bless: bool = False, junit: str | None = None, as_json: bool = False
) -> int:
    """`pbpit check`: print the report (text, or JSON with `as_json`), write the JUnit file if
    asked, and return the exit status: 0 all match (or blessed), 1 any differs.

    Bad input (a missing path, an unwritable JUnit path) raises UsageError before any case runs.
    """
    if bless and (junit or as_json):
        raise UsageError("--bless cannot be used with --junit or --json")
    junit_path = _junit_target(junit) if junit else None
    cases = collect_cases(specs, bless=bless)
    if bless:
        blessed = bless_cases(cases)
        for item in blessed:
            print(f"{item.action:<10}{_display(item.path)}")
        written = sum(item.action != "unchanged" for item in blessed)
        print(f"{written} written, {len(blessed) - written} unchanged")
        return 0
    checks: list[CaseCheck] = []
    for check in check_cases(cases):
        checks.append(check)
        if not as_json:
            print(status_line(check), flush=True)
    if junit_path is not None:
        try:
            with junit_path.open("wb") as file:
                junit_xml(checks).write(file, encoding="utf-8", xml_declaration=True)
                file.write(b"\n")
        except OSError as err:
            raise UsageError(f"cannot write JUnit file {junit}: {err.strerror or err}") from None
    if as_json:
        sys.stdout.write(json.dumps(to_json(checks), indent=2) + "\n")
    else:
        failures = [c for c in checks if not c.ok and c.details()]
        if failures:
            print("\nfailures:")
        for check in failures:
            print(f"\n---- {check.case.name} ----")
            print(check.details(), end="")
        print()
        print(summary_line(checks))
    return 0 if all(c.ok for c in checks) else 1
