"""The diagnostics of a run, its audit and an explanation: what `run`, `audit` and `explain`
print, as `pbpit.diagnostics.model.Diagnostic` (rendered by `pbpit.diagnostics`).

A hazard the dynamic audit finds in a Rust case is reported with the diagnostic `pbpit lint`
gives the same finding (same rule, same primary line), plus notes on what only a run knows: the
node id, the backward that consumed its step, the walk that panicked. A hazard lint does not
see, and every hazard of a Python case, is written from the trace in lint's words (`RULE_WORDS`).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pbpit.diagnose.audit import (
    DOUBLE,
    LOOP_EXTERNAL,
    SHARED,
    AuditEntry,
    audit,
    find_loops,
)
from pbpit.diagnose.explain import (
    ADD_LOSSES,
    DETACH_EACH_PASS,
    DETACH_ONCE,
    REBUILD_LOSS,
    RECOMPUTE,
    BackwardInfo,
    CaseExplanation,
    Fix,
    explain_in_case,
)
from pbpit.diagnose.spans import Span, call_span, line_span, name_span, node_span
from pbpit.diagnostics.model import Diagnostic, Help, Label
from pbpit.runner import CASES_DIR
from pbpit.source import is_rust
from pbpit.trace import NodeRecord, RunResult

CARRIED = "carried"
"""The words of `loop-external-tracked` for state carried from pass to pass."""

# -- the rules' words ------------------------------------------------------------------------
# What `pbpit lint` says of each rule's finding, to write the same diagnostic from a run. These
# are to be read from the rule registry (pbpit/lint/rules/) once it holds them.

RULE_WORDS: dict[str, dict[str, str]] = {
    LOOP_EXTERNAL: {
        "message": "`{name}` is a tracked tensor made before the loop and used in it: the loop's "
        "2nd backward panics",
        "made": "`{name}` is made here, outside the loop, {why}",
        "used": "used here, inside the loop",
        "consumes": "this backward consumes `{name}`'s step; the next pass panics at it",
        DETACH_ONCE: "if `{name}` needs no gradient, detach it once",
        DETACH_ONCE + " in words": "if `{name}` needs no gradient, detach it once: add "
        "`.detach()` where it is made",
        RECOMPUTE: "if gradients must flow through `{name}`, compute it inside the loop, every "
        "pass",
        RECOMPUTE + " in words": "if gradients must flow through `{name}`, compute it inside the "
        "loop, every pass, where the backward uses it",
    },
    CARRIED: {
        "message": "`{name}` carries a tracked tensor from one pass of the loop into the next: a "
        "later pass's backward panics",
        "made": "`{name}` is made here, {why}",
        "used": "the previous pass's `{name}` is used here",
        "consumes": "this backward consumes `{name}`'s step; a later pass panics at it",
        DETACH_EACH_PASS: "detach `{name}` at the end of each pass: gradients stop at the pass "
        "boundary",
        DETACH_EACH_PASS + " in words": "detach `{name}` at the end of each pass: gradients stop "
        "at the pass boundary: `{name} = {name}.detach()`",
    },
    SHARED: {
        "message": "`{name}` is shared by two losses, each backpropagated: the 2nd backward panics",
        "made": "`{name}` is made here, {why}",
        "consumes": "this backward consumes `{name}`'s step",
        "again": "this backward needs `{name}`'s step again and panics",
        ADD_LOSSES: "add the losses and run one backward: `({first} + {second}).backward()`",
        ADD_LOSSES + " in words": "add the two losses and run one backward on their sum",
        "detach in the first loss": "if the first loss must not train what made `{name}` (as in "
        "a GAN's discriminator step), detach `{name}` in it: `{name}.clone().detach()`",
    },
    DOUBLE: {
        "message": "`{name}` is backpropagated twice: the 2nd backward panics",
        "panics": "this backward panics: `{name}`'s graph is gone",
        "made": "`{name}` is made here",
        "consumes": "the first backward consumes `{name}`'s graph here",
        "keep the gradients": "use the `Gradients` the first backward returned: a graph is "
        "backpropagated once",
        REBUILD_LOSS: "or build `{name}` again (run its forward again) before the second backward",
    },
}


# -- naming a node -----------------------------------------------------------------------------

KIND_WORDS = {
    "leaf_requires_grad": "leaf that requires grad",
    "tracked_intermediate": "tracked intermediate",
    "untracked": "untracked",
}


def display_path(path: str) -> str:
    """A path as the user should read it: relative to the working directory, or a built-in case as
    `cases/NAME` wherever pbpit is installed."""
    resolved = Path(path).resolve()
    for base in (Path.cwd(), CASES_DIR.parent):
        if resolved.is_relative_to(base):
            return str(resolved.relative_to(base))
    return str(path)


def node_name(result: RunResult, node_id: int) -> str:
    """`NodeId(2) `feats``, or `NodeId(2)` for a tensor no variable names."""
    node = result.node(node_id)
    if node is None or node.label is None:
        return f"NodeId({node_id})"
    return f"NodeId({node_id}) `{node.label}`"


def made_of(result: RunResult, node: NodeRecord) -> str:
    """`exp(NodeId(0) `x`)`: the op and its inputs."""
    inputs = ", ".join(node_name(result, i) for i in node.inputs)
    return f"{node.op}({inputs})"


def node_kind(node: NodeRecord) -> str:
    """`a leaf that requires grad`, `a tracked intermediate` or `untracked`."""
    from pbpit.diagnose.audit import kind_of

    words = KIND_WORDS[kind_of(node)]
    return words if words == "untracked" else f"a {words}"


def backward_name(result: RunResult, info: BackwardInfo) -> str:
    """`backward #1 at line 21 (root NodeId(4) `loss`, loop pass 0)`."""
    record = info.record
    where = f" at line {record.line}" if record.line is not None else ""
    loop = f", loop pass {info.iteration}" if info.iteration is not None else ""
    return f"backward #{info.number}{where} (root {node_name(result, record.root)}{loop})"


# -- what the commands print -------------------------------------------------------------------


@dataclass
class AuditReport:
    """The audit of one run: every tensor it looked at, and one warning per hazard."""

    entries: list[AuditEntry]
    warnings: list[Diagnostic]

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


def audit_report(result: RunResult, entries: list[AuditEntry] | None = None) -> AuditReport:
    """The audit of `result` (given its entries, if already made) with its warnings."""
    entries = audit(result) if entries is None else entries
    hazards = [e for e in entries if e.verdict == "hazard"]
    linted = _lint_findings(result.path) if hazards and is_rust(result.path) else []
    return AuditReport(entries, [_warning(result, e, entries, linted) for e in hazards])


def diagnose_run(result: RunResult) -> RunDiagnosis:
    """The diagnosis of a run: why it panicked (or what the case raised), and its audit."""
    entries = audit(result)
    errors = []
    if result.panic is not None and result.panic.node_id is not None:
        explanation = explain_in_case(result, result.panic.node_id, entries)
        if explanation is not None and explanation.reached_by is not None:
            errors.append(_panic_error(result, explanation))
    if result.error is not None:
        labels = []
        if result.error.line is not None:
            start, end = line_span(result.path, result.error.line)
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
    return RunDiagnosis(errors, audit_report(result, entries))


def explanation_diagnostic(result: RunResult, explanation: CaseExplanation) -> Diagnostic:
    """`pbpit explain NodeId(n) --case CASE` as one note: the tensor, where the case made it,
    what the audit and the backwards did with it, and every fix as corrected lines (the one
    that applies first)."""
    node = explanation.node
    name = node_name(result, node.id)
    labels = _node_label(result, node, made_of(result, node))
    notes = [
        f"is_tracked() = {str(node.tracked).lower()}, "
        f"is_require_grad() = {str(node.requires_grad).lower()}"
    ]
    if node.line is None:
        notes.insert(0, f"{name} = {made_of(result, node)}, made outside the case file")
    entry = explanation.audit
    if entry is not None:
        rule = f" [pbpit::{entry.pattern}]" if entry.pattern else ""
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
        lead = f"{fix.key} (applies here)" if fix.applies else fix.key
        helps.append(Help(f"{lead}: {fix.title}", fix.edits(), _sentence(fix.note)))
    message = f"{name} in {result.case}: {node_kind(node)}"
    return Diagnostic("", message, _path(result), labels, helps, level="note", notes=notes)


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
    notes = _run_notes(result, explanation)
    fix = next((f for f in explanation.fixes if f.applies), None)
    if fix is not None:
        helps.append(Help(f"{fix.key}: {fix.title}"))
    command = f"pbpit explain {node.id} --case {shlex.quote(result.case)}"
    helps.append(Help(f"`{command}` shows the corrected lines"))
    return Diagnostic("", message, _path(result), labels, helps, level="error", notes=notes)


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


def _lint_findings(path: str) -> list[Diagnostic]:
    from pbpit.lint.analysis import lint_paths

    return lint_paths([path]).findings


def _warning(
    result: RunResult, entry: AuditEntry, entries: list[AuditEntry], linted: list[Diagnostic]
) -> Diagnostic:
    explanation = explain_in_case(result, entry.node_id, entries)
    assert explanation is not None  # the audit names nodes of the run
    node = explanation.node
    notes = [f"{node_name(result, node.id)} = {made_of(result, node)}: {node_kind(node)}"]
    if entry.same_statement:
        others = ", ".join(node_name(result, i) for i in entry.same_statement)
        notes[0] += f" (its statement also made {others})"
    notes += _run_notes(result, explanation)
    primary_line = entry.line
    if entry.pattern == DOUBLE:
        primary_line = result.backwards[entry.backwards[1] - 1].line
    found = next(
        (f for f in linted if f.rule == entry.pattern and f.primary.line == primary_line), None
    )
    if found is not None:
        return replace(found, path=_path(result), notes=[*found.notes, *notes])
    written = _written(result, entry, explanation.fixes)
    written.notes = notes
    return written


def _written(result: RunResult, entry: AuditEntry, fixes: list[Fix]) -> Diagnostic:
    """The warning of a hazard in lint's words, its spans read from the case's source."""
    node = result.node(entry.node_id)
    assert node is not None
    name = node.label or f"NodeId({node.id})"
    words = RULE_WORDS[CARRIED if entry.carried else entry.pattern]
    why = _why(result, node)
    fixes_by_name = {fix.key: fix for fix in fixes}
    first, second = (
        (result.backwards[n - 1] for n in entry.backwards)
        if entry.backwards
        else (
            None,
            None,
        )
    )
    consumed = next((b for b in result.backwards if node.id in b.consumed), first)
    labels: list[Label] = []
    helps: list[Help] = []
    if entry.pattern == LOOP_EXTERNAL:
        labels += _node_label(result, node, words["made"].format(name=name, why=why))
        loop = next(
            (loop for loop in find_loops(result.path) if loop.line == entry.loop_line), None
        )
        # Where the loop reads it: in the panicking pass (the next one, for carried state).
        after = consumed.node_count if consumed is not None and entry.carried else node.id
        user = next(
            (
                n
                for n in result.nodes
                if n.id > after and node.id in n.inputs and (loop is None or loop.holds(n.stack))
            ),
            None,
        )
        if user is not None and user.line is not None:
            at = name_span(result.path, user.line, node.label or "") or node_span(result, user)
            labels += _labels(user.line, at, words["used"].format(name=name))
        labels += _backward_label(result, consumed, words["consumes"].format(name=name))
        names = [DETACH_EACH_PASS] if entry.carried else [DETACH_ONCE, RECOMPUTE]
        helps = [_help(words, key, fixes_by_name.get(key), name=name) for key in names]
    elif entry.pattern == SHARED:
        labels += _node_label(result, node, words["made"].format(name=name, why=why))
        labels += _backward_label(result, first, words["consumes"].format(name=name))
        labels += _backward_label(result, second, words["again"].format(name=name))
        a, b = (_label_of(result, backward.root) for backward in (first, second))
        add = fixes_by_name.get(ADD_LOSSES)
        if a and b and a != b:
            helps.append(_help(words, ADD_LOSSES, add, first=a, second=b))
        else:
            helps.append(Help(words[ADD_LOSSES + " in words"]))
        helps.append(Help(words["detach in the first loss"].format(name=name)))
    elif entry.pattern == DOUBLE:
        labels += _backward_label(result, second, words["panics"].format(name=name), True)
        labels += _node_label(result, node, words["made"].format(name=name), primary=False)
        labels += _backward_label(result, first, words["consumes"].format(name=name))
        helps.append(Help(words["keep the gradients"]))
        helps.append(_help(words, REBUILD_LOSS, fixes_by_name.get(REBUILD_LOSS), name=name))
    message = words["message"].format(name=name)
    primary = next((label for label in labels if label.primary), None)
    labels = ([primary] if primary else []) + [label for label in labels if not label.primary]
    return Diagnostic(
        entry.pattern or "",
        message,
        _path(result),
        labels,
        helps,
        statement_line=primary.line if primary else 0,
        name=name,
    )


def _help(words: dict[str, str], key: str, fix: Fix | None, **names: str) -> Help:
    """The rule's help `key`, with the fix's corrected lines when they can be written (else
    said in words, as lint says it)."""
    edits = fix.edits() if fix is not None else []
    if not edits and key + " in words" in words:
        return Help(words[key + " in words"].format(**names))
    return Help(words[key].format(**names), edits)


def _why(result: RunResult, node: NodeRecord) -> str:
    """How it is tracked, as lint says it: `from `x` which requires grad`."""
    stack, seen = [node.id], set()
    while stack:
        record = result.node(stack.pop())
        if record is None or record.id in seen:
            continue
        seen.add(record.id)
        if record.requires_grad and record.id != node.id:
            if record.label:
                return f"from `{record.label}` which requires grad"
            return "from a tensor that requires grad"
        stack.extend(reversed(record.parents))
    return "from a tensor that requires grad"


def _label_of(result: RunResult, node_id: int) -> str | None:
    node = result.node(node_id)
    return node.label if node is not None else None


# -- spans -------------------------------------------------------------------------------------


def _path(result: RunResult) -> str:
    return display_path(result.path)


def _label(line: int, at: Span, text: str, primary: bool = False) -> Label:
    return Label(line, at[0] + 1, line, max(at[1], at[0] + 1) + 1, text, primary)


def _labels(line: int | None, at: Span | None, text: str, primary: bool = False) -> list[Label]:
    return [] if line is None or at is None else [_label(line, at, text, primary)]


def _node_label(
    result: RunResult, node: NodeRecord, text: str, primary: bool = True
) -> list[Label]:
    """The node's own sub-expression, labelled (nothing when no line of the case made it)."""
    return _labels(node.line, node_span(result, node), text, primary)


def _backward_label(result: RunResult, backward, text: str, primary: bool = False) -> list[Label]:
    if backward is None or backward.line is None:
        return []
    at = call_span(result.path, backward.line, "backward") or line_span(result.path, backward.line)
    return _labels(backward.line, at, text, primary)


def _sentence(note: str) -> str:
    """A fix's note as rustc's notes read: lower case, no full stop."""
    note = note.removesuffix(".")
    return note[:1].lower() + note[1:] if note[1:2].islower() else note
