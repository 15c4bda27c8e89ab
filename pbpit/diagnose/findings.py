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
from pathlib import Path
from typing import Any

from pbpit.diagnose.audit import AuditEntry, ancestors, audit, counted_message
from pbpit.diagnose.explain import BackwardInfo, CaseExplanation, Fix, explain_in_case
from pbpit.diagnose.from_trace import TraceFinding
from pbpit.diagnose.from_trace import carried_by as _carried_by
from pbpit.diagnose.from_trace import label as _label
from pbpit.diagnose.from_trace import node_label as _node_label
from pbpit.diagnose.from_trace import why as _why
from pbpit.diagnose.in_files import (
    cited_line,
    display,
    display_path,
    fix_headline,
    in_files,
    place,
)
from pbpit.diagnose.in_files import diagnostic_source as diagnostic_source
from pbpit.diagnose.in_files import explanation_in_files as explanation_in_files
from pbpit.diagnose.lint_match import lint_finding, linted_helps, second_of
from pbpit.diagnose.spans import (
    Expression,
    callee_span,
    expressions,
    line_span,
    name_span,
    node_span,
)
from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.engine.graph import Requirement
from pbpit.lint.rule import Fix as RuleFix
from pbpit.lint.rules import require_grad_non_leaf as require_grad_rule
from pbpit.lint.rules import rule_named
from pbpit.source import Language, source_line, source_lines, statement_range
from pbpit.trace import NodeRecord, RunResult

# -- naming a node -----------------------------------------------------------------------------

REQUIREMENT_WORDS = {
    Requirement.GRAD: "leaf that requires grad",
    Requirement.GRAD_IN_BACKWARD: "tracked intermediate",
    Requirement.NONE: "untracked",
}
"""Burn's requirement of a node, in the user's words."""


def node_name(result: RunResult, node_id: int) -> str:
    """`NodeId(2) `feats``, or `NodeId(2)` for a tensor no variable names."""
    node = result.node(node_id)
    if node is None or node.label is None:
        return f"NodeId({node_id})"
    return f"NodeId({node_id}) `{node.label}`"


def bound_name(node: NodeRecord, binding: str) -> str:
    """`NodeId(18) `teacher.weight``: the node by the binding the diagnosis names (the caller's
    binding that holds it, as run and lint name it), with the name it had where it was made when
    that is another (`self.weight` in a method): `NodeId(18) `teacher.weight` (`self.weight`
    where it was made)`; an element or field of the binding by its path in it
    (`agent.log_probs` (`agent.log_probs[2]`))."""
    if not binding:
        return f"NodeId({node.id})" if node.label is None else f"NodeId({node.id}) `{node.label}`"
    if node.label is None or node.label == binding:
        return f"NodeId({node.id}) `{binding}`"
    if node.label.startswith((f"{binding}[", f"{binding}.")):
        return f"NodeId({node.id}) `{binding}` (`{node.label}`)"  # an element, a field of it
    return f"NodeId({node.id}) `{binding}` (`{node.label}` where it was made)"


def made_of(result: RunResult, node: NodeRecord) -> str:
    """`exp(NodeId(0) `x`)`: the op and its inputs."""
    inputs = ", ".join(node_name(result, i) for i in node.inputs)
    return f"{node.op}({inputs})"


def node_kind(node: NodeRecord) -> str:
    """`a leaf that requires grad`, `a tracked intermediate` or `untracked`."""
    words = REQUIREMENT_WORDS[node.requirement]
    return words if node.requirement is Requirement.NONE else f"a {words}"


def made_in_note(result: RunResult, node: NodeRecord) -> list[str]:
    """For a node made in a function its cited line calls: `made in `hidden` at src/main.rs:12:5`
    (the statement in it), and each call on the way from the outermost in (`, called from
    `layer` at src/main.rs:20:13`); nothing for a node made at its cited line."""
    if not node.made_in:
        return []
    chain = [*node.made_in]
    function, line = chain[-1]
    where = place(result, line, line_span(result.source, line)[0] + 1)
    note = f"made in {_function(function)} at {where}"
    for (caller, at), (callee, _) in zip(chain[-2::-1], chain[:0:-1], strict=True):
        called = callee_span(result.source, at, callee, result.language)
        column = (called or line_span(result.source, at))[0] + 1
        note += f", called from {_function(caller)} at {place(result, at, column)}"
    return [note]


def _function(name: str | None) -> str:
    return "a closure" if name is None else f"`{name}`"


