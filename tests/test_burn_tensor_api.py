"""The Rust a user writes is held to Burn's public `Tensor` API, read from burn-tensor at
2c06be35 (`crates/burn-tensor/src/tensor/api/float.rs`: `pub(crate) fn relu(self)`; no method
`sigmoid`, `is_tracked` or `without_autodiff` on `Tensor`; `burn::prelude` has no `activation`).
rustc rejects each of these programs, so pbpit must not run them; the public spellings run, with
values derived by hand."""

from __future__ import annotations

import pytest
from pbpit_process import pbpit_run

PROGRAM = """\
use burn::{USE};

fn main() {
    let device = Device::default().autodiff();
    let x = Tensor::<1>::from_floats([1.5, -2.0, 0.5], &device).require_grad();
    let y = CALL;
    let grads = y.sum().backward();
    println!("{:?}", x.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
}
"""


def _program(tmp_path, use: str, call: str):
    path = tmp_path / "main.rs"
    path.write_text(PROGRAM.replace("USE", use).replace("CALL", call))
    return pbpit_run(path)


@pytest.mark.parametrize(
    ("call", "code", "words"),
    [
        ("x.clone().relu()", "E0624", "method `relu` is private"),
        ("x.clone().sigmoid()", "E0599", "no method named `sigmoid` found for struct `Tensor`"),
        ("x.clone().exp().mul_scalar(x.is_tracked() as i32)", "E0599", "`is_tracked`"),
    ],
)
def test_a_method_burns_tensor_does_not_offer_is_rustcs_error(tmp_path, call, code, words):
    status, out, err = _program(tmp_path, "prelude::*, tensor::activation", call)
    assert status == 2 and out == ""
    assert err.startswith(f"error[{code}]: "), err
    assert words in err.splitlines()[0], err


def test_activation_needs_its_use_as_the_prelude_has_it_not(tmp_path):
    status, out, err = _program(tmp_path, "prelude::*", "activation::relu(x.clone())")
    assert status == 2 and out == ""
    assert err.startswith("error[E0433]: cannot find module or crate `activation`"), err


@pytest.mark.parametrize(
    ("use", "call", "expected"),
    [
        # relu's gradient: 1 where x > 0, else 0
        ("prelude::*, tensor::activation", "activation::relu(x.clone())", "[1.0, 0.0, 1.0]"),
        ("prelude::*", "burn::tensor::activation::relu(x.clone())", "[1.0, 0.0, 1.0]"),
        ("prelude::*, tensor::activation::relu", "relu(x.clone())", "[1.0, 0.0, 1.0]"),
        # d/dx of (x * x): 2x
        ("prelude::*", "x.clone() * x.clone()", "[3.0, -4.0, 1.0]"),
    ],
)
def test_burns_public_spellings_run(tmp_path, use, call, expected):
    assert _program(tmp_path, use, call) == (0, expected + "\n", "")
