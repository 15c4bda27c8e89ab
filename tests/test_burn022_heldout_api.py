"""Burn 0.22 and std constructs held-out training programs use, refused by pbpit until checked
here: `usize::min(a, b)` under `use burn::prelude::*;`, SGD with `MomentumConfig`, `flatten` and
`slice` of an Int tensor.

Each expected output has an oracle outside pbpit: rustc 1.95's output (std), a hand derivation
(Int tensors), or burn-optim's `Momentum::transform` and `Sgd::step` (0.22's
crates/burn-optim/src/optim/momentum.rs and sgd.rs) worked in float32 by `_burn_momentum` below,
one rounding per tensor op as Burn's kernels do."""

from __future__ import annotations

import textwrap
from pathlib import Path

import numpy as np
from pbpit_process import pbpit_run


def stdout_of(tmp_path: Path, source: str) -> str:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    status, out, err = pbpit_run(path)
    assert status == 0, err
    return out


# -- an integer's `min` called by its path -------------------------------------------------------


def test_usize_min_by_path_runs_under_a_glob_use(tmp_path):
    # rustc 1.95 prints `3 2` (a glob or a `use` of std's number module leaves `usize::min` the
    # type's function)
    source = """
        #![allow(deprecated)]
        use std::*;
        use std::f64;
        fn main() {
            let a = usize::min(5, 3);
            let b = f64::max(1.0, 2.0);
            println!("{a} {b}");
        }
    """
    assert stdout_of(tmp_path, source) == "3 2\n"


def test_usize_min_by_path_runs_in_a_burn_program(tmp_path):
    source = """
        use burn::prelude::*;

        fn main() {
            let device = Device::flex().autodiff();
            let x = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &device);
            let end = usize::min(5, x.dims()[0]);
            println!("{} {}", end, x.slice([0..end]).sum().into_scalar::<f32>());
        }
    """
    assert stdout_of(tmp_path, source) == "3 6\n"


# -- Int tensors: `flatten` and `slice` (Burn's `K: BasicOps`, every kind) ------------------------


def test_flatten_and_slice_of_int_tensors(tmp_path):
    source = """
        use burn::prelude::*;

        fn main() {
            let device = Device::flex().autodiff();
            let logits = Tensor::<2>::from_floats([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]], &device);
            let labels = Tensor::<1, Int>::from_ints([1, 1, 1], &device);
            let picked = logits.argmax(1).flatten::<1>(0, 1);
            let correct = picked.clone().equal(labels).int().sum().into_scalar::<i64>();
            println!("{correct} {:?}", picked.into_data().to_vec::<i32>().unwrap());
            let actions = Tensor::<2, Int>::from_ints([[0, 5], [1, 6], [2, 7], [3, 8]], &device);
            let first: Tensor<2, Int> = actions.clone().slice([1..3]);
            println!("{:?} {:?}", first.dims(), first.into_data().to_vec::<i32>().unwrap());
            let col = actions.slice([0..4, 1..2]).flatten::<1>(0, 1);
            println!("{:?}", col.into_data().to_vec::<i32>().unwrap());
        }
    """
    assert stdout_of(tmp_path, source) == "2 [1, 0, 1]\n[2, 2] [1, 6, 2, 7]\n[5, 6, 7, 8]\n"


# -- SGD with momentum ---------------------------------------------------------------------------

F = np.float32
X = np.array([1.0, 2.0], dtype=F)


def _grad(w: np.ndarray) -> np.ndarray:
    """d/dw of `(x @ w)^2` for x = [1, 2]: both products exact, so one rounding for the sum."""
    y = F(w[0] * X[0]) + F(w[1] * X[1])
    dy = F(y * F(2.0))
    return np.array([dy * X[0], dy * X[1]], dtype=F)


def _burn_momentum(
    momentum: float | None, dampening: float, nesterov: bool, penalty: float | None = None
) -> list[str]:
    """Three steps of burn-optim's SGD with momentum at lr 0.1: the first velocity the gradient,
    then `grad * (1 - dampening) + velocity * momentum` (`1 - dampening` in f64, each
    `mul_scalar` converting its scalar to f32); Nesterov's `velocity * momentum + grad`; then
    `tensor - grad * lr`. Weight decay first (decay.rs): `grad = tensor * penalty + grad`."""
    w, velocity, shown = np.array([0.3, -0.7], dtype=F), None, []
    for _ in range(3):
        grad = _grad(w)
        if penalty is not None:
            grad = (w * F(penalty)).astype(F) + grad
        if momentum is None:
            velocity = grad
        elif velocity is None:
            velocity = grad
        else:
            velocity = (grad * F(1.0 - dampening)).astype(F) + (velocity * F(momentum)).astype(F)
        step = (velocity * F(momentum)).astype(F) + grad if nesterov else velocity
        if momentum is None:
            velocity = None
        w = (w - (step * F(0.1)).astype(F)).astype(F)
        shown.append("[" + ", ".join(str(v) for v in w) + "]")  # NumPy's f32 str: Rust's `{:?}`
    return shown