def backward_name(result: RunResult, info: BackwardInfo) -> str:
    """`backward #1 at line 21 (root NodeId(4) `loss`, loop pass 0)`."""
    record = info.record
    where = f" at {cited_line(result, record.line)}" if record.line is not None else ""
    loop = f", loop pass {info.iteration}" if info.iteration is not None else ""
    return f"backward #{info.number}{where} (root {node_name(result, record.root)}{loop})"


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
    return AuditReport(entries, warnings, named)


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
    if not _all_failed(warning) or entry.pattern is None:
        return preferred_fix(result, entry, entries, warning, checks)
    explanation = explain_in_case(result, entry.node_id, entries)
    assert explanation is not None  # the audit names nodes of the run
    own = in_files(result, _written(result, entry, explanation.fixes))
    own = checked(result, replace(own, notes=warning_notes(result, explanation, entry)), checks)
    chosen = own if _ran(own) and own.rule == warning.rule else None
    chosen = chosen or _computed_again(result, entry, warning)
    return preferred_fix(result, entry, entries, chosen, checks)


def _computed_again(result: RunResult, entry: AuditEntry, warning: Diagnostic) -> Diagnostic:
    """`warning`, whose fixes written as code all failed, led by the words of keeping what the
    carried tensor is computed from and computing it again where the loss reads it, when the
    backward that panicked trains only through tensors made as it was (features a method
    memoizes in a slot): detached where it is put, the loss would train nothing."""
    from pbpit.diagnose.carriers import trains_only_through
    from pbpit.lint.rules.carried_logs import store_inputs_help

    node = result.node(entry.node_id)
    failed = next((b for b in result.backwards if not b.ok and b.missing == entry.node_id), None)
    if node is None or not node.label or failed is None or not entry.carried or not warning.name:
        return warning
    words = store_inputs_help(node.label, warning.name)
    if any(h.message == words.message for h in warning.helps):
        return warning
    if not trains_only_through(result, node, failed.root):
        return warning
    return replace(warning, helps=[words, *warning.helps])


SHOWS_LINES = "shows the corrected lines"
"""The run's pointer to explain: said only where explain shows a fix as code that ran."""


def _ran(diagnostic: Diagnostic) -> bool:
    """Whether a fix `diagnostic` writes as code was made and ran without the panic."""
    return any(h.edits and h.checked is not None and h.checked.ok for h in diagnostic.helps)


def _all_failed(diagnostic: Diagnostic) -> bool:
    """Whether `diagnostic` wrote fixes as code and every one failed its check (each lost its
    edits and keeps the check that says why)."""
    tried = [h for h in diagnostic.helps if h.checked is not None]
    return (
        bool(tried)
        and not any(h.edits for h in diagnostic.helps)
        and all(not h.checked.ok for h in tried)
    )


def checked(result: RunResult, diagnostic: Diagnostic, checks: dict | None = None) -> Diagnostic:
    """`diagnostic` with every fix written as code made in a copy of the program and run
    (`pbpit.diagnose.fix_check`): only a fix that runs without the panic is shown as code, with
    what became of the gradients the leaves got from the run's first backward."""
    from pbpit.diagnose.fix_check import baseline, checked_helps
    from pbpit.diagnose.fix_costs import trained_leaves

    if not any(help_.edits for help_ in diagnostic.helps):
        return diagnostic
    program = Path(result.path)
    file = program
    if result.crate is not None:
        real = {shown: path for path, shown in result.crate.display.items()}
        file = Path(real.get(diagnostic.path, result.path))
    trained = trained_leaves(result)
    return checked_helps(diagnostic, program, file, checks, baseline(result), trained)


def diagnose_run(result: RunResult) -> RunDiagnosis:
    """The diagnosis of a run: why it panicked (or what the case raised), and its audit."""
    entries = audit(result)
    errors = []
    panic = result.panic
    if (
        panic is not None
        and panic.node_id is not None
        and _panicked_in_require_grad(result, panic.node_id)
    ):
        errors.append(_require_grad_diagnosis(result, panic.node_id))
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
    if not said or _ran(error):
        return error
    if explanation is not None and any(f.edits() and _runs(result, f) for f in explanation.fixes):
        return error
    return replace(error, helps=[h for h in error.helps if h not in said])


