"""pbpit.nn: node ids as burn-core gives them to module params, and burn-optim's updates.

Expected ids are derived by hand from Burn's rules (docs/BURN_MODULES.md): an initializer's
param is lazy, its tensor (a new leaf, then `require_grad`, the same id) is made when first read;
`Linear::forward` reads weight, then bias, then runs matmul, the bias's reshape and the add (three
ids for a 2-D input, as real Burn 0.22 takes them: tests/burn022/); an optimizer step gives
each updated param one new id (`from_inner`, then `require_grad`), in field order. Expected
values are worked by hand in float32 from burn-optim's formulas (a PyTorch twin runs if torch is
installed).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

import pbpit as pb

F = np.float32


@pytest.fixture(autouse=True)
def fresh() -> None:
    pb.reset()


def device() -> pb.Device:
    return pb.Device.flex().autodiff()


class Mlp(pb.Module):
    def __init__(self, dev: pb.Device, init: pb.Initializer | None = None) -> None:
        first, second = pb.LinearConfig(2, 3), pb.LinearConfig(3, 1)
        if init is not None:
            first, second = first.with_initializer(init), second.with_initializer(init)
        self.fc1 = first.init(dev)
        self.act = pb.Relu()
        self.fc2 = second.init(dev)

    def forward(self, x: pb.Tensor) -> pb.Tensor:
        return self.fc2.forward(self.act.forward(self.fc1.forward(x)))


class One(pb.Module):
    """A module of one parameter, for the optimizers' arithmetic."""

    def __init__(self, values: list[float]) -> None:
        self.p = pb.Param.from_tensor(pb.Tensor.from_floats(values, device()))


def ids(module: pb.Module) -> list[int | None]:
    return [param.val().node_id for param in module.visit()]


# -- node ids ------------------------------------------------------------------------------------


def test_init_takes_no_node_id_the_first_read_does():
    dev = device()
    model = Mlp(dev)
    assert [p.is_initialized() for p in model.visit()] == [False] * 4
    x = pb.Tensor.from_floats([[1.0, 2.0]], dev)
    assert x.node_id == 0  # init took none
    y = model.forward(x)
    # fc1.weight 1, fc1.bias 2, its linear 3 (matmul), 4 (the bias's reshape), 5 (add), relu 6,
    # fc2.weight 7, fc2.bias 8, its linear 9, 10, 11.
    assert ids(model) == [1, 2, 7, 8]
    assert y.node_id == 11
    assert all(p.is_require_grad() for p in model.visit())


def test_a_training_step_gives_each_param_one_new_id_in_field_order():
    dev = device()
    model = Mlp(dev)
    x = pb.Tensor.from_floats([[1.0, 2.0]], dev)  # 0
    target = pb.Tensor.from_floats([[1.0]], dev)  # 1
    out = model.forward(x)  # params 2, 3, 8, 9; linear 4-6, relu 7, linear 10-12
    loss = pb.MseLoss().forward(out, target, pb.Reduction.Mean)  # sub 13, mul 14, mean 15
    assert loss.node_id == 15
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    assert len(grads) == 4
    before = [p.id for p in model.visit()]
    model = pb.AdamConfig().init().step(1e-3, model, grads)
    assert ids(model) == [16, 17, 18, 19]
    assert [p.id for p in model.visit()] == before  # ParamIds survive the step
    assert all(p.is_require_grad() for p in model.visit())
    # The next forward reads the params (no new id): linear 20-22, relu 23, linear 24-26.
    assert model.forward(x).node_id == 26


def test_a_param_never_read_is_created_when_the_optimizer_maps_it():
    dev = device()
    model = Mlp(dev)
    x = pb.Tensor.from_floats([[1.0, 2.0]], dev)  # 0
    loss = model.fc1.forward(x).sum()  # weight 1, bias 2, linear 3-5, sum 6
    grads = pb.GradientsParams.from_grads(loss.backward(), model)  # fc2's params read: 7, 8
    assert ids(model) == [1, 2, 7, 8]
    model = pb.SgdConfig().init().step(0.1, model, grads)
    # Only fc1's params had gradients: they come back with new ids; fc2's keep theirs.
    assert ids(model) == [9, 10, 7, 8]


