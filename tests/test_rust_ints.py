"""Burn's Int and Bool tensors, in the Python API and in the Rust interpreter.

Int tensors never take a NodeId (Burn's autodiff tracks float tensors only; an Int tensor of
`Autodiff<B>` is `B`'s own); `gather` and `select` on a tracked float tensor are tracked float
ops whose backward scatters the gradient back (`scatter_add`, `select_add`). The expected
gradients of `gather` and `select` are burn-backend-tests' own (tests/autodiff/gather_scatter.rs,
select.rs); the others are derived by hand in each test.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from test_rust_interp import refusal, rust

import pbpit as pb
from pbpit.engine.int_tensor import IntTensor
from pbpit.engine.server import Panic
from pbpit.engine.tensor import Device, Tensor

DEV = Device.default().autodiff()
PROGRAMS = Path(__file__).parent / "programs"
# burn-dispatch's `Debug` of the autodiff device over NdArray (the programs here name NdArray).
AUTODIFF = "Device<Autodiff { device: NdArray(Cpu), checkpointing: Disabled }>"


@pytest.fixture(autouse=True)
def fresh_ids():
    pb.reset()


# -- the Python API: Burn's autodiff tests for gather and select -----------------------------------


def test_gather_grad_is_burns():
    # burn-backend-tests autodiff/gather_scatter.rs, test_gather_grad
    x = Tensor.from_floats([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], DEV).require_grad()
    indices = Tensor.from_ints([[2, 1, 0, 1, 2], [1, 0, 2, 1, 0]], DEV)
    t2 = x.clone().matmul(x.clone().transpose())
    t4 = t2.matmul(x.clone().gather(1, indices))
    grad = x.grad(t4.backward())
    assert grad.to_vec() == [94.0, 150.0, 187.0, 242.0, 305.0, 304.0]


def test_select_grad_is_burns():
    # burn-backend-tests autodiff/select.rs, test_select_grad
    x = Tensor.from_floats([[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]], DEV).require_grad()
    indices = Tensor.from_ints([1, 0], DEV)
    t2 = x.clone().matmul(x.clone().transpose())
    t4 = t2.matmul(x.clone().select(0, indices))
    grad = x.grad(t4.backward())
    assert grad.to_vec() == [109.0, 148.0, 187.0, 37.0, 58.0, 79.0]


def test_gather_adds_the_gradient_of_a_repeated_index():
    # sum(x[0], x[0], x[2]): d/dx = [2, 0, 1]
    x = Tensor.from_floats([1.0, 2.0, 3.0], DEV).require_grad()
    picked = x.clone().gather(0, Tensor.from_ints([0, 0, 2], DEV))
    assert picked.to_vec() == [1.0, 1.0, 3.0]
    assert x.grad(picked.sum().backward()).to_vec() == [2.0, 0.0, 1.0]


def test_select_adds_the_gradient_of_a_repeated_index_along_its_dim():
    # rows 1 and 1 of [[1, 2], [3, 4]] along dim 0, then columns 1, 0 of that along dim 1
    x = Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], DEV).require_grad()
    rows = x.clone().select(0, Tensor.from_ints([1, 1], DEV))
    assert rows.to_vec() == [3.0, 4.0, 3.0, 4.0]
    cols = rows.select(1, Tensor.from_ints([1], DEV))
    assert cols.to_vec() == [4.0, 4.0]
    # (x[1][1] * 2 + x[1][1] * 3): the weights are the upstream gradient
    loss = cols.mul(Tensor.from_floats([[2.0], [3.0]], DEV)).sum()
    assert x.grad(loss.backward()).to_vec() == [0.0, 0.0, 0.0, 5.0]


def test_gather_of_exp_has_the_gradient_of_the_picked_exponentials():
    # d/dx sum(exp(x)[i]) is exp(x) at the picked places, 0 elsewhere
    x = Tensor.from_floats([[0.0, 1.0], [2.0, 3.0]], DEV).require_grad()
    picked = x.clone().exp().gather(1, Tensor.from_ints([[1], [0]], DEV))
    grad = x.grad(picked.sum().backward()).to_vec()
    # e and e^2 rounded to f32 (Flex's expf is correctly rounded here)
    assert grad == [0.0, float(np.float32(math.e)), float(np.float32(math.exp(2.0))), 0.0]


# -- the Python API: ids, kinds, conversions ------------------------------------------------------


def test_int_tensors_take_no_node_id_and_gather_takes_one():
    x = Tensor.from_floats([[1.0, 2.0]], DEV).require_grad()  # NodeId(0)
    indices = Tensor.from_ints([[1]], DEV)
    assert indices.node_id is None and indices.kind == "Int"
    assert x.clone().gather(1, indices).node_id == 1
    assert x.argmax(1).node_id is None and x.argmax(1).kind == "Int"
    assert x.int().node_id is None and x.equal_elem(1.0).kind == "Bool"


def test_float_of_an_int_tensor_is_a_new_untracked_node_on_autodiff():
    # burn-autodiff's int_into_float is `AutodiffTensor::new`: one new id, not tracked
    ints = Tensor.from_ints([1, 2], DEV)
    floats = ints.float()
    assert floats.node_id == 0 and not floats.is_tracked() and floats.to_vec() == [1.0, 2.0]
    assert Tensor.from_ints([1], Device.flex()).float().node_id is None


def test_comparisons_and_casts_count_matches():
    logits = Tensor.from_floats([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], DEV)
    targets = Tensor.from_ints([1, 0, 0], DEV)
    correct = logits.argmax(1).reshape([3]).equal(targets).int().sum()
    assert correct.kind == "Int" and correct.into_scalar() == 2


def test_arange_one_hot_and_int_arithmetic():
    classes = Tensor.arange(range(0, 3), DEV)
    assert classes.to_vec() == [0, 1, 2]
    assert classes.one_hot(3).to_vec() == [1, 0, 0, 0, 1, 0, 0, 0, 1]
    assert (classes + 1).to_vec() == [1, 2, 3]
    assert (classes * classes).sum().into_scalar() == 5
    assert IntTensor.zeros([2], DEV).to_vec() == [0, 0]


def test_int_tensors_refuse_float_methods():
    ints = Tensor.from_ints([1, 2], DEV)
    with pytest.raises(TypeError, match="Float tensors"):
        ints.exp()
    with pytest.raises(TypeError, match="Float tensor"):
        Tensor.from_floats([1.0, 2.0], DEV).add(ints)
    with pytest.raises(TypeError, match="whole numbers"):
        Tensor.from_ints([1.5], DEV)
    with pytest.raises(ValueError, match="out of range"):
        Tensor.from_floats([1.0], DEV).gather(0, Tensor.from_ints([1], DEV))


# -- the Rust interpreter -------------------------------------------------------------------------

HEADER = """
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;
use burn::tensor::activation::log_softmax;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
"""


def program(tmp_path, body: str):
    return rust(tmp_path, HEADER + body + "}\n")


def test_rust_gather_is_one_node_and_its_int_indices_none(tmp_path):
    # w 0, gather 1, sum 2; its backward consumes 1; the second sum 3 reaches 1: NodeId(1).
    # Had the Int indices taken an id, gather would be NodeId(2).
    run = program(
        tmp_path,
        """
    let w = Tensor::<B, 2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device).require_grad();
    let idx = Tensor::<B, 2, Int>::from_ints([[1], [0]], &device);
    let picked = w.clone().gather(1, idx);
    let grads = picked.clone().sum().backward();
    println!("{:?}", w.grad(&grads).unwrap().to_data().to_vec::<f32>().unwrap());
    let again = picked.sum();
    again.backward();
