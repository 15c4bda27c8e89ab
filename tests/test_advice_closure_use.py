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
