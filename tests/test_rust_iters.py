"""Iterator chains, `for` patterns and the two refusals of realistic Burn programs that rustc
accepts (`fn new(..) -> Self` in an impl, `x.matmul(w) + b.unsqueeze()`).

Expected values come from outside the interpreter: the std-only programs' goldens are recorded
from rustc 1.95 (`tests/rust/std/iter_*.rs`, `tools/record_rustc.py`); the tensor programs'
values and node ids are derived by hand from Burn's rules (a leaf takes the next id, `clone`
keeps it, each op makes the next).
"""

from __future__ import annotations

from test_rust_interp import rust

LINEAR = """
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type B = Autodiff<NdArray>;

pub struct Lin<B: Backend> {
    w: Tensor<B, 2>,
    b: Tensor<B, 1>,
}

impl<B: Backend> Lin<B> {
    pub fn new(device: &B::Device) -> Self {
        let w = Tensor::from_floats([[0.5], [-0.5]], device);
        let b = Tensor::from_floats([0.25], device);
        Self { w, b }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        x.matmul(self.w.clone()) + self.b.clone().unsqueeze()
    }
}

fn main() {
    let device = Default::default();
    let lin: Lin<B> = Lin::new(&device);
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0], [4.0, 2.0]], &device);
    println!("{:?}", lin.forward(x).into_data().to_vec::<f32>().unwrap());
}
"""


def test_new_returning_self_and_a_bias_unsqueezed_by_add(tmp_path):
    # [1, 2]·[0.5, -0.5] + 0.25 = -0.25; [4, 2]·[0.5, -0.5] + 0.25 = 1.25
    run = rust(tmp_path, LINEAR)
    assert run.panic is None
    assert run.stdout == "[-0.25, 1.25]\n"