def test_valid_is_the_inner_module_with_the_same_param_ids():
    dev = device()
    model = Mlp(dev, pb.Initializer.Constant(1.0))
    valid = model.valid()
    assert ids(valid) == [None] * 4
    assert [p.id for p in valid.visit()] == [p.id for p in model.visit()]
    # valid() read the params of the autodiff module first, in field order: ids 0..3.
    assert ids(model) == [0, 1, 2, 3]
    out = valid.forward(pb.Tensor.from_floats([[1.0, 2.0]], pb.Device.flex()))
    assert out.node_id is None
    assert out.to_vec() == [13.0]  # relu(1 + 2 + 1) = 4 three times, 4 * 3 + 1


def test_dropout_is_the_input_itself_off_autodiff_and_three_nodes_on_it():
    dropout = pb.DropoutConfig(0.5).init()
    inner = pb.Tensor.from_floats([1.0, 2.0], pb.Device.flex())
    assert dropout.forward(inner) is inner
    x = pb.Tensor.from_floats([1.0, 2.0, 3.0, 4.0], device())  # 0
    y = dropout.forward(x)  # mask 1, mul 2, mul_scalar 3
    assert y.node_id == 3
    assert set(y.to_vec()) <= {0.0, 2.0, 4.0, 6.0, 8.0}
    with pytest.raises(ValueError, match="between 0 and 1"):
        pb.DropoutConfig(1.5).init()


# -- values --------------------------------------------------------------------------------------


def test_linear_forward_and_gradients_with_a_constant_initializer():
    dev = device()
    # burn-nn's own tests: constant 2, ones [1, 2] in: [[6, 6, 6]] with bias, [[4, 4, 4]] without.
    layer = pb.LinearConfig(2, 3).with_initializer(pb.Initializer.Constant(2.0)).init(dev)
    plain = layer.forward(pb.Tensor.ones([1, 2], dev))
    assert plain.to_vec() == [6.0] * 3
    no_bias = pb.LinearConfig(2, 3).with_initializer(pb.Initializer.Constant(2.0))
    assert (
        no_bias.with_bias(False).init(dev).forward(pb.Tensor.ones([1, 2], dev)).to_vec()
        == [4.0] * 3
    )
    x = pb.Tensor.from_floats([[1.0, 2.0], [3.0, 4.0]], dev).require_grad()
    loss = layer.forward(x).sum()
    grads = loss.backward()
    # d sum / d W[i, j] = sum over rows of x[:, i]; d / d b = rows; d / d x = row sums of W.
    assert layer.weight.val().grad(grads).to_vec() == [4.0, 4.0, 4.0, 6.0, 6.0, 6.0]
    assert layer.bias.val().grad(grads).to_vec() == [2.0, 2.0, 2.0]
    assert x.grad(grads).to_vec() == [6.0] * 4


def test_linear_of_a_1d_input_adds_a_batch_dim_and_takes_it_off_again():
    dev = device()
    layer = pb.LinearConfig(2, 3).with_initializer(pb.Initializer.Constant(2.0)).init(dev)
    x = pb.Tensor.from_floats([1.0, 2.0], dev).require_grad()  # 0
    y = layer.forward(x)
    # weight 1, bias 2; unsqueeze 3, matmul 4, the bias's reshape 5, add 6, squeeze_dim 7
    assert [p.val().node_id for p in layer.visit()] == [1, 2]
    assert y.node_id == 7 and y.shape == (3,)
    assert y.to_vec() == [8.0] * 3  # 2 * (1 + 2) + 2
    assert x.grad(y.sum().backward()).to_vec() == [6.0, 6.0]