def test_sgd_with_momentum_steps_as_burn_optim_does(tmp_path):
    source = """
        use burn::{
            nn::Linear,
            optim::{momentum::MomentumConfig, GradientsParams, Optimizer, SgdConfig},
            prelude::*,
        };

        #[derive(Module, Debug)]
        struct M {
            fc: Linear,
        }

        fn main() {
            let device = Device::flex().autodiff();
            let w = Tensor::<2>::from_floats([[0.3], [-0.7]], &device);
            let mut model = M { fc: Linear { weight: Param::from_tensor(w), bias: None } };
            let momentum = MomentumConfig::new().with_momentum(0.8).with_dampening(0.3);
            let mut plain = SgdConfig::new().with_momentum(Some(MomentumConfig::new())).init();
            let mut tuned = SgdConfig::new().with_momentum(Some(momentum.clone())).init();
            let nesterov = Some(momentum.with_nesterov(true));
            let mut ahead = SgdConfig::new().with_momentum(nesterov).init();
            let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
            let mut a = model.clone();
            let mut b = model.clone();
            for _ in 0..3 {
                let loss = a.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &a);
                a = plain.step(0.1, a, grads);
                let loss = b.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &b);
                b = tuned.step(0.1, b, grads);
                let loss = model.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &model);
                model = ahead.step(0.1, model, grads);
                println!("{:?}", a.fc.weight.val().into_data().to_vec::<f32>().unwrap());
                println!("{:?}", b.fc.weight.val().into_data().to_vec::<f32>().unwrap());
                println!("{:?}", model.fc.weight.val().into_data().to_vec::<f32>().unwrap());
            }
        }
    """
    default = _burn_momentum(0.9, 0.1, False)  # MomentumConfig's defaults
    tuned = _burn_momentum(0.8, 0.3, False)
    nesterov = _burn_momentum(0.8, 0.3, True)
    expected = "".join(f"{p}\n{q}\n{r}\n" for p, q, r in zip(default, tuned, nesterov, strict=True))
    assert default[1:] != tuned[1:] != nesterov[1:]  # each setting changes the steps after the 1st
    assert stdout_of(tmp_path, source) == expected


def test_sgd_with_weight_decay_and_momentum_steps_as_burn_optim_does(tmp_path):
    source = """
        use burn::{
            nn::Linear,
            optim::{decay::WeightDecayConfig, momentum::MomentumConfig, GradientsParams},
            optim::{Optimizer, SgdConfig},
            prelude::*,
        };

        #[derive(Module, Debug)]
        struct M {
            fc: Linear,
        }

        fn main() {
            let device = Device::flex().autodiff();
            let w = Tensor::<2>::from_floats([[0.3], [-0.7]], &device);
            let mut model = M { fc: Linear { weight: Param::from_tensor(w), bias: None } };
            let mut b = model.clone();
            let mut decayed = SgdConfig::new()
                .with_weight_decay(Some(WeightDecayConfig::new(0.3)))
                .init();
            let mut both = SgdConfig::new()
                .with_weight_decay(Some(WeightDecayConfig::new(0.3)))
                .with_momentum(Some(MomentumConfig::new()))
                .init();
            let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
            for _ in 0..3 {
                let loss = model.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &model);
                model = decayed.step(0.1, model, grads);
                let loss = b.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &b);
                b = both.step(0.1, b, grads);
                println!("{:?}", model.fc.weight.val().into_data().to_vec::<f32>().unwrap());
                println!("{:?}", b.fc.weight.val().into_data().to_vec::<f32>().unwrap());
            }
        }
    """
    decayed = _burn_momentum(None, 0.0, False, penalty=0.3)
    both = _burn_momentum(0.9, 0.1, False, penalty=0.3)
    assert decayed[0] != _burn_momentum(None, 0.0, False)[0]  # the penalty changes the 1st step
    expected = "".join(f"{p}\n{q}\n" for p, q in zip(decayed, both, strict=True))
    assert stdout_of(tmp_path, source) == expected


def test_adam_with_weight_decay_is_adam_on_the_decayed_gradient(tmp_path):
    # burn-optim's `WeightDecay::transform` adds `tensor * penalty` to the gradient before Adam's
    # moments: with a penalty of 0.5 that is the gradient of `0.25 * sum(w^2)` added to the loss
    # (each product by a power of two, exact in f32), so both models step to the same weights
    source = """
        use burn::{
            nn::Linear,
            optim::{decay::WeightDecayConfig, AdamConfig, GradientsParams, Optimizer},
            prelude::*,
        };

        #[derive(Module, Debug)]
        struct M {
            fc: Linear,
        }

        fn main() {
            let device = Device::flex().autodiff();
            let w = Tensor::<2>::from_floats([[0.3], [-0.7]], &device);
            let mut a = M { fc: Linear { weight: Param::from_tensor(w), bias: None } };
            let mut b = a.clone();
            let mut plain = a.clone();
            let decay = Some(WeightDecayConfig::new(0.5));
            let mut decayed = AdamConfig::new().with_weight_decay(decay).init();
            let mut adam = AdamConfig::new().init();
            let mut adam_plain = AdamConfig::new().init();
            let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
            for _ in 0..2 {
                let loss = a.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &a);
                a = decayed.step(0.01, a, grads);
                let penalty = b.fc.weight.val().powf_scalar(2.0).sum() * 0.25;
                let loss = b.fc.forward(x.clone()).powf_scalar(2.0).sum() + penalty;
                let grads = GradientsParams::from_grads(loss.backward(), &b);
                b = adam.step(0.01, b, grads);
                let loss = plain.fc.forward(x.clone()).powf_scalar(2.0).sum();
                let grads = GradientsParams::from_grads(loss.backward(), &plain);
                plain = adam_plain.step(0.01, plain, grads);
                println!("{:?}", a.fc.weight.val().into_data().to_vec::<f32>().unwrap());
                println!("{:?}", b.fc.weight.val().into_data().to_vec::<f32>().unwrap());
                println!("{:?}", plain.fc.weight.val().into_data().to_vec::<f32>().unwrap());
            }
        }
    """
    lines = stdout_of(tmp_path, source).splitlines()
    assert len(lines) == 6
    decayed, regularised, plain = lines[0::3], lines[1::3], lines[2::3]
    assert decayed == regularised
    assert decayed[1] != plain[1]
