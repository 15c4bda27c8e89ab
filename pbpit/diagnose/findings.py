"""The diagnostics of a run, its audit and an explanation: what `run`, `audit` and `explain`
print, as `pbpit.diagnostics.model.Diagnostic` (rendered by `pbpit.diagnostics`).

A hazard the dynamic audit finds in a Rust case is reported with the diagnostic `pbpit lint`
gives the same finding (same rule, same primary line), plus notes on what only a run knows: the
node id, the backward that consumed its step, the walk that panicked. A hazard lint does not
see, and every hazard of a Python case, is written from the trace in the rule's own words (the
functions of its file in `pbpit/lint/rules/`). A run that panics at `require_grad()` on a tracked
intermediate is reported as that rule's error.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field, replace
from typing import Any

from pbpit.diagnose.audit import AuditEntry, audit, counted_message
from pbpit.diagnose.checked_fixes import (
    SHOWS_LINES,
    all_failed,
    checked,
    computed_again,
    fix_runs,
    ran,
    run_cost,
)
from pbpit.diagnose.explain import CaseExplanation, Fix, explain_in_case
from pbpit.diagnose.explained import explanation_diagnostic
from pbpit.diagnose.from_trace import TraceFinding
from pbpit.diagnose.from_trace import label as _label
from pbpit.diagnose.from_trace import node_label as _node_label
from pbpit.diagnose.in_files import (
    diagnostic_source,
    display,
    display_path,
    explanation_in_files,
    in_files,
)
from pbpit.diagnose.lint_match import lint_finding, second_of
from pbpit.diagnose.node_names import (
    REQUIREMENT_WORDS,
    backward_name,
    bound_name,
    made_in_note,
    made_of,
    node_kind,
    node_name,
)
from pbpit.diagnose.rule_panics import rule_panic
from pbpit.diagnose.spans import line_span
from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.rules import rule_named
from pbpit.source import Language
from pbpit.trace import RunResult

__all__ = [
    "REQUIREMENT_WORDS",
    "AuditReport",
    "RunDiagnosis",
    "audit_report",
    "checked",
    "diagnose_run",
    "diagnostic_source",
    "explanation_diagnostic",
    "explanation_in_files",
    "node_name",
    "warning_notes",
]
"""What the commands and other modules read from here; the naming of nodes (`node_names.py`),
the check of fixes (`checked_fixes.py`), explain's page (`explained.py`) and the error of a panic
that is a rule's finding itself (`rule_panics.py`) live in their own modules."""

# -- what the commands print -------------------------------------------------------------------


@dataclass
class AuditReport:
    """The audit of one run: every tensor it looked at, and one warning per hazard."""

    entries: list[AuditEntry]
    warnings: list[Diagnostic]
    named: dict[int, str] = field(default_factory=dict)
    """Each hazard's node by the binding its warning names (`NodeId(18) `teacher.weight``, not
    the method's `self.weight`; an element by its path in it, `saved[2]`), for the audit's
    table."""

    warned: list[AuditEntry] = field(default_factory=list)
    """The hazards in the order of `warnings` (as made: the one the run panicked at first)."""

    @property
    def hazards(self) -> int:
        return sum(entry.verdict == "hazard" for entry in self.entries)


@dataclass
class RunDiagnosis:
    """What a run's report says after the program's output: the error behind the panic (or the
    case's own error), and the audit."""

    errors: list[Diagnostic]
    audit: AuditReport

    def to_json(self) -> list[dict[str, Any]]:
        """Every diagnostic of the run, errors first."""
        return [d.to_json() for d in [*self.errors, *self.audit.warnings]]


def audit_report(
    result: RunResult, entries: list[AuditEntry] | None = None, checks: dict | None = None
) -> AuditReport:
    """The audit of `result` (given its entries, if already made) with its warnings, their
    fixes checked by making them (`checks`: the checks already made for this run)."""
    entries = audit(result) if entries is None else entries
    hazards = [e for e in entries if e.verdict == "hazard"]
    panic = result.panic
    if panic is not None and panic.node_id is not None:
        # The hazard the run panicked at first (two views' slices `za`, `zb` sharing one
        # forward: Burn's walk stops at `zb`), as the run's error and explain name it.
        hazards.sort(key=lambda e: panic.node_id not in (e.node_id, *e.same_statement))
    rust = result.language is Language.RUST
    linted = _lint_findings(result) if hazards and rust else []
    checks = {} if checks is None else checks
    warnings = [_checked_warning(result, e, entries, linted, checks) for e in hazards]
    named = {}
    for entry, warning in zip(hazards, warnings, strict=True):
        node, name = result.node(entry.node_id), warning.name
        if (
            node is not None
            and name
            and not (node.label or "").startswith((f"{name}[", f"{name}."))
        ):
            named[entry.node_id] = f"NodeId({node.id}) `{name}`"
    # Two tensors one binding carries (`memory = (fast, slow);`) are one finding: said once,
    # at the hazard the run panicked at (sorted first).
    kept = _said_once([], warnings)
    hazards = [e for e, w in zip(hazards, warnings, strict=True) if any(w is k for k in kept)]
    return AuditReport(entries, kept, named, hazards)


