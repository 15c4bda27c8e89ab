"""Burn 0.22's trainer idioms of issue 26 (session 24's fixer F), run as burn-optim defines them:
`GradientsParams::from_module(&mut grads, &part)` (`optim/grads.rs`: the gradients of one
module's params taken out of one backward's, so two optimizers step two modules), with rustc's
E0308 for a reference where Burn takes a value or the reverse; cubecl-zspace's `Shape::new([..])`
and a `Shape` given where Burn takes `S: Into<Shape>` (`Tensor::zeros(x.shape(), &device)`) or
`ReshapeArgs` (`x.reshape(y.shape())`).

Oracles: a hand twin (the two modules stepped apart by the same SGD equal one module holding
both, stepped once: Burn's `from_grads` is `from_module` of the whole), and hand derivation."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from pbpit_process import pbpit_run

HEAD = """\
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};
"""

SPLIT = (
    HEAD
    + """
#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
}

#[derive(Module, Debug)]
struct Head {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let mut encoder = Encoder { fc: LinearConfig::new(3, 4).init(&device) };
    let mut head = Head { fc: LinearConfig::new(4, 1).init(&device) };
    let mut opt_enc = SgdConfig::new().init();
    let mut opt_head = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1, -0.2], [0.3, 0.9, 0.4]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-0.5]], &device);
    for step in 0..4 {
        let pred = head.fc.forward(encoder.fc.forward(x.clone()).tanh());
        let loss = (pred - y.clone()).powf_scalar(2.0).mean();
        println!("{step} {}", loss.clone().into_scalar::<f32>());
        let mut grads = loss.backward();
        let g_enc = GradientsParams::from_module(&mut grads, &encoder);
        let g_head = GradientsParams::from_module(&mut grads, &head);
        encoder = opt_enc.step(0.1, encoder, g_enc);
        head = opt_head.step(0.1, head, g_head);
    }
}
"""
)

JOINT = (
    HEAD
    + """
#[derive(Module, Debug)]
struct Both {
    enc: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let enc = LinearConfig::new(3, 4).init(&device);
    let head = LinearConfig::new(4, 1).init(&device);
    let mut both = Both { enc, head };
    let mut opt = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1, -0.2], [0.3, 0.9, 0.4]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-0.5]], &device);
    for step in 0..4 {
        let pred = both.head.forward(both.enc.forward(x.clone()).tanh());
        let loss = (pred - y.clone()).powf_scalar(2.0).mean();
        println!("{step} {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &both);
        both = opt.step(0.1, both, grads);
    }
}
"""
)

# One module, its gradients taken by `GRADS` (each rejected by rustc: burn-optim's signatures
# `from_grads(grads: Gradients, module: &M)`, `from_module(grads: &mut Gradients, module: &M)`).
ONE = (
    HEAD
    + """