def _said_once(errors: list[Diagnostic], warnings: list[Diagnostic]) -> list[Diagnostic]:
    """The run's warnings without those that say what the error or an earlier warning says
    (the same rule, binding, message and place): one finding of a statement that ran in
    several passes (each log-prob an episode saved) is one diagnostic, said once."""

    def said(d: Diagnostic) -> tuple:
        place = (d.primary.line, d.primary.column) if d.labels else None
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
    hazards = [e for e in report.entries if e.verdict == "hazard"]
    for index, (entry, warning) in enumerate(zip(hazards, report.warnings, strict=True)):
        if entry.node_id != panic.node_id:
            continue
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
        if not _ran(warning):  # explain, with the finding's fixes, shows no corrected lines
            words = [h for h in words if not h.message.endswith(SHOWS_LINES)]
        helps = _said_once_each(warning, words)
        error = replace(warning, level="error", notes=[said, *warning.notes], helps=helps)
        error = replace(error, message=counted_message(result, entry, error.message))
        return [error if e is first else e for e in errors]
    return errors


def _said_once_each(finding: Diagnostic, words: list[Help]) -> list[Help]:
    """The run's words (which fix applies here) before the finding's fixes, a fix said in words
    once: a finding's help that only says in words the fix the run's words say of this program
    (the losses by their names) goes; one whose edits failed their check stays (it says why)."""
    fix_of = getattr(rule_named(finding.rule), "fix_of", None)
    if fix_of is None:
        return [*words, *finding.helps]
    spoken = {h.message.split(":", 1)[0] for h in words}

    def said(help_: Help) -> bool:
        fix = fix_of(help_.message)
        unwritten = not help_.edits and help_.checked is None
        return unwritten and fix is not None and fix.name in spoken

    return [*words, *(h for h in finding.helps if not said(h))]


def explanation_diagnostic(result: RunResult, explanation: CaseExplanation) -> Diagnostic:
    """`pbpit explain NodeId(n) --case CASE` as one note: the tensor, where the case made it,
    what the audit and the backwards did with it, and every fix as corrected lines (the one
    that applies first)."""
    node = explanation.node
    name = node_name(result, node.id)
    labels = _node_label(result, node, made_of(result, node))
    notes = [
        *made_in_note(result, node),
        f"is_tracked() = {str(node.tracked).lower()}, "
        f"is_require_grad() = {str(node.requires_grad).lower()}",
    ]
    if node.line is None:
        notes.insert(0, f"{name} = {made_of(result, node)}, made outside the case file")
    entry = explanation.audit
    if entry is not None:
        rule = f" [{rule_named(entry.pattern).id}]" if entry.pattern else ""
        notes.append(f"the audit: {entry.verdict}{rule}: {entry.reason}")
    if explanation.consumed_by is not None:
        notes.append(f"{backward_name(result, explanation.consumed_by)} consumed its step")
    elif not node.tracked:
        notes.append("it never had a step: an untracked tensor is not on the tape")
    else:
        notes.append("its step is still live: no backward has walked through it")
    if explanation.reached_by is not None:
        walk = " -> ".join(map(str, explanation.path))
        notes.append(
            f"{backward_name(result, explanation.reached_by)} reached it by {walk} and panicked"
        )
    helps = []
    for fix in sorted(explanation.fixes, key=lambda f: not f.applies):
        helps.append(
            Help(fix_headline(fix.key, fix.title, fix.applies), fix.edits(), _sentence(fix.note))
        )
    rule = entry.pattern if entry is not None and entry.verdict == "hazard" else None
    binding = node.label or ""
    if rule is not None and entry is not None and entry.carried:
        carrier = _carried_by(result, node, entry)
        binding = carrier.name if carrier is not None else binding
    own = helps
    found = _explained_finding(result, explanation)
    if found is not None:
        rule, binding, helps = found.rule, found.name, linted_helps(found, helps)
    elif _panicked_in_require_grad(result, node.id):
        error = _require_grad_diagnosis(result, node.id)
        rule, binding, helps = error.rule, error.name, error.helps
        notes += _detached_leaves(result, node)  # why a `detach()` in it did not cut
    message = f"{bound_name(node, binding)} in {result.case}: {node_kind(node)}"
    diagnostic = Diagnostic(
        rule or "",
        message,
        _path(result),
        labels,
        helps,
        level="note",
        notes=notes,
        name=binding,
    )
    checks: dict = {}
    diagnostic = checked(result, in_files(result, diagnostic), checks)
    if found is None or not _all_failed(diagnostic):
        if entry is not None and entry.carried and entry.verdict == "hazard":
            from pbpit.diagnose.preferred import carried_first

            return carried_first(result, entry, diagnostic, checks)  # as the run's error says
        return diagnostic
    # Every fix lint's finding writes failed its check: the explanation's own corrected lines
    # (a carrier detached where the tensor is put), where one of them runs.
    mine = checked(result, in_files(result, replace(diagnostic, helps=own)), checks)
    chosen = mine if _ran(mine) else diagnostic
    if entry is not None and entry.carried and entry.verdict == "hazard":
        from pbpit.diagnose.preferred import carried_first

        return carried_first(result, entry, chosen, checks)  # as the run's error says
    return chosen


