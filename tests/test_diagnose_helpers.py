"""A tensor a helper function, a method or a module's `forward` makes is cited where the caller
binds it (issue 14, deliver 4): `run`'s error, `explain`, `audit` and `graph` point at the
caller's `let h = hidden(..)`, as `pbpit lint` does, name the tensor `h`, and say where inside
the helper it was made in a note.

Every line and column expected here is read off the program's source by hand; which line to
cite is the one `pbpit lint` cites for the same file.
"""

from __future__ import annotations

import json

from pbpit_process import pbpit_main, write_case

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import audit_report, diagnose_run, explanation_diagnostic
from pbpit.diagnose.graph import tape_graph
from pbpit.lint.tree import lint_paths
from pbpit.runner import resolve_case, run_case

# `h` is made two calls deep (`hidden`, called by `layer`), before the loop: its step is gone
# after pass 0's backward. Ids: w 0, x 1, x * w 2, exp 3 = h; pass 0: mul 4, sum 5; pass 1: 6, 7.
NESTED = """\
use burn::prelude::*;

fn hidden(x: Tensor<1>, w: Tensor<1>) -> Tensor<1> {
    let out = (x * w).exp();
    out
}

fn layer(x: Tensor<1>, w: Tensor<1>) -> Tensor<1> {
    let y = hidden(x, w);
    y
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let h = layer(x, w.clone());
    for step in 0..3 {
        let loss = (h.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: {:?}", w.grad(&grads).is_some());
    }
}
"""

# The same program in the Python API.
NESTED_PY = """\
import pbpit as pb


def hidden(x, w):
    out = (x * w).exp()
    return out


def layer(x, w):
    y = hidden(x, w)
    return y


device = pb.Device.flex().autodiff()
w = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
x = pb.Tensor.from_floats([1.0, 2.0], device)
h = layer(x, w.clone())
for step in range(3):
    loss = (h.clone() * w.clone()).sum()
    grads = loss.backward()
"""

# A module: `Model::forward` runs its `Linear`; `Model::features` calls `self.forward(x)`.
# Ids: weight 0, x 1, linear 2 = out; linear 3, exp 4 = feats; pass 0: mul 5, sum 6; pass 1:
# mul 7, sum 8, whose walk 8 -> 7 -> 4 finds 4's step gone.
MODULE = """\
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::Linear;
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    layer: Linear<B>,
}

impl<B: Backend> Model<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let y = self.layer.forward(x);
        y
    }

    pub fn features(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.forward(x).exp()
    }
}

fn main() {
    let device = Default::default();
    let model: Model<B> = Model {
        layer: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0], [0.5]], &device)),
            bias: None,
        },
    };
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0]], &device);
    let out = model.forward(x.clone());
    let feats = model.features(x);
    for step in 0..2 {
        let loss = (out.clone() * feats.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: {}", model.layer.weight.grad(&grads).is_some());
    }
}
"""

# Everything in `train`, called by `main`: the backward runs in `train`, so what `hidden` makes
# is cited in `train` (line 9), not at main's `train(&device)` (line 17).
IN_TRAIN = """\
use burn::prelude::*;

fn hidden(w: Tensor<1>) -> Tensor<1> {
    w.exp()
}

fn train(device: &Device) {
    let w = Tensor::<1>::from_floats([0.5, 1.0], device).require_grad();
    let h = hidden(w.clone());
    for _ in 0..2 {
        let grads = (h.clone() * w.clone()).sum().backward();
    }
}

fn main() {
    let device = Device::flex().autodiff();
    train(&device);
}
"""


def _run(tmp_path, text: str, name: str = "main.rs"):
    return run_case(resolve_case(str(write_case(tmp_path, text, name))))


