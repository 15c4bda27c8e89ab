"""The tensor methods Burn programs call, in the Python API and in Rust programs run by the
interpreter: `squeeze`, `squeeze_dim`, `flatten`, `narrow`, `chunk`, `Tensor::stack`,
`repeat_dim`, `mask_fill`, `mask_where`, and Burn's `elem::<E>()`.

Expected values are derived by hand; node counts follow Burn's source: burn-tensor's
api/base.rs writes `squeeze*` and `flatten` as one `K::reshape`, `narrow` as one `slice`,
`chunk` as a `narrow` per piece, `stack` as `unsqueeze_dim` (a reshape) of each then one `cat`;
burn-autodiff's ops/tensor.rs gives `float_repeat_dim` (`Repeat`) and `float_mask_fill`
(`MaskFill`) one node each.
"""

from __future__ import annotations

from test_rust_interp import refusal, rust

import pbpit as pb
from pbpit.engine.tensor import Device, Tensor

DEV = Device.default().autodiff()


def leaf(values) -> Tensor:
    return Tensor.from_floats(values, DEV).require_grad()


def grad_of(x: Tensor, loss: Tensor) -> list[float]:
    return x.grad(loss.backward()).to_vec()


# -- node ids, by Burn's rules ---------------------------------------------------------------------


def test_squeeze_dim_flatten_and_squeeze_are_one_reshape_node_each():
    pb.reset()
    x = leaf([[1.0, 2.0, 3.0]])  # id 0
    # burn-tensor: each is one `K::reshape`, so one node: ids 1, 2, 3.
    ids = [x.squeeze_dim(0).node_id, x.flatten(0, 1).node_id, x.squeeze().node_id]
    assert ids == [1, 2, 3]
    assert x.squeeze_dim(0, 1).shape == (3,)


def test_chunk_makes_one_slice_node_per_piece_and_stack_an_unsqueeze_each_then_a_cat():
    pb.reset()
    x = leaf([[1.0, 2.0, 3.0]])  # id 0
    a, b = x.chunk(2, 1)  # size 3 in 2: pieces of 3 / 2 + 1 = 2, then 1 (two narrows: ids 1, 2)
    assert (a.node_id, b.node_id) == (1, 2)
    assert (a.shape, b.shape) == ((1, 2), (1, 1))
    # stack: unsqueeze_dim of each (ids 3, 4), then cat (id 5)
    s = Tensor.stack([a, a], 0)
    assert (s.node_id, s.shape) == (5, (2, 1, 2))


def test_narrow_repeat_dim_and_mask_fill_are_one_node_each():
    pb.reset()
    x = leaf([[1.0, 2.0, 3.0]])  # id 0
    assert x.narrow(1, 1, 2).node_id == 1  # one slice
    assert x.repeat_dim(0, 2).node_id == 2  # burn-autodiff's `Repeat`
    assert x.mask_fill(x.lower_elem(2.0), 0.0).node_id == 3  # `MaskFill` (the mask has no node)


def test_chunk_of_a_size_below_the_count_is_one_piece_per_index():
    pb.reset()
    pieces = leaf([[1.0, 2.0]]).chunk(3, 1)
    assert [p.to_vec() for p in pieces] == [[1.0], [2.0]]


# -- gradients, derived by hand -----------------------------------------------------------------


def test_narrows_gradient_is_zero_outside_the_window():
    pb.reset()
    x = leaf([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    y = x.narrow(1, 1, 2)  # [[2, 3], [5, 6]]
    assert y.to_vec() == [2.0, 3.0, 5.0, 6.0]
    # d/dx sum(y^2) = 2y inside the window, 0 outside
    assert grad_of(x, (y * y).sum()) == [0.0, 4.0, 6.0, 0.0, 10.0, 12.0]


def test_chunks_gradients_go_back_to_their_pieces():
    pb.reset()
    x = leaf([[1.0, 2.0, 3.0]])
    a, b = x.chunk(2, 1)
    assert grad_of(x, a.sum() + b.mul_scalar(3.0).sum()) == [1.0, 1.0, 3.0]


def test_stacks_gradient_reaches_each_tensor():
    pb.reset()
    a, b = leaf([1.0, 2.0]), leaf([3.0, 4.0])
    s = Tensor.stack([a, b], 0)  # [[1, 2], [3, 4]]
    grads = (s * s).sum().backward()  # 2s
    assert (a.grad(grads).to_vec(), b.grad(grads).to_vec()) == ([2.0, 4.0], [6.0, 8.0])
    assert Tensor.stack([a, b], 1).to_vec() == [1.0, 3.0, 2.0, 4.0]


def test_repeat_dim_tiles_and_sums_the_copies_of_a_size_1_dim():
    pb.reset()
    x = leaf([[1.0], [2.0]])
    r = x.repeat_dim(1, 3)  # [[1, 1, 1], [2, 2, 2]]
    assert r.to_vec() == [1.0, 1.0, 1.0, 2.0, 2.0, 2.0]
    w = Tensor.from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], DEV)
    # d/dx sum(r * w): each x summed over its copies' weights, 1+2+3 and 4+5+6
    assert grad_of(x, (r * w).sum()) == [6.0, 15.0]


