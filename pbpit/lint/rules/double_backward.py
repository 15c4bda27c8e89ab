"""`double-backward`: the same loss, or a clone of it, is backpropagated twice."""

from __future__ import annotations

from pbpit.diagnostics.model import Diagnostic, Help
from pbpit.lint.fixes import Fixes
from pbpit.lint.rule import Fix, Meeting, Rule


class DoubleBackward(Rule):
    name = "double-backward"
    summary = "the same loss (or a clone of it) is backpropagated twice: the 2nd backward panics"
    panic = "graph tape has already been consumed"
    why = """\
`backward()` consumes the step of every node it walks (`build_tape`), the loss's own step
included: steps are taken by value and their saved tensors released, so a graph is
backpropagated once. Burn has no `retain_graph`.

A second `loss.backward()`, or one through a clone of the loss (a clone is the same tensor, with
the same NodeId), starts at a node whose step is gone and panics at the loss itself: `Cannot run
backward: graph tape has already been consumed at NodeId(4)`. The `Gradients` the first backward
returned already hold every gradient it computed."""
    bad = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone().exp() * w.clone()).sum();
    let _grads = loss.backward();
    println!("first backward done");
    let _grads = loss.backward();
}
"""
    fixed = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone().exp() * w.clone()).sum();
    let _grads = loss.backward();
    println!("first backward done");
    // The forward again: a new graph for the second backward.
    let loss = (x.clone().exp() * w.clone()).sum();
    let _grads = loss.backward();
}
"""
    fixes = (
        Fix(
            "keep the gradients",
            "use the `Gradients` the first backward returned: a graph is backpropagated once",
        ),
        Fix(
            "rebuild the loss",
            "build the loss again (run its forward again) before the second backward",
        ),
    )

    def meeting(self, meeting: Meeting, fixes: Fixes) -> Diagnostic | None:
        if meeting.loop is not None or not meeting.same_tensor:
            return None
        definition, earlier, later = meeting.definition, meeting.earlier, meeting.later
        name = definition.name
        through = later.receiver if later.receiver and later.receiver != name else None
        message = f"`{name}` is backpropagated twice: the 2nd backward panics"
        if through is not None:
            message = (
                f"`{name}` is backpropagated twice, the 2nd time through its clone "
                f"`{through}`: the 2nd backward panics"
            )
        labels = [
            fixes.label(later.span, f"this backward panics: `{name}`'s graph is gone", True),
            fixes.label(definition.span, f"`{name}` is made here"),
            fixes.label(earlier.span, f"the first backward consumes `{name}`'s graph here"),
        ]
        helps = [
            Help("use the `Gradients` the first backward returned: a graph is backpropagated once"),
            Help(f"or build `{name}` again (run its forward again) before the second backward"),
        ]
        return fixes.diagnostic(self.name, message, name, labels, helps, later.span[0])
