"""A fix checked by making it: its edits applied to a copy of the program, the copy loaded by the
interpreter (which refuses what rustc would reject: a move, an immutable binding assigned
twice, a type error) and run on the engine. The verdict is what a user would see after making
the same edit by hand and running the program again.

The copy is made in a fresh temporary directory beside nothing of the user's: the program's
folder's `.rs` files (a crate root's `mod name;` files resolve there as in the original), the
edited file replaced by its edited text. The user's files are only read.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from pbpit.diagnostics.model import Edit

RUNS = "runs"
"""Accepted, and it ran to its end without the tape panic."""
REFUSED = "refused"
"""The edited program is not Rust pbpit accepts: it would not compile, or it is outside the
interpreter's subset (`detail` says which)."""
PANICS = "panics"
"""It still panics: at a consumed step (`detail`: the NodeId), or elsewhere."""
FAILS = "fails"
"""It ended with another error, or ran past the time limit."""

COPY_LIMIT = 4 << 20
"""The most bytes of `.rs` files copied with the program; past it the fix is not checked."""


@dataclass(frozen=True)
class FixCheck:
    """What making a fix did: one of RUNS, REFUSED, PANICS, FAILS, and a line that says why."""

    verdict: str
    detail: str = ""
    exit_code: int | None = None

    @property
    def ok(self) -> bool:
        return self.verdict == RUNS

    def to_json(self) -> dict:
        return {"verdict": self.verdict, "detail": self.detail, "exit_code": self.exit_code}


def applied(text: str, edits: list[Edit]) -> str:
    """`text` with `edits` (1-based lines, columns counting characters) made, last first."""
    starts = [0]
    for line in text.split("\n"):
        starts.append(starts[-1] + len(line) + 1)

    def offset(line: int, column: int) -> int:
        if not 1 <= line < len(starts):
            raise ValueError(f"an edit at line {line}, past the file's {len(starts) - 1} lines")
        return min(starts[line - 1] + column - 1, len(text))

    for edit in sorted(edits, key=lambda e: (e.line, e.column), reverse=True):
        start, end = offset(edit.line, edit.column), offset(edit.end_line, edit.end_column)
        text = text[:start] + edit.replacement + text[end:]
    return text


def applied_lines(text: str, rows: list) -> str:
    """`text` with corrected lines made as a user makes them by hand: `rows` are explain's
    `(mark, line, text)`: `" "` a line kept (for placing the others), `"-"` a line deleted,
    `"+"` with a line number that line replaced, `"+"` without one a line inserted before the
    next kept line (after the last one, when none follows)."""
    lines = text.splitlines()
    replace: dict[int, str] = {}
    delete: set[int] = set()
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    for index, (mark, number, new) in enumerate(rows):
        if mark == "-":
            delete.add(number)
        elif mark == "+" and number is not None:
            replace[number] = new
        elif mark == "+":
            following = next((n for m, n, *_ in rows[index:] if m == " "), None)
            if following is not None:
                before.setdefault(following, []).append(new)
            else:
                previous = next(n for m, n, *_ in reversed(rows[:index]) if m == " ")
                after.setdefault(previous, []).append(new)
    out = []
    for number, line in enumerate(lines, start=1):
        out += before.get(number, [])
        if number in replace:
            out.append(replace[number])
        elif number not in delete:
            out.append(line)
        out += after.get(number, [])
    return "\n".join(out) + "\n"


def check_edits(path: str | Path, edits: list[Edit], timeout: float = 30.0) -> FixCheck:
    """Make `edits` in a copy of the program `path` (a case file or a crate root) and run it."""
    original = Path(path)
    try:
        text = original.read_text(encoding="utf-8")
        changed = applied(text, edits)
    except (OSError, UnicodeDecodeError, ValueError) as err:
        return FixCheck(FAILS, f"the edits could not be made: {err}")
    return check_text(original, changed, timeout)


def check_text(original: Path, changed: str, timeout: float = 30.0) -> FixCheck:
    """Run `changed`, the new text of the program `original`, from a copy of its folder."""
    folder = tempfile.mkdtemp(prefix="pbpit-fix-")
    try:
        copy = _copy_program(original, Path(folder))
        if copy is None:
            return FixCheck(FAILS, "the program's folder is too large to copy for the check")
        copy.write_text(changed, encoding="utf-8")
        return _run(copy, timeout)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _copy_program(original: Path, folder: Path) -> Path | None:
    """The program's folder's `.rs` files (regular files, not links) copied under `folder`,
    relative paths kept; the copy of `original`, or None past COPY_LIMIT."""
    root = original.resolve().parent
    total = 0
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = [d for d in subdirs if not d.startswith(".") and d != "target"]
        for name in files:
            source = Path(directory, name)
            if not name.endswith(".rs") or source.is_symlink() or not source.is_file():
                continue
            total += source.stat().st_size
            if total > COPY_LIMIT:
                return None
            target = folder / source.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    return folder / original.name


def _run(copy: Path, timeout: float) -> FixCheck:
    from pbpit.errors import UsageError
    from pbpit.runner import Case, run_case
    from pbpit.runner.run import CaseTimedOut

    try:
        result = run_case(Case.file(copy), trace=False, timeout=timeout)
    except CaseTimedOut:
        return FixCheck(FAILS, f"it ran past {timeout:g} s")
    except UsageError as err:
        line = str(err).splitlines()[0] if str(err) else type(err).__name__
        return FixCheck(REFUSED, line.replace(str(copy), copy.name))
    if result.panic is not None:
        node = result.panic.node_id
        where = f" at NodeId({node})" if node is not None else ""
        return FixCheck(PANICS, f"it panics{where}", result.exit_code)
    if result.error is not None:
        return FixCheck(FAILS, result.error.message, result.exit_code)
    if result.exit_code != 0:
        return FixCheck(FAILS, f"it exits with status {result.exit_code}", result.exit_code)
    return FixCheck(RUNS, "runs without the panic", 0)
