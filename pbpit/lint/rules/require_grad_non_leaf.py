"""`require-grad-non-leaf`: `.require_grad()` on a tracked intermediate, which Burn refuses."""

from __future__ import annotations

from pbpit.diagnostics.model import Diagnostic, Edit, Help
from pbpit.engine.graph import Requirement
from pbpit.lint.fixes import Fixes, is_name
from pbpit.lint.rule import Call, Fix, Rule

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