@pytest.mark.parametrize(
    ("shape", "ops"),
    [
        # one batch: Keep, the weight reshaped to [1, 2, 3], batched matmul, bias [1, 1, 3], add
        ([1, 4, 2], 4),
        # 2 batches of 1 row into 3 columns: merged (squarer), reshape, matmul, bias, add, reshape
        ([2, 1, 2], 5),
        # rows a multiple of the 32-row tile: Keep
        ([2, 32, 2], 4),
    ],
)
def test_linear_of_a_3d_input_follows_the_matmul_transform_policy(shape, ops):
    dev = device()
    layer = pb.LinearConfig(2, 3).with_initializer(pb.Initializer.Constant(2.0)).init(dev)
    x = pb.Tensor.ones(shape, dev).require_grad()  # 0
    y = layer.forward(x)  # weight 1, bias 2, then the ops
    assert y.node_id == 2 + ops
    assert y.shape == (*shape[:2], 3)
    assert y.to_vec() == [6.0] * (shape[0] * shape[1] * 3)
    grads = y.sum().backward()
    rows = shape[0] * shape[1]
    assert layer.bias.val().grad(grads).to_vec() == [float(rows)] * 3
    assert layer.weight.val().grad(grads).to_vec() == [float(rows)] * 6
    assert x.grad(grads).to_vec() == [6.0] * (rows * 2)


@pytest.mark.parametrize(
    ("x", "cols", "rows"),
    [  # burn-std's own tests of `MatmulTransformPolicy` (tensor/matmul.rs), 2c06be35
        ((16, 1, 4096), 14336, 16),
        ((8, 512, 4096), 14336, None),
        ((1, 1, 4096), 14336, None),
        ((16, 4096), 14336, None),
        ((8, 1, 64), 32, 8),
        ((4, 1000, 64), 64, None),
    ],
)
def test_the_batches_merge_as_burn_std_decides(x, cols, rows):
    from pbpit.nn.layers import _merged_rows

    assert _merged_rows(x, cols) == rows


def test_kaiming_uniform_bounds_are_one_over_sqrt_d_input():
    pb.seed(7)
    layer = pb.LinearConfig(16, 8).init(device())
    values = np.array(layer.weight.val().to_vec())
    assert np.all(np.abs(values) <= 1 / math.sqrt(16)) and values.std() > 0.05


def test_cross_entropy_of_equal_logits_is_ln_2_and_its_gradient_is_softmax_minus_onehot():
    dev = device()
    logits = pb.Tensor.from_floats([[0.0, 0.0]], dev).require_grad()  # 0
    loss = pb.CrossEntropyLossConfig().init(dev).forward(logits, [1])
    # log_softmax: detach 1, max_dim 2, sub 3, exp 4, sum_dim 5, log 6, sub 7; gather 8,
    # reshape 9, mean 10, neg 11.
    assert loss.node_id == 11
    assert loss.to_vec() == [float(F(math.log(2.0)))]
    assert logits.grad(loss.backward()).to_vec() == [0.5, -0.5]


def test_embedding_rows_and_a_repeated_index_adds_its_gradients():
    dev = device()
    emb = pb.EmbeddingConfig(3, 2).with_initializer(pb.Initializer.Constant(0.5)).init(dev)
    out = emb.forward([[0, 2, 2]])
    assert out.shape == (1, 3, 2)
    grads = out.sum().backward()
    assert emb.weight.val().grad(grads).to_vec() == [1.0, 1.0, 0.0, 0.0, 2.0, 2.0]


def test_layer_norm_normalises_the_last_dim_in_eleven_nodes():
    dev = device()
    norm = pb.LayerNormConfig(3).init(dev)
    x = pb.Tensor.from_floats([[1.0, 2.0, 3.0]], dev)  # 0
    y = norm.forward(x)  # gamma 1, beta 2, then 11 nodes: 3..13
    assert y.node_id == 13
    # mean 2, variance 2/3: (x - 2) / sqrt(2/3 + 1e-5).
    expected = [(v - 2.0) / math.sqrt(2.0 / 3.0 + 1e-5) for v in (1.0, 2.0, 3.0)]
    assert y.to_vec() == pytest.approx(expected, rel=1e-6)