def _checked_warning(
    result: RunResult,
    entry: AuditEntry,
    entries: list[AuditEntry],
    linted: list[Diagnostic],
    checks: dict,
) -> Diagnostic:
    """The audit's warning of the hazard `entry`, its fixes checked: lint's finding of it when
    lint has one, unless every fix that finding writes failed its check where the warning the
    run writes in the rule's own words (a carrier detached where the tensor is put) has one that
    ran; then the run's, of the same rule (one diagnosis whose fix works)."""
    from pbpit.diagnose.preferred import preferred_fix

    warning = checked(result, _warning(result, entry, entries, linted), checks)
    if not all_failed(warning) or entry.pattern is None:
        return preferred_fix(result, entry, entries, warning, checks)
    explanation = explain_in_case(result, entry.node_id, entries)
    assert explanation is not None  # the audit names nodes of the run
    own = in_files(result, _written(result, entry, explanation.fixes))
    own = checked(result, replace(own, notes=warning_notes(result, explanation, entry)), checks)
    chosen = own if ran(own) and own.rule == warning.rule else None
    chosen = chosen or computed_again(result, entry, warning)
    return preferred_fix(result, entry, entries, chosen, checks)


def diagnose_run(result: RunResult) -> RunDiagnosis:
    """The diagnosis of a run: why it panicked (or what the case raised), and its audit."""
    entries = audit(result)
    errors = []
    panic = result.panic
    own = rule_panic(result, panic.node_id) if panic is not None else None
    if own is not None:  # the panic is a rule's finding itself (`require_grad()`)
        errors.append(own)
    explanation = None
    if result.panic is not None and result.panic.node_id is not None:
        explanation = explain_in_case(result, result.panic.node_id, entries)
        if explanation is not None and explanation.reached_by is not None:
            errors.append(_panic_error(result, explanation))
    if result.error is not None:
        labels = []
        if result.error.line is not None:
            start, end = line_span(result.source, result.error.line)
            labels = [_label(result.error.line, (start, end), "raised here", True)]
        errors.append(
            Diagnostic(
                "",
                f"the case raised {result.error.message}",
                _path(result),
                labels,
                [],
                level="error",
            )
        )
    checks: dict = {}
    errors = [checked(result, in_files(result, e), checks) for e in errors]
    report = audit_report(result, entries, checks)
    errors = _one_diagnosis(result, errors, report)
    errors = [_pointer_kept(result, e, explanation) for e in errors]
    report.warnings[:] = _said_once(errors, report.warnings)
    return RunDiagnosis(errors, report)


def _pointer_kept(
    result: RunResult, error: Diagnostic, explanation: CaseExplanation | None
) -> Diagnostic:
    """`error` without its pointer to explain (`SHOWS_LINES`) where explain shows no corrected
    lines: the error shows no fix as code that ran, and none of the explanation's own fixes
    written as edits runs (a finding's error whose fixes failed lost it in `_one_diagnosis`)."""
    said = [h for h in error.helps if h.message.endswith(SHOWS_LINES)]
    if not said or ran(error):
        return error
    if explanation is not None and any(
        f.edits() and fix_runs(result, f) for f in explanation.fixes
    ):
        return error
    return replace(error, helps=[h for h in error.helps if h not in said])


def _said_once(errors: list[Diagnostic], warnings: list[Diagnostic]) -> list[Diagnostic]:
    """The run's warnings without those that say what the error or an earlier warning says
    (the same rule, binding, message and place; for state carried, the place of each tensor
    aside): one finding of a statement that ran in several passes (each log-prob an episode
    saved) is one diagnostic, said once."""

    def said(d: Diagnostic) -> tuple:
        place = (d.primary.line, d.primary.column) if d.labels else None
        if d.name and d.message.startswith(f"`{d.name}` carries a tracked tensor"):
            # The binding that carries the state is the finding, wherever each of the tensors
            # it holds was made (`memory = (fast, slow);`: `fast` and `slow`, one fix of it).
            place = None
        return (d.rule, d.name, d.message, d.path, place)

    seen = {said(e) for e in errors}
    kept = []
    for warning in warnings:
        if said(warning) not in seen:
            seen.add(said(warning))
            kept.append(warning)
    return kept


