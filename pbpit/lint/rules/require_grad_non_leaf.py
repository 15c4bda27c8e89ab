"""`require-grad-non-leaf`: `.require_grad()` on a tracked intermediate, which Burn refuses.

What a run that panics so adds is this rule's too (`run_panic`): lint's finding of the call
raised to an error for a one-file Rust program (`require_grad_diagnosis`), else the run's own in
the rule's words, and why a `detach()` before it did not cut (`detached_leaves`)."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from pbpit.diagnostics.model import Diagnostic, Edit, Help, Label
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Call, Fix, Rule

if TYPE_CHECKING:
    from pbpit.diagnose.spans import Expression
    from pbpit.trace import NodeRecord, RunResult

DETACH_FIRST = Fix(
    "detach first",
    "`.detach()` before `.require_grad()`: a new leaf whose gradient is kept; nothing "
    "flows back through it to what made it",
)
DROP_REQUIRE_GRAD = Fix(
    "drop require_grad",
    "remove `.require_grad()`: the tensor is tracked already, and gradients flow "
    "through it to the leaves it comes from",
)


class RequireGradNonLeaf(Rule):
    name = "require-grad-non-leaf"
    summary = (
        "`require_grad()` on a tracked intermediate (the result of an op on a tensor that "
        "requires grad): Burn panics at that call"
    )
    panic = "Can't convert a non leaf tensor into a tracked tensor"
    why = """\
`require_grad()` looks at the tensor's requirement. On untracked data it makes a leaf, with the
same NodeId and a root step registered for it; on a leaf that already requires grad it returns
the tensor unchanged; on a tracked intermediate, the result of an op with an input that requires
grad, it panics at once: `Can't convert a non leaf tensor into a tracked tensor`.

