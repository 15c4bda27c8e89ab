"""Messages write a tensor type as the program does: Burn 0.22's `Tensor<2>` and
`Tensor<1, Int>` in a program without a backend type, `Tensor<B, 2>` in one written for a
backend (`type B = Autodiff<NdArray>;`, the style before 0.22). Both dialects, one program each
way, loaded one after the other in one process (the style follows the program loaded)."""

from __future__ import annotations

import pytest
from pbpit_process import pbpit_run

BURN_022 = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex();
    let t = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
    let y: Tensor<1> = t.clone();
}
"""
OLDER = """\
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let t = Tensor::<B, 2>::from_floats([[1.0, 2.0]], &device);
    let y: Tensor<B, 1> = t.clone();
}
"""
METHOD_022 = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex();
    let i = Tensor::<1, Int>::arange(0..4, &device);
    let t = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
    let z = t.frobnicate();
}

fn range(device: &Device) {
    let r = Tensor::<2, Int>::arange(0..4, device);
}
"""
METHOD_OLDER = """\
use burn::prelude::*;

type B = burn::backend::Autodiff<burn::backend::NdArray>;

fn main() {
    let device = Default::default();
    let i = Tensor::<B, 1, Int>::arange(0..4, &device);
    let t = Tensor::<B, 2>::from_floats([[1.0, 2.0]], &device);
    let z = t.frobnicate();
}

fn range(device: &burn::backend::ndarray::NdArrayDevice) {
    let r = Tensor::<B, 2, Int>::arange(0..4, device);
}
"""


def run(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    status, stdout, stderr = pbpit_run(path)
    assert (status, stdout) == (2, "")
    return stderr


@pytest.mark.parametrize("first", ["0.22", "older"])
def test_a_mismatch_writes_the_types_as_the_program_does(tmp_path, first):
    runs = [("burn022.rs", BURN_022), ("older.rs", OLDER)]
    errors = {
        name: run(tmp_path, name, text) for name, text in runs[:: 1 if first == "0.22" else -1]
    }
    assert "expected `Tensor<1>`, found `Tensor<2>`" in errors["burn022.rs"]
    assert "expected `Tensor<B, 1>`, found `Tensor<B, 2>`" in errors["older.rs"]
    assert "Tensor<B," not in errors["burn022.rs"]


def test_a_refusal_writes_the_types_as_the_program_does(tmp_path):
    new = run(tmp_path, "new.rs", METHOD_022)
    old = run(tmp_path, "old.rs", METHOD_OLDER)
    assert "the method `frobnicate` on `Tensor<2>`" in new
    assert "`Tensor::arange` makes a `Tensor<1, Int>`" in new
    assert "the method `frobnicate` on `Tensor<B, 2>`" in old
    assert "`Tensor::arange` makes a `Tensor<B, 1, Int>`" in old
