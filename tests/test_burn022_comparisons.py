"""Burn 0.22's comparisons of Float and Int tensors (burn-tensor's `orderable.rs`, `base.rs`,
`float.rs`): `greater`, `greater_equal`, `lower`, `lower_equal`, `not_equal`, their `_elem`
forms, `is_nan`, `is_inf`; each a Bool tensor that takes no node id. Expected by hand: Rust's f32
comparisons are IEEE 754's (a NaN is unequal to everything and ordered with nothing)."""

from __future__ import annotations

from pbpit_process import pbpit_run

PROGRAM = """\
use burn::prelude::*;

fn bools(t: Tensor<1, Bool>) -> Vec<bool> {
    t.into_data().to_vec::<bool>().unwrap()
}

fn main() {
    let device = Device::default().autodiff();
    let x = Tensor::<1>::from_floats([1.0, 2.0, f32::NAN, 4.0], &device).require_grad();
    let y = Tensor::<1>::from_floats([2.0, 2.0, 2.0, f32::INFINITY], &device);
    println!("{:?}", bools(x.clone().greater(y.clone())));
    println!("{:?}", bools(x.clone().greater_equal(y.clone())));
    println!("{:?}", bools(x.clone().lower(y.clone())));
    println!("{:?}", bools(x.clone().lower_equal(y.clone())));
    println!("{:?}", bools(x.clone().not_equal(y.clone())));
    println!("{:?}", bools(x.clone().not_equal_elem(2.0)));
    println!("{:?}", bools(x.clone().greater_equal_elem(2.0)));
    println!("{:?}", bools(x.clone().lower_equal_elem(2)));
    println!("{:?}", bools(x.clone().is_nan()));
    println!("{:?}", bools(y.is_inf()));
    let i = Tensor::<1, Int>::from_ints([1, 2, 3], &device);
    let j = Tensor::<1, Int>::from_ints([3, 2, 1], &device);
    println!("{:?}", bools(i.clone().greater(j.clone())));
    println!("{:?}", bools(i.clone().lower_equal(j)));
    println!("{:?}", bools(i.clone().greater_equal_elem(2)));
    println!("{:?}", bools(i.lower_equal_elem(2)));
    // The comparisons read x and leave its graph as it was.
    let z = x.clone().exp().sum();
    println!("{}", x.grad(&z.backward()).is_some());
}
"""

EXPECTED = """\
[false, false, false, false]
[false, true, false, false]
[true, false, false, true]
[true, true, false, true]
[true, false, true, true]
[true, false, true, true]
[false, true, false, true]
[true, true, false, false]
[false, false, true, false]
[false, false, false, true]
[false, false, true]
[true, true, false]
[false, true, true]
[true, true, false]
true
"""


def test_comparisons_of_float_and_int_tensors_are_ieees(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(PROGRAM)
    assert pbpit_run(program) == (0, EXPECTED, "")
