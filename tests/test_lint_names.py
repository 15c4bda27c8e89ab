"""`pbpit lint` names a tensor a called function made by the caller's binding, with where the
function made it in a note, in the words `pbpit run` and `explain` use; and a method reading its
own parameters (`self.w.val()`) makes a tracked result whatever its caller gives.

Lines and columns are read off each program by hand; which tensors are hazards follows from
Burn's autodiff: `backward()` consumes the step of every tracked intermediate it reaches.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit.lint.analysis import Program
from pbpit.lint.tree import lint_paths
from pbpit.rust.syntax import read_rust

# `out` is made in `hidden` (line 4), bound `h` in `layer` (line 9) and `h` again in `train`
# (line 17), before the loop: the 2nd pass's backward needs its step.
NESTED = """\
use burn::tensor::{backend::AutodiffBackend, Tensor};

fn hidden<B: AutodiffBackend>(x: Tensor<B, 2>, w: Tensor<B, 2>) -> Tensor<B, 2> {
    let out = x.matmul(w);
    out
}

fn layer<B: AutodiffBackend>(x: Tensor<B, 2>, w: Tensor<B, 2>) -> Tensor<B, 2> {
    let h = hidden(x, w);
    h
}

fn train<B: AutodiffBackend>(device: &B::Device) {
    let x = Tensor::<B, 2>::ones([2, 2], device);
    let w = Tensor::<B, 2>::ones([2, 2], device).require_grad();
    let feats = layer(x, w.clone());
    for _ in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let _grads = loss.backward();
    }
}
"""

MODEL = """\
use burn::module::{Module, Param};
use burn::tensor::{backend::AutodiffBackend, backend::Backend, Tensor};

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    ws: Vec<Param<Tensor<B, 2>>>,
    w: Param<Tensor<B, 2>>,
    scale: Tensor<B, 2>,
}

impl<B: Backend> Model<B> {
    fn encode(&self) -> Tensor<B, 2> {
        self.ws[0].val().exp() * self.scale.clone()
    }

    fn scaled(&self) -> Tensor<B, 2> {
        self.scale.clone().exp()
    }
}
"""


def _lint(tmp_path: Path, text: str, name: str = "main.rs"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    report = lint_paths([path])
    assert not report.errors, report.errors
    return path, report.findings


def test_a_nested_helpers_tensor_is_named_by_the_binding_in_the_function_of_the_finding(tmp_path):
    path, (finding,) = _lint(tmp_path, NESTED)
    assert finding.message.startswith("`feats` is a tracked tensor made before the loop")
    assert (finding.primary.line, finding.primary.column) == (16, 17)
    assert finding.primary.text == "`feats` is made here, outside the loop, by `layer`"
    words = " ".join([finding.message, *(label.text for label in finding.labels)])
    assert "`out`" not in words and "`h`" not in words
    assert all("`feats`" in help_.message for help_ in finding.helps)


def test_where_the_helper_made_it_is_a_note_in_the_words_of_pbpit_run(tmp_path):
    path, (finding,) = _lint(tmp_path, NESTED)
    # `let out` at 4:5 in `hidden`; `hidden(x, w)` at 9:13 in `layer`.
    assert finding.notes == [f"made in `hidden` at {path}:4:5, called from `layer` at {path}:9:13"]


def test_a_reassignment_names_it_too_and_a_later_binding_does_not_rename_it(tmp_path):
    text = NESTED.replace(
        "    let feats = layer(x, w.clone());\n",
        "    let mut feats = x.clone();\n"
        "    feats = layer(x, w.clone());\n"
        "    let g = feats.clone();\n",
    ).replace("(feats.clone() * w.clone())", "(g.clone() * w.clone())")
    _, (finding,) = _lint(tmp_path, text)
    assert finding.message.startswith("`feats` is a tracked tensor")
    assert finding.primary.line == 17


def test_audit_says_one_name_and_one_made_in_note(tmp_path):
    from pbpit.diagnose.findings import audit_report
    from pbpit.runner import resolve_case, run_case

    text = """\
    use burn::prelude::*;

    fn hidden(x: Tensor<1>, w: Tensor<1>) -> Tensor<1> {
        let out = (x * w).exp();
        out
    }

    fn main() {
        let device = Device::flex().autodiff();
        let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
        let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
        let h = hidden(x, w.clone());
        for _ in 0..2 {
            let grads = (h.clone() * w.clone()).sum().backward();
        }
    }
    """
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(text))
    report = audit_report(run_case(resolve_case(str(path))))
    (warning,) = report.warnings
    assert warning.message.startswith("`h` is a tracked tensor made before the loop")
    assert "`out`" not in " ".join(label.text for label in warning.labels)
    made_in = [note for note in warning.notes if note.startswith("made in ")]
    assert made_in == [f"made in `hidden` at {warning.path}:4:5"]


def test_a_method_reading_an_indexed_parameter_is_tracked_whatever_the_caller_gives(tmp_path):
    # `self.ws[0].val()` is a leaf: `exp` of it, times the data field, a tracked intermediate.
    text = MODEL + """\

fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let feats = model.encode();
    for _ in 0..3 {
        let loss = (feats.clone() * x.clone()).sum();
        let _grads = loss.backward();
    }
}
"""
    _, findings = _lint(tmp_path, text)
    assert [(f.rule, f.primary.line) for f in findings] == [("loop-external-tracked", 22)]
    assert "from a parameter" in findings[0].primary.text


def test_a_method_of_data_fields_only_stays_data(tmp_path):
    # `scale` is a plain tensor field, given as data: `exp` of it is data, reusable.
    text = MODEL + """\

fn train<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let feats = model.scaled();
    let w = x.require_grad();
    for _ in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let _grads = loss.backward();
    }
}
"""
    _, findings = _lint(tmp_path, text)
    assert findings == []


def test_the_summary_says_which_parameters_of_self_the_result_derives_from(tmp_path):
    path = tmp_path / "model.rs"
    path.write_text(MODEL)
    program = Program([read_rust(path)])
    (encode,) = program.owned["Model", "encode"]
    (scaled,) = program.owned["Model", "scaled"]
    assert program.summary(encode).params == {"self.ws[0]"}
    assert program.summary(scaled).params == frozenset()
