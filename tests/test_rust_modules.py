"""Burn programs written with modules: `#[derive(Module)]` structs of `Linear`s and activations,
`LinearConfig`, `MseLoss`, `GradientsParams::from_grads` and `optim.step`, run by the interpreter.

Each program's output is compared with its twin written with pbpit.nn's Python API (the same
weights, the same calls); node ids in panics are derived by hand from Burn's rules
(docs/BURN_MODULES.md): a param of `Param::from_tensor` keeps its tensor's id; one of
`LinearConfig::init` takes its id at the first read (weight, then bias, in `forward`); `Linear`
on a 2-D input is one node; `MseLoss` is `sub`, `square` (one node) and `mean`; an optimizer step
gives each param with a gradient one new id, in field order.
"""

from __future__ import annotations

import io

import numpy as np
import pytest
from test_rust_interp import refusal, rust

import pbpit as pb

MLP = """
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, Relu};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Mlp<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc2.forward(self.activation.forward(self.fc1.forward(x)))
    }
}

fn layer<B: Backend>(weight: Tensor<B, 2>, bias: Tensor<B, 1>) -> Linear<B> {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

fn main() {
    let device = Default::default();
    let mut model: Mlp<B> = Mlp {
        fc1: layer(
            Tensor::from_floats([[0.5, -0.25], [0.25, 0.5]], &device),
            Tensor::from_floats([0.0, 0.125], &device),
        ),
        fc2: layer(
            Tensor::from_floats([[1.0], [0.5]], &device),
            Tensor::from_floats([0.25], &device),
        ),
        activation: Relu::new(),
    };
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.5], [0.5, -1.0], [-1.0, 1.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0], [0.5]], &device);
    let mut optim = AdamConfig::new().with_beta_1(0.8).init();
    for epoch in 0..3 {
        let loss = MseLoss::new().forward(model.forward(x.clone()), y.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.05, model, grads);
    }
    let w = model.fc1.weight.val().to_data().to_vec::<f32>().unwrap();
    println!("fc1.weight = {:?}", w);
    let valid = model.valid();
    println!("valid = {:?}", valid.forward(x.clone().inner()).into_data().to_vec::<f32>().unwrap());
    // The hidden features cached: the second backward walks back to them.
    let h = model.activation.forward(model.fc1.forward(x));
    model.fc2.forward(h.clone()).sum().backward();
    model.fc2.forward(h).sum().backward();
}
"""


def _mlp_twin() -> tuple[str, pb.Panic]:
    """MLP written with pbpit.nn's Python API, call for call."""
    out = io.StringIO()
    dev = pb.Device.flex().autodiff()

    def layer(weight, bias) -> pb.Linear:
        return pb.Linear(
            pb.Param.from_tensor(pb.Tensor.from_floats(weight, dev)),
            pb.Param.from_tensor(pb.Tensor.from_floats(bias, dev)),
        )

    class Mlp(pb.Module):
        def __init__(self) -> None:
            self.fc1 = layer([[0.5, -0.25], [0.25, 0.5]], [0.0, 0.125])
            self.fc2 = layer([[1.0], [0.5]], [0.25])
            self.activation = pb.Relu()

        def forward(self, x):
            return self.fc2.forward(self.activation.forward(self.fc1.forward(x)))

    model = Mlp()
    x = pb.Tensor.from_floats([[1.0, 0.5], [0.5, -1.0], [-1.0, 1.0]], dev)
    y = pb.Tensor.from_floats([[1.0], [0.0], [0.5]], dev)
    optim = pb.AdamConfig().with_beta_1(0.8).init()
    for epoch in range(3):
        loss = pb.MseLoss().forward(model.forward(x.clone()), y.clone(), pb.Reduction.Mean)
        print(f"epoch {epoch}: loss = {_f32(loss.clone().into_scalar())}", file=out)
        grads = pb.GradientsParams.from_grads(loss.backward(), model)
        model = optim.step(0.05, model, grads)
    print(f"fc1.weight = [{', '.join(map(_f32, model.fc1.weight.val().to_vec()))}]", file=out)
    valid = model.valid().forward(x.clone().inner())
    print(f"valid = [{', '.join(map(_f32, valid.to_vec()))}]", file=out)
    h = model.activation.forward(model.fc1.forward(x))
    model.fc2.forward(h.clone()).sum().backward()
    with pytest.raises(pb.Panic) as caught:
        model.fc2.forward(h).sum().backward()
    return out.getvalue(), caught.value


def _f32(value: float) -> str:
    """Rust's `{}` / `{:?}` of an f32: the shortest digits that read back, `.0` kept."""
    return np.format_float_positional(np.float32(value), unique=True, trim="0")


def test_an_mlp_of_linears_trains_with_adam_as_its_python_twin(tmp_path):
    run = rust(tmp_path, MLP)
    pb.reset()
    twin_stdout, twin_panic = _mlp_twin()
    assert run.stdout == twin_stdout
    assert run.stdout.count("\n") == 5
    # Params 0-3 (`from_floats`; `Param::from_tensor` keeps the id), x 4, y 5. Each epoch: fc1
    # 6-8 (matmul, the bias's reshape, add), relu 9, fc2 10-12, sub 13, square 14, mean 15, then
    # the step's 4 new params: 14 ids an epoch. After three, 48: fc1 48-50, relu 51 (`h`), fc2
    # 52-54, sum 55; again fc2 56-58, sum 59 -> 51 is gone.
    assert run.panic is not None and twin_panic.node_id == 51
    assert run.panic.node_id == 51
    assert "graph tape has already been consumed at NodeId(51)" in run.panic.message


