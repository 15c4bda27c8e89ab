"""One hazard, one entry in `audit`: a statement run again by an inner loop (one tracked tensor
pushed each time it runs, another tensor made between two runs) into a `Vec` the outer loop
never empties is one hazard, not one per push (held-out program whose audit listed the same
`let` three times)."""

from __future__ import annotations

from pbpit.diagnose.audit import audit
from pbpit.runner import resolve_case, run_case

PUSHED = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut kept: Vec<Tensor<1>> = Vec::new();
    for epoch in 0..2 {
        for k in 0..3 {
            let x = Tensor::<1>::from_floats([k as f32, 1.0], &device);
            let y = (w.clone() * x).tanh();
            kept.push(y);
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for y in kept.iter() {
            loss = loss + y.clone().sum();
        }
        let grads = loss.backward();
        println!("epoch {epoch}: {:?}", w.grad(&grads).is_some());
    }
}
"""


def test_a_statement_run_three_times_by_an_inner_loop_is_one_hazard(tmp_path):
    path = tmp_path / "pushed.rs"
    path.write_text(PUSHED)
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None
    hazards = [e for e in audit(result) if e.verdict == "hazard"]
    # `let y` (line 10) runs three times in epoch 0; epoch 1's backward meets them: one hazard.
    assert [(e.line, e.pattern) for e in hazards] == [(10, "loop-external-tracked")]
    (entry,) = hazards
    # The entry is the tensor the panic names; the other two runs' `y` are reported with it.
    assert entry.node_id == result.panic.node_id
    ys = [n.id for n in result.nodes if n.label == "y" and n.line == 10]
    assert len(ys) == 6  # three a pass, two passes
    assert set(entry.same_statement) >= set(ys[:3]) - {entry.node_id}
    assert len(set(ys[:3]) - {entry.node_id}) == 2