`x.clone().exp()` is such an intermediate: it already takes part in the graph, its step recorded
under its NodeId, and gradients flow through it to `x`. Burn keeps the gradients of leaves only
(`grad` of an intermediate is `None`), and a node's place in the graph cannot be changed once
recorded. To get a gradient for the values themselves, cut them from the graph first: `detach()`
gives an untracked tensor with a new NodeId, and `require_grad()` on it starts a new lineage."""
    bad = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    // The gradient with respect to the features is wanted too.
    let feats = x.clone().exp().require_grad();
    let grads = (feats.clone() * w.clone()).sum().backward();
    let g = feats.grad(&grads);
    println!("feats.grad = {:?}", g.map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
"""
    fixed = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    // A leaf of its own, cut from `x`: its gradient is kept, none flows back to `x`.
    let feats = x.clone().exp().detach().require_grad();
    let grads = (feats.clone() * w.clone()).sum().backward();
    let g = feats.grad(&grads);
    println!("feats.grad = {:?}", g.map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
"""
    fixes = (DETACH_FIRST, DROP_REQUIRE_GRAD)
    words = (b"require_grad",)
    methods = frozenset({"require_grad", "set_require_grad"})

    def call(self, call: Call, fixes: Fixes) -> Diagnostic | None:
        if call.receiver.requirement != Requirement.GRAD_IN_BACKWARD:
            return None  # data becomes a leaf; a leaf is returned unchanged
        if call.name == "set_require_grad" and call.arguments.strip() != "true":
            return None
        origin = call.receiver.origin
        name = origin.name if origin is not None else ""
        called = "require_grad()" if call.name == "require_grad" else "set_require_grad(true)"
        panics = panics_here(name)
        bound = "" if name else bound_by(call, fixes)
        if bound:
            # A temporary the `let` binds once the call returns: named by that binding.
            name, panics = bound, panics_making(bound)
        labels = [
            fixes.label(call.span, panics, True),
            fixes.label(call.receiver_span, intermediate(call.receiver.why)),
        ]
        helps = [detach_first(call, fixes), drop_require_grad(called, call, fixes)]
        return fixes.diagnostic(self.name, message(called), name, labels, helps, call.span[0])

    def run_panic(self, result: RunResult, node_id: int) -> Diagnostic | None:
        """The error of a run that panicked in `require_grad()` on `node_id`, or None when
        the run's panic is not that."""
        if not panicked_in_require_grad(result, node_id):
            return None
        return require_grad_diagnosis(result, node_id)

    def run_panic_notes(self, result: RunResult, node: NodeRecord) -> list[str]:
        """Why a `detach()` in what the tensor is made from did not cut it, for a run that
        panicked in `require_grad()` on it."""
        if not panicked_in_require_grad(result, node.id):
            return []
        return detached_leaves(result, node)

    def fix_of(self, message: str) -> Fix | None:
        """Which of the rule's fixes a help of its diagnostic (said by this file's `*_help`,
        led by the fix's name or not) is."""
        message = message.split(": ", 1)[1] if message.startswith("detach first: ") else message
        if message.startswith("drop require_grad: "):
            message = message.split(": ", 1)[1]
        if message.startswith("if nothing must train through it, detach it first"):
            return DETACH_FIRST
        if message.startswith("if gradients must flow through it to the leaves"):
            return DROP_REQUIRE_GRAD
        return None


# -- the words, which a run that panics so (`pbpit.diagnose.findings`) says of the same call


def message(called: str) -> str:
    """`called` is `require_grad()` or `set_require_grad(true)`."""
    return f"`{called}` on a tracked intermediate panics: `{RequireGradNonLeaf.panic}`"


def panics_here(name: str) -> str:
    """The label on the call; `name` is the tensor's, or empty."""
    what = f"`{name}`" if name else "the tensor"
    return f"this panics: {what} is not a leaf"


def intermediate(why: str) -> str:
    """The label on the tensor the call is made on; `why` says how it is tracked."""
    return f"a tracked intermediate, {why}"


def panics_making(name: str) -> str:
    """The label on the call whose result the `let` of `name` binds."""
    return f"this panics: what `{name}` is made from is not a leaf"


def detach_first_help(
    edits: list[Edit], receiver: str = "", called: str = "require_grad()"
) -> Help:
    """Detach first; `receiver` (the call's receiver's text, when known) says on what."""
    on = f" (`{receiver}.detach().{called}`)" if receiver else ""
    return Help(
        f"if nothing must train through it, detach it first{on}: a new leaf, cut from the graph",
        edits,
    )


def drop_require_grad_help(called: str, edits: list[Edit]) -> Help:
    # The other fix: right when the call was a mistake, not when its gradient is read.
    return Help(
        f"if gradients must flow through it to the leaves it comes from, drop `.{called}`: it is "
        "tracked already",
        edits,
        applicability="MaybeIncorrect",
    )


def bound_by(call: Call, fixes: Fixes) -> str:
    """The name `let name = <call>;` binds the call's result to, or empty."""
    node = fixes.call_at(call.span)
    parent = fixes.parent(node) if node is not None else None
    if parent is None or parent.type != "let_declaration":
        return ""
    pattern = parent.child_by_field_name("pattern")
    if parent.child_by_field_name("value") != node or pattern is None:
        return ""
    text = fixes.text(pattern).removeprefix("mut ").strip()
    return text if is_name(text) else ""


# -- the fixes


def detach_first(call: Call, fixes: Fixes) -> Help:
    """Detach first: `.detach()` between the tensor and the call."""
    # The edit shows on what (the run's words, without it, say it: `pbpit.diagnose.findings`).
    at = call.receiver_span[1]
    return detach_first_help([fixes.edit(at, at, ".detach()")])


def drop_require_grad(called: str, call: Call, fixes: Fixes) -> Help:
    """Drop require_grad: the call goes, the tensor stays tracked."""
    return drop_require_grad_help(called, [fixes.edit(call.receiver_span[1], call.span[1], "")])


# -- a run that panicked in the call (`RequireGradNonLeaf.run_panic`)


def panicked_in_require_grad(result: RunResult, node_id: int) -> bool:
    """Whether the run panicked in `require_grad()` on `node_id` (Burn's panic of the rule
    whose finding is the call itself)."""
    panic = result.panic
    return (
        panic is not None and panic.node_id == node_id and RequireGradNonLeaf.panic in panic.message
    )


def require_grad_diagnosis(result: RunResult, node_id: int) -> Diagnostic:
    """The error of a run that panicked in `require_grad()` on `node_id`: for a one-file Rust
    program, lint's finding of the call (in the statement that made the tensor), raised to an
    error, with what the run saw; else the run's own, in the rule's words."""
    from pbpit.source import Language, statement_range

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
            for f in _linted(result)
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
    from pbpit.diagnose.from_trace import label as _label
    from pbpit.diagnose.from_trace import node_label as _node_label
    from pbpit.diagnose.from_trace import why as _why
    from pbpit.diagnose.in_files import display_path
    from pbpit.diagnose.node_names import made_in_note, made_of, node_kind, node_name
    from pbpit.source import source_line

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
            panics = panics_here(name)
            if bound:
                # A temporary the `let` binds once `require_grad()` returns: named by it.
                name, panics = bound, panics_making(bound)
            labels = [
                _label(line, (dot + 1, call.end), panics, True),
                _label(line, (call.start, dot), intermediate(_why(result, node))),
            ]
            receiver = source_line(result.source, line)[call.start : dot]
            detach_first = [Edit(line, dot + 1, line, dot + 1, ".detach()")]
            drop = [Edit(line, dot + 1, line, call.end + 1, "")]
        else:
            labels = _node_label(result, node, panics_here(name))
        notes += detached_leaves(result, node)
    helps = [
        _named(
            DETACH_FIRST,
            detach_first_help(detach_first, receiver),
        ),
        _named(
            DROP_REQUIRE_GRAD,
            drop_require_grad_help(called, drop),
        ),
    ]
    return Diagnostic(
        RequireGradNonLeaf.name,
        message(called),
        display_path(result.path),
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
    from pbpit.source import source_line

    text = source_line(result.source, line)
    match = re.match(r"\s*let\s+(?:mut\s+)?([A-Za-z_]\w*)\s*(?::[^=]*)?=\s*$", text[: call.start])
    rest = text[call.end :].strip()
    return match.group(1) if match is not None and rest.startswith(";") else ""


def detached_leaves(result: RunResult, node: NodeRecord) -> list[str]:
    """Why a tensor made from a `detach()` is tracked still: each detached leaf it is made
    from that requires grad (the detach of a leaf that requires grad is a new leaf that still
    requires grad: Burn keeps the setting), said with its source."""
    from pbpit.diagnose.ancestry import ancestors

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
    from pbpit.diagnose.spans import expressions, name_span, node_span
    from pbpit.source import source_line, source_lines

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
    from pbpit.source import source_line

    text = source_line(result.source, line)
    return text.rindex(".require_grad", call.start, call.end)


def _named(fix: Fix, help_: Help) -> Help:
    """`help_` led by the name of the fix it is."""
    return replace(help_, message=f"{fix.name}: {help_.message}")


def _linted(result: RunResult) -> list[Diagnostic]:
    """Lint's findings on the case (`findings._lint_findings`, the one place they are read)."""
    from pbpit.diagnose import findings

    return findings._lint_findings(result)
