"""SPEC §1 (Burn's autodiff rules) and §5 (facts from Burn's own tests), one behaviour a test."""

from __future__ import annotations

import numpy as np
import pytest

import pbpit as pb

TAPE_CONSUMED = (
    "Cannot run backward: graph tape has already been consumed at NodeId({}). Burn does not "
    "support retain_graph. Combine losses before backward or recompute the forward pass. Use "
    "detach() only to intentionally sever gradients through the previous computation."
)


@pytest.fixture(autouse=True)
def fresh_process():
    pb.reset()
    yield
    pb.reset()


@pytest.fixture
def device():
    return pb.Device.flex().autodiff()


def params(device):
    x = pb.Tensor.from_floats([0.5, 1.0], device).require_grad()
    w = pb.Tensor.from_floats([1.0, 2.0], device).require_grad()
    return x, w


def f32(value: float) -> float:
    """A decimal from SPEC §3 as the float32 it denotes."""
    return float(np.float32(value))


def grad_of(tensor, grads):
    g = tensor.grad(grads)
    return None if g is None else g.to_vec()


# -- 1. node ids ---------------------------------------------------------------------------------


def test_ids_count_creations_from_zero(device):
    a = pb.Tensor.from_floats([1.0], device)
    b = pb.Tensor.ones([1], device)
    c = pb.Tensor.zeros([1], device)
    assert (a.node_id, b.node_id, c.node_id) == (0, 1, 2)


def test_every_op_result_takes_an_id_tracked_or_not(device):
    a = pb.Tensor.from_floats([1.0], device)
    b = a.exp()
    c = b * a
    assert (b.node_id, c.node_id) == (1, 2)
    assert not c.is_tracked()


def test_clone_shares_the_id(device):
    x, _ = params(device)
    assert x.clone().node_id == x.node_id
    assert pb.Tensor.from_floats([0.0], device).node_id == 2


def test_require_grad_keeps_the_id(device):
    a = pb.Tensor.from_floats([1.0], device)
    assert a.require_grad().node_id == a.node_id == 0


def test_detach_takes_a_new_id(device):
    x, _ = params(device)
    assert x.detach().node_id == 2


def test_tensors_without_autodiff_have_no_id():
    plain = pb.Tensor.from_floats([1.0], pb.Device.flex())
    assert plain.node_id is None
    assert plain.exp().node_id is None
    assert not plain.is_tracked()


def test_without_autodiff_has_no_id_and_is_never_tracked(device):
    x, _ = params(device)
    inner = x.exp().without_autodiff()
    assert inner.node_id is None
    assert not inner.is_tracked()


def test_reset_restarts_ids_and_empties_the_tape(device):
    x, w = params(device)
    (x * w).sum().backward()
    pb.reset()
    assert pb.Tensor.from_floats([1.0], device).node_id == 0


def test_twice_ids_are_those_of_spec(device):
    x, w = params(device)
    feats = x.clone().exp()
    ids = [x.node_id, w.node_id, feats.node_id]
    for _ in range(2):
        prod = feats.clone() * w.clone()
        loss = prod.sum()
        ids += [prod.node_id, loss.node_id]
    assert ids == [0, 1, 2, 3, 4, 5, 6]


# -- 2. requirement ------------------------------------------------------------------------------


def test_result_is_tracked_iff_an_input_is(device):
    x, _ = params(device)
    const = pb.Tensor.from_floats([3.0, 4.0], device)
    assert (x * const).is_tracked()
    assert not (const * const).is_tracked()


def test_leaf_that_requires_grad_is_tracked_and_requires_grad(device):
    x, _ = params(device)
    assert x.is_tracked() and x.is_require_grad()


def test_intermediate_is_tracked_but_does_not_require_grad(device):
    x, _ = params(device)
    feats = x.exp()
    assert feats.is_tracked() and not feats.is_require_grad()


def test_require_grad_on_tracked_intermediate_panics(device):
    x, _ = params(device)
    with pytest.raises(pb.Panic) as caught:
        x.exp().require_grad()
    assert caught.value.message == "Can't convert a non leaf tensor into a tracked tensor"


