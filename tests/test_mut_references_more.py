"""`&mut` reaching Burn's gradients (a helper taking `grads: &mut Gradients`, as
`grad_remove`/`grad_replace` take them) and `if let Some(b) = &mut opt { .. }` written through
`*b`, run by `pbpit run`.

Expected values by hand: d(sum(3 w))/dw = 3 for each element; Burn's `grad_remove` takes the
gradient out of the store, so `grad` afterwards is None (burn-tensor's api/autodiff.rs). The
std program's output is rustc 1.95's (recorded next to each case).
"""

from __future__ import annotations

from test_rust_interp import refusal, rust

HELPER = """
use burn::prelude::*;

fn take_grad(w: &Tensor<1>, grads: &mut Gradients) -> Tensor<1> {
    w.grad_remove(grads).unwrap()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut grads = (w.clone() * 3.0).sum().backward();
    let g = take_grad(&w, &mut grads);
    println!("{:?}", g.to_data().to_vec::<f32>().unwrap());
    println!("{:?}", w.grad(&grads).is_none());
}
"""


def test_a_helper_takes_the_gradients_by_mut_reference(tmp_path):
    run = rust(tmp_path, HELPER)
    assert run.panic is None, run.panic
    assert run.stdout == "[3.0, 3.0]\ntrue\n"  # the helper removed it from the one store


def test_mut_gradients_of_a_variable_not_declared_mut_is_e0596(tmp_path):
    error, _ = refusal(tmp_path, HELPER.replace("let mut grads", "let grads"))
    assert "E0596" in str(error) and "`grads`" in str(error)


def test_mut_gradients_given_a_shared_reference_is_e0308(tmp_path):
    error, _ = refusal(tmp_path, HELPER.replace("&w, &mut grads", "&w, &grads"))
    assert "mismatched types: expected `&mut Gradients`, found `&Gradients`" in str(error)
