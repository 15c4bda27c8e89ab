"""Issue 13's engine as a demanding Burn user meets it: what broke, and stays fixed.

Expected values come from outside pbpit: Burn's source (burn-autodiff `ops/tensor.rs`, burn-flex
`ops/float.rs` and `ops/reduce.rs`, burn-tensor's `Tensor::powf`), finite differences in float64,
hand derivation, and Python's own copy protocol.
"""

from __future__ import annotations

import copy
import gc
import math
import traceback

import numpy as np
import pytest

import pbpit as pb
from pbpit import activation
from pbpit.engine import target
from pbpit.engine.server import Panic
from pbpit.engine.tensor import Device, Tensor

DEV = Device.default().autodiff()
PLAIN = Device.flex()


@pytest.fixture(autouse=True)
def fresh():
    pb.reset()


def leaf(data) -> Tensor:
    return Tensor.from_floats(data, DEV).require_grad()


# -- copying a tensor is cloning it ---------------------------------------------------------------


@pytest.mark.parametrize("how", [copy.copy, copy.deepcopy])
def test_a_copied_tensor_dropped_does_not_free_the_steps_the_original_still_holds(how):
    # Burn's `clone()` shares the node (an Arc); a copy dropped must not make the original look
    # unheld, or the next backward frees its steps and a later backward panics where Burn runs.
    w = leaf([1.0, 2.0])
    y = w * 2.0
    duplicate = how(y)
    assert duplicate.node_id == y.node_id
    del duplicate
    gc.collect()
    (w * 3.0).sum().backward()  # an unrelated backward: frees what nothing holds
    grads = y.sum().backward()
    assert w.grad(grads).to_vec() == [2.0, 2.0]


def test_a_deep_copy_keeps_its_values_when_the_original_changes_and_shares_the_node():
    w = leaf([1.0, 2.0])
    duplicate = copy.deepcopy(w)
    w.array[0] = 9.0  # what a deep copy is for: its own values
    assert duplicate.to_vec() == [1.0, 2.0]
    assert duplicate.node is w.node  # the same graph node, as Burn's clone


# -- powf with a tensor exponent broadcasts, as every binary op in Burn ---------------------------


def test_powf_broadcasts_its_exponent_and_sums_each_gradient_back_to_its_shape():
    # burn-autodiff's `float_powf` keeps a `BinaryOpsBroadcast` and Flex's `binary_op`
    # broadcasts: x [2, 2] ^ p [1, 2].
    x = leaf([[1.0, 2.0], [3.0, 4.0]])
    p = leaf([[2.0, 3.0]])
    y = x.powf(p)
    assert y.to_vec() == [1.0, 8.0, 9.0, 64.0]
    grads = y.sum().backward()
    # d/dx = p x^(p-1): [[2*1, 3*4], [2*3, 3*16]]
    assert x.grad(grads).to_vec() == [2.0, 12.0, 6.0, 48.0]
    # d/dp = x^p ln x, summed over the rows: [1 ln1 + 9 ln3, 8 ln2 + 64 ln4]
    expected = [9 * np.log(3.0), 8 * np.log(2.0) + 64 * np.log(4.0)]
    assert np.allclose(p.grad(grads).to_vec(), expected, rtol=1e-6)
    assert p.grad(grads).shape == (1, 2)


def test_powf_broadcasts_the_base_against_a_full_exponent_too():
    x = leaf([[2.0], [3.0]])
    p = Tensor.from_floats([[1.0, 2.0, 3.0], [0.5, 2.0, 1.0]], DEV)
    grads = x.powf(p).sum().backward()
    # d/dx sum_j x^p_j = sum_j p_j x^(p_j - 1)
    expected = [1 + 2 * 2 + 3 * 4, 0.5 * 3**-0.5 + 2 * 3 + 1]
    assert np.allclose(x.grad(grads).to_vec(), expected, rtol=1e-6)


def test_powf_still_refuses_shapes_that_do_not_broadcast():
    with pytest.raises(ValueError, match=r"^powf: shapes \[2\] and \[3\] do not broadcast"):
        leaf([1.0, 2.0]).powf(leaf([1.0, 2.0, 3.0]))


