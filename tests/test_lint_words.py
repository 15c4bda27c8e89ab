"""Which functions `pbpit lint` reads: one that holds a rule's word (`backward`, `require_grad`)
as an identifier, however the call is written, or a call of a function that runs a backward;
and what it may skip without reading it: the items and comments inside a function (its reading
never enters them), and arrays of numbers (data, with nothing in them that runs).

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


def test_a_function_whose_backward_is_only_in_a_nested_item_runs_none(tmp_path):
    # The nested `impl` is an item of its own: `feats`'s graph is never backpropagated here.
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let loss = head.forward(feats.clone()).mean();
            let _value = loss.into_scalar();
        }
        struct Step;
        impl Backward for Step {
            fn backward(self) {}
        }
    }
    """
    assert lines(tmp_path, text) == []


def test_a_backward_beside_a_nested_item_that_names_it_is_read(tmp_path):
    text = """\
    fn main() {
        fn backward_of(step: Step) -> Step { step.backward() }
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let loss = head.forward(feats.clone()).mean();
            let _grads = loss.backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(3, "loop-external-tracked")]


def test_a_backward_after_a_comment_that_names_it_is_read(tmp_path):
    # The comment is the first `backward` of the body: the reading goes on to the next.
    text = """\
    fn main() {
        // backward runs once a pass, below
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let loss = head.forward(feats.clone()).mean();
            let _grads = loss.backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(3, "loop-external-tracked")]


def test_an_array_of_numbers_beside_the_loss_keeps_it_tracked(tmp_path):
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let weights = Tensor::from_floats([[1.0, -2.5], [3.0, 4_000.0]], &device);
            let loss = head.forward(feats.clone()).mul(weights).mean();
            let _grads = loss.backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]


def test_an_array_holding_a_tracked_tensor_is_read_element_by_element(tmp_path):
    # `[feats.clone(), ..]` is no array of numbers: its first element is `feats`'s graph.
    text = """\
    fn main() {
        let feats = encoder.forward(x.clone());
        for _ in 0..10 {
            let both = [feats.clone(), 1.0];
            let loss = head.forward(both[0].clone()).mean();
            let _grads = loss.backward();
        }
    }
    """
    assert lines(tmp_path, text) == [(2, "loop-external-tracked")]