""",
    )
    assert run.stdout == "[0.0, 1.0, 1.0, 0.0]\n"
    assert isinstance(run.panic, Panic) and run.panic.node_id == 1


def test_rust_select_adds_the_gradient_back(tmp_path):
    run = program(
        tmp_path,
        """
    let w = Tensor::<B, 2>::from_floats([[1.0, 2.0], [3.0, 4.0]], &device).require_grad();
    let rows = w.clone().select(0, Tensor::<B, 1, Int>::from_ints([1, 1], &device));
    let grads = rows.sum().backward();
    println!("{:?}", w.grad(&grads).unwrap().to_data().to_vec::<f32>().unwrap());
""",
    )
    assert run.stdout == "[0.0, 0.0, 2.0, 2.0]\n"


def test_rust_cross_entropy_takes_int_targets(tmp_path):
    # logits [0, 0]: log_softmax is -ln 2 each; the loss is ln 2, f32 0.6931472
    run = rust(
        tmp_path,
        """
use burn::backend::{Autodiff, NdArray};
use burn::nn::loss::CrossEntropyLossConfig;
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let logits = Tensor::<B, 2>::from_floats([[0.0, 0.0]], &device).require_grad();
    let targets = Tensor::<B, 1, Int>::from_data([1], &device);
    let loss = CrossEntropyLossConfig::new().init(&device).forward(logits, targets);
    println!("{}", loss.into_scalar());
}
""",
    )
    assert run.stdout == "0.6931472\n"


def test_rust_int_reads_arange_one_hot_argmax_and_counts(tmp_path):
    run = program(
        tmp_path,
        """
    let classes = Tensor::<B, 1, Int>::arange(0..4, &device);
    println!("{:?}", classes.to_data().to_vec::<i64>().unwrap());
    let hot = Tensor::<B, 1, Int>::from_ints([2, 0], &device).one_hot(3);
    println!("{:?}", hot.into_data().to_vec::<i64>().unwrap());
    let x = Tensor::<B, 2>::from_floats([[1.0, 3.0], [5.0, 2.0]], &device);
    let preds = x.argmax(1).reshape([2]);
    let targets = Tensor::<B, 1, Int>::from_data([1, 1], &device);
    let correct: i64 = preds.equal(targets).int().sum().into_scalar();
    println!("{correct}");
    let zeros = Tensor::<B, 1, Int>::zeros([2], &device);
    println!("{:?} {}", zeros.dims(), zeros.equal_elem(0).int().sum().into_scalar());
