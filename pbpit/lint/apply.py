"""`pbpit lint --fix`: the machine-applicable fixes written into the files, as `cargo clippy --fix`
writes rustc's suggestions.

Per finding, the first help whose edits are machine-applicable is its fix (a finding's other
helps are alternatives to it, not additions). The fixes of one file are applied together when
their edits do not overlap; a finding whose edits overlap another's is left as it is, and said.
A file is written only if it is still the text the lint read, atomically (a temporary file in
its directory renamed over it, its permissions kept), and then linted again with the whole tree:
if the fixes left a finding that was not there before, the file is put back as it was.
"""

from __future__ import annotations

import os
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from pbpit.diagnostics.cargo import SourceText, applicability
from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.tree import LintReport


@dataclass
class FixOutcome:
    """What `--fix` did: the lines that say it (for stderr), the findings left (linted after
    the last write), and whether a file that had to be written could not be."""

    lines: list[str] = field(default_factory=list)
    report: LintReport = field(default_factory=LintReport)
    failed: bool = False
    fixed: dict[str, list[str]] = field(default_factory=dict)
    """Path -> the rules of the findings fixed in it, in file order."""


@dataclass
class _Plan:
    path: str
    original: bytes
    stat: os.stat_result
    fixed: list[Diagnostic]
    content: bytes


def machine_fix(finding: Diagnostic) -> Help | None:
    """The help `--fix` applies for `finding`: the first written as edits and machine-applicable."""
    for help_ in finding.helps:
        if help_.edits and applicability(help_) == "MachineApplicable":
            return help_
    return None


def fix_in_place(report: LintReport, lint_again: Callable[[], LintReport]) -> FixOutcome:
    """Apply the machine-applicable fixes of `report`'s findings to their files; `lint_again`
    lints the same tree afresh (after the writes, to check them and to give what is left)."""
    outcome = FixOutcome(report=report)
    by_file: dict[str, list[Diagnostic]] = {}
    for finding in report.findings:
        if machine_fix(finding) is not None:
            by_file.setdefault(finding.path, []).append(finding)
    plans = []
    for path, findings in by_file.items():
        plan = _plan(path, findings, report.sources.get(path, []), outcome)
        if plan is not None and _write(plan.path, plan.content, plan.original, plan.stat, outcome):
            plans.append(plan)
    if not plans:
        return outcome
    after = lint_again()
    restored = False
    for plan in plans:
        new = _new_finding(plan, report, after)
        if new is None:
            rules = list(dict.fromkeys(f.rule for f in plan.fixed))
            count = len(plan.fixed)
            outcome.fixed[plan.path] = [f.rule for f in plan.fixed]
            outcome.lines.append(
                f"fixed {plan.path}: {count} fix{'es' if count != 1 else ''} ({', '.join(rules)})"
            )
            continue
        try:
            stat = os.stat(plan.path)
        except OSError as err:
            outcome.lines.append(f"error: cannot restore {plan.path}: {err.strerror or err}")
            outcome.failed = True
            continue
        if _write(plan.path, plan.original, plan.content, stat, outcome):
            restored = True
            outcome.lines.append(f"warning: restored {plan.path} as it was: its fixes left {new}")
    outcome.report = lint_again() if restored else after
    return outcome


def _plan(path: str, findings: list[Diagnostic], linted: list[str], outcome: FixOutcome):
    """The new content of `path` with the fixes that do not overlap, or None (and why)."""
    read = _read(path, path, outcome)
    if read is None:
        return None
    stat, original = read
    source = SourceText(original)
    if linted and source.lines != linted:
        outcome.lines.append(f"warning: not fixed {path}: it changed since it was linted")
        return None
    taken: list[tuple[int, int, str]] = []
    fixed: list[Diagnostic] = []
    for finding in sorted(findings, key=lambda f: (f.primary.line, f.primary.column)):
        help_ = machine_fix(finding)
        assert help_ is not None
        edits = [
            (source.byte(e.line, e.column), source.byte(e.end_line, e.end_column), e.replacement)
            for e in help_.edits
        ]
        new = [edit for edit in edits if edit not in taken]
        if any(_overlap(a, b) for a in new for b in taken) or any(
            _overlap(a, b) for i, a in enumerate(new) for b in new[i + 1 :]
        ):
            where = f"{path}:{finding.primary.line}:{finding.primary.column}"
            outcome.lines.append(
                f"warning: not fixed {where} ({finding.rule}): its edits overlap another fix's"
            )
            continue
        taken.extend(new)
        fixed.append(finding)
    if not fixed:
        return None
    content = original
    for start, end, replacement in sorted(taken, reverse=True):
        content = content[:start] + replacement.encode() + content[end:]
    return _Plan(path, original, stat, fixed, content)


def _overlap(a: tuple[int, int, str], b: tuple[int, int, str]) -> bool:
    """Two edits that cannot both be made: their ranges share text, or they start at one place
    (which goes first would be a guess)."""
    return a[0] == b[0] or (a[0] < b[1] and b[0] < a[1])


def _new_finding(plan: _Plan, before: LintReport, after: LintReport) -> str | None:
    """What the lint after the write found in the file beyond the findings left unfixed, in a
    few words, or None."""
    for error in after.errors:
        if error.path == plan.path:
            return f"an error: {error.text}"
    for skip in after.skipped:
        if skip.path == plan.path:  # the fixed file no longer parses, or a fn is too deep
            return f"a file it cannot check: {skip.text}"
    fixed = {id(f) for f in plan.fixed}
    left = Counter((f.rule, f.message) for f in before.findings if f.path == plan.path)
    left -= Counter((f.rule, f.message) for f in before.findings if id(f) in fixed)
    for finding in after.findings:
        if finding.path != plan.path:
            continue
        key = (finding.rule, finding.message)
        if left[key] > 0:
            left[key] -= 1
            continue
        where = f"{finding.path}:{finding.primary.line}:{finding.primary.column}"
        return f"a new finding: warning[{finding.rule_id}] at {where}: {finding.message}"
    return None


def _read(real: str, path: str, outcome: FixOutcome) -> tuple[os.stat_result, bytes] | None:
    """The status and bytes of the file at `real` (named `path` to the user), or None with the
    error in `outcome`."""
    try:
        stat = os.stat(real)
        with open(real, "rb") as stream:
            return stat, stream.read()
    except OSError as err:
        outcome.lines.append(f"error: cannot read {path}: {err.strerror or err}")
        outcome.failed = True
        return None


def _write(
    path: str, content: bytes, expected: bytes, stat: os.stat_result, outcome: FixOutcome
) -> bool:
    """Replace `path` with `content` if it still holds `expected` as it did at `stat`: via a
    temporary file in the same directory, renamed over it, with its permissions."""
    real = os.path.realpath(path)
    read = _read(real, path, outcome)
    if read is None:
        return False
    now, current = read
    if current != expected or (now.st_mtime_ns, now.st_size) != (stat.st_mtime_ns, stat.st_size):
        outcome.lines.append(f"warning: not fixed {path}: it changed since it was read")
        return False
    directory, name = os.path.split(real)
    temporary = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".pbpit-tmp", dir=directory)
        with os.fdopen(handle, "wb") as stream:
            stream.write(content)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, now.st_mode & 0o7777)
        os.replace(temporary, real)
    except OSError as err:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
        outcome.lines.append(f"error: cannot write {path}: {err.strerror or err}")
        outcome.failed = True
        return False
    return True