# -- reductions over an empty dim -----------------------------------------------------------------


def test_prod_dim_over_an_empty_dim_is_one_as_flex_starts_its_product_from_one():
    # burn-flex `reduce::prod_dim`: each output starts at 1.0 and multiplies nothing.
    x = Tensor.zeros([2, 0], DEV)
    assert x.prod_dim(1).to_vec() == [1.0, 1.0]
    assert x.prod_dim(1).shape == (2, 1)


@pytest.mark.parametrize("op", ["max_dim", "min_dim", "argmax", "argmin"])
def test_an_extreme_along_an_empty_dim_is_refused_naming_the_op(op):
    # burn-flex asserts the dim is not empty ("dimension 1 has size 0").
    x = Tensor.zeros([2, 0], DEV)
    error = _refused(lambda: getattr(x, op)(1))
    assert str(error).startswith(f"{op}: ") and "size 0" in str(error)


def test_max_of_an_empty_tensor_is_refused_naming_max_dim():
    error = _refused(lambda: Tensor.zeros([0], DEV).max())
    assert str(error).startswith("max_dim: ")


# -- misuse: one clear error naming the op, never NumPy's ----------------------------------------


def _refused(call) -> Exception:
    """The error `call` raises; it must be a TypeError or ValueError raised by pbpit itself."""
    try:
        call()
    except (TypeError, ValueError) as error:
        innermost = traceback.extract_tb(error.__traceback__)[-1].filename
        assert "numpy" not in innermost, f"NumPy's error leaked: {error}"
        assert "\n" not in str(error)
        return error
    except Exception as error:  # noqa: BLE001 - the point is which kind it was
        raise AssertionError(f"{type(error).__name__}: {error}") from error
    raise AssertionError("no error")


X = Tensor.from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], DEV)

MISUSES = [
    ("add", lambda: X.add(1.0)),
    ("add", lambda: X.add(None)),
    ("sub", lambda: X.sub("a")),
    ("mul", lambda: X.mul([1.0])),
    ("div", lambda: X.div(2)),
    ("add", lambda: X + "a"),
    ("sub", lambda: X - [1.0]),
    ("mul", lambda: X * None),
    ("div", lambda: X / "2"),
    ("matmul", lambda: X.matmul(2.0)),
    ("matmul", lambda: X @ [[1.0]]),
    ("cat", lambda: Tensor.cat([X, 1.0], 0)),
    ("sum_dim", lambda: X.sum_dim("a")),
    ("sum_dim", lambda: X.sum_dim(1.0)),
    ("softmax", lambda: activation.softmax(X, "a")),
    ("softmax", lambda: activation.softmax(X, 2)),
    ("log_softmax", lambda: activation.log_softmax(X, -3)),
    ("permute", lambda: X.permute(1)),
    ("reshape", lambda: X.reshape([-1, -1])),
    ("reshape", lambda: X.reshape([-2, -3])),
    ("reshape", lambda: X.reshape(6)),
    ("reshape", lambda: X.reshape(["a"])),
    ("slice", lambda: X.slice([(0.5, 1)])),
    ("slice", lambda: X.slice([("a", 1)])),
    ("leaky_relu", lambda: activation.leaky_relu(X, "a")),
    ("softplus", lambda: activation.softplus(X, None)),
    ("powf_scalar", lambda: X.powf_scalar("2")),
    ("add_scalar", lambda: X.add_scalar("2")),
    ("clamp_min", lambda: X.clamp_min(None)),
    ("from_floats", lambda: Tensor.from_floats([[1.0], [1.0, 2.0]], DEV)),
    ("from_floats", lambda: Tensor.from_floats("abc", DEV)),
    ("from_data", lambda: Tensor.from_data(123, DEV)),
    ("from_data", lambda: Tensor.from_data([[1.0], [2.0, 3.0]], DEV)),
    ("TensorData", lambda: pb.TensorData("abc", [3])),
    ("TensorData", lambda: pb.TensorData([[1.0], [1.0, 2.0]])),
    ("ones", lambda: Tensor.ones([-1], DEV)),
    ("ones", lambda: Tensor.ones(3, DEV)),
    ("zeros", lambda: Tensor.zeros(None, DEV)),
    ("zeros", lambda: Tensor.zeros(["a"], DEV)),
    ("random", lambda: Tensor.random([-2], pb.Distribution.Default, DEV)),
    ("random", lambda: Tensor.random([2], pb.Distribution.Normal(0.0, math.inf), DEV)),
    ("random", lambda: Tensor.random([2], pb.Distribution.Uniform(1.0, 0.0), DEV)),
    ("grad", lambda: X.grad(None)),
    ("grad", lambda: X.grad({})),
]