LAZY = """
use burn::backend::{Autodiff, NdArray};
use burn::nn::LinearConfig;
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let layer = LinearConfig::new(3, 2).with_bias(true).init::<B>(&device);
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0, 3.0]], &device);
    let features = layer.forward(x);
    println!("{:?}", features.dims());
    features.clone().sum().backward();
    features.sum().backward();
}
"""


def test_a_linear_of_linear_config_takes_its_ids_at_the_first_forward(tmp_path):
    run = rust(tmp_path, LAZY)
    assert run.stdout == "[1, 2]\n"
    # `init` makes no tensor: x 0, then `forward` reads weight 1, bias 2, linear 3-5 (matmul,
    # the bias's reshape, add); sum 6 consumes 3-5; sum 7 walks back to 5.
    assert run.panic is not None and run.panic.node_id == 5


ENCODER = """
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, Relu};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Encoder<B: Backend> {
    fc: Linear<B>,
    act: Relu,
}

#[derive(Module, Debug)]
struct Model<B: Backend> {
    encoder: Encoder<B>,
    head: Linear<B>,
}

fn main() {
    let device = Default::default();
    let mut model: Model<B> = Model {
        encoder: Encoder {
            fc: Linear {
                weight: Param::from_tensor(Tensor::from_floats([[1.0, -0.5], [0.5, 1.0]], &device)),
                bias: None,
            },
            act: Relu::new(),
        },
        head: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.5], [-0.25]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.0], &device))),
        },
    };
    let x = Tensor::<B, 2>::from_floats([[1.0, 1.0], [0.5, -0.5]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0]], &device);
    let mut optim = SgdConfig::new().init();
    let features = model.encoder.act.forward(model.encoder.fc.forward(x));
    for epoch in 0..2 {
        let pred = model.head.forward(features.clone());
        let loss = MseLoss::new().forward(pred, y.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.5, model, grads);
    }
}
"""


def _encoder_twin() -> tuple[str, pb.Panic]:
    out = io.StringIO()
    dev = pb.Device.flex().autodiff()

    def param(values) -> pb.Param:
        return pb.Param.from_tensor(pb.Tensor.from_floats(values, dev))

    class Encoder(pb.Module):
        def __init__(self) -> None:
            self.fc = pb.Linear(param([[1.0, -0.5], [0.5, 1.0]]), None)
            self.act = pb.Relu()

    class Model(pb.Module):
        def __init__(self) -> None:
            self.encoder = Encoder()
            self.head = pb.Linear(param([[0.5], [-0.25]]), param([0.0]))

    model = Model()
    x = pb.Tensor.from_floats([[1.0, 1.0], [0.5, -0.5]], dev)
    y = pb.Tensor.from_floats([[1.0], [0.0]], dev)
    optim = pb.SgdConfig().init()
    features = model.encoder.act.forward(model.encoder.fc.forward(x))
    with pytest.raises(pb.Panic) as caught:
        for epoch in range(2):
            loss = pb.MseLoss().forward(model.head.forward(features.clone()), y.clone())
            print(f"epoch {epoch}: loss = {_f32(loss.clone().into_scalar())}", file=out)
            model = optim.step(0.5, model, pb.GradientsParams.from_grads(loss.backward(), model))
    return out.getvalue(), caught.value


def test_an_encoder_struct_with_cached_features_panics_at_its_second_backward(tmp_path):
    run = rust(tmp_path, ENCODER)
    pb.reset()
    twin_stdout, twin_panic = _encoder_twin()
    assert run.stdout == twin_stdout and run.stdout.startswith("epoch 0: loss = ")
    # encoder.fc.weight 0 (no bias), head.weight 1, head.bias 2, x 3, y 4, the encoder's linear
    # 5, relu 6 = `features`. Epoch 0: head 7, sub 8, square 9, mean 10; the step maps
    # encoder.fc.weight, head.weight, head.bias (field order, depth first): 11, 12, 13. Epoch 1:
    # head 14, sub 15, square 16, mean 17; the walk reaches 6, consumed.
    assert twin_panic.node_id == 6
    assert run.panic is not None and run.panic.node_id == 6
    assert "graph tape has already been consumed at NodeId(6)" in run.panic.message


@pytest.mark.parametrize(
    ("line", "needle", "what"),
    [
        (
            "let optim = SgdConfig::new().init(); optim.zero_grad();",
            "zero_grad",
            "the method `zero_grad` on `Optimizer` (pbpit runs `step(lr, model, grads)`)",
        ),
        (
            "let l = LinearConfig::new(2, 1).init::<B>(&device); let n = l.devices();",
            "devices",
            "`Linear::devices` (pbpit runs `forward`, `valid`, `clone`)",
        ),
        (
            "let c = LinearConfig::new(2, 1).with_initializer(0);",
            "with_initializer",
            "the method `with_initializer` on `LinearConfig` (pbpit runs `with_bias(..)` and "
            "`init(&device)`)",
        ),
    ],
)
def test_what_pbpit_does_not_run_of_burn_nn_is_refused_at_line_col(tmp_path, line, needle, what):
    source = (
        "use burn::nn::LinearConfig;\nuse burn::optim::SgdConfig;\n"
        "type B = burn::backend::Autodiff<burn::backend::NdArray>;\n"
        f"fn main() {{\n    let device = Default::default();\n    {line}\n}}\n"
    )
    err, where = refusal(tmp_path, source)
    assert str(err) == f"unsupported Rust at {where.at(needle)}: {what}"