""",
    )
    assert run.stdout == "[0, 1, 2, 3]\n[0, 0, 1, 1, 0, 0]\n1\n[2] 2\n"


def test_rust_display_of_int_and_bool_tensors_is_burns(tmp_path):
    # burn-tensor's display_fmt_impl: elements by `{:?}`, NdArray's Int dtype `i64`, Bool `bool`
    run = program(
        tmp_path,
        """
    let t = Tensor::<B, 2, Int>::from_ints([[1, -2], [3, 4]], &device);
    println!("{}", t.clone());
    println!("{:.2}", t.equal_elem(1));
""",
    )
    assert run.stdout == (
        "Tensor {\n  data:\n[[1, -2],\n [3, 4]],\n  shape:  [2, 2],\n"
        f'  device:  {AUTODIFF},\n  kind:  "Int",\n  dtype:  "i64",\n}}\n'
        "Tensor {\n  data:\n[[true, false],\n [false, false]],\n  shape:  [2, 2],\n"
        f'  device:  {AUTODIFF},\n  kind:  "Bool",\n  dtype:  "bool",\n}}\n'
    )


def test_rust_int_tensor_refusals_say_what_runs(tmp_path):
    err, _ = refusal(
        tmp_path, HEADER + "    Tensor::<B, 1, Int>::from_ints([1], &device).exp();\n}\n"
    )
    assert "`exp` on Int tensors (pbpit runs" in err.what
    err, _ = refusal(
        tmp_path, HEADER + "    let _t = 1 + Tensor::<B, 1, Int>::from_ints([1], &device);\n}\n"
    )  # `t + 1` runs (Burn's Numeric Int ops); a number first is Float's only
    assert "`+` on Int tensors (call `add`, `add_scalar`..)" in err.what
    err, _ = refusal(
        tmp_path,
        HEADER
        + "    let t = Tensor::<B, 1, Int>::from_ints([1], &device);\n"
        + "    let _v = t.to_data().to_vec::<f32>();\n}\n",
    )
    assert "reading Int tensor data as `f32` (the data is i64)" in err.what


def test_rust_activation_imported_by_use_is_called_by_its_name(tmp_path):
    run = program(
        tmp_path,
        """
    let x = Tensor::<B, 2>::from_floats([[0.0, 0.0]], &device);
    println!("{:?}", log_softmax(x, 1).to_data().to_vec::<f32>().unwrap());
""",
    )
    assert run.stdout == "[-0.6931472, -0.6931472]\n"


@pytest.mark.parametrize("name", ["actor_critic", "ppo_old_policy", "ppo_stale_policy"])
def test_programs_with_int_actions_run_as_burn_prints(tmp_path, name):
    source = (PROGRAMS / f"{name}.rs").read_text(encoding="utf-8")
    run = rust(tmp_path, source)
    assert run.stdout == (PROGRAMS / f"{name}.stdout").read_text(encoding="utf-8")
    status = int((PROGRAMS / f"{name}.status").read_text())
    assert (run.panic is not None) == (status == 101)
    if run.panic is not None:
        assert f"NodeId({run.panic.node_id})" in (PROGRAMS / f"{name}.stderr").read_text()