# -- optimizers, by hand in float32 ----------------------------------------------------------------


def f32_sqrt(x: np.float32) -> np.float32:
    return F(np.sqrt(F(x)))


def test_sgd_is_tensor_minus_lr_times_grad():
    model = One([1.0, -2.0])
    loss = (model.p.val() * model.p.val()).sum()  # grad 2p
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = pb.SgdConfig().init().step(0.1, model, grads)
    lr = F(0.1)
    assert model.p.val().to_vec() == [float(F(1.0) - F(2.0) * lr), float(F(-2.0) - F(-4.0) * lr)]


def test_sgd_with_momentum_and_weight_decay_two_steps():
    config = (
        pb.SgdConfig()
        .with_momentum(pb.MomentumConfig())
        .with_weight_decay(pb.WeightDecayConfig(0.5))
    )
    optim = config.init()
    model = One([1.0])
    p, velocity = F(1.0), None
    for _ in range(2):
        loss = (model.p.val() * 3.0).sum()  # grad 3
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(0.1, model, grads)
        g = F(p * F(0.5)) + F(3.0)  # weight decay: tensor * penalty + grad
        # momentum: first the grad itself, then grad * (1 - dampening) + velocity * momentum
        velocity = g if velocity is None else F(g * F(1.0 - 0.1)) + F(velocity * F(0.9))
        p = F(p - F(velocity * F(0.1)))
        assert model.p.val().to_vec() == [float(p)]


def square_and_multiply(b: np.float32, t: int) -> np.float32:
    """Rust's `f32::powi(t)` for t = 1..3 (compiler-builtins: r = b; a = b * b; r = r * a)."""
    return {1: b, 2: F(b * b), 3: F(b * F(b * b))}[t]


def adam_by_hand(p: np.float32, grads: list[float], lr: float) -> list[np.float32]:
    """burn-optim's Adam (defaults), each Rust f32 operation rounded."""
    b1, b2, eps = F(0.9), F(0.999), F(1e-5)
    m = v = None
    out = []
    for t, g in enumerate(grads, start=1):
        g = F(g)
        if m is None:
            m, v = F(g * F(1 - b1)), F(F(g * g) * F(1 - b2))
        else:
            m = F(m * b1) + F(g * F(1 - b1))
            v = F(v * b2) + F(F(g * g) * F(1 - b2))
        c2 = f32_sqrt(F(1) - square_and_multiply(b2, t))
        combined = F(c2 / F(F(1) - square_and_multiply(b1, t)))
        update = F(F(m * combined) / F(f32_sqrt(v) + F(eps * c2)))
        p = F(p - F(update * F(lr)))
        out.append(p)
    return out


def test_adam_three_steps_match_burns_formulas_in_f32():
    optim = pb.AdamConfig().init()
    model = One([2.0])
    seen, grads_seen = [], []
    for _ in range(3):
        p = model.p.val()
        loss = (p * p).sum()  # grad 2p
        grads_seen.append(2.0 * p.to_vec()[0])
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(0.1, model, grads)
        seen.append(model.p.val().to_vec()[0])
    assert seen == [float(v) for v in adam_by_hand(F(2.0), grads_seen, 0.1)]
    # The first step of Adam moves by lr * g / (|g| + epsilon): 2 - 0.1 * 4 / (4 + 1e-5).
    assert seen[0] == pytest.approx(2.0 - 0.1 * 4 / (4 + 1e-5), abs=2e-7)


