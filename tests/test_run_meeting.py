"""The audit asks the rules whose hazard two backwards of a run are (`Rule.run_meeting`), as lint
asks them of its `Meeting`: one loss of a `Vec` made before the loop, backpropagated twice in one
pass, is a loss backpropagated twice (`double-backward`), by hand and as lint says it. The audit
called it `shared-intermediate` (two losses sharing a tensor) while it decided by itself, once it
saw two backwards of one pass; its twin, an element both losses of a pass are made from
(tests/test_advice_choice.py's ELEMENT), stays shared."""

from __future__ import annotations

from pbpit.diagnose.audit import audit
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

TWICE = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let losses: Vec<Tensor<1>> =
        (0..3).map(|k| (w.clone() * (k as f32 + 1.0)).sin().sum()).collect();
    for step in 0..3 {
        let grads = losses[step].clone().backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        let grads = losses[step].clone().backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""

SHARED_ELEMENT = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let parts: Vec<Tensor<1>> = (0..3).map(|k| (w.clone() * (k as f32 + 1.0)).sin()).collect();
    for step in 0..3 {
        let grads = parts[step].clone().sum().backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        let grads = parts[step].clone().abs().mean().backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def _rules(tmp_path, name: str, text: str) -> tuple[list[str | None], list[str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None  # the first pass's second backward
    hazards = [e.pattern for e in audit(result) if e.verdict == "hazard"]
    return hazards, [f.rule for f in lint_paths([str(path)]).findings]


def test_one_loss_of_a_vec_backpropagated_twice_in_a_pass_is_double_backward(tmp_path):
    hazards, linted = _rules(tmp_path, "twice.rs", TWICE)
    assert hazards == ["double-backward"]
    assert linted == ["double-backward"]


def test_an_element_two_losses_of_a_pass_are_made_from_stays_shared(tmp_path):
    hazards, linted = _rules(tmp_path, "element.rs", SHARED_ELEMENT)
    assert hazards == ["shared-intermediate"]
    assert linted == ["shared-intermediate"]
