"""Burn's `iter_dim(dim)` (burn-tensor's `DimIter`, api/base.rs): the slices along `dim`, each
of size 1 there, one `slice` a pull (`tensor.clone().slice(ranges)` with `ranges[dim] = i..i+1`),
double-ended and exact-size; `dim` may count from the end (`AsIndex`). Values by hand: the rows
of [[3.0, 4.5, 2.0], [2.0, 1.5, 3.0]] are [1, 3] tensors of those numbers; its columns from the
back start with [[2.0], [3.0]] (sum 5); the columns of Int [[1, 2], [3, 4]] sum to 4 and 6."""

from __future__ import annotations

from test_int_backends import program
from test_rust_interp import rust

BODY = """\
    let x = Tensor::<B, 2>::from_floats([[3.0, 4.5, 2.0], [2.0, 1.5, 3.0]], &device).require_grad();
    for (i, row) in x.clone().iter_dim(0).enumerate() {
        println!("{} {:?} {:?}", i, row.dims(), row.into_data().to_vec::<f32>().unwrap());
    }
    let cols: Vec<Tensor<B, 2>> = x.clone().iter_dim(1).rev().collect();
    println!("{} {}", cols.len(), cols[0].clone().sum().into_scalar());
    let n = Tensor::<B, 2, Int>::from_ints([[1, 2], [3, 4]], &device);
    let sums: Vec<i64> = n.iter_dim(-1).map(|c| c.sum().into_scalar()).collect();
    println!("{:?}", sums);
"""


def test_iter_dim_of_float_and_int_tensors(tmp_path):
    run = rust(tmp_path, program("NdArray", BODY))
    assert run.panic is None, run.panic
    assert run.stdout == ("0 [1, 3] [3.0, 4.5, 2.0]\n1 [1, 3] [2.0, 1.5, 3.0]\n3 5\n[4, 6]\n")
