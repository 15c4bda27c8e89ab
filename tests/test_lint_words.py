"""Which functions `pbpit lint` reads: one that holds a rule's word (`backward`, `require_grad`)
as an identifier, however the call is written, or a call of a function that runs a backward.

The expected findings are derived by hand from Burn's autodiff: a tensor made before a loop
whose every pass backpropagates through it has its step consumed by the first pass's backward;
the second pass panics.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit.lint.tree import lint_paths


def lines(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    path = tmp_path / "train.rs"
    path.write_text(textwrap.dedent(text))
    report = lint_paths([path])
    assert not report.errors, report.errors
    return [(f.primary.line, f.rule) for f in report.findings]


def test_backward_called_across_a_comment_and_a_line_break_is_read(tmp_path):
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let loss = head.forward(feats.clone()).mean();
            let _grads = loss. /* the graph goes with it */
                backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]


def test_backward_inside_a_macro_argument_is_read(tmp_path):
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let loss = head.forward(feats.clone()).mean();
            println!("{:?}", loss.backward());
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]


def test_a_longer_name_holding_backward_runs_no_backward(tmp_path):
    # `conv2d_backward` is a function of its own: nothing here consumes `feats`'s graph.
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let grad_input = conv2d_backward(feats.clone(), weight.clone());
            let _x_backward = grad_input.sum();
        }
    }
    """
    assert lines(tmp_path, text) == []
