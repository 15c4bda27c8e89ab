"""`optim: &mut impl Optimizer<M, B>`: an optimizer parameter written with argument-position
`impl Trait` (the older Burn dialect's `Optimizer<M: AutodiffModule<B>, B: AutodiffBackend>`),
which rustc reads as an anonymous type parameter `O: Optimizer<M, B>`: run as the named form runs.

Expected outputs worked out by hand: SGD with no momentum or decay is `w - lr * grad`."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import pbpit_run

HEADER = """
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    lin: Linear<B>,
}
"""

# loss = w^2 at x = 1: grad 2w, w <- w - 0.25 * 2w = w / 2; the loss printed before each step.
HALVING = HEADER + """
fn train_step<B: AutodiffBackend>(
    net: Net<B>,
    opt: &mut impl Optimizer<Net<B>, B>,
    x: Tensor<B, 2>,
    lr: f64,
) -> (Net<B>, f32) {
    let loss = net.lin.forward(x).powf_scalar(2.0).mean();
    let l = loss.clone().into_scalar().elem::<f32>();
    let grads = GradientsParams::from_grads(loss.backward(), &net);
    (opt.step(lr, net, grads), l)
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let mut net: Net<B> = Net {
        lin: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0]], &device)),
            bias: None,
        },
    };
    let mut opt = SgdConfig::new().init();
    for i in 0..3 {
        let x = Tensor::<B, 2>::from_floats([[1.0]], &device);
        let (n, l) = train_step(net, &mut opt, x, 0.25);
        net = n;
        println!("{} {}", i, l);
    }
    println!("{:?}", net.lin.weight.val().into_data().to_vec::<f32>().unwrap());
}
"""


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def test_a_helper_taking_mut_impl_optimizer_steps(tmp_path):
    status, out, err = run(tmp_path, HALVING)
    assert (status, out) == (0, "0 1\n1 0.25\n2 0.0625\n[0.125]\n"), err


def test_a_struct_method_taking_mut_impl_optimizer_steps(tmp_path):
    # loss = mean((w x - y)^2) over x = [1, 2], y = 2x: grad = 5 (w - 2); lr 0.1 from w = 0:
    # w = 1, then w = 1.5.
    source = HEADER + """
struct Fitter {
    lr: f64,
    steps: usize,
}

impl Fitter {
    fn fit<B: AutodiffBackend>(
        &self, mut net: Net<B>, optim: &mut impl Optimizer<Net<B>, B>, device: &B::Device,
    ) -> Net<B> {
        let x = Tensor::<B, 2>::from_floats([[1.0], [2.0]], device);
        let y = x.clone() * 2.0;
        for _ in 0..self.steps {
            let loss = (net.lin.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(self.lr, net, grads);
        }
        net
    }
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let net: Net<B> = Net {
        lin: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.0]], &device)),
            bias: None,
        },
    };
    let mut sgd = SgdConfig::new().init();
    let net = Fitter { lr: 0.1, steps: 2 }.fit(net, &mut sgd, &device);
    println!("{:?}", net.lin.weight.val().into_data().to_vec::<f32>().unwrap());
}
"""
    status, out, err = run(tmp_path, source)
    assert (status, out) == (0, "[1.5]\n"), err


def test_a_shared_impl_optimizer_cannot_step(tmp_path):
    # rustc: `step` takes `&mut self`; `opt` is a `&` reference (E0596), as for `opt: &O`.
    source = HALVING.replace("opt: &mut impl", "opt: &impl").replace(
        "train_step(net, &mut opt", "train_step(net, &opt"
    )
    status, out, err = run(tmp_path, source)
    assert status != 0 and out == ""
    assert err.startswith("error[E0596]: cannot borrow `*opt` as mutable"), err


def test_impl_of_a_files_own_trait_named_optimizer_is_not_burns(tmp_path):
    # The file's own `trait Optimizer` is not Burn's: `impl Optimizer` is that trait's type.
    source = """
trait Optimizer {
    fn rate(&self) -> f64;
}

struct Fixed;

impl Optimizer for Fixed {
    fn rate(&self) -> f64 {
        0.5
    }
}

fn show(o: &mut impl Optimizer) -> f64 {
    o.rate() * 2.0
}

fn main() {
    let mut f = Fixed;
    println!("{}", show(&mut f));
}
"""
    status, out, err = run(tmp_path, source)
    assert (status, out) == (0, "1\n"), err


# A trainer struct holding its optimizer as a type parameter the struct leaves unbounded, the
# bound written on the impl whose `&mut self` method steps it (rustc accepts: the field is an
# `O: Optimizer<M, B>` within that impl). loss = w^2 at x = 1, lr 0.25: w halves each step.
FIELD_STEPPED = HEADER + """
type B = Autodiff<NdArray>;

struct Trainer<O> {
    net: Net<B>,
    optim: O,
}

impl<O: Optimizer<Net<B>, B>> Trainer<O> {
    fn learn(&mut self, loss: Tensor<B, 1>) {
        let grads = GradientsParams::from_grads(loss.backward(), &self.net);
        self.net = self.optim.step(0.25, self.net.clone(), grads);
    }
}

fn main() {
    let device = Default::default();
    let net: Net<B> = Net {
        lin: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0]], &device)),
            bias: None,
        },
    };
    let mut trainer = Trainer { net, optim: SgdConfig::new().init() };
    for i in 0..3 {
        let x = Tensor::<B, 2>::from_floats([[1.0]], &device);
        let loss = trainer.net.lin.forward(x).powf_scalar(2.0).mean();
        println!("{} {}", i, loss.clone().into_scalar());
        trainer.learn(loss);
    }
    println!("{:?}", trainer.net.lin.weight.val().into_data().to_vec::<f32>().unwrap());
}
"""


def test_a_struct_field_bounded_by_its_impl_steps(tmp_path):
    status, out, err = run(tmp_path, FIELD_STEPPED)
    assert (status, out) == (0, "0 1\n1 0.25\n2 0.0625\n[0.125]\n"), err


def test_the_field_steps_as_when_the_struct_writes_the_bound(tmp_path):
    # Where the bound is written does not change what the program does.
    bounded = FIELD_STEPPED.replace(
        "struct Trainer<O> {", "struct Trainer<O: Optimizer<Net<B>, B>> {"
    )
    assert bounded != FIELD_STEPPED
    assert run(tmp_path, FIELD_STEPPED)[:2] == run(tmp_path, bounded)[:2]
