"""Burn 0.22's layout methods of every tensor kind (`K: BasicOps` in burn-tensor's
api/base.rs) on Int and Bool tensors: labels and masks unsqueezed, transposed, permuted, flipped,
chunked, repeated, expanded, squeezed. Each expected output is derived by hand from the values
written; a dim out of range is Burn's panic as for a float tensor (base.rs's `Swap Dims` check)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import pbpit_run

HEAD = """
    use burn::prelude::*;

    fn main() {
        let device = Device::flex().autodiff();
        let y = Tensor::<2, Int>::from_ints([[1, 2, 3], [4, 5, 6]], &device);
"""


def run(tmp_path: Path, body: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    source = textwrap.dedent(HEAD).lstrip("\n") + textwrap.indent(textwrap.dedent(body), "    ")
    path.write_text(source + "}\n", encoding="utf-8")
    return pbpit_run(path)


def test_int_layout_methods(tmp_path):
    status, out, err = run(
        tmp_path,
        """
        let a: Tensor<3, Int> = y.clone().unsqueeze();
        let b = y.clone().unsqueeze_dim::<3>(2);
        println!("{:?} {:?}", a.dims(), b.dims());
        println!("{:?}", y.clone().swap_dims(0, 1).into_data().to_vec::<i32>().unwrap());
        println!("{:?}", y.clone().transpose().into_data().to_vec::<i32>().unwrap());
        println!("{:?}", y.clone().permute([1, 0]).dims());
        println!("{:?}", y.clone().flip([1]).into_data().to_vec::<i32>().unwrap());
        println!("{:?}", y.clone().repeat_dim(0, 2).into_data().to_vec::<i32>().unwrap());
        let c = y.clone().chunk(2, 1);
        println!("{} {:?}", c.len(), c[1].clone().into_data().to_vec::<i32>().unwrap());
        let e: Tensor<3, Int> = y.clone().unsqueeze_dim::<3>(0).expand([2, 2, 3]);
        println!("{:?}", e.dims());
        let s: Tensor<1, Int> = y.narrow(0, 1, 1).squeeze();
        println!("{:?}", s.into_data().to_vec::<i32>().unwrap());
        """,
    )
    assert status == 0, err
    assert out == (
        "[1, 2, 3] [2, 3, 1]\n"
        "[1, 4, 2, 5, 3, 6]\n"
        "[1, 4, 2, 5, 3, 6]\n"
        "[3, 2]\n"
        "[3, 2, 1, 6, 5, 4]\n"
        "[1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]\n"
        "2 [3, 6]\n"  # 3 columns in 2 chunks: 2, then 1 (burn's `chunk`)
        "[2, 2, 3]\n"
        "[4, 5, 6]\n"
    )


def test_bool_mask_layout_methods(tmp_path):
    # y > 2 is [[false, false, true], [true, true, true]]
    status, out, err = run(
        tmp_path,
        """
        let m = y.greater_elem(2);
        println!("{:?}", m.clone().transpose().into_data().to_vec::<bool>().unwrap());
        let u: Tensor<3, Bool> = m.clone().unsqueeze_dim(1);
        println!("{:?}", u.dims());
        println!("{:?}", m.clone().flatten::<1>(0, 1).int().into_data().to_vec::<i32>().unwrap());
        println!("{:?}", m.clone().slice([0..1, 1..3]).into_data().to_vec::<bool>().unwrap());
        println!("{:?}", m.flip([0]).swap_dims(0, 1).into_data().to_vec::<bool>().unwrap());
        """,
    )
    assert status == 0, err
    assert out == (
        "[false, true, false, true, true, true]\n"
        "[2, 1, 3]\n"
        "[0, 0, 1, 1, 1, 1]\n"
        "[false, true]\n"
        "[true, false, true, false, true, true]\n"
    )


def test_int_swap_dims_out_of_range_is_burns_panic(tmp_path):
    status, out, err = run(tmp_path, 'println!("{:?}", y.swap_dims(0, 2).dims());\n')
    assert status == 101
    assert "Operation: 'Swap Dims'" in err
    assert "BoundsError: dimension 2 out of bounds: 0..2" in err


def test_stack_and_cat_of_int_and_bool_tensors(tmp_path):
    # Burn's `Tensor::stack`/`Tensor::cat` take `Vec<Tensor<D, K>>` of any kind K
    status, out, err = run(
        tmp_path,
        """
        let s: Tensor<3, Int> = Tensor::stack(vec![y.clone(), y.clone().neg()], 0);
        println!("{:?} {:?}", s.dims(), s.into_data().to_vec::<i32>().unwrap());
        let r = Tensor::stack::<3>(vec![y.clone(), y.clone()], 2);
        println!("{:?}", r.into_data().to_vec::<i32>().unwrap());
        let m = y.clone().greater_elem(2);
        let c = Tensor::cat(vec![m.clone(), m.clone().bool_not()], 1);
        println!("{:?} {:?}", c.dims(), c.into_data().to_vec::<bool>().unwrap());
        let b: Tensor<3, Bool> = Tensor::stack(vec![m.clone(), m], 1);
        println!("{:?} {:?}", b.dims(), y.repeat_dim(1, 0).dims());
        """,
    )
    assert status == 0, err
    assert out == (
        "[2, 2, 3] [1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6]\n"
        "[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]\n"
        "[2, 6] [false, false, true, true, true, false, true, true, true, false, false, false]\n"
        "[2, 2, 3] [2, 0]\n"
    )


def test_stack_of_int_and_float_tensors_is_rustcs_e0308(tmp_path):
    status, out, err = run(
        tmp_path,
        """
        let x = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &device);
        let s: Tensor<3, Int> = Tensor::stack(vec![y, x], 0);
        println!("{:?}", s.dims());
        """,
    )
    assert status == 2
    assert "error[E0308]: mismatched types" in err


def test_split_and_slice_dim_of_int_and_bool_tensors(tmp_path):
    # a tensor's `split` owns its pieces (Burn's; not str's `split`, whose items borrow)
    status, out, err = run(
        tmp_path,
        """
        let p = y.clone().split(2, 1);
        println!("{} {:?}", p.len(), p[0].clone().into_data().to_vec::<i32>().unwrap());
        println!("{:?}", y.clone().slice_dim(1, 1..3).into_data().to_vec::<i32>().unwrap());
        let m = y.lower_elem(3);
        println!("{:?}", m.slice_dim(0, 0..1).into_data().to_vec::<bool>().unwrap());
        """,
    )
    assert status == 0, err
    assert out == "2 [1, 2, 4, 5]\n[2, 3, 5, 6]\n[true, true, false]\n"
