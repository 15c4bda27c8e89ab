"""`narrow` on Int (and Bool) tensors: Burn declares it once for every kind
(`impl<const D: usize, K: BasicOps<B>> Tensor<B, D, K>`, burn-tensor's api/base.rs: one `slice`
of `start..start + length` along `dim`, checked by `TensorCheck::narrow`), and PPO programs cut
their minibatches' actions with it. Values by hand: rows 1..3 of [[1, 2, 3], [4, 5, 6],
[7, 8, 9]] are [[4, 5, 6], [7, 8, 9]], column 2 is [[3], [6], [9]]."""

from __future__ import annotations

from test_int_backends import program
from test_rust_interp import rust

API = "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-tensor-0.22.1/src/tensor/api/"

BODY = """\
    let t = Tensor::<B, 2, Int>::from_ints([[1, 2, 3], [4, 5, 6], [7, 8, 9]], &device);
    let rows = t.clone().narrow(0, 1, 2);
    println!("{:?} {:?}", rows.dims(), rows.into_data().to_vec::<i64>().unwrap());
    let col = t.clone().narrow(1, 2, 1);
    println!("{:?} {:?}", col.dims(), col.into_data().to_vec::<i64>().unwrap());
    let v = Tensor::<B, 1, Int>::from_ints([10, 20, 30, 40], &device);
    println!("{:?}", v.narrow(0, 1, 2).into_data().to_vec::<i64>().unwrap());
    let b = t.equal_elem(5).narrow(0, 1, 1);
    println!("{:?}", b.into_data().to_vec::<bool>().unwrap());
"""


def test_narrow_of_int_and_bool_tensors(tmp_path):
    run = rust(tmp_path, program("NdArray", BODY))
    assert run.panic is None, run.panic
    assert run.stdout == (
        "[2, 3] [4, 5, 6, 7, 8, 9]\n[3, 1] [3, 6, 9]\n[20, 30]\n[false, true, false]\n"
    )


def test_narrowed_actions_pick_from_a_float_tensor(tmp_path):
    # a PPO minibatch: the actions of rows 2..4, gathered from their rows' log-probs
    body = """\
    let lp = Tensor::<B, 2>::from_floats([[0.5, 1.5], [2.5, 3.5], [4.5, 5.5], [6.5, 7.5]], &device);
    let actions = Tensor::<B, 2, Int>::from_ints([[0], [1], [1], [0]], &device);
    let picked = lp.narrow(0, 2, 2).gather(1, actions.narrow(0, 2, 2));
    println!("{:?}", picked.into_data().to_vec::<f32>().unwrap());
"""
    run = rust(tmp_path, program("NdArray", body))
    assert run.panic is None, run.panic
    assert run.stdout == "[5.5, 6.5]\n"


def test_narrow_of_an_int_tensor_past_the_end_is_burns_panic(tmp_path):
    body = """\
    let t = Tensor::<B, 1, Int>::from_ints([1, 2, 3], &device);
    let y = t.narrow(0, 2, 2);
    println!("{:?}", y.dims());
"""
    run = rust(tmp_path, program("NdArray", body))
    assert run.stdout == ""
    assert run.panic is not None and run.panic.location == API + "base.rs:2610:9"
    assert run.panic.message == (
        "=== Tensor Operation Error ===\n  Operation: 'Narrow'\n  Reason:\n"
        "    1. Can't narrow at dimension 0, start + length exceeds the size of the tensor "
        "along this dimension (Size=3) \n"
    )
