"""burn-nn modules added for what training code uses, run from Rust as a user writes them.

`LeakyRelu` (burn-nn `activation/leaky_relu.rs`): `LeakyReluConfig { negative_slope: f64 }`,
0.01 by default, `init()` makes `LeakyRelu { negative_slope }` (a `#[derive(Module)]` struct,
its field public), whose `forward` is `activation::leaky_relu(input, negative_slope)`:
`mask_where(x.lower_elem(0), x.mul_scalar(slope))` (burn-tensor `activation/base.rs`), so
`x * slope` in f32 below 0 and the gradient `grad * slope` there. Expected values are that
arithmetic in NumPy's float32, not pbpit's."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest
from pbpit_process import pbpit_run

import pbpit as pb

F32 = np.float32


def _debug(values) -> str:
    from pbpit.rust.format import f32_debug

    return "[" + ", ".join(f32_debug(float(v)) for v in values) + "]"


def test_leaky_relu_module_as_a_field_and_alone(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::nn::{LeakyRelu, LeakyReluConfig};
            use burn::prelude::*;

            #[derive(Module, Debug)]
            struct Net {
                act: LeakyRelu,
            }

            fn main() {
                let device = Device::flex().autodiff();
                let x = Tensor::<2>::from_floats([[1.0, -2.0], [-0.5, 3.0]], &device);
                let x = x.require_grad();
                let net = Net { act: LeakyReluConfig::new().with_negative_slope(0.2).init() };
                let plain: LeakyRelu = LeakyReluConfig::new().init();
                println!("{} {}", net.act.negative_slope, plain.negative_slope);
                let y = net.act.forward(x.clone()) + plain.forward(x.clone());
                println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
                let g = y.sum().backward();
                println!("{:?}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }
            """
        )
    )
    x = np.array([1.0, -2.0, -0.5, 3.0], F32)
    leaky = [np.where(x < 0, x * F32(slope), x) for slope in (0.2, 0.01)]
    grads = [np.where(x < 0, F32(slope), F32(1.0)) for slope in (0.2, 0.01)]
    status, out, err = pbpit_run(program)
    assert (status, err) == (0, "")
    assert out == f"0.2 0.01\n{_debug(leaky[0] + leaky[1])}\n{_debug(grads[0] + grads[1])}\n"


