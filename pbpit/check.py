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
block -> 101, a case error -> 1, a case pbpit cannot run (`pbpit: error: ...`, or rustc-style
refusals ending `pbpit: cannot run ...`) -> 2, anything
else (the case's own lines, or nothing) -> 0.
`--bless` refuses a case whose exit status its stderr does not imply (a case calling
`sys.exit(3)`), since no golden could then record it.

A case file is a file named on the command line, or in a directory given (not below it) a `.py` or
`.rs` file that has a `NAME.stdout` golden beside it, or a `.py` that imports pbpit, or a `.rs`
with `fn main`; with `--glob PATTERN`, the `.py` and `.rs` files whose name matches it instead.
Other files (a `setup.py`, a helper module) are never run. `check DIR` checks the case files
that have a golden; `--bless` writes the goldens of all of them.

`--bless` writes all the goldens or none (exit status 2, naming the file and why): it first
checks that each can be written (not a directory, not read-only, its directory writable), then
writes each to a temporary file in the same directory, flushed to disk, and only when all are
written renames them over the goldens. A golden is therefore always whole, old or new, even if
pbpit is killed; only a kill during the final renames (a few system calls) can leave some goldens
new and others old, and a kill before them can leave a `.NAME.stdout.*.pbpit-tmp` file behind.
Two blesses of one directory at once both succeed, the last to rename winning.

`timeout` (`--timeout SECONDS`) limits each case; a case past it is a failure of that case,
reported with what it printed until then, and the next cases still run (see `run_case`).

Everything here returns plain data (`CaseResult`, `CheckReport`, `BlessReport`) and prints
nothing; `pbpit.report` renders it for people and `pbpit.junit` as JUnit XML. Files are written
only where that is the command's job: the goldens for `--bless`.
"""

from __future__ import annotations

import contextlib
import difflib
import fnmatch
import math
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbpit.errors import UsageError
from pbpit.runner import Case, builtin_cases, resolve_case, run_case
from pbpit.runner.run import CaseTimedOut
from pbpit.source import CASE_SUFFIXES, Language

CI_TIMEOUT = 600.0
"""Seconds a case may run when the CI environment variable is set and `--timeout` is not given."""


def default_timeout(environ: Mapping[str, str]) -> float | None:
    """The time limit of a case when none is given: CI_TIMEOUT in CI (`CI` set to anything but
    empty, `0`, `false` or `no`; CI services set it to `true`), else none: a person at a
    terminal can press Ctrl-C."""
    ci = environ.get("CI", "").strip().lower()
    return CI_TIMEOUT if ci not in ("", "0", "false", "no") else None


MAX_TIMEOUT = 1e9
"""Seconds (about 31 years) past which a `--timeout` is no limit at all: the interval timer
takes no more, and `timeout(1)` also treats a longer one as forever."""


def parse_timeout(seconds: float) -> float | None:
    """`--timeout SECONDS` as run_case takes it (0, or more than `MAX_TIMEOUT`: no limit);
    UsageError for a negative or not finite number."""
    if not math.isfinite(seconds) or seconds < 0:
        raise UsageError(f"--timeout takes a number of seconds, 0 or more (got {seconds:g})")
    return seconds if 0 < seconds <= MAX_TIMEOUT else None


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
    if lines and lines[-1].startswith(("pbpit: error: ", "pbpit: cannot run ")):
        return 2
    return 0


def actual_output(case: Case, timeout: float | None = None) -> Output:
    """Run `case` once and return its output in golden form (thread id `TID`, file name only).

    A case pbpit cannot run (a syntax error) is output too: `pbpit: error: ...`, exit 2. A case
    past `timeout` raises CaseTimedOut.
    """
    try:
        return _run(case, timeout)
    except UsageError as err:
        return Output("", f"{err.line()}\n", 2)


@contextlib.contextmanager
def _own_directory() -> Iterator[None]:
    """Give the working directory back after a case that changed it (`os.chdir`), so that it
    cannot move where later cases and goldens are found; held open, it survives a rename."""
    try:
        here: int | str = os.open(".", os.O_RDONLY)
    except OSError:  # a directory pbpit may enter but not read: given back by its name
        here = os.getcwd()
    try:
        yield
    finally:
        if isinstance(here, int):
            os.fchdir(here)
            os.close(here)
        else:
            os.chdir(here)


def _run(case: Case, timeout: float | None = None) -> Output:
    from pbpit.rust.panic import program_stderr

    with _own_directory():
        result = run_case(case, trace=False, timeout=timeout)
    # The real thread id is the process id, different on every run, so the golden says TID;
    # a case error names the file as it sits beside its golden, wherever it was run from.
    if result.panic is not None and result.panic.location.startswith(f"{case.path}:"):
        result.panic.location = case.path.name + result.panic.location[len(str(case.path)) :]
    return Output(result.stdout, program_stderr(result, "TID", case.path.name), result.exit_code)


def golden_paths(case: Case) -> tuple[Path, Path]:
    """`NAME.stdout` and `NAME.stderr` beside the case file `NAME.py` or `NAME.rs`."""
    return case.path.with_suffix(".stdout"), case.path.with_suffix(".stderr")


def _absolute_goldens(case: Case) -> tuple[Path, Path]:
    # Taken before any case runs: a case changing directory cannot move them.
    stdout_path, stderr_path = golden_paths(case)
    return stdout_path.absolute(), stderr_path.absolute()


def _read(path: Path) -> str:
    # newline="" keeps the bytes as they are: a golden compares exactly, `\r` included.
    if path.is_dir():
        raise UsageError(f"cannot read golden file {path}: it is a directory")
    try:
        with path.open(encoding="utf-8", newline="") as file:
            return file.read()
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"cannot read golden file {path}: {err}") from None


def expected_output(case: Case, goldens: tuple[Path, Path] | None = None) -> Output | None:
    """The goldens of `case` (read from `goldens`, default: beside it), or None when it has no
    `NAME.stdout`. A directory where a golden belongs is a UsageError, not a missing golden."""
    stdout_path, stderr_path = goldens or golden_paths(case)
    if not stdout_path.exists() and not stdout_path.is_symlink():
        return None
    stdout = _read(stdout_path)
    stderr = _read(stderr_path) if stderr_path.exists() or stderr_path.is_symlink() else ""
    return Output(stdout, stderr, expected_exit(stderr))


# -- finding the cases ---------------------------------------------------------------------------


def collect_cases(specs: Iterable[str], bless: bool = False, glob: str | None = None) -> list[Case]:
    """The cases to check: the built-in ones when `specs` is empty; else each spec's cases.

    A spec is a case file, a built-in case name, or a directory: its case files (see the module
    docstring; `glob` chooses them by name instead) that have a `.stdout` golden, or all of them
    when blessing. Raises UsageError for a missing path or a directory holding no case to check.
    The built-in cases include their Rust twins.
    """
    specs = list(specs)
    if not specs:
        return builtin_cases(rust=True)
    cases: list[Case] = []
    seen: set[Path] = set()
    for spec in specs:
        for case in _cases_at(spec, bless, glob):
            try:
                key = case.path.resolve(strict=True)
            except (OSError, RuntimeError) as err:  # a broken link, or one that loops
                reason = getattr(err, "strerror", None) or "a symbolic link that loops"
                raise UsageError(f"cannot read case file {case.path}: {reason}") from None
            if key not in seen:
                seen.add(key)
                cases.append(case)
    return cases


# What makes a file in a directory a case without a golden: it uses pbpit, or it is a program.
_IMPORTS_PBPIT = re.compile(
    r"^[ \t]*(?:from[ \t]+pbpit(?:\.\w+)*[ \t]+import\b"
    r"|import[ \t]+(?:[\w.]+(?:[ \t]+as[ \t]+\w+)?[ \t]*,[ \t]*)*pbpit\b)",
    re.MULTILINE,
)
_FN_MAIN = re.compile(r"^[ \t]*(?:pub[ \t]+)?fn[ \t]+main[ \t]*\(", re.MULTILINE)


def is_case_file(path: Path, glob: str | None = None) -> bool:
    """Whether the file `path`, found in a directory, is a case file (see the module docstring):
    with `glob`, its name matches it; else it has a `.stdout` golden, or it is a `.py` that
    imports pbpit or a `.rs` with `fn main`. Only `.py` and `.rs` files are ever case files."""
    if path.suffix not in CASE_SUFFIXES or path.is_dir():
        return False
    if glob is not None:
        return fnmatch.fnmatchcase(path.name, glob)
    if _has_golden(path) or not path.is_file():
        return True  # a link to nowhere too: pbpit says so rather than skip it
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return True  # run, so that pbpit says why it cannot be read, rather than skip it
    python = CASE_SUFFIXES[path.suffix] is Language.PYTHON
    return bool((_IMPORTS_PBPIT if python else _FN_MAIN).search(text))


def _has_golden(path: Path) -> bool:
    golden = path.with_suffix(".stdout")
    return golden.exists() or golden.is_symlink()


def _cases_at(spec: str, bless: bool, glob: str | None) -> list[Case]:
    path = Path(spec)
    if path.is_dir():
        try:
            os.listdir(path)  # pathlib's glob would find nothing in it, and not say why
        except OSError as err:
            raise UsageError(f"cannot read directory {spec}: {err.strerror or err}") from err
        files = [
            f for f in sorted([*path.glob("*.py"), *path.glob("*.rs")]) if is_case_file(f, glob)
        ]
        if not bless:
            files = [f for f in files if _has_golden(f)]
        if not files:
            what = "case files" if bless else "cases with a .stdout golden"
            what += f" matching {glob}" if glob is not None else ""
            hint = "" if bless else " (run with --bless to create them)"
            raise UsageError(f"no {what} in {spec}{hint}")
        return [Case.file(f) for f in files]
    if not path.exists() and path.suffix not in CASE_SUFFIXES and "/" in spec:
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
    timeout: float | None = None
    """The time limit the case ran past (None: it ended in time); it then has no diffs, and
    `actual_exit` is 124, as `timeout(1)` reports it."""
    output_so_far: str = ""
    """For a case past its time limit: what it printed until then, stdout and stderr in the
    order it printed them."""

    @property
    def exit_differs(self) -> bool:
        """It has goldens and exited with another status than they imply."""
        if self.timeout is not None:
            return False
        return self.expected_exit is not None and self.expected_exit != self.actual_exit

    @property
    def details(self) -> list[str]:
        """The lines shown under the failure: the diffs, then the exit status difference; for a
        case past its time limit, what it printed until then."""
        if self.timeout is not None:
            printed = _lines(self.output_so_far)
            return [
                f"timed out after {self.timeout:g} s; its output until then:",
                *([line.removesuffix("\n") for line in printed] or ["(nothing)"]),
            ]
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
                    "timed_out": c.timeout is not None,
                    "output_so_far": c.output_so_far,
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


def check_case(
    case: Case, timeout: float | None = None, goldens: tuple[Path, Path] | None = None
) -> CaseResult:
    """Run `case` and compare it with its goldens (`goldens`, default: beside it); a case past
    `timeout` seconds fails with what it printed until then."""
    expected = expected_output(case, goldens)
    start = time.perf_counter()
    try:
        actual = actual_output(case, timeout)
    except CaseTimedOut as late:
        return CaseResult(
            name=case.name,
            path=case.path,
            ok=False,
            reason=str(late),
            stdout_diff=[],
            stderr_diff=[],
            expected_exit=None if expected is None else expected.exit_code,
            actual_exit=124,
            seconds=time.perf_counter() - start,
            timeout=late.seconds,
            output_so_far="".join(text for _, text in late.result.output),
        )
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


def check_cases(cases: Iterable[Case], timeout: float | None = None) -> Iterator[CaseResult]:
    """Check each case in turn, yielding as each finishes (so a report can stream). Every
    golden's path is made absolute before the first case runs."""
    planned = [(case, _absolute_goldens(case)) for case in cases]
    for case, goldens in planned:
        yield check_case(case, timeout, goldens)


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


def bless_cases(cases: Iterable[Case], timeout: float | None = None) -> BlessReport:
    """Write the goldens of `cases` from their current output, touching only files that change.

    Every case runs before anything is written, so a case that cannot be blessed (it does not
    run, runs past `timeout`, or exits with a status its stderr cannot record) raises UsageError
    with nothing written. The goldens are then written all or none, each whole (see the module
    docstring): a golden that cannot be written raises UsageError naming it, every golden as it
    was.
    """
    planned = [(case, _absolute_goldens(case)) for case in cases]
    sharing: dict[Path, tuple[Case, tuple[Path, Path], Output]] = {}
    for case, goldens in planned:
        try:
            output = _run(case, timeout)
        except CaseTimedOut as late:
            raise UsageError(
                f"cannot bless {case.name}: it ran past the time limit ({late}); "
                "no golden file was written"
            ) from None
        if expected_exit(output.stderr) != output.exit_code:
            raise UsageError(
                f"cannot bless {case.name}: it exits with status {output.exit_code}, "
                "which its output cannot record"
            )
        # A case and its Rust twin share their goldens: they must print the same.
        twin = sharing.setdefault(goldens[0], (case, goldens, output))
        if twin[2] != output:
            raise UsageError(
                f"cannot bless {twin[0].path.name} and {case.path.name}: they share "
                f"{goldens[0].name} but print differently"
            )
    changes: list[GoldenChange] = []
    for case, (stdout_path, stderr_path), output in sharing.values():  # twins' goldens once
        shown_stdout, shown_stderr = golden_paths(case)  # as the user named them
        changes.append(GoldenChange.of(stdout_path, shown_stdout, output.stdout))
        if output.stderr or _occupied(stderr_path):
            changes.append(GoldenChange.of(stderr_path, shown_stderr, output.stderr or None))
    write_goldens(changes)
    return BlessReport([BlessedFile(c.shown, c.action) for c in changes])


def _occupied(path: Path) -> bool:
    return path.exists() or path.is_symlink()


# -- writing goldens, all or none ----------------------------------------------------------------


@dataclass(frozen=True)
class GoldenChange:
    """One golden file as `--bless` finds it and leaves it: `old` and `new` bytes (None: no
    file); `path` is absolute, `shown` the path as the user named it."""

    path: Path
    shown: Path
    old: bytes | None
    new: bytes | None
    action: str
    """`unchanged`, `removed` or `blessed`, decided before anything is written."""

    @classmethod
    def of(cls, path: Path, shown: Path, text: str | None) -> GoldenChange:
        """The change that leaves `text` at `path` (None: no file there)."""
        old = None
        if path.is_file():
            try:
                old = path.read_bytes()
            except FileNotFoundError:
                pass  # a bless beside ours removed it just now: there is no file
            except OSError as err:
                raise UsageError(
                    f"cannot read golden file {shown}: {err.strerror or err}"
                ) from None
        new = None if text is None else text.encode("utf-8")
        if new == old and _occupied(path) == (new is not None):
            action = "unchanged"
        else:
            action = "removed" if new is None else "blessed"
        return cls(path, shown, old, new, action)


def write_goldens(changes: list[GoldenChange]) -> None:
    """Make every change or none. Each golden is written to a temporary file beside it, flushed
    to disk, and renamed over it only once all are written; UsageError (naming the file and
    why) if any cannot be, with every golden left as it was."""
    pending = [c for c in changes if c.action != "unchanged"]
    for change in pending:
        problem = _cannot_write(change.path)
        if problem:
            raise UsageError(
                f"cannot write golden file {change.shown}: {problem}; no golden file was written"
            )
    written: list[tuple[GoldenChange, str]] = []
    for change in pending:
        if change.new is None:
            continue
        try:
            written.append((change, _write_temporary(change.path, change.new)))
        except OSError as err:
            _discard(temp for _, temp in written)
            raise UsageError(
                f"cannot write golden file {change.shown}: {err.strerror or err}; "
                "no golden file was written"
            ) from None
    temporary = {change.path: temp for change, temp in written}
    renamed: list[GoldenChange] = []
    try:
        for change in pending:
            if change.new is None:
                with contextlib.suppress(FileNotFoundError):  # a bless beside ours removed it
                    os.unlink(change.path)
            else:
                os.replace(temporary.pop(change.path), change.path)
            renamed.append(change)
    except OSError as err:
        _discard(temporary.values())
        _restore(renamed)
        raise UsageError(
            f"cannot write golden file {change.shown}: {err.strerror or err}; "
            "every golden file was put back as it was"
        ) from None
    for directory in {change.path.parent for change in pending}:
        _sync_directory(directory)


def _cannot_write(path: Path) -> str | None:
    """Why the golden `path` cannot be replaced or removed, or None."""
    try:
        mode: int | None = path.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        return "it is a directory"
    if mode is not None and not stat.S_ISREG(mode):
        return "it is not a regular file"
    if mode is not None:
        # Checked by its mode too: os.access says yes to root, and a read-only golden is one
        # the user means to keep. A bless beside ours may remove it meanwhile: then os.access
        # says no of a file that is gone, which is no reason to stop.
        if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
            return "it is read-only"
        if not os.access(path, os.W_OK) and path.exists():
            return "it is read-only"
    if not os.access(path.parent, os.W_OK | os.X_OK):
        return "cannot write in its directory"
    return None


def _write_temporary(path: Path, data: bytes) -> str:
    """`data` in a new file beside `path`, with a name no other bless can take, on disk."""
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".pbpit-tmp", dir=path.parent)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fchmod(fd, _new_file_mode(path))
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        _discard([temp])
        raise
    os.close(fd)
    return temp


def _new_file_mode(path: Path) -> int:
    # A rewritten golden keeps its mode; a new one gets what open() would give it.
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _discard(temps: Iterable[str]) -> None:
    for temp in list(temps):
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _restore(renamed: list[GoldenChange]) -> None:
    """Put back the goldens a failed bless already replaced or removed (best effort)."""
    for change in renamed:
        with contextlib.suppress(OSError):
            if change.old is None:
                os.unlink(change.path)
            else:
                os.replace(_write_temporary(change.path, change.old), change.path)


def _sync_directory(directory: Path) -> None:
    # The renames reach the disk with the directory; some file systems cannot sync one.
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