def test_run_error_cites_the_callers_statement_with_the_helpers_lines_as_a_note(tmp_path):
    result = _run(tmp_path, NESTED)
    (error,) = diagnose_run(result).errors
    # The error is lint's finding of `h`, led by what the run saw.
    assert error.rule == "loop-external-tracked"
    assert error.notes[0] == "the run panicked: NodeId(3) `h` lost its step to an earlier backward"
    primary = error.labels[0]
    # `layer(x, w.clone())` on line 17, columns 13 to 32 (1-based, end exclusive).
    assert (primary.line, primary.column, primary.end_line, primary.end_column) == (17, 13, 17, 32)
    path = error.path
    assert f"made in `hidden` at {path}:4:5, called from `layer` at {path}:9:13" in error.notes


def test_the_tensor_is_named_by_the_callers_binding_as_lint_cites_its_line(tmp_path):
    result = _run(tmp_path, NESTED)
    node = result.node(3)
    assert (node.label, node.line, node.made_in) == ("h", 17, [("layer", 9), ("hidden", 4)])
    assert node.stack == [4, 9, 17]  # where it was made, innermost first, is kept
    (finding,) = lint_paths([result.path]).findings
    assert finding.primary.line == node.line


def test_json_gives_the_cited_line_and_the_calls_below_it(tmp_path):
    path = write_case(tmp_path, NESTED, "main.rs")
    data = json.loads(pbpit_main("run", str(path), "--json").stdout)
    node = data["nodes"][3]
    assert (node["label"], node["line"], node["stack"]) == ("h", 17, [4, 9, 17])
    assert node["made_in"] == [{"function": "layer", "line": 9}, {"function": "hidden", "line": 4}]
    assert data["panic"]["label"] == "h"


def test_text_of_run_shows_the_callers_line_and_the_note(tmp_path):
    path = write_case(tmp_path, NESTED, "main.rs")
    out = pbpit_main("run", str(path)).stdout
    assert "17 |     let h = layer(x, w.clone());\n" in out
    assert "= note: NodeId(3) `h` = exp(NodeId(2)): a tracked intermediate" in out
    assert f"= note: made in `hidden` at {path}:4:5, called from `layer` at {path}:9:13" in out
    assert "\n 4 |" not in out  # the helper's own line is a note, not a label


def test_a_python_case_with_helpers_is_cited_the_same_way(tmp_path):
    result = _run(tmp_path, NESTED_PY, "case.py")
    node = result.node(3)
    assert (node.label, node.line, node.made_in) == ("h", 17, [("layer", 10), ("hidden", 5)])
    (error,) = diagnose_run(result).errors
    assert (error.labels[0].line, error.labels[0].column) == (17, 5)


def test_methods_and_a_modules_forward_are_cited_at_mains_binding(tmp_path):
    result = _run(tmp_path, MODULE)
    out, feats = result.node(2), result.node(4)
    assert (out.label, out.line, out.made_in) == ("out", 33, [("Model::forward", 15)])
    assert (feats.label, feats.line, feats.made_in) == ("feats", 34, [("Model::features", 20)])
    # `self.forward(x)` inside `features`: two calls below main's line 34.
    inner = result.node(3)
    assert (inner.line, inner.made_in) == (34, [("Model::features", 20), ("Model::forward", 15)])
    linted = {f.primary.line for f in lint_paths([result.path]).findings}
    assert linted == {33, 34}


def test_audit_gives_lints_own_diagnostic_for_a_tensor_a_method_made(tmp_path):
    result = _run(tmp_path, MODULE)
    report = audit_report(result)
    assert [(e.node_id, e.line) for e in report.entries if e.verdict == "hazard"] == [
        (2, 33),
        (4, 34),
    ]
    lint = {f.primary.line: f for f in lint_paths([result.path]).findings}
    for warning in report.warnings:
        found = lint[warning.primary.line]
        # Lint's message and labels, with what only the run knows added as notes.
        assert (warning.message, warning.labels) == (found.message, found.labels)
    # (the audit leads with the hazard the run panicked at: the warnings are found by line)
    [inner] = [w for w in report.warnings if w.primary.line == 34]
    assert f"made in `Model::features` at {inner.path}:20:9" in inner.notes