def test_require_grad_on_untracked_result_makes_a_leaf_with_the_same_id(device):
    const = pb.Tensor.from_floats([1.0, 2.0], device)
    doubled = const.mul_scalar(2.0)
    leaf = doubled.require_grad()
    assert leaf.node_id == doubled.node_id
    assert leaf.is_require_grad()
    grads = (leaf * leaf).sum().backward()
    assert grad_of(leaf, grads) == [4.0, 8.0]


# -- 3./4. steps and the three phases of backward ----------------------------------------------


def test_backward_returns_gradients_of_leaves_only(device):
    x, w = params(device)
    feats = x.exp()
    loss = (feats * w).sum()
    grads = loss.backward()
    assert feats.grad(grads) is None
    assert loss.grad(grads) is None
    assert grad_of(w, grads) == [f32(1.6487212), f32(2.7182817)]


def test_second_backward_through_consumed_intermediate_panics_naming_it(device):
    x, w = params(device)
    feats = x.exp()
    (feats * w).sum().backward()
    with pytest.raises(pb.Panic) as caught:
        (feats * w).sum().backward()
    assert caught.value.node_id == 2
    assert caught.value.message == TAPE_CONSUMED.format(2)


def test_rejected_backward_leaves_fresh_branch_usable(device):
    x, w = params(device)
    feats = x.exp()
    (feats * w).sum().backward()
    with pytest.raises(pb.Panic):
        (feats * w).sum().backward()
    grads = (x.exp() * w).sum().backward()
    assert grad_of(x, grads) == [f32(1.6487212), f32(5.4365635)]


def test_rejected_backward_removes_no_step(device):
    x, w = params(device)
    feats = x.exp()
    fresh = (x * w).sum()  # built before the failure: its steps must survive it
    (feats * w).sum().backward()
    with pytest.raises(pb.Panic):
        ((feats * w).sum() + fresh).backward()
    grads = fresh.backward()
    assert grad_of(x, grads) == [1.0, 2.0]
    assert grad_of(w, grads) == [0.5, 1.0]


def test_backward_consumes_the_roots_own_step(device):
    x, w = params(device)
    loss = (x * w).sum()
    loss.backward()
    with pytest.raises(pb.Panic) as caught:
        loss.backward()
    assert caught.value.node_id == loss.node_id


def test_gradients_accumulate_by_addition(device):
    x, _ = params(device)
    grads = (x * x + x).sum().backward()
    # d/dx (x^2 + x) = 2x + 1
    assert grad_of(x, grads) == [2.0, 3.0]


def test_leaf_as_root_gets_ones(device):
    x, _ = params(device)
    assert grad_of(x, x.backward()) == [1.0, 1.0]


# -- 5. grad() -----------------------------------------------------------------------------------


def test_grad_is_none_for_untracked_tensors(device):
    x, w = params(device)
    const = pb.Tensor.from_floats([3.0, 4.0], device)
    grads = (x * const).sum().backward()
    assert const.grad(grads) is None


def test_grad_is_none_for_leaves_the_backward_did_not_reach(device):
    x, w = params(device)
    grads = x.exp().sum().backward()
    assert w.grad(grads) is None


def test_grad_comes_without_autodiff(device):
    x, w = params(device)
    g = x.grad((x * w).sum().backward())
    assert g.node_id is None and not g.is_tracked()


# -- 6. is_tracked after consumption -------------------------------------------------------------


def test_is_tracked_stays_true_after_the_tape_is_consumed(device):
    x, w = params(device)
    feats = x.exp()
    (feats * w).sum().backward()
    assert feats.is_tracked()


# -- 7. detach -----------------------------------------------------------------------------------


def test_detach_of_intermediate_is_untracked(device):
    x, _ = params(device)
    feats = x.exp().detach()
    assert not feats.is_tracked()


def test_detached_leaf_that_requires_grad_still_requires_grad(device):
    x, _ = params(device)
    again = x.detach()
    assert again.is_require_grad()
    assert again.node_id != x.node_id
    grads = (again * again).sum().backward()
    assert grad_of(again, grads) == [1.0, 2.0]
    assert x.grad(grads) is None


def test_detach_then_require_grad_starts_a_new_lineage(device):
    x, w = params(device)
    feats = x.exp()
    (feats * w).sum().backward()
    fresh = feats.detach().require_grad()
    grads = (fresh * w).sum().backward()
    assert grad_of(fresh, grads) == [1.0, 2.0]
    assert x.grad(grads) is None


# -- 8. backward on untracked ----------------------------------------------------------------------