def _one_diagnosis(
    result: RunResult, errors: list[Diagnostic], report: AuditReport
) -> list[Diagnostic]:
    """The run's error for the tape panic is the audit's warning of the same node (lint's
    finding, for a Rust program lint reads: the same rule, binding, labels and checked fixes),
    raised to an error and led by what the run saw; that warning then goes from the audit's
    list (one finding, said once). Without such a warning, the run's own error stays."""
    panic = result.panic
    if panic is None or panic.node_id is None:
        return errors
    hazards = report.warned or [e for e in report.entries if e.verdict == "hazard"]
    for index, (entry, warning) in enumerate(zip(hazards, report.warnings, strict=True)):
        if panic.node_id not in (entry.node_id, *entry.same_statement):
            continue  # a hazard one statement made in several nodes is said at one of them
        first = next((e for e in errors if e.rule == warning.rule and e.level == "error"), None)
        if first is None:
            return errors
        del report.warnings[index]
        said = f"the run panicked: {first.message}"
        node, named = result.node(panic.node_id), node_name(result, panic.node_id)
        if node is not None and first.message.startswith(named):
            # The node by the finding's binding (`teacher.weight`, not the method's `self.weight`).
            said = (
                f"the run panicked: {bound_name(node, warning.name)}{first.message[len(named) :]}"
            )
        # The run's words stay: which fix applies here (from what the run needs; only when it
        # names the finding's binding: state is detached where it is carried, or, made before
        # the loop, the field of its name that carries it in, `rollout.old_log_probs`) and where
        # explain shows it; then the finding's fixes, checked.
        pointer = [h for h in first.helps if h.message.startswith("`pbpit ")]
        field = not entry.carried and warning.name.endswith(f".{first.name}")
        words = first.helps if warning.name == first.name or field else pointer
        words = [h for h in words if not second_of(warning, h)]
        if not ran(warning):  # explain, with the finding's fixes, shows no corrected lines
            words = [h for h in words if not h.message.endswith(SHOWS_LINES)]
        helps = _said_once_each(warning, words)
        notes = [said, *warning.notes]
        if entry.node_id != panic.node_id:  # the run's walk to the node that panicked stays
            notes += [n for n in first.notes if n not in warning.notes]
        error = replace(warning, level="error", notes=notes, helps=helps)
        error = replace(error, message=counted_message(result, entry, error.message))
        return [error if e is first else e for e in errors]
    return errors


def _said_once_each(finding: Diagnostic, words: list[Help]) -> list[Help]:
    """The run's words (which fix applies here) before the finding's fixes, each fix said once:
    a finding's help that only says in words the fix the run's words say of this program (the
    losses by their names) goes; one written as code, or whose edits failed their check (it
    says why), stays; and where the finding's first fix written as code is the one the run's
    words say applies and they say its message again, the words go (`add the losses`:
    `(l1 + l2).backward()` said once, as code; `rebuild the loss`: build `err` again). Words
    that say why the fix applies (detach once: `anchor` is a snapshot; recompute: gradients
    must reach `x`) stay: they choose."""
    fix_of = getattr(rule_named(finding.rule), "fix_of", None)
    if fix_of is None:
        return [*words, *finding.helps]
    spoken = {h.message.split(":", 1)[0] for h in words}

    def fix_name(help_: Help) -> str | None:
        fix = fix_of(help_.message)
        return fix.name if fix is not None else None

    def unwritten(help_: Help) -> bool:
        return not help_.edits and help_.checked is None

    kept = [h for h in finding.helps if not (unwritten(h) and fix_name(h) in spoken)]
    first = next((h for h in kept if h.edits), None)

    def restated(word: Help) -> bool:
        """Whether the words say the code's message again: they quote its code (`(l1 +
        l2).backward()`, each loss they name within it), or begin as it does (`build `err`
        again`) and name nothing else."""
        if first is None or word.message.split(":", 1)[0] != fix_name(first):
            return False
        body = word.message.split(": ", 1)[1] if ": " in word.message else ""
        shown = re.findall(r"`([^`]*)`", first.message)
        quoted = re.findall(r"`([^`]*)`", body)

        def within(q: str) -> bool:
            return any(re.search(rf"(?<![\w.]){re.escape(q)}(?![\w])", s) for s in shown)

        if any("(" in q for q in quoted) and all(map(within, quoted)):
            return True
        head = re.split(r" \(|: ", first.message, maxsplit=1)[0]
        rest = body.removeprefix(head)
        return rest != body and "`" not in rest

    return [*(h for h in words if not restated(h)), *kept]