def test_explain_cites_the_callers_line_and_moves_the_call_into_the_loop(tmp_path):
    result = _run(tmp_path, NESTED)
    explanation = explain_in_case(result, 3)
    note = explanation_diagnostic(result, explanation)
    assert note.labels[0].line == 17
    assert note.notes[0].startswith("made in `hidden` at ")
    fixes = {fix.key: fix for fix in explanation.fixes}
    assert fixes["detach once"].lines == [
        ("-", 17, "    let h = layer(x, w.clone());"),
        ("+", 17, "    let h = layer(x, w.clone()).detach();"),
    ]
    assert fixes["recompute in the loop"].lines[0] == ("-", 17, "    let h = layer(x, w.clone());")


def test_graph_names_the_tensor_by_the_callers_binding(tmp_path):
    result = _run(tmp_path, NESTED)
    labels = {node.id: node.label for node in tape_graph(result).nodes}
    assert labels[3] == "h"
    assert labels[2] is None  # `x * w` inside `hidden`, bound by no one


def test_a_helper_called_where_the_backward_runs_is_cited_in_that_function(tmp_path):
    result = _run(tmp_path, IN_TRAIN)
    node = result.node(1)
    assert (node.label, node.line, node.made_in) == ("h", 9, [("hidden", 4)])
    (error,) = diagnose_run(result).errors
    assert error.labels[0].line == 9


def test_a_tensor_made_in_a_struct_constructor_keeps_its_name_when_the_struct_is_bound(tmp_path):
    text = """\
use burn::prelude::*;

struct Trainer {
    scale: Tensor<1>,
}

impl Trainer {
    fn new(w: Tensor<1>) -> Self {
        let scale = w.exp();
        Self { scale }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let trainer = Trainer::new(w.clone());
    for _ in 0..2 {
        let grads = (trainer.scale.clone() * w.clone()).sum().backward();
    }
}
"""
    result = _run(tmp_path, text)
    node = result.node(1)
    assert (node.label, node.line, node.made_in) == ("scale", 17, [("Trainer::new", 9)])
    explanation = explain_in_case(result, 1)
    fixes = {fix.key: fix for fix in explanation.fixes}
    assert fixes["recompute in the loop"].lines  # `Trainer::new` makes no parameter: it moves


def test_the_recompute_fix_does_not_move_a_call_that_also_makes_the_parameters(tmp_path):
    text = """\
use burn::prelude::*;

struct Trainer {
    w: Tensor<1>,
    scale: Tensor<1>,
}

impl Trainer {
    fn new(device: &Device) -> Self {
        let w = Tensor::<1>::from_floats([0.5, 1.0], device).require_grad();
        let scale = w.clone().exp();
        Self { w, scale }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let trainer = Trainer::new(&device);
    for _ in 0..2 {
        let grads = (trainer.scale.clone() * trainer.w.clone()).sum().backward();
    }
}
"""
    result = _run(tmp_path, text)
    assert result.node(1).line == 18
    fixes = {fix.key: fix for fix in explain_in_case(result, 1).fixes}
    # Moving `Trainer::new` into the loop would make `w` anew every pass: said in words.
    assert fixes["recompute in the loop"].lines == []


def test_require_grad_on_a_helpers_result_is_cited_at_the_call_with_its_fixes(tmp_path):
    text = """\
use burn::prelude::*;

fn hidden(x: Tensor<1>) -> Tensor<1> {
    x.exp()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let h = hidden(w.clone()).require_grad();
    println!("{:?}", h.dims());
}
"""
    result = _run(tmp_path, text)
    (error,) = diagnose_run(result).errors
    assert error.rule == "require-grad-non-leaf"
    # `.require_grad()` from column 31, `hidden(w.clone())` from 13, both on line 10.
    assert [(label.line, label.column, label.primary) for label in error.labels] == [
        (10, 31, True),
        (10, 13, False),
    ]
    assert f"made in `hidden` at {error.path}:4:5" in error.notes
    detach = error.helps[0].edits
    assert [(e.line, e.column, e.replacement) for e in detach] == [(10, 30, ".detach()")]