def test_adamw_decays_the_tensor_by_one_minus_lr_times_weight_decay():
    model = One([2.0])
    loss = (model.p.val() * 3.0).sum()
    grads = pb.GradientsParams.from_grads(loss.backward(), model)
    model = pb.AdamWConfig().with_weight_decay(0.5).init().step(0.1, model, grads)
    b1, b2, eps = F(0.9), F(0.999), F(1e-5)
    m = F(F(3.0) * F(1 - b1)) / F(F(1) - b1)
    v = F(F(9.0) * F(1 - b2)) / F(F(1) - b2)
    delta = F(m / F(f32_sqrt(v) + eps))
    decayed = F(F(2.0) * F(1.0 - 0.1 * float(F(0.5))))
    assert model.p.val().to_vec() == [float(F(decayed - F(delta * F(0.1))))]


def test_powi_is_square_and_multiply_in_f32():
    from pbpit.nn.optim import powi

    b = F(0.999)
    assert powi(b, 1) == b
    assert powi(b, 3) == F(b * F(b * b))  # r = b; a = b*b; r = r * a
    assert powi(b, 4) == F(F(b * b) * F(b * b))


@pytest.mark.skipif(
    __import__("importlib").util.find_spec("torch") is None, reason="PyTorch is not installed"
)
def test_adam_matches_a_pytorch_twin_written_with_burns_formulas():
    import torch

    p = torch.tensor([2.0, -1.0], dtype=torch.float32)
    m = v = None
    model, optim = One([2.0, -1.0]), pb.AdamConfig().init()
    for t in range(1, 4):
        g = 2 * p
        m = g * (1 - torch.tensor(0.9)) if m is None else m * 0.9 + g * (1 - torch.tensor(0.9))
        sq = g * g * (1 - torch.tensor(0.999))
        v = sq if v is None else v * 0.999 + sq
        c2 = torch.sqrt(1 - torch.tensor(0.999) ** t)
        combined = c2 / (1 - torch.tensor(0.9) ** t)
        p = p - (m * combined / (v.sqrt() + 1e-5 * c2)) * 0.1
        loss = (model.p.val() * model.p.val()).sum()
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(0.1, model, grads)
    assert model.p.val().to_vec() == pytest.approx(p.tolist(), abs=1e-6)


# -- the panic -------------------------------------------------------------------------------------


def test_features_cached_outside_the_loop_panic_at_the_second_backward():
    dev = device()
    encoder = pb.LinearConfig(2, 2).with_initializer(pb.Initializer.Constant(0.5)).init(dev)
    head = pb.LinearConfig(2, 1).with_initializer(pb.Initializer.Constant(0.5)).init(dev)
    optim = pb.AdamConfig().init()
    x = pb.Tensor.from_floats([[1.0, 2.0]], dev)  # 0
    features = encoder.forward(x)  # weight 1, bias 2, matmul 3, the bias's reshape 4, add 5
    assert features.node_id == 5
    loss = head.forward(features).sum()
    head = optim.step(1e-2, head, pb.GradientsParams.from_grads(loss.backward(), head))
    loss = head.forward(features).sum()
    with pytest.raises(pb.Panic) as caught:
        loss.backward()
    assert caught.value.node_id == 5
    assert "graph tape has already been consumed at NodeId(5)" in caught.value.message


def test_bad_input_says_what_was_expected():
    with pytest.raises(TypeError, match="expected Gradients"):
        pb.GradientsParams.from_grads(None, Mlp(device()))
    with pytest.raises(TypeError, match="expected GradientsParams"):
        pb.SgdConfig().init().step(0.1, Mlp(device()), {})
    # burn-nn's assert!s panic: tests/test_nn_added.py has their messages and places
    with pytest.raises(pb.Panic, match=r"should be in interval \[0, 1\]. Got 1.5"):
        pb.CrossEntropyLossConfig().with_smoothing(1.5).init(device())
    with pytest.raises(pb.Panic, match="Weights of cross-entropy have to be positive"):
        pb.CrossEntropyLossConfig().with_weights([1.0, 0.0]).init(device())
