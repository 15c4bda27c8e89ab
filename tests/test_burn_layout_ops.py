"""Burn's `movedim`, `roll_dim`, `roll` and `repeat` (burn-tensor `api/base.rs`, written with
`permute`, `slice` + `cat`, `repeat_dim`; engine/tensor_layout.py), run from Rust: values and
gradients derived by hand from Burn's formulas, and the nodes each call takes."""

from __future__ import annotations

import io

import pytest

import pbpit as pb
from pbpit.engine.server import SERVER
from pbpit.engine.tensor import Device, Tensor
from pbpit.rust.interp.program import load

PROGRAM = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &device).require_grad();
    let m = x.clone().movedim(1, 0);
    println!("m dims = {:?}", m.dims());
    println!("m = {:?}", m.clone().into_data().to_vec::<f32>().unwrap());
    let r = x.clone().roll_dim(1, 1);
    println!("r = {:?}", r.clone().into_data().to_vec::<f32>().unwrap());
    let r2 = x.clone().roll(&[1, -1], &[0, 1]);
    println!("r2 = {:?}", r2.clone().into_data().to_vec::<f32>().unwrap());
    let p = x.clone().repeat(&[2, 1]);
    println!("p dims = {:?}", p.dims());
    let q = x.clone().repeat_dim(1, 2);
    println!("q = {:?}", q.clone().into_data().to_vec::<f32>().unwrap());
    let w = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], &device);
    let loss = (m * w).sum() + (r * x.clone()).sum() + p.sum() + q.sum();
    let grads = loss.backward();
    println!("grad = {:?}", x.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
}
"""

# By hand, x = [[1, 2, 3], [4, 5, 6]]:
# - movedim(1, 0) is permute([1, 0]): x transposed;
# - roll_dim(1, 1) is cat([x[:, 1..], x[:, ..1]], 1): row [a, b, c] becomes [b, c, a];
# - roll(&[1, -1], &[0, 1]): the rows swapped, then each row rolled by -1 wrapped to 2: [c, a, b];
# - the gradient: sum(m * w) gives w transposed = [[1, 3, 5], [2, 4, 6]]; sum(r * x) gives at
#   (i, j) x[i][j - 1] + x[i][j + 1] (indices mod 3) = [[5, 4, 3], [11, 10, 9]]; p and q repeat
#   each element twice, 2 + 2. Sum: [[10, 11, 12], [17, 18, 19]].
EXPECTED = """\
m dims = [3, 2]
m = [1.0, 4.0, 2.0, 5.0, 3.0, 6.0]
r = [2.0, 3.0, 1.0, 5.0, 6.0, 4.0]
r2 = [6.0, 4.0, 5.0, 3.0, 1.0, 2.0]
p dims = [4, 3]
q = [1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 4.0, 5.0, 6.0]
grad = [10.0, 11.0, 12.0, 17.0, 18.0, 19.0]
"""


def run(tmp_path, source: str) -> tuple[str, str]:
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    program = load(str(path))
    pb.reset()
    out, err = io.StringIO(), io.StringIO()
    program.run(out, err, None)
    return out.getvalue(), err.getvalue()


def test_values_and_gradient_are_burns(tmp_path):
    assert run(tmp_path, PROGRAM)[0] == EXPECTED


MOVES = """\
use burn::backend::{Autodiff, Flex};
use burn::tensor::Tensor;
type B = Autodiff<Flex>;