#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    let net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
    let mut grads = net.fc.forward(x).sum().backward();
    let taken = GRADS;
    let mut optim = SgdConfig::new().init();
    let _net = optim.step(0.1, net, taken);
    println!("ok");
}
"""
)


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return pbpit_run(path)


def test_two_modules_split_out_of_one_backward_step_as_one_module_holding_both(tmp_path):
    split = run(tmp_path, SPLIT)
    joint = run(tmp_path, JOINT)
    assert split[0] == 0 and split[2] == "", split
    assert split[1] == joint[1] and len(split[1].splitlines()) == 4


@pytest.mark.parametrize(
    ("taken", "expected"),
    [
        ("GradientsParams::from_module(&mut grads, &net)", None),
        (
            "GradientsParams::from_module(grads, &net)",
            "expected `&mut Gradients`, found `Gradients`",
        ),
        (
            "GradientsParams::from_module(&grads, &net)",
            "expected `&mut Gradients`, found `&Gradients`",
        ),
        (
            "GradientsParams::from_grads(&mut grads, &net)",
            "expected `Gradients`, found `&mut Gradients`",
        ),
        ("GradientsParams::from_grads(grads, net.clone())", "expected `&_`, found `Net`"),
        ("GradientsParams::from_module(&mut grads, net.clone())", "expected `&_`, found `Net`"),
    ],
)
def test_gradients_taken_as_burn_optim_takes_them(tmp_path, taken, expected):
    status, out, err = run(tmp_path, ONE.replace("GRADS", taken))
    if expected is None:
        assert (status, out) == (0, "ok\n"), err
    else:
        assert status != 0 and out == ""
        assert err.startswith(f"error[E0308]: mismatched types: {expected}"), err


def test_shape_new_and_a_shape_where_burn_takes_one(tmp_path):
    source = """\
    use burn::prelude::*;

    fn main() {
        let device = Device::flex().autodiff();
        let x = Tensor::<2>::from_floats([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], &device);
        let z = Tensor::<2>::zeros(x.shape(), &device);
        let o = Tensor::<2>::ones(Shape::new([2, 3]), &device);
        println!("{}", (z + o).sum().into_scalar::<f32>());
        let r = x.clone().reshape(Shape::new([3, 2]));
        println!("{:?} {}", r.dims(), Shape::new([4, 5]).num_elements());
        let back = r.reshape(x.shape());
        println!("{}", back.equal(x).all().into_scalar::<bool>());
    }
    """
    status, out, err = run(tmp_path, source)
    assert (status, out) == (0, "6\n[3, 2] 20\ntrue\n"), err


# burn-tensor 0.22's `Gradients` (`api/autodiff.rs`) has no public method: `grads.remove(&x)`
# is rustc's E0599; the older dialect's `B::Gradients` (burn-autodiff `grads.rs`) takes an
# `&AutodiffTensor<B>` primitive in `remove`/`get`/`register`: a `&Tensor<B, D>` is E0308.
GRADS_022 = """\
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut grads = (w.clone() * 3.0).sum().backward();
    let taken = grads.METHOD(&w);
    println!("{}", taken.is_some());
}
"""

GRADS_OLD = """\
use burn::backend::{Autodiff, NdArray};
use burn::tensor::Tensor;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut grads = (w.clone() * 3.0).sum().backward();
    let taken = grads.METHOD(&w);
    println!("{}", taken.is_some());
}
"""


@pytest.mark.parametrize("method", ["remove", "get"])
def test_a_method_of_gradients_is_rustcs_error(tmp_path, method):
    status, out, err = run(tmp_path, GRADS_022.replace("METHOD", method))
    assert status != 0 and out == ""
    assert err.startswith(
        f"error[E0599]: no method named `{method}` found for struct `Gradients`"
    ), err
    status, out, err = run(tmp_path, GRADS_OLD.replace("METHOD", method))
    assert status != 0 and out == ""
    assert err.startswith("error[E0308]: mismatched types"), err


def test_the_tensors_own_grad_remove_runs(tmp_path):
    source = GRADS_022.replace("grads.METHOD(&w)", "w.grad_remove(&mut grads)")
    status, out, err = run(tmp_path, source)
    assert (status, out) == (0, "true\n"), err


# A trainer struct holding two modules, two `ModuleOptimizer`s and a scheduler, splitting one
# backward's gradients with `from_module` in a `&mut self` method; its twin holds both modules
# in one, stepped by one SGD at the rates the exponential scheduler gives (burn-optim's
# `previous_lr = initial / gamma`, then `*= gamma`).
TRAINER = """\
use burn::{
    lr_scheduler::{
        exponential::ExponentialLrSchedulerConfig, module_lr_scheduler::ModuleLrScheduler,
    },
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, ModuleOptimizer, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Enc {
    fc: Linear,
}

#[derive(Module, Debug)]
struct Dec {
    fc: Linear,
}

struct Trainer {
    enc: Enc,
    dec: Dec,
    opt_enc: ModuleOptimizer,
    opt_dec: ModuleOptimizer,
    sched: ModuleLrScheduler,
}

impl Trainer {
    fn step(&mut self, x: Tensor<2>) -> f32 {
        let recon = self.dec.fc.forward(self.enc.fc.forward(x.clone()));
        let loss = (recon - x).powf_scalar(2.0).mean();
        let value = loss.clone().into_scalar::<f32>();
        let lr = self.sched.step();
        let mut grads = loss.backward();
        let g_enc = GradientsParams::from_module(&mut grads, &self.enc);
        let g_dec = GradientsParams::from_module(&mut grads, &self.dec);
        self.enc = self.opt_enc.step(lr.clone(), self.enc.clone(), g_enc);
        self.dec = self.opt_dec.step(lr, self.dec.clone(), g_dec);
        value
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut t = Trainer {
        enc: Enc { fc: LinearConfig::new(3, 2).init(&device) },
        dec: Dec { fc: LinearConfig::new(2, 3).init(&device) },
        opt_enc: SgdConfig::new().init(),
        opt_dec: SgdConfig::new().init(),
        sched: ExponentialLrSchedulerConfig::new(0.5, 0.8).init().unwrap(),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]], &device);
    for epoch in 0..3 {
        println!("{epoch} {}", t.step(x.clone()));
    }
}
"""

TRAINER_TWIN = """\
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Both {
    enc: Linear,
    dec: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let enc = LinearConfig::new(3, 2).init(&device);
    let dec = LinearConfig::new(2, 3).init(&device);
    let mut both = Both { enc, dec };
    let mut opt = SgdConfig::new().init();
    let mut prev = 0.5f64 / 0.8;
    let x = Tensor::<2>::from_floats([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]], &device);
    for epoch in 0..3 {
        let recon = both.dec.forward(both.enc.forward(x.clone()));
        let loss = (recon - x.clone()).powf_scalar(2.0).mean();
        println!("{epoch} {}", loss.clone().into_scalar::<f32>());
        prev *= 0.8;
        let grads = GradientsParams::from_grads(loss.backward(), &both);
        both = opt.step(prev, both, grads);
    }
}
"""


def test_a_trainer_struct_splitting_gradients_with_a_scheduler(tmp_path):
    split = run(tmp_path, TRAINER)
    joint = run(tmp_path, TRAINER_TWIN)
    assert split[0] == 0 and split[2] == "", split
    assert split[1] == joint[1] and len(split[1].splitlines()) == 3