def _explained_finding(result: RunResult, explanation: CaseExplanation) -> Diagnostic | None:
    """Lint's finding of the hazard an explanation of a one-file Rust program is about (its
    fixes are then lint's, checked: one diagnosis); None for a crate of module files, whose
    explanation is written at the lines of the root with the modules spliced in."""
    entry = explanation.audit
    if (
        entry is None
        or entry.verdict != "hazard"
        or result.language is not Language.RUST
        or result.crate is not None
    ):
        return None
    return lint_finding(result, entry, explanation.node, _lint_findings(result))[0]


# -- the run's error ---------------------------------------------------------------------------

NON_LEAF = require_grad_rule.RequireGradNonLeaf
"""The rule whose panic Burn raises in `require_grad()` itself."""


def _panicked_in_require_grad(result: RunResult, node_id: int) -> bool:
    """Whether the run panicked in `require_grad()` on `node_id` (Burn's panic of the rule
    whose finding is the call itself)."""
    panic = result.panic
    return panic is not None and panic.node_id == node_id and NON_LEAF.panic in panic.message


def _require_grad_diagnosis(result: RunResult, node_id: int) -> Diagnostic:
    """The error of a run that panicked in `require_grad()` on `node_id`: for a one-file Rust
    program, lint's finding of the call (in the statement that made the tensor), raised to an
    error, with what the run saw; else the run's own, in the rule's words."""
    error = _require_grad_error(result, node_id)
    node = result.node(node_id)
    if result.language is not Language.RUST or result.crate is not None or node is None:
        return error
    if node.line is None:
        return error
    call = _require_grad_call(result, node)  # in the function that made it, when a call did
    line = call[0] if call is not None else node.line
    first, last = statement_range(result.source, line, result.language)
    found = next(
        (
            f
            for f in _lint_findings(result)
            if f.rule == error.rule and f.labels and first <= f.primary.line <= last
        ),
        None,
    )
    if found is None or len(found.helps) != len(error.helps):
        return error
    # The fixes led by their names (the run's words), made with lint's edits.
    helps = [
        replace(own, edits=linted.edits, applicability=linted.applicability)
        for own, linted in zip(error.helps, found.helps, strict=True)
    ]
    notes = [*found.notes, *error.notes]
    return replace(found, path=error.path, level="error", notes=notes, helps=helps)


def _require_grad_error(result: RunResult, node_id: int) -> Diagnostic:
    """The run panicked in `require_grad()` on the tracked intermediate `node_id`: the rule's
    diagnostic, as an error, on the call that panicked, its fixes led by their names."""
    node = result.node(node_id)
    called = "require_grad()"
    labels: list[Label] = []
    notes: list[str] = []
    detach_first: list[Edit] = []
    drop: list[Edit] = []
    name = ""
    receiver = ""
    if node is not None:
        name = node.label or ""
        notes.append(f"{node_name(result, node.id)} = {made_of(result, node)}: {node_kind(node)}")
        notes += made_in_note(result, node)
        found = _require_grad_call(result, node)
        if found is not None:
            line, call = found
            dot = _receiver_end(result, line, call)
            bound = "" if name else _bound_by(result, line, call)
            panics = require_grad_rule.panics_here(name)
            if bound:
                # A temporary the `let` binds once `require_grad()` returns: named by it.
                name, panics = bound, require_grad_rule.panics_making(bound)
            labels = [
                _label(line, (dot + 1, call.end), panics, True),
                _label(line, (call.start, dot), require_grad_rule.intermediate(_why(result, node))),
            ]
            receiver = source_line(result.source, line)[call.start : dot]
            detach_first = [Edit(line, dot + 1, line, dot + 1, ".detach()")]
            drop = [Edit(line, dot + 1, line, call.end + 1, "")]
        else:
            labels = _node_label(result, node, require_grad_rule.panics_here(name))
        notes += _detached_leaves(result, node)
    helps = [
        _named(
            require_grad_rule.DETACH_FIRST,
            require_grad_rule.detach_first_help(detach_first, receiver),
        ),
        _named(
            require_grad_rule.DROP_REQUIRE_GRAD,
            require_grad_rule.drop_require_grad_help(called, drop),
        ),
    ]
    return Diagnostic(
        NON_LEAF.name,
        require_grad_rule.message(called),
        _path(result),
        labels,
        helps,
        statement_line=labels[0].line if labels else 0,
        name=name,
        level="error",
        notes=notes,
    )


