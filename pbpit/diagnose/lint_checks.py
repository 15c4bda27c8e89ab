"""Lint's helps checked without running the program: each edit made in the file's text, the
edited text passed through the interpreter's checks (what rustc would reject) and linted again
alone, the finding gone and nothing new."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

from pbpit.diagnose.fix_check import FAILS, REFUSED, FixCheck, applied, compile_errors
from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.lint.rules.loop_external_tracked import MIGHT_CUT

LINTS = "warns"
"""Accepted, but lint, reading the edited file, still finds the hazard (or a new one)."""


def lint_checked(report: Any) -> Any:
    """`report` (a `LintReport`) with each help written as code checked as lint can without
    running the program: the edited file passes the interpreter's checks wherever the
    original did (what rustc would reject: a use after a move, an immutable binding assigned
    twice, a type error), and lint reading it alone finds the finding gone and nothing new.
    A help that fails keeps its words, loses its code, and says what was found."""
    if not any(h.edits for f in report.findings for h in f.helps):
        return report
    return replace(report, findings=checked_findings(report.findings))


def left_to_a_run(help_: Help) -> Help | None:
    """`help_` in words only when it may cut a gradient the program reads (its note ends with
    `MIGHT_CUT`): whether it does only `pbpit run` tells, making it; else None."""
    if not (help_.edits and help_.note.endswith(MIGHT_CUT)):
        return None
    note = f"not written as code: {help_.note} (`pbpit run` makes it and tells)"
    return replace(help_, edits=[], note=note)


def checked_findings(found: list[Diagnostic]) -> list[Diagnostic]:
    """Lint's findings `found`, each help written as code checked as `lint_checked` says."""
    files: dict[str, tuple[str, list[str], Counter] | None] = {}
    checks: dict[tuple, FixCheck] = {}
    findings = []
    for finding in found:
        if not any(h.edits for h in finding.helps):
            findings.append(finding)
            continue
        if finding.path not in files:
            files[finding.path] = _lint_baseline(finding.path)
        known = files[finding.path]
        helps = []
        for help_ in finding.helps:
            if left_to_a_run(help_) is not None:
                helps.append(left_to_a_run(help_))
                continue
            if not help_.edits or known is None:
                helps.append(help_)
                continue
            key = (finding.path, finding.rule, finding.message, _edit_key(help_.edits))
            if key not in checks:
                checks[key] = _lint_check(finding, help_.edits, *known)
            check = checks[key]
            if check.verdict == PASSES:
                helps.append(help_)
            else:
                why = f"pbpit made this edit and read it again: {check.detail}, so it is not shown"
                helps.append(replace(help_, edits=[], note=why, checked=check))
        findings.append(replace(finding, helps=helps))
    return findings


def _edit_key(edits: list[Edit]) -> tuple:
    return tuple((e.line, e.column, e.end_line, e.end_column, e.replacement) for e in edits)


def _lint_baseline(path: str) -> tuple[str, list[str], Counter] | None:
    """The file's text, what the interpreter's checks refuse in it, and its findings linted
    alone (rule and message); None when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    found = _findings_alone(path, text)
    if found is None:
        return None
    try:
        refused = compile_errors(path, text, unsupported=True)
    except Exception:  # noqa: BLE001 - the interpreter failing on a file lint reads: unchecked
        return None
    return text, refused, found


def _findings_alone(path: str, text: str) -> Counter | None:
    """The findings of `text`, the file `path` read alone: (rule, message) counted."""
    from pbpit.lint.analysis import lint_source
    from pbpit.rust.syntax import RustReadError, parse_bytes

    try:
        source = parse_bytes(text.encode("utf-8"), path)
        return Counter((f.rule, f.message) for f in lint_source(source))
    except (RustReadError, RecursionError):
        return None


def _lint_check(
    finding: Diagnostic, edits: list[Edit], text: str, refused: list[str], found: Counter
) -> FixCheck:
    """`edits` made in `text` (whose refusals and findings alone are `refused`, `found`),
    checked for `finding`: PASSES, REFUSED, or LINTS."""
    try:
        changed = applied(text, edits)
    except ValueError as err:
        return FixCheck(FAILS, f"the edits could not be made: {err}")
    # What the edit brings that the interpreter refuses (the same words may be refused
    # elsewhere in the file already: counted).
    try:
        now = compile_errors(finding.path, changed, unsupported=True)
    except Exception as err:  # noqa: BLE001 - it read the original: the edit made it fail
        failed = type(err).__name__
        return FixCheck(FAILS, f"pbpit's interpreter failed on the edited file ({failed})")
    new = Counter(now) - Counter(refused)
    if new:
        return FixCheck(REFUSED, next(iter(new)))
    after = _findings_alone(finding.path, changed)
    if after is None:
        return FixCheck(FAILS, "lint cannot read the edited file")
    expected = found - Counter({(finding.rule, finding.message): 1})
    for (rule, message), count in after.items():
        if count > expected[rule, message]:
            return FixCheck(LINTS, f"lint still warns: {message}")
    return FixCheck(PASSES, "accepted; lint finds it gone")


PASSES = "passes"
"""Lint's check (`lint_checked`): accepted by the interpreter's checks, and the finding gone."""