def test_repeat_dims_backward_is_burns_grouping_for_a_dim_of_size_above_1():
    # Flex tiles [1, 2] twice as [1, 2, 1, 2]; burn-autodiff's `Repeat` backward views the
    # gradient [g0, g1, g2, g3] as [[g0, g1], [g2, g3]] ([size, times]) and sums over `times`:
    # [g0 + g1, g2 + g3]. With g = [1, 2, 3, 4] that is [3, 7] (the copies' sums would be [4, 6]).
    pb.reset()
    x = leaf([1.0, 2.0])
    r = x.repeat_dim(0, 2)
    assert r.to_vec() == [1.0, 2.0, 1.0, 2.0]
    g = Tensor.from_floats([1.0, 2.0, 3.0, 4.0], DEV)
    assert grad_of(x, (r * g).sum()) == [3.0, 7.0]


def test_mask_fill_fills_and_stops_the_gradient_under_the_mask():
    pb.reset()
    x = leaf([1.0, -2.0, 3.0])
    y = x.mask_fill(x.lower_elem(0.0), 0.5)  # [1, 0.5, 3]
    assert y.to_vec() == [1.0, 0.5, 3.0]
    assert grad_of(x, (y * y).sum()) == [2.0, 0.0, 6.0]  # 2y, 0 where filled


def test_mask_where_takes_the_value_under_the_mask():
    pb.reset()
    x, v = leaf([1.0, -2.0, 3.0]), leaf([10.0, 20.0, 30.0])
    y = x.mask_where(x.lower_elem(0.0), v)  # [1, 20, 3]
    grads = (y * y).sum().backward()
    assert y.to_vec() == [1.0, 20.0, 3.0]
    assert (x.grad(grads).to_vec(), v.grad(grads).to_vec()) == ([2.0, 0.0, 6.0], [0.0, 40.0, 0.0])


# -- the same, as Burn programs run by `pbpit run` ---------------------------------------------

PRELUDE = """
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
"""


def program(body: str) -> str:
    return PRELUDE + "".join(f"    {line}\n" for line in body.strip().splitlines()) + "}\n"


def test_a_program_squeezes_flattens_and_reads_its_scalar_with_elem(tmp_path):
    run = rust(
        tmp_path,
        program(
            """
let x = Tensor::<B, 2>::from_floats([[1.0, 2.0, 3.0]], &device).require_grad();
let y = x.clone().squeeze_dim::<1>(0);
let z = x.clone().flatten::<1>(0, 1);
let w: Tensor<B, 1> = x.clone().squeeze();
let s = (y * z + w).sum();
let grads = s.backward();
let g = x.grad(&grads).unwrap().to_data().to_vec::<f32>().unwrap();
println!("{:?} {}", g, s.into_scalar().elem::<f32>());
"""
        ),
    )
    # s = sum(x^2 + x) = 14 + 6; ds/dx = 2x + 1
    assert run.panic is None and run.stdout == "[3.0, 5.0, 7.0] 20\n"


def test_a_program_narrows_chunks_stacks_repeats_and_masks(tmp_path):
    run = rust(
        tmp_path,
        program(
            """
let x = Tensor::<B, 2>::from_floats([[1.0, -2.0, 3.0]], &device).require_grad();
let n = x.clone().narrow(1, 1, 2);
let pieces = x.clone().chunk(2, 1);
let s = Tensor::stack::<3>(vec![x.clone(), x.clone()], 0);
let r = x.clone().repeat_dim(0, 2);
let m = x.clone().mask_fill(x.clone().lower_elem(0.0), 0.0);
println!("{:?} {} {:?} {:?}", n.dims(), pieces.len(), s.dims(), r.dims());
let loss = m.sum() + n.sum();
let grads = loss.backward();
println!("{:?}", x.grad(&grads).unwrap().to_data().to_vec::<f32>().unwrap());
"""
        ),
    )
    # d/dx: mask_fill's 1 where x >= 0 (0 at -2), plus narrow's 1 on indices 1 and 2
    assert run.panic is None
    assert run.stdout == "[1, 2] 2 [2, 1, 3] [2, 3]\n[1.0, 1.0, 2.0]\n"


def test_squeeze_with_a_dim_is_rustcs_e0061(tmp_path):
    # Burn 0.22's `squeeze::<D2>()` takes no argument (`squeeze_dim` takes the dim).
    error, _ = refusal(
        tmp_path,
        program(
            """
let x = Tensor::<B, 2>::ones([1, 3], &device);
let y = x.squeeze::<1>(1);
"""
        ),
    )
    assert "this method takes 0 arguments but 1 argument was supplied" in str(error)
    assert "E0061" in str(error)