def test_backward_on_untracked_tensor_panics_plainly(device):
    const = pb.Tensor.from_floats([1.0], device).exp()
    with pytest.raises(pb.Panic) as caught:
        const.backward()
    assert caught.value.node_id == const.node_id
    assert "does not take part in a recorded graph" in caught.value.message


# -- SPEC §5: facts from Burn's own tests ---------------------------------------------------------


def test_new_loss_on_consumed_intermediate_is_rejected_though_it_reports_tracked(device):
    x, w = params(device)
    hidden = (x * w).tanh()
    hidden.sum().backward()
    assert hidden.is_tracked()
    with pytest.raises(pb.Panic) as caught:
        hidden.mul_scalar(3.0).sum().backward()
    assert caught.value.node_id == hidden.node_id


def test_recomputing_the_forward_after_a_rejection_gives_the_full_gradient(device):
    x, w = params(device)
    feats = x.exp()
    l1 = (feats * w).sum()
    l2 = feats.mul_scalar(2.0).sum()
    l1.backward()
    with pytest.raises(pb.Panic):
        l2.backward()
    feats = x.exp()
    grads = ((feats * w).sum() + feats.mul_scalar(2.0).sum()).backward()
    assert grad_of(x, grads) == [f32(4.9461637), f32(10.873127)]


def test_leaf_reused_by_any_number_of_fresh_forwards(device):
    x, w = params(device)
    deep = x.exp().exp()
    for _ in range(5):
        grads = (x * w).sum().backward()
        assert grad_of(x, grads) == [1.0, 2.0]
    grads = deep.sum().backward()
    assert x.grad(grads) is not None


def test_shared_intermediate_second_backward_rejected_even_without_a_handle(device):
    x, w = params(device)
    l1, l2 = _two_losses_dropping_the_intermediate(x, w)
    l1.backward()
    with pytest.raises(pb.Panic) as caught:
        l2.backward()
    assert caught.value.node_id == 2


def _two_losses_dropping_the_intermediate(x, w):
    feats = x.exp()
    return (feats * w).sum(), feats.mul_scalar(2.0).sum()


def test_shared_intermediate_losses_added_first_backpropagate_once_correctly(device):
    x, w = params(device)
    l1, l2 = _two_losses_dropping_the_intermediate(x, w)
    grads = (l1 + l2).backward()
    assert grad_of(x, grads) == [f32(4.9461637), f32(10.873127)]
    assert grad_of(w, grads) == [f32(1.6487212), f32(2.7182817)]


def test_backward_twice_through_a_clone_is_rejected(device):
    x, w = params(device)
    loss = (x * w).sum()
    loss.clone().backward()
    with pytest.raises(pb.Panic) as caught:
        loss.backward()
    assert caught.value.node_id == loss.node_id


def test_cat_of_shared_intermediate_accumulates_once_per_edge(device):
    x, _ = params(device)
    feats = x.mul_scalar(3.0)
    joined = pb.Tensor.cat([feats, feats], 0)
    grads = (joined.sum() + feats.sum()).backward()
    # three edges into feats, each carrying 1, times d feats / dx = 3
    assert grad_of(x, grads) == [9.0, 9.0]


def test_cat_of_consumed_intermediate_is_rejected(device):
    x, w = params(device)
    feats = x.exp()
    (feats * w).sum().backward()
    with pytest.raises(pb.Panic) as caught:
        pb.Tensor.cat([feats, w], 0).sum().backward()
    assert caught.value.node_id == feats.node_id


def test_detach_of_consumed_intermediate_then_require_grad_works(device):
    x, w = params(device)
    feats = x.exp()
    (feats * w).sum().backward()
    again = feats.detach().require_grad()
    grads = again.sum().backward()
    assert grad_of(again, grads) == [1.0, 1.0]


# -- float32 ---------------------------------------------------------------------------------------


def test_exp_of_one_is_rusts_f32_value_not_numpys(device):
    one = pb.Tensor.from_floats([1.0], device)
    value = np.float32(one.exp().into_scalar())
    assert value == np.float32(2.7182817)
    assert value.view(np.uint32) == 0x402DF854


def test_values_are_float32(device):
    third = pb.Tensor.from_floats([1.0], device).div_scalar(3.0)
    assert third.into_scalar() == float(np.float32(1.0) / np.float32(3.0))