@pytest.mark.parametrize(
    ("op", "call"), MISUSES, ids=[f"{i}-{op}" for i, (op, _) in enumerate(MISUSES)]
)
def test_misuse_is_one_clear_error_naming_the_op(op, call):
    error = _refused(call)
    assert str(error).startswith(f"{op}: ") or f"activation::{op}: " in str(error), str(error)


@pytest.mark.parametrize(
    ("operation", "call"),
    [("Sum Dim", lambda: X.sum_dim(2)), ("Cat", lambda: Tensor.cat([X, X], 2))],
)
def test_a_dim_out_of_range_is_burns_panic(operation, call):
    """A dim past the rank is no misuse of pbpit's API but Burn's check: burn-tensor panics
    with its TensorCheck block (the BoundsError text of the dim check Burn calls)."""
    with pytest.raises(Panic) as caught:
        call()
    text = str(caught.value)
    assert text.startswith("=== Tensor Operation Error ===")
    assert f"Operation: '{operation}'" in text
    assert "BoundsError: dimension 2 out of bounds: 0..2" in text


def test_a_refused_op_takes_no_node_id():
    x = leaf([1.0, 2.0])
    before = Tensor.from_floats([0.0], DEV).node_id
    for call in (lambda: x.add(1.0), lambda: x.sum_dim("a"), lambda: x.reshape([-1, -1])):
        _refused(call)
    assert Tensor.from_floats([0.0], DEV).node_id == before + 1


def test_a_numpy_array_times_a_tensor_is_refused_not_an_array_of_tensors():
    # NumPy would call `Tensor.__rmul__` once per element and build an object array.
    error = _refused(lambda: np.ones((2, 3), dtype=np.float32) * X)
    assert "mul" in str(error)


def test_an_int_tensor_prints_its_indices_as_integers():
    indices = Tensor.from_floats([[3.0, 3.0, 1.0]], DEV).argmax(1)
    assert repr(indices) == "Tensor([0], shape=[1, 1], untracked)"


# -- --target: one clear line -------------------------------------------------------------------


@pytest.mark.parametrize("text", ["threads=²", "threads=٣", "cpu=avx2,cpu=sse"])
def test_a_target_with_odd_digits_or_a_choice_given_twice_is_refused(text):
    with pytest.raises(ValueError) as error:
        target.parse(text, target.Target("avx2", 2, "debug"))
    assert "\n" not in str(error.value) and "int()" not in str(error.value)


def test_a_target_with_ascii_digits_still_parses():
    assert target.parse("threads=3", target.Target("avx2", 2, "debug")).threads == 3


# -- what held -----------------------------------------------------------------------------------


def test_a_tensor_kept_in_a_list_panics_at_its_consumed_node_and_one_dropped_changes_no_id():
    w = leaf([1.0, 2.0])  # NodeId(0)
    kept = []
    for i in range(3):
        y = w * float(i + 1)  # NodeId(1), NodeId(3), NodeId(5)
        kept.append(y)
        y.sum().backward()
        del y
    gc.collect()
    with pytest.raises(Panic) as panic:
        kept[0].sum().backward()
    assert panic.value.node_id == 1
    # three forwards of two nodes, the sum above: the next id is 8 whatever was freed
    assert Tensor.from_floats([0.0], DEV).node_id == 8