fn main() {
    let device = Default::default();
    let x: Tensor<B, 3> =
        Tensor::from_floats([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]], &device);
    let sizes = vec![1usize, 2, 1];
    println!("{:?}", x.clone().repeat(&sizes).dims());
    let b = x.clone().movedim(vec![0, 1], vec![2, 0]);
    println!("{:?} {:?}", b.dims(), b.into_data().to_vec::<f32>().unwrap());
    let c = x.clone().movedim(0, -1);
    println!("{:?}", c.into_data().to_vec::<f32>().unwrap());
    let d = x.clone().roll_dim(-3, 2);
    println!("{:?}", d.into_data().to_vec::<f32>().unwrap());
    let e = x.clone().roll(&[1i64, 1], &[0, 0]);
    println!("{:?}", e.into_data().to_vec::<f32>().unwrap());
}
"""

# movedim([0, 1], [2, 0]): position 2 takes dim 0, position 0 dim 1, position 1 the first dim
# left (2): permute([1, 2, 0]), y[j][k][i] = x[i][j][k]; movedim(0, -1) is the same order.
# roll_dim(-3, 2): -3 rem_euclid 2 = 1, the last dim's pairs swapped; roll by 1 + 1 along a dim
# of 2 wraps to 0: the tensor itself.
MOVES_EXPECTED = """\
[2, 4, 2]
[2, 2, 2] [1.0, 5.0, 2.0, 6.0, 3.0, 7.0, 4.0, 8.0]
[1.0, 5.0, 2.0, 6.0, 3.0, 7.0, 4.0, 8.0]
[2.0, 1.0, 4.0, 3.0, 6.0, 5.0, 8.0, 7.0]
[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]
"""


def test_dims_given_as_vecs_negatives_and_wrapped_shifts(tmp_path):
    assert run(tmp_path, MOVES)[0] == MOVES_EXPECTED


def test_movedim_takes_a_vec_not_an_array(tmp_path):
    source = MOVES.replace("movedim(vec![0, 1], vec![2, 0])", "movedim([0, 1], [2, 0])")
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    with pytest.raises(Exception, match="movedim"):
        load(str(path))


def _ids(run) -> int:
    before = SERVER.ids.next
    run()
    return SERVER.ids.next - before


def test_nodes_are_the_ops_burn_writes_them_with():
    pb.reset()
    dev = Device.default().autodiff()
    x = Tensor.from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], dev).require_grad()
    assert _ids(lambda: x.roll([1, 2], [0, 1])) == 6  # two dims rolled: 2 slices + cat each
    assert _ids(lambda: x.roll([3, 2, -2], [1, 0, 0])) == 0  # every shift wraps to 0
    assert x.roll([3], [1]) is x and x.roll_dim(-2, 0) is x
    assert _ids(lambda: x.repeat([1, 3])) == 1  # one repeat_dim; a 1 repeats nothing
    assert _ids(lambda: x.movedim([0, 1], [0, 1])) == 0 and x.movedim(1, 1) is x
    empty = x.repeat([0, 2])
    assert empty.shape == (0, 6) and not empty.is_tracked()


def test_burns_panics_for_bad_arguments():
    pb.reset()
    x = Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], Device.default())
    with pytest.raises(pb.engine.server.Panic) as lengths:
        x.roll([1], [0, 1])
    assert str(lengths.value.args[0]).startswith(
        "assertion `left == right` failed: Dimensions and shifts must align; found dims=[\n"
        "    0,\n    1,\n], shifts=[\n    1,\n]\n  left: 2\n right: 1"
    )
    with pytest.raises(pb.engine.server.Panic) as repeated:
        x.movedim([0, 0], [0, 1])
    assert "The dimension 0 is duplicated in the given dimensions [0, 0]." in str(
        repeated.value.args[0]
    )
    with pytest.raises(pb.engine.server.Panic) as counts:
        x.movedim([0, 1], [1])
    assert "Source dimensions: [0, 1], Destination dimensions: [1]." in str(counts.value.args[0])


INTS = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex();
    let x = Tensor::<2, Int>::from_ints([[1, 2, 3], [4, 5, 6]], &device);
    println!("{:?}", x.clone().movedim(1, 0).into_data().to_vec::<i32>().unwrap());
    println!("{:?}", x.clone().roll_dim(-1, 1).into_data().to_vec::<i32>().unwrap());
    println!("{:?}", x.clone().roll(&[1, 1], &[0, 1]).into_data().to_vec::<i32>().unwrap());
    println!("{:?}", x.clone().repeat(&[1, 2]).into_data().to_vec::<i32>().unwrap());
    println!("{:?}", x.clone().repeat(&[0, 2]).dims());
    let b = x.clone().greater_elem(2);
    println!("{:?}", b.roll_dim(1, 0).into_data().to_vec::<bool>().unwrap());
}
"""

# Burn has them on every kind (`K: BasicOps`). By hand: -1 wraps to 2 along a dim of 3, so each
# row [a, b, c] becomes [c, a, b]; rolling both dims by 1 swaps the rows, then [a, b, c] becomes
# [b, c, a]; a 0 in `repeat`'s sizes is an empty tensor of the repeated shape; x > 2 is
# [[f, f, t], [t, t, t]], its rows swapped.
INTS_EXPECTED = """\
[1, 4, 2, 5, 3, 6]
[3, 1, 2, 6, 4, 5]
[5, 6, 4, 2, 3, 1]
[1, 2, 3, 1, 2, 3, 4, 5, 6, 4, 5, 6]
[0, 6]
[true, true, true, false, false, true]
"""


def test_int_and_bool_tensors_have_them_too(tmp_path):
    assert run(tmp_path, INTS)[0] == INTS_EXPECTED
