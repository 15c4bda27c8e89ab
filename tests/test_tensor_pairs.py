"""`min_pair`, `max_pair`, `ones_like` and `zeros_like`, in the Python API and in Rust programs
run by the interpreter (`Tensor::ones_like(&z)` by its path too).

Expected values are derived by hand from Burn's source (a git mirror of tracel-ai/burn):
burn-tensor's api/orderable.rs writes `min_pair(other)` as
`self.mask_where(other.clone().lower(self.clone()), other)` and `max_pair(other)` as
`self.mask_where(self.clone().lower(other.clone()), other)`; burn-autodiff's `float_lower`
hands back a Bool tensor of the inner backend (no node), `float_mask_where` is one `MaskWhere`
node whose backward gives `other` the gradient where the mask is true and `self` elsewhere:
so one node id per call, and on a tie (`lower` false) `self` takes the gradient.
api/base.rs: `ones_like(&self)` / `zeros_like(&self)` are `K::ones` / `K::zeros` of the
receiver's shape and device, a new untracked leaf: one node id, as `Tensor::ones` takes.
"""

from __future__ import annotations

from test_rust_interp import refusal, rust
from test_tensor_methods import leaf, program

import pbpit as pb
from pbpit.engine import api


def test_rows_take_burns_node_ids():
    assert [api.BY_NAME[n].ids for n in ("min_pair", "max_pair", "ones_like", "zeros_like")] == [
        1,
        1,
        1,
        1,
    ]


def test_min_pair_picks_the_smaller_and_routes_the_gradient_to_it():
    pb.reset()
    a, b = leaf([1.0, 5.0, 2.0]), leaf([3.0, 4.0, 2.0])  # ids 0, 1
    m = a.min_pair(b)  # id 2: a single mask_where node (the Bool `lower` takes none)
    assert m.node_id == 2 and m.to_vec() == [1.0, 4.0, 2.0]
    grads = (m * m).sum().backward()
    # d(sum m^2)/dm = 2m = [2, 8, 4]; mask = b < a = [F, T, F]: b gets index 1, a the rest
    # (index 2 is a tie: `lower` is false, so `a`, the receiver, takes it)
    assert a.grad(grads).to_vec() == [2.0, 0.0, 4.0]
    assert b.grad(grads).to_vec() == [0.0, 8.0, 0.0]


def test_max_pair_picks_the_larger_and_routes_the_gradient_to_it():
    pb.reset()
    a, b = leaf([1.0, 5.0, 2.0]), leaf([3.0, 4.0, 2.0])
    m = a.max_pair(b)  # mask = a < b = [T, F, F]
    assert m.node_id == 2 and m.to_vec() == [3.0, 5.0, 2.0]
    grads = (m * 3.0).sum().backward()  # d/dm = 3 everywhere
    assert a.grad(grads).to_vec() == [0.0, 3.0, 3.0]
    assert b.grad(grads).to_vec() == [3.0, 0.0, 0.0]


def test_ones_like_and_zeros_like_are_new_untracked_leaves():
    pb.reset()
    x = leaf([[1.0, -2.0], [3.0, 4.0]])  # id 0
    ones, zeros = x.ones_like(), x.zeros_like()  # ids 1, 2
    assert (ones.node_id, zeros.node_id) == (1, 2)
    assert ones.to_vec() == [1.0] * 4 and zeros.to_vec() == [0.0] * 4 and ones.shape == (2, 2)
    assert not ones.is_tracked() and not zeros.is_tracked()


def test_a_program_clips_with_min_pair_and_gates_with_ones_like(tmp_path):
    run = rust(
        tmp_path,
        program(
            """
let ratio = Tensor::<B, 1>::from_floats([0.5, 1.5, 1.0], &device).require_grad();
let clipped = ratio.clone().clamp(0.8, 1.2);
let surr = (ratio.clone() * 2.0).min_pair(clipped * 2.0);
let keep = Tensor::ones_like(&ratio) - ratio.clone();
let gate = ratio.ones_like() + ratio.zeros_like() + keep.clone().max_pair(keep);
let loss = surr.clone().sum() + gate.sum();
let grads = loss.backward();
println!("{:?}", surr.to_data().to_vec::<f32>().unwrap());
println!("{:?}", ratio.grad(&grads).unwrap().to_data().to_vec::<f32>().unwrap());
"""
        ),
    )
    # surr = min(2r, 2clamp(r)) = min([1, 3, 2], [1.6, 2.4, 2]) = [1, 2.4, 2]; mask (2c < 2r)
    # = [F, T, F]: d/dr via 2r at 0 and 2 (2, 2), via 2clamp at 1 (clamped: 0) -> [2, 0, 2].
    # gate: 1 + 0 + max_pair(1 - r, 1 - r) (a tie: the receiver, d/dr = -1) -> -1 each.
    # Sum: [1, -1, 1].
    assert run.panic is None, run.panic
    assert run.stdout == "[1.0, 2.4, 2.0]\n[1.0, -1.0, 1.0]\n"


def test_a_self_method_by_its_path_takes_the_tensor_not_a_reference(tmp_path):
    # rustc: `Tensor::min_pair(&a, b)`: `min_pair` takes `self`, `&a` is no `Tensor`.
    error, _ = refusal(
        tmp_path,
        program(
            """
let a = Tensor::<B, 1>::ones([2], &device);
let m = Tensor::min_pair(&a, a.clone());
"""
        ),
    )
    assert "min_pair" in str(error)
