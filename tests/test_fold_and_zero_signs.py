"""Two things a user of `pbpit run` reads about one fix and one hazard, made exact:

- a hidden layer's output, made inside the model's `forward` and never bound by the user's code,
  is no hazard of its own when every use of it leads to a named tensor that is one (`pred =
  mlp.forward(x)`, cut into micro-batches): it is reported with that tensor, once;
- a fix whose gradients differ from the original run's only in the sign of some zeros is not
  "changed" (nor "unchanged": bit-identity is the contract): it says so, and how many.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import numpy as np
import pytest

from pbpit.diagnose.fix_check import (
    CHANGED,
    UNCHANGED,
    ZERO_SIGNS,
    applied,
    baseline,
    check_edits,
    compare,
    zero_signs,
)
from pbpit.diagnostics.model import Edit

# A two-layer model whose forward is one statement, its output cut into two micro-batches.
SPLIT_OUTPUT = """\
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Mlp {
    first: Linear,
    second: Linear,
}

impl Mlp {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.second.forward(self.first.forward(x).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mlp = Mlp {
        first: LinearConfig::new(3, 2).init(&device),
        second: LinearConfig::new(2, 2).init(&device),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0, 2.0], [0.5, 1.0, -1.0]], &device);
    let pred = mlp.forward(x);
    for row in 0..2 {
        let part = pred.clone().narrow(0, row, 1);
        let loss = part.sum();
        let grads = loss.backward();
        println!("{}", mlp.first.weight.grad(&grads).unwrap().sum().into_scalar::<f32>());
    }
}
"""

# `out`'s first column is all zeros (a = [0, k] rows): the first backward's gradient of `w[0]`
# is a sum of zeros. Cut from one forward, the first micro-batch's backward gets the whole
# product back with zeros for the other rows: (-0) + (-0) + 0 + 0 = +0. Run on each piece,
# the sum is (-0) + (-0) = -0. Every other number the same.
ZERO_COLUMN = """\
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[2.0], [1.0]], &device).require_grad();
    let a = Tensor::<2>::from_floats([[0.0, 1.0], [0.0, 2.0], [0.0, 1.0], [0.0, 3.0]], &device);
    let out = a.matmul(w.clone());
    let pieces = out.chunk(2, 0);
    for piece in pieces {
        let loss = -piece.sum();
        let grads = loss.backward();
        println!("{:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""

PER_PIECE = (
    "    let pieces = a.chunk(2, 0).into_iter().map(|piece| piece.matmul(w.clone()))"
    ".collect::<Vec<_>>();\n"
)
# The forward run on each piece (lines 7-8 replaced by one), the pieces in their order ...
FORWARD_PER_PIECE = [Edit(7, 1, 9, 1, PER_PIECE)]
# ... or the other way round: the first backward is the second micro-batch's.
REVERSED = [Edit(7, 1, 9, 1, PER_PIECE.replace(".into_iter()", ".into_iter().rev()"))]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "main.rs"
    path.write_text(text)
    return path


def _printed(tmp_path: Path, text: str) -> str:
    """The first line the program prints, run by `pbpit run --raw` in this process."""
    from pbpit import cli

    folder = tmp_path / f"p{abs(hash(text))}"
    folder.mkdir()
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        with contextlib.suppress(SystemExit):
            cli.main(["run", "--raw", str(_write(folder, text))])
    return out.getvalue().splitlines()[0]


def _keyed(*values: list[float]) -> dict:
    return {"w": ("w", np.array(values[0], dtype=np.float32))}


def test_zeros_of_the_other_sign_are_told_apart_from_a_change_and_from_the_same_bits():
    before = _keyed([0.0, -3.0, 0.0])
    assert compare(before, _keyed([-0.0, -3.0, -0.0])) == (("w", ZERO_SIGNS),)
    assert zero_signs(before, _keyed([-0.0, -3.0, -0.0])) == (("w", 2),)
    assert compare(before, _keyed([0.0, -3.0, 0.0])) == (("w", UNCHANGED),)
    # A zero sign and a value: changed. The smallest subnormal is no zero.
    assert compare(before, _keyed([-0.0, -3.5, 0.0])) == (("w", CHANGED),)
    assert compare(before, _keyed([1e-45, -3.0, 0.0])) == (("w", CHANGED),)
    assert zero_signs(before, _keyed([1e-45, -3.0, 0.0])) == ()


def test_a_fix_that_flips_only_a_zeros_sign_says_so_in_words_and_in_json(tmp_path):
    from pbpit.runner import Case, run_case

    path = _write(tmp_path, ZERO_COLUMN)
    check = check_edits(path, FORWARD_PER_PIECE, baseline=baseline(run_case(Case.file(path))))
    assert check.ok and check.gradients == (("w", ZERO_SIGNS),)
    assert check.headline == (
        "runs without the panic; w.grad equal but for the sign of 1 zero; "
        "gradients compared in backward #1, the only one the original ran"
    )
    assert check.to_json()["gradients"] == {"w": "zero-signs"}
    assert check.to_json()["zero_signs"] == {"w": 1}
    assert check.keeps_gradients
    # The oracle: what each program prints of its first backward's gradient of `w`.
    assert _printed(tmp_path, ZERO_COLUMN) == "[0.0, -3.0]"
    assert _printed(tmp_path, applied(ZERO_COLUMN, FORWARD_PER_PIECE)) == "[-0.0, -3.0]"


def test_a_fix_that_changes_a_value_and_a_zeros_sign_is_changed(tmp_path):
    from pbpit.runner import Case, run_case

    path = _write(tmp_path, ZERO_COLUMN)
    check = check_edits(path, REVERSED, baseline=baseline(run_case(Case.file(path))))
    assert check.ok and check.gradients == (("w", CHANGED),)
    assert check.headline == (
        "runs without the panic; w.grad changed; "
        "gradients compared in backward #1, the only one the original ran"
    )
    assert "zero_signs" not in check.to_json() and not check.keeps_gradients
    assert _printed(tmp_path, applied(ZERO_COLUMN, REVERSED)) == "[-0.0, -4.0]"


def test_runs_json_carries_the_zero_signs_of_its_checked_fix(tmp_path):
    from pbpit import cli

    path = _write(tmp_path, ZERO_COLUMN)
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        with pytest.raises(SystemExit):
            cli.main(["run", "--json", str(path)])
    data = json.loads(out.getvalue())
    checks = [h["checked"] for d in data["diagnostics"] for h in d["help"] if h.get("checked")]
    assert any(
        c["gradients"] == {"w": "zero-signs"} and c["zero_signs"] == {"w": 1} for c in checks
    ), checks


def test_a_hidden_layers_output_is_reported_with_the_named_output_it_leads_to(tmp_path):
    from pbpit.diagnose.audit import audit
    from pbpit.diagnose.findings import audit_report
    from pbpit.runner import Case, run_case

    result = run_case(Case.file(_write(tmp_path, SPLIT_OUTPUT)))
    entries = audit(result)
    hazards = [e for e in entries if e.verdict == "hazard"]
    assert [(e.label, e.line) for e in hazards] == [("pred", 26)]
    # The first layer's add (x.matmul(w) + b, then tanh): made by the same statement, with it.
    (pred,) = hazards
    first = [n.id for n in result.nodes if n.op == "add" and n.label is None]
    assert first and set(first) <= set(pred.same_statement)
    assert all("NodeId(" not in (e.label or "") for e in entries)
    report = audit_report(result, entries)
    assert len(report.warnings) == 1