def test_leaky_relu_config_offers_what_it_has(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::nn::LeakyReluConfig;
            use burn::prelude::*;

            fn main() {
                let act = LeakyReluConfig::new().with_slope(0.2).init();
            }
            """
        )
    )
    status, _, err = pbpit_run(program)
    assert status == 2
    assert "`with_slope` on `LeakyReluConfig`" in err
    assert "pbpit runs `with_negative_slope(..)` and `init()`" in err


# -- CrossEntropyLoss's options (burn-nn `loss/cross_entropy.rs`) ---------------------------------
# Burn's own formulas, written with torch's ops (torch's ignore_index and weighted mean divide
# by other counts than Burn does): pad tokens' losses are zeroed and still counted in the mean;
# with weights the sum of the weighted losses over the sum of every target's weight.

DEV = pb.Device.flex().autodiff()
LOGITS = [[0.5, -1.0, 2.0, 0.1], [1.5, 0.2, -0.3, 0.7], [-2.0, 0.4, 0.9, 1.1]]
TARGETS = [2, 0, 3]


def _ce(config, logits=LOGITS, targets=TARGETS):
    pb.reset()
    loss_fn = config.init(DEV)
    x = pb.Tensor.from_floats(np.asarray(logits, F32), DEV).require_grad()
    loss = loss_fn.forward(x.clone(), pb.Tensor.from_ints(targets, DEV))
    grads = loss.backward()
    return loss, x.grad(grads).to_vec(), x.node_id


def _torch_ce(torch, formula, logits=LOGITS):
    x = torch.tensor(np.asarray(logits, F32), requires_grad=True)
    loss = formula(torch.log_softmax(x, 1))
    loss.backward()
    return loss.item(), x.grad.numpy().reshape(-1)


def _close(got, expected):
    np.testing.assert_allclose(np.asarray(got, F32), expected, rtol=2e-6, atol=1e-7)


def test_pad_tokens_zero_their_losses_and_count_in_the_mean():
    torch = pytest.importorskip("torch")
    loss, grad, first = _ce(pb.CrossEntropyLossConfig().with_pad_tokens([0, 3]))
    targets = torch.tensor(TARGETS)
    pad = torch.tensor([t in (0, 3) for t in TARGETS])

    def formula(lp):
        picked = lp.gather(1, targets.reshape(3, 1)).reshape(3)
        return -picked.masked_fill(pad, 0.0).mean()

    expected, expected_grad = _torch_ce(torch, formula)
    assert loss.node_id == first + 12  # 11, and the mask_fill
    _close(loss.to_vec(), [expected])
    _close(grad, expected_grad)


def test_weights_divide_by_the_targets_weights():
    torch = pytest.importorskip("torch")
    config = pb.CrossEntropyLossConfig().with_weights([1.0, 2.0, 0.5, 4.0])
    loss, grad, first = _ce(config)
    targets, w = torch.tensor(TARGETS), torch.tensor([1.0, 2.0, 0.5, 4.0])

    def formula(lp):
        picked = lp.gather(1, targets.reshape(3, 1)).reshape(3)
        return -(picked * w[targets]).sum() / w[targets].sum()

    expected, expected_grad = _torch_ce(torch, formula)
    # the weights' tensor 0 (made at init), x 1; log_softmax 7, gather 1, gather of the
    # weights 1, reshape 1, mul 1, sum 1, neg 1, the weights' sum 1, div 1
    assert (first, loss.node_id) == (1, 1 + 15)
    _close(loss.to_vec(), [expected])
    _close(grad, expected_grad)


@pytest.mark.parametrize("weighted", [False, True])
def test_smoothing_against_burns_formula(weighted):
    torch = pytest.importorskip("torch")
    config = pb.CrossEntropyLossConfig().with_smoothing(0.1).with_pad_tokens([0])
    if weighted:
        config = config.with_weights([1.0, 2.0, 0.5, 4.0])
    loss, grad, first = _ce(config)
    targets, w = torch.tensor(TARGETS), torch.tensor([1.0, 2.0, 0.5, 4.0])
    pad = torch.tensor([t == 0 for t in TARGETS]).reshape(3, 1).repeat(1, 4)

    def formula(lp):
        one_hot = torch.zeros(3, 4).scatter(1, targets.reshape(3, 1), 1.0)
        smoothed = one_hot * (1 - np.float32(0.1)) + np.float32(0.1) / 4
        tensor = lp * smoothed
        if weighted:
            tensor = (tensor * w.reshape(1, 4)).masked_fill(pad, 0.0)
            return -tensor.sum() / w[targets].sum()
        return -tensor.masked_fill(pad, 0.0).sum(1).mean()

    expected, expected_grad = _torch_ce(torch, formula)
    # log_softmax 7, zeros 1, ones 1, scatter 1, mul_scalar 1, add_scalar 1, mul 1, then
    # mask_fill 1, sum_dim 1, mean 1, neg 1; weighted: reshape, repeat_dim, mul, gather,
    # mask_fill, sum, neg, sum, div
    assert loss.node_id - first == (7 + 5 + 1 + 9 if weighted else 7 + 5 + 1 + 4)
    _close(loss.to_vec(), [expected])
    _close(grad, expected_grad)


def test_cross_entropy_options_from_rust(tmp_path):
    program = tmp_path / "main.rs"
    program.write_text(
        textwrap.dedent(
            """
            use burn::nn::loss::CrossEntropyLossConfig;
            use burn::prelude::*;

            fn main() {
                let device = Device::flex().autodiff();
                let loss_fn = CrossEntropyLossConfig::new()
                    .with_pad_tokens(Some(vec![0]))
                    .with_smoothing(Some(0.1))
                    .with_weights(Some(vec![1.0, 2.0, 0.5, 4.0]))
                    .init(&device);
                let x = Tensor::<2>::from_floats(
                    [[0.5, -1.0, 2.0, 0.1], [1.5, 0.2, -0.3, 0.7], [-2.0, 0.4, 0.9, 1.1]],
                    &device,
                )
                .require_grad();
                let t = Tensor::<1, Int>::from_ints([2, 0, 3], &device);
                let loss = loss_fn.forward(x.clone(), t);
                println!("{}", loss.clone().into_scalar::<f32>());
                let g = loss.backward();
                println!("{:?}", x.grad(&g).unwrap().into_data().to_vec::<f32>().unwrap());
            }
            """
        )
    )
    from pbpit.rust.format import f32_debug, f32_display

    config = (
        pb.CrossEntropyLossConfig()
        .with_pad_tokens([0])
        .with_smoothing(0.1)
        .with_weights([1.0, 2.0, 0.5, 4.0])
    )
    loss, grad, _ = _ce(config)
    expected = f"{f32_display(loss.to_vec()[0])}\n[{', '.join(map(f32_debug, grad))}]\n"
    status, out, err = pbpit_run(program)
    assert (status, out, err) == (0, expected, "")


# -- burn-nn's assert!s: a panic at the macro (loss/*.rs at 2c06be35), in its own words ---------

NN = "~/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/burn-nn-0.22.1/src/loss/"


def _panics(tmp_path, body: str, printed: str = "") -> tuple[int, str]:
    program = tmp_path / "main.rs"
    program.write_text(
        "use burn::nn::loss::{BinaryCrossEntropyLossConfig, CrossEntropyLossConfig};\n"
        "use burn::prelude::*;\n\nfn main() {\n    let device = Device::flex().autodiff();\n"
        + textwrap.indent(textwrap.dedent(body), "    ")
        + "}\n"
    )
    status, out, err = pbpit_run(program)
    assert out == printed
    return status, err


def _block(where: str, message: str) -> str:
    return (
        f"\nthread 'main' (TID) panicked at {NN}{where}:\n{message}\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


def test_cross_entropy_of_another_batch_size_is_burn_nns_assertion(tmp_path):
    status, err = _panics(
        tmp_path,
        """
        let x = Tensor::<2>::from_floats([[0.5, -1.0], [2.0, 0.1]], &device);
        let t = Tensor::<1, Int>::from_ints([1, 0, 1], &device);
        let loss = CrossEntropyLossConfig::new().init(&device).forward(x, t);
        """,
    )
    assert status == 101
    assert err.endswith(
        _block(
            "cross_entropy.rs:248:9",
            "Shape of targets (3) should correspond to outer shape of logits (2).",
        )
    )


def test_a_smoothing_out_of_range_is_burn_nns_assertion(tmp_path):
    status, err = _panics(
        tmp_path,
        "let loss = CrossEntropyLossConfig::new().with_smoothing(Some(1.5)).init(&device);\n",
    )
    assert status == 101
    assert err.endswith(
        _block(
            "cross_entropy.rs:62:13",
            "Alpha of Cross-entropy loss with smoothed labels should be in interval [0, 1]. "
            "Got 1.5",
        )
    )


def test_binary_cross_entropy_of_other_shapes_is_burn_nns_assertion(tmp_path):
    status, err = _panics(
        tmp_path,
        """
        let x = Tensor::<2>::from_floats([[0.5, 0.2]], &device);
        let t = Tensor::<2, Int>::from_ints([[1], [0]], &device);
        let loss = BinaryCrossEntropyLossConfig::new().init(&device).forward(x, t);
        """,
    )
    assert status == 101
    assert err.endswith(
        _block(
            "binary_cross_entropy.rs:141:9",
            "Shape of targets ([2, 1]) should correspond to outer shape of logits ([1, 2]).",
        )
    )


def test_mse_of_shapes_that_broadcast_runs_and_of_others_is_subs_panic(tmp_path):
    # burn-nn's MseLoss is `logits.sub(targets).square()`: Burn's broadcasting, or its check
    status, err = _panics(
        tmp_path,
        """
        let mse = burn::nn::loss::MseLoss::new();
        let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 5.0]], &device);
        let t = Tensor::<2>::from_floats([[1.0, 1.0]], &device);
        let mean = mse.forward(x.clone(), t, burn::nn::loss::Reduction::Mean);
        println!("{}", mean.into_scalar::<f32>());
        let bad = Tensor::<2>::from_floats([[1.0, 1.0, 1.0]], &device);
        let loss = mse.forward_no_reduction(x, bad);
        """,
        "5.25\n",  # (0 + 1 + 4 + 16) / 4: t broadcast over both rows
    )
    assert status == 101
    assert "numeric.rs:89:9:\n=== Tensor Operation Error ===\n  Operation: 'Sub'" in err
