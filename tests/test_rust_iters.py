"""Iterator chains, `for` patterns and the two refusals of realistic Burn programs that rustc
accepts (`fn new(..) -> Self` in an impl, `x.matmul(w) + b.unsqueeze()`).

Expected values come from outside the interpreter: the std-only programs' goldens are recorded
from rustc 1.95 (`tests/rust/std/iter_*.rs`, `tools/record_rustc.py`); the tensor programs'
values and node ids are derived by hand from Burn's rules (a leaf takes the next id, `clone`
keeps it, each op makes the next).
"""

from __future__ import annotations

import pytest
from test_rust_interp import refusal, rust

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


PARAMS = """
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let xs: Vec<Tensor<B, 1>> = (1..4)
        .map(|i| Tensor::<B, 1>::from_floats([i as f32], &device).require_grad())
        .collect();
    let w = Tensor::<B, 1>::from_floats([2.0], &device).require_grad();
    let ys: Vec<Tensor<B, 1>> = xs.iter().map(|x| x.clone() * w.clone()).collect();
    let total = ys.into_iter().reduce(|a, b| a + b).unwrap();
    let grads = total.backward();
    for (i, x) in xs.iter().enumerate() {
        println!("x{i}: {:?}", x.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
    let gw: f32 = w.grad(&grads).unwrap().into_scalar();
    let norms: Vec<f32> = xs.iter().map(|x| x.grad(&grads).unwrap().into_scalar()).collect();
    println!("w: {gw} {:?} {}", norms, norms.iter().sum::<f32>());
}
"""


def test_tensors_made_and_summed_in_iterator_chains_keep_their_gradients(tmp_path):
    # total = 2·x1 + 2·x2 + 2·x3: d/dxi = w = 2, d/dw = 1 + 2 + 3 = 6
    run = rust(tmp_path, PARAMS)
    assert run.panic is None
    assert run.stdout == "x0: [2.0]\nx1: [2.0]\nx2: [2.0]\nw: 6 [2.0, 2.0, 2.0] 6\n"


def test_sum_of_tensors_is_refused_with_what_to_write(tmp_path):
    # Burn's Tensor implements no `core::iter::Sum` (rustc: E0277).
    source = PARAMS.replace(".reduce(|a, b| a + b).unwrap()", ".sum::<Tensor<B, 1>>()")
    error, _ = refusal(tmp_path, source)
    assert "`sum` of tensors" in str(error) and "reduce(|a, b| a + b)" in str(error)


def test_sum_without_a_type_is_refused_as_rustc_does(tmp_path):
    # rustc: error[E0283]: type annotations needed (`S: Sum<&i32>` has many `S`).
    error, _ = refusal(tmp_path, 'fn main() {\n    let v = vec![1, 2];\n'
                                 '    println!("{}", v.iter().sum());\n}\n')
    assert str(error).endswith("main.rs:3:29: type annotations needed")


def test_rev_of_a_zip_of_unequal_sides_drops_the_longer_ones_extra_items(tmp_path):
    # rustc 1.95 prints "3 20\n2 10\n": the zip is of 2 pairs, reversed.
    run = rust(tmp_path, 'fn main() {\n    let v = vec![1, 2, 3];\n'
                         '    for (a, b) in v.iter().skip(1).zip([10, 20, 30].iter()).rev() {\n'
                         '        println!("{a} {b}");\n    }\n}\n')
    assert run.stdout == "3 20\n2 10\n"


@pytest.mark.parametrize(
    ("source", "where", "message"),
    [
        # rustc 1.95: error[E0603]: function `f` is private, at `f`
        ("mod m {\n    fn f() {}\n}\n\nfn main() {\n    m::f();\n}\n", "6:8",
         "function `f` is private"),
        # rustc 1.95: error[E0425], a module does not see its parent's items without `use`
        ("mod m {\n    pub fn g() {\n        report();\n    }\n}\n\nfn report() {}\n\n"
         "fn main() {\n    m::g();\n}\n", "3:9", "cannot find function `report` in this scope"),
        # rustc 1.95: error[E0425], an item of a module is not in scope at the root
        ("mod m {\n    pub fn f() {}\n}\n\nfn main() {\n    f();\n}\n", "6:5",
         "cannot find function `f` in this scope"),
    ],
)
def test_inline_modules_refuse_what_rustc_rejects(tmp_path, source, where, message):
    error, _ = refusal(tmp_path, source)
    assert f"main.rs:{where}: {message}" in str(error)


CAPTURE = """
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type B = Autodiff<NdArray>;

mod loss {
    use burn::prelude::*;

    pub fn squared<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {
        x.clone() * x
    }
}

fn main() {
    let device = Default::default();
    let w = Tensor::<B, 1>::from_floats([3.0], &device).require_grad();
    let scale = |x: Tensor<B, 1>| x * w.clone();
    let mut seen = 0;
    [1, 2, 3].iter().for_each(|x| seen += x);
    let y = loss::squared(scale(Tensor::<B, 1>::from_floats([2.0], &device)));
    let grads = y.backward();
    println!("{seen} {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
}
"""


def test_a_closure_stored_with_a_captured_tensor_and_a_module_function(tmp_path):
    # y = (2w)^2, dy/dw = 8w = 24 at w = 3; seen = 1 + 2 + 3
    run = rust(tmp_path, CAPTURE)
    assert run.panic is None
    assert run.stdout == "6 [24.0]\n"