def _bound_by(result: RunResult, line: int, call: Expression) -> str:
    """The name a `let` on `line` binds the value of `call` to (`fast` of `let fast =
    (..).require_grad();`), or empty."""
    text = source_line(result.source, line)
    match = re.match(r"\s*let\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*$", text[: call.start])
    rest = text[call.end :].strip()
    return match.group(1) if match is not None and rest.startswith(";") else ""


def _detached_leaves(result: RunResult, node: NodeRecord) -> list[str]:
    """Why a tensor made from a `detach()` is tracked still: each detached leaf it is made
    from that requires grad (the detach of a leaf that requires grad is a new leaf that still
    requires grad: Burn keeps the setting), said with its source."""
    notes = []
    for other in sorted(ancestors(result, node.id)):
        record = result.node(other)
        if record is None or record.op != "detach" or not record.requires_grad:
            continue
        source = result.node(record.inputs[0]) if record.inputs else None
        leaf = f"`{source.label}`" if source is not None and source.label else "a leaf"
        notes.append(
            f"NodeId({record.id}), the `detach()` of {leaf}, still requires grad: the detach of a "
            "leaf that requires grad is a new leaf that keeps the setting, so what is made from "
            "it is tracked; detach the result instead"
        )
    return notes


def _require_grad_call(result: RunResult, node: NodeRecord) -> tuple[int, Expression] | None:
    """The `require_grad()` call that panicked on `node`: on the line that made it, the call on
    its own sub-expression; else the first, on a later line, on the variable holding it."""
    if node.line is None:
        return None
    path, language = result.source, result.language
    # Made in a function a call of the cited line runs: looked for from where it was made.
    own = node.made_in[-1][1] if node.made_in else node.line
    made = node_span(result, node) if not node.made_in else None
    for line in range(own, len(source_lines(path)) + 1):
        for call in expressions(path, line, language):
            if call.kind != "call" or call.name != "require_grad":
                continue
            text = source_line(path, line)
            on_it = (
                made is not None
                and call.start <= made[0]
                and not text[call.start : made[0]].strip("( ")
                and made[1] < call.end
            )
            if line == own and on_it:
                return line, call
            held = name_span(path, line, node.label, language) if node.label else None
            if line > own and held is not None and held[0] == call.start:
                return line, call
    return None


def _receiver_end(result: RunResult, line: int, call: Expression) -> int:
    """The column of the `.` before `require_grad` in `call`."""
    text = source_line(result.source, line)
    return text.rindex(".require_grad", call.start, call.end)


def _named(fix: RuleFix, help_: Help) -> Help:
    """`help_` led by the name of the fix it is."""
    return replace(help_, message=f"{fix.name}: {help_.message}")


def _runs(result: RunResult, fix: Fix) -> bool:
    """Whether the fix the run says applies here runs without the panic once made (explain's
    corrected lines of a one-file program, checked as explain checks them), and costs the
    training nothing (`_run_cost`): one that still panics (the tensor it would compute in the
    loop is made there already) is not said. True when its lines cannot be written as edits
    (nothing to check)."""
    return _run_cost(result, fix) == ""


def _run_cost(result: RunResult, fix: Fix) -> str | None:
    """What the fix `fix` costs once made and run: "" when it runs and costs nothing (or its
    lines cannot be written as edits), what it costs when it runs but a parameter an
    optimizer steps gets no gradient or a backward no longer runs (`fix_costs.cost`), None
    when it does not run without the panic."""
    from pbpit.diagnose.fix_costs import fix_cost

    edits = fix.edits()
    if not edits or result.crate is not None:
        return ""
    return fix_cost(result, edits)


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
    costs = _run_cost(result, fix) if fix is not None else None
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


def _sentence(note: str) -> str:
    """A fix's note as rustc's notes read: lower case, no full stop."""
    note = note.removesuffix(".")
    return note[:1].lower() + note[1:] if note[1:2].islower() else note