# -- the run's error ---------------------------------------------------------------------------


def _panic_error(result: RunResult, explanation: CaseExplanation) -> Diagnostic:
    node = explanation.node
    name = node_name(result, node.id)
    labels = _node_label(result, node, f"{name} = {made_of(result, node)}: {node_kind(node)}")
    notes: list[str] = []
    helps: list[Help] = []
    if not node.tracked:
        message = f"{name} is not on the tape: nothing to backpropagate"
        helps.append(Help("call require_grad() on the parameters before the forward pass"))
        return Diagnostic("", message, _path(result), labels, helps, level="error")
    message = f"{name} lost its step to an earlier backward"
    notes = [*made_in_note(result, node), *_run_notes(result, explanation)]
    fix = next((f for f in explanation.fixes if f.applies), None)
    costs = run_cost(result, fix) if fix is not None else None
    if fix is not None and costs == "":
        helps.append(Help(f"{fix.key}: {fix.title}"))
    elif fix is not None and costs:  # it runs, but trains less: said with what it costs
        why = f"pbpit made this edit and ran the program: it runs, but {costs}, so it is not shown"
        helps.append(Help(f"{fix.key}: {fix.title}", note=why))
    command = f"pbpit explain {node.id} --case {shlex.quote(result.case)}"
    helps.append(Help(f"`{command}` {SHOWS_LINES}"))
    # The rule whose hazard the audit found at this node: the same lint and audit name.
    rule = explanation.audit.pattern if explanation.audit is not None else None
    return Diagnostic(
        rule or "",
        message,
        _path(result),
        labels,
        helps,
        level="error",
        notes=notes,
        name=node.label or "",
    )


def _run_notes(result: RunResult, explanation: CaseExplanation) -> list[str]:
    """Which backward consumed the node's step, and which walked into it and found none."""
    notes = []
    if explanation.consumed_by is not None:
        notes.append(f"{backward_name(result, explanation.consumed_by)} consumed its step")
    if explanation.reached_by is not None:
        path = explanation.path
        walk = "went " + " -> ".join(map(str, path)) if len(path) > 1 else "started at it"
        notes.append(f"{backward_name(result, explanation.reached_by)} {walk} and found no step")
    return notes


# -- the audit's warnings ----------------------------------------------------------------------


def _lint_findings(result: RunResult) -> list[Diagnostic]:
    """Lint's findings on the case file, or on every file of its crate (lint reads a crate's
    files as one tree, as the interpreter runs them)."""
    from pbpit.lint.tree import lint_paths

    files = [result.path] if result.crate is None else result.crate.files
    return lint_paths(files).findings


def _warning(
    result: RunResult, entry: AuditEntry, entries: list[AuditEntry], linted: list[Diagnostic]
) -> Diagnostic:
    explanation = explain_in_case(result, entry.node_id, entries)
    assert explanation is not None  # the audit names nodes of the run
    node = explanation.node
    notes = warning_notes(result, explanation, entry)
    found, file = lint_finding(result, entry, node, linted)
    if found is not None:
        # Lint's `made in` note says what the run's says (which has its display path): once.
        ran = any(note.startswith("made in ") for note in notes)
        kept = [n for n in found.notes if not (ran and n.startswith("made in "))]
        return replace(found, path=display(result, file), notes=[*kept, *notes])
    written = _written(result, entry, explanation.fixes)
    written.notes = notes
    return in_files(result, written)


def warning_notes(result: RunResult, explanation: CaseExplanation, entry: AuditEntry) -> list[str]:
    """What the run knows of a hazard's node: what made it, where, and its backwards."""
    node = explanation.node
    notes = [f"{node_name(result, node.id)} = {made_of(result, node)}: {node_kind(node)}"]
    if entry.same_statement:
        others = ", ".join(node_name(result, i) for i in entry.same_statement)
        notes[0] += f" (its statement also made {others})"
    notes += made_in_note(result, node)
    notes += _run_notes(result, explanation)
    return notes


def _written(result: RunResult, entry: AuditEntry, fixes: list[Fix]) -> Diagnostic:
    """The warning of a hazard lint did not find, in its rule's words (the rule's
    `from_trace`), its spans read from the case's source."""
    diagnostic = rule_named(entry.pattern or "").from_trace(TraceFinding(result, entry, fixes))
    return replace(diagnostic, path=_path(result))


# -- spans -------------------------------------------------------------------------------------


def _path(result: RunResult) -> str:
    return display_path(result.path)
