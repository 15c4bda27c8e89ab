"""A tensor made before the loop that the loop reads only through a closure it calls: lint's
"used here, inside the loop" label is on the closure's call, where the loop uses it, not on the
backward (held-out program whose label sat on `loss.backward()`)."""

from __future__ import annotations

from pbpit.lint.rules.loop_external_words import USED_INSIDE
from pbpit.lint.tree import lint_paths

PULLED = """\
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    let net: Linear = LinearConfig::new(2, 2).init(&device);
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0]], &device);
    let anchor = net.forward(x.clone());
    let pull = |y: Tensor<2>| (y - anchor.clone()).abs().sum();
    for round in 0..2 {
        let out = net.forward(x.clone());
        let loss = out.clone().mean() + pull(out) * 0.5;
        let grads = loss.backward();
        println!("round {round}: {:?}", net.weight.grad(&grads).is_some());
    }
}
"""


def test_the_use_through_a_closure_is_labelled_at_its_call(tmp_path):
    path = tmp_path / "pulled.rs"
    path.write_text(PULLED)
    (finding,) = [
        f for f in lint_paths([str(path)]).findings if f.rule.endswith("loop-external-tracked")
    ]
    assert finding.name == "anchor"
    (used,) = [label for label in finding.labels if label.text == USED_INSIDE]
    lines = PULLED.splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "pull(out)" in text)
    column = lines[line - 1].index("pull(out)") + 1
    assert (used.line, used.column, used.end_line, used.end_column) == (
        line,
        column,
        line,
        column + len("pull(out)"),
    )


NESTED = """\
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    let mut enc: Linear = LinearConfig::new(3, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let batch = Tensor::<2>::from_floats([[1.0, 0.0, 2.0]], &device);
    let teacher_out = enc.forward(batch.clone());
    let distill = move |student: Tensor<2>, t: f32| (student - teacher_out.clone()).sum() * t;
    for epoch in 0..3 {
        for temp in [1.0f32, 2.0] {
            let s = enc.forward(batch.clone());
            let total = s.clone().mean() + distill(s, temp);
            let grads = GradientsParams::from_grads(total.backward(), &enc);
            enc = optim.step(0.01, enc, grads);
        }
        println!("epoch {epoch}");
    }
}
"""


def test_a_closure_bound_outside_the_outer_loop_is_labelled_at_its_call_in_the_inner(tmp_path):
    path = tmp_path / "nested.rs"
    path.write_text(NESTED)
    (finding,) = [
        f for f in lint_paths([str(path)]).findings if f.rule.endswith("loop-external-tracked")
    ]
    assert finding.name == "teacher_out"
    (used,) = [label for label in finding.labels if label.text == USED_INSIDE]
    lines = NESTED.splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "distill(s, temp)" in text)
    column = lines[line - 1].index("distill(s, temp)") + 1
    assert (used.line, used.column, used.end_column) == (line, column, column + 16)
