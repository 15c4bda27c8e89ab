"""Burn programs written with `#[derive(Config)]`, `Dropout`, `LayerNorm`, `Embedding`,
`B::seed` and the usual backend aliases, run by the interpreter.

Expected values come from outside pbpit: burn-derive's rules for `new` and `with_*`
(crates/burn-derive/src/config/), serde_json's pretty printing of the config, LayerNorm by hand
in float32 (burn-backend's default `layer_norm`, op by op) and burn-nn's own layer-norm test,
node ids counted by hand from burn-nn's forwards and burn-core's lazy `Param`
(docs/BURN_MODULES.md).
"""

from __future__ import annotations

import ast
import re

import numpy as np
import pytest
from pbpit_process import pbpit_cli
from test_rust_interp import refusal, rust

import pbpit as pb

PRELUDE = """
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Dropout, DropoutConfig, LayerNorm, LayerNormConfig, Linear, LinearConfig, Relu};
use burn::prelude::*;

type B = Autodiff<NdArray>;
"""

# -- #[derive(Config)] ----------------------------------------------------------------------------

CONFIG = """
#[derive(Config, Debug)]
pub struct ModelConfig {
    hidden: usize,
    #[config(default = 0.5)]
    dropout: f64,
    /// The learning rate, written as burn's docs write it.
    #[config(default = "1e-3")]
    lr: f64,
    layers: usize,
    seed: Option<u64>,
    #[config(default = "vec![hidden, 2 * hidden]")]
    widths: Vec<usize>,
}

fn main() {
    let config = ModelConfig::new(8, 3);
    println!("{} {} {} {} {:?} {:?}", config.hidden, config.dropout, config.lr, config.layers,
        config.seed, config.widths);
    let tuned = config.clone().with_dropout(0.1).with_seed(Some(7)).with_lr(0.25);
    println!("{:?}", tuned);
    println!("{:?}", config);
    println!("{}", tuned);
}
"""


def test_config_new_takes_the_fields_without_a_default_in_order_and_with_sets_the_rest(tmp_path):
    run = rust(tmp_path, CONFIG)
    assert run.panic is None
    lines = run.stdout.splitlines()
    # burn-derive: `new(hidden, layers)`; `dropout` 0.5, `lr` the expression `1e-3`, `seed` None
    # and `widths` an expression that may use the arguments.
    assert lines[0] == "8 0.5 0.001 3 None [8, 16]"
    assert lines[1] == (
        "ModelConfig { hidden: 8, dropout: 0.1, lr: 0.25, layers: 3, seed: Some(7), "
        "widths: [8, 16] }"
    )
    # `with_*` consumes a clone: the original is unchanged.
    assert lines[2].startswith("ModelConfig { hidden: 8, dropout: 0.5, lr: 0.001,")
    # Display is `config_to_json`: serde_json pretty, the serde struct's order (required fields,
    # then `Option`s, then defaults), floats in ryu's shortest form.
    assert "\n".join(lines[3:]) == (
        "{\n"
        '  "hidden": 8,\n'
        '  "layers": 3,\n'
        '  "seed": 7,\n'
        '  "dropout": 0.1,\n'
        '  "lr": 0.25,\n'
        '  "widths": [\n'
        "    8,\n"
        "    16\n"
        "  ]\n"
        "}"
    )


NESTED = """
#[derive(Config, Debug)]
pub struct OptimizerConfig {
    #[config(default = 1e-5)]
    epsilon: f64,
    #[config(default = 1e-7)]
    tiny: f64,
    #[config(default = 0.1)]
    beta: f32,
}

#[derive(Config, Debug)]
pub struct TrainingConfig {
    optimizer: OptimizerConfig,
    name: String,
    #[config(default = true)]
    shuffle: bool,
    #[config(default = "Vec::new()")]
    history: Vec<f64>,
    #[config(default = 12345678901234567.0)]
    big: f64,
}

fn main() {
    let config = TrainingConfig::new(OptimizerConfig::new(), "run \\"a\\"\\n".to_string());
    println!("{config}");
}
"""


def test_a_config_prints_as_serde_json_pretty_with_ryu_floats(tmp_path):
    run = rust(tmp_path, NESTED)
    # ryu: 1e-5 is "0.00001" (kk = -4 > -5), 1e-7 is "1e-7", f32 0.1 is "0.1", 1.2345678901234568e16
    # has 17 digits (kk = 17 > 16): scientific. serde_json escapes `"` and `\n` in strings.
    assert run.stdout == (
        "{\n"
        '  "optimizer": {\n'
        '    "epsilon": 0.00001,\n'
        '    "tiny": 1e-7,\n'
        '    "beta": 0.1\n'
        "  },\n"
        '  "name": "run \\"a\\"\\n",\n'
        '  "shuffle": true,\n'
        '  "history": [],\n'
        '  "big": 1.2345678901234568e16\n'
        "}\n"
    )


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (  # burn-derive writes `with_*` for defaulted and `Option` fields only
            "#[derive(Config, Debug)]\nstruct C { hidden: usize }\n"
            "fn main() { let c = C::new(1).with_hidden(2); }\n",
            "no method named `with_hidden`",
        ),
        (  # burn's `Config: Debug`
            "#[derive(Config)]\nstruct C { hidden: usize }\nfn main() { let c = C::new(1); }\n",
            "`C` doesn't implement `Debug` (burn's `Config` requires it) (rustc rejects it: "
            "error[E0277])",
        ),
        (
            "#[derive(Config, Debug)]\n"
            "struct C { hidden: usize, #[config(default = 0.5)] p: f64 }\n"
            "fn main() { let c = C::new(1, 0.5); }\n",
            "this function takes 1 argument but 2 arguments were supplied (rustc rejects it: "
            "error[E0061])",
        ),
        (  # burn-derive: "Only literal is supported"
            "#[derive(Config, Debug)]\nstruct C { #[config(default = -1.0)] p: f64 }\n"
            "fn main() { let c = C::new(); }\n",
            "(write it as a string)",
        ),
    ],
)
def test_config_misuse_is_refused_as_rustc_or_burn_derive_would(tmp_path, source, expected):
    err, _ = refusal(tmp_path, source)
    assert expected in err.what


def test_a_config_without_debug_is_one_error_and_its_new_is_still_written(tmp_path):
    # rustc with burn-derive: E0277 on the struct; the derive still writes `new`, so the call
    # of it is not an error too.
    (tmp_path / "main.rs").write_text(
        "#[derive(Config)]\nstruct C { hidden: usize }\n"
        'fn main() { let c = C::new(1); println!("{}", c.hidden); }\n'
    )
    out = pbpit_cli("run", "main.rs", cwd=tmp_path)
    assert out.returncode == 2
    assert re.findall(r"^error\S*", out.stderr, re.M) == ["error[E0277]:"]


# -- a Config-built model: LayerNorm, Dropout, Linear ---------------------------------------------

MLP = (
    PRELUDE
    + """
#[derive(Config, Debug)]
pub struct MlpConfig {
    d_input: usize,
    d_hidden: usize,
    #[config(default = 1e-5)]
    epsilon: f64,
    #[config(default = 0.5)]
    dropout: f64,
}

#[derive(Module, Debug)]
pub struct Mlp<B: Backend> {
    fc1: Linear<B>,
    norm: LayerNorm<B>,
    dropout: Dropout,
    act: Relu,
    fc2: Linear<B>,
}

impl MlpConfig {
    pub fn init<B: Backend>(&self, device: &B::Device) -> Mlp<B> {
        Mlp {
            fc1: LinearConfig::new(self.d_input, self.d_hidden).init(device),
            norm: LayerNormConfig::new(self.d_hidden).with_epsilon(self.epsilon).init(device),
            dropout: DropoutConfig::new(self.dropout).init(),
            act: Relu::new(),
            fc2: LinearConfig::new(self.d_hidden, 1).init(device),
        }
    }
}

impl<B: Backend> Mlp<B> {
    pub fn features(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let h = self.norm.forward(self.fc1.forward(x));
        self.act.forward(self.dropout.forward(h))
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc2.forward(self.features(x))
    }
}

fn values<B: Backend, const D: usize>(t: Tensor<B, D>) -> Vec<f32> {
    t.into_data().to_vec::<f32>().unwrap()
}

fn main() {
    let device = Default::default();
    B::seed(&device, 42);
    let config = MlpConfig::new(2, 4).with_epsilon(1e-3);
    let model: Mlp<B> = config.init(&device);
    let x = Tensor::<B, 2>::from_floats([[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]], &device);
    let h = model.features(x.clone());
    println!("{:?}", h.dims());
    // Under `valid()` the dropout is the identity.
    let valid = model.valid();
    println!("w1 = {:?}", values(valid.fc1.weight.val()));
    println!("b1 = {:?}", values(valid.fc1.bias.clone().unwrap().val()));
    println!("w2 = {:?}", values(valid.fc2.weight.val()));
    println!("b2 = {:?}", values(valid.fc2.bias.clone().unwrap().val()));
    println!("y = {:?}", values(valid.forward(x.inner())));
    model.fc2.forward(h.clone()).sum().backward();
    model.fc2.forward(h).sum().backward();
}
"""
)


def _printed(stdout: str, name: str) -> np.ndarray:
    line = next(ln for ln in stdout.splitlines() if ln.startswith(f"{name} = "))
    return np.array(ast.literal_eval(line.split(" = ", 1)[1]), dtype=np.float32)


def test_a_config_built_mlp_takes_burns_ids_and_valid_skips_the_dropout(tmp_path):
    run = rust(tmp_path, MLP)
    assert run.stdout.splitlines()[0] == "[3, 4]"
    # x 0. fc1: weight 1, bias 2 (lazy, read in `forward`), linear 3-5 (matmul, the bias's
    # reshape, add). LayerNorm: gamma 6, beta 7, mean_dim 8, sub 9, mul 10, mean_dim 11,
    # add_scalar 12, sqrt 13, div 14, reshape 15, mul 16, reshape 17, add 18. Dropout (0.5,
    # autodiff): mask 19, mul 20, mul_scalar 21. Relu 22 = `h`. `valid()` takes no ids; fc2:
    # weight 23, bias 24, linear 25-27, sum 28 (backward #1); linear 29-31, sum 32: the walk
    # reaches `h`, whose step #1 consumed.
    assert run.panic is not None and run.panic.node_id == 22
    w1, b1 = _printed(run.stdout, "w1").reshape(2, 4), _printed(run.stdout, "b1")
    w2, b2 = _printed(run.stdout, "w2").reshape(4, 1), _printed(run.stdout, "b2")
    # LinearConfig's Kaiming uniform: bounds 1/sqrt(fan_in) (burn-nn's defaults)
    assert np.all(np.abs(w1) <= 1 / np.sqrt(2)) and np.all(np.abs(w2) <= 1 / np.sqrt(4))
    x = np.array([[1.0, -1.0], [0.5, 2.0], [0.0, 1.0]], dtype=np.float32)
    z = x @ w1 + b1
    centered = z - z.mean(axis=1, keepdims=True)
    var = (centered * centered).mean(axis=1, keepdims=True)
    hidden = np.maximum(centered / np.sqrt(var + np.float32(1e-3)), 0)  # no dropout: valid
    expected = (hidden @ w2 + b2).ravel()
    np.testing.assert_allclose(_printed(run.stdout, "y"), expected, rtol=1e-5, atol=1e-6)


# -- LayerNorm ------------------------------------------------------------------------------------

LAYER_NORM = (
    PRELUDE
    + """
fn main() {
    let device = Default::default();
    let norm: LayerNorm<B> = LayerNormConfig::new(4).init(&device);
    let x = Tensor::<B, 2>::from_floats([[1.0, 2.0, 3.0, 6.0], [0.5, 0.5, -0.5, -0.5]], &device);
    let y = norm.forward(x);
    println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
    y.clone().sum().backward();
    y.sum().backward();
}
"""
)


def test_layer_norm_is_burns_default_op_by_op_in_float32(tmp_path):
    run = rust(tmp_path, LAYER_NORM)
    f = np.float32
    expected = []
    # Sums and means are exact for these rows; `+ eps`, `sqrt` and `/` round once each.
    for row in ([1, 2, 3, 6], [0.5, 0.5, -0.5, -0.5]):
        x = np.array(row, dtype=f)
        centered = x - f(x.sum() / f(4))
        var = f((centered * centered).sum() / f(4))
        expected += list(centered / np.sqrt(var + f(1e-5)))  # gamma 1, beta 0: exact
    printed = ast.literal_eval(run.stdout.splitlines()[0])
    assert np.array_equal(np.array(printed, dtype=f), np.array(expected, dtype=f))
    # x 0, gamma 1, beta 2, then eleven ops: mean_dim 3 ... add 13 = `y`; sums 14 and 15.
    assert run.panic is not None and run.panic.node_id == 13


BURN_LAYER_NORM_TEST = (
    PRELUDE
    + """
fn main() {
    let device = Default::default();
    let module = LayerNormConfig::new(10).init::<B>(&device);
    let input = Tensor::<B, 2>::from_floats(
        [[-0.6897, -2.7106, 2.2222, -1.0330, -0.8933, 1.1765, 0.0601, 1.5252, -0.3630, 0.6728]],
        &device,
    );
    let output = module.forward(input);
    println!("{:?}", output.into_data().to_vec::<f32>().unwrap());
}
"""
)

# burn-nn `modules/norm/layer.rs`, test `layer_norm_forward` (4 decimals)
BURN_EXPECTED = [-0.4990, -1.9680, 1.6178, -0.7486, -0.6470, 0.8576, 0.0461, 1.1111, -0.2614,
                 0.4915]  # fmt: skip


def test_layer_norm_matches_burn_nns_own_test(tmp_path):
    run = rust(tmp_path, BURN_LAYER_NORM_TEST)
    np.testing.assert_allclose(ast.literal_eval(run.stdout), BURN_EXPECTED, atol=1e-4)


def test_python_layer_norm_matches_burn_nns_own_test():
    pb.reset()
    dev = pb.Device.flex().autodiff()
    norm = pb.LayerNormConfig(10).with_epsilon(1e-5).init(dev)
    x = pb.Tensor.from_floats([[-0.6897, -2.7106, 2.2222, -1.0330, -0.8933, 1.1765, 0.0601,
                                1.5252, -0.3630, 0.6728]], dev)  # fmt: skip
    np.testing.assert_allclose(norm.forward(x).to_vec(), BURN_EXPECTED, atol=1e-4)


# -- Dropout --------------------------------------------------------------------------------------

DROPOUT = (
    PRELUDE
    + """
fn main() {
    let device = Default::default();
    B::seed(&device, 3);
    let dropout = DropoutConfig::new(PROB).init();
    println!("prob = {}", dropout.prob);
    let x = Tensor::<B, 1>::from_floats([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], &device)
        .require_grad();
    let y = dropout.forward(x.mul_scalar(2.0));
    println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
    y.clone().sum().backward();
    y.sum().backward();
}
"""
)


@pytest.mark.parametrize(("prob", "node_id"), [("0.0", 1), ("0.5", 4), ("0.75", 4)])
def test_dropout_takes_three_ids_in_training_and_none_with_prob_zero(tmp_path, prob, node_id):
    run = rust(tmp_path, DROPOUT.replace("PROB", prob))
    assert run.stdout.splitlines()[0] == f"prob = {prob.removesuffix('.0')}"
    # x 0, mul_scalar 1; prob 0 is the input itself; else mask 2, mul 3, mul_scalar 4.
    assert run.panic is not None and run.panic.node_id == node_id
    scale = np.float32(1) / (np.float32(1) - np.float32(float(prob)))  # `1.0 / prob_keep`, f64
    doubled = 2 * np.arange(1, 9, dtype=np.float32)
    printed = np.array(ast.literal_eval(run.stdout.splitlines()[1]), dtype=np.float32)
    if prob == "0.0":
        assert np.array_equal(printed, doubled)
    else:  # each element dropped or scaled by 1/(1 - p)
        kept = printed != 0
        assert np.array_equal(printed[kept], doubled[kept] * scale)


def test_a_dropout_probability_outside_0_1_is_refused_as_burn_panics(tmp_path):
    run_source = DROPOUT.replace("PROB", "1.5")
    with pytest.raises(Exception, match="Dropout probability should be between 0 and 1"):
        run = rust(tmp_path, run_source)
        raise AssertionError(run.stdout)


# -- Embedding ------------------------------------------------------------------------------------

EMBEDDING = (
    PRELUDE
    + """
use burn::nn::{Embedding, EmbeddingConfig};

fn main() {
    let device = Default::default();
    let embedding: Embedding<B> = EmbeddingConfig::new(4, 3).init(&device);
    let tokens = Tensor::<B, 2, Int>::from_data(TensorData::from([[0, 2], [3, 3]]), &device);
    let features = embedding.forward(tokens);
    println!("{:?}", features.dims());
    let table = embedding.weight.val().into_data().to_vec::<f32>().unwrap();
    println!("{:?}", table);
    println!("{:?}", features.clone().into_data().to_vec::<f32>().unwrap());
    features.clone().sum().backward();
    features.sum().backward();
}
"""
)


def test_an_embedding_looks_up_rows_of_its_table_in_one_node(tmp_path):
    from pbpit.rust.interp.program import Unsupported

    try:
        run = rust(tmp_path, EMBEDDING)
    except Unsupported as err:  # Int tensors are being added to the interpreter separately
        if "`Int` tensors" in err.what or "Int" in err.what:
            pytest.skip(f"Int tensors not in the interpreter yet: {err.what}")
        raise
    lines = run.stdout.splitlines()
    assert lines[0] == "[2, 2, 3]"
    table = np.array(ast.literal_eval(lines[1]), dtype=np.float32).reshape(4, 3)
    features = np.array(ast.literal_eval(lines[2]), dtype=np.float32).reshape(2, 2, 3)
    assert np.array_equal(features, table[[[0, 2], [3, 3]]])
    # Int indices take no id: weight 0 (lazy, read in `forward`), embedding 1; the `val()` read
    # for printing is the same param (no id); sums 2 and 3.
    assert run.panic is not None and run.panic.node_id == 1


# -- backends, devices and seeding ----------------------------------------------------------------

SEEDED = """
use burn::backend::{Autodiff, NdArray, Wgpu, Flex};
use burn::backend::wgpu::WgpuDevice;
use burn::backend::ndarray::NdArrayDevice;
use burn::prelude::*;
use burn::tensor::Distribution;

type MyBackend = BACKEND;

fn draw<B: AutodiffBackend>(device: &B::Device) -> Vec<f32> {
    Tensor::<B, 1>::random([4], Distribution::Default, device).into_data().to_vec::<f32>().unwrap()
}

fn train<B: AutodiffBackend>(device: &B::Device) {
    B::seed(device, 42);
    let a = draw::<B>(device);
    <B as Backend>::seed(device, 42);
    let b = draw::<B>(device);
    MyBackend::seed(device, 7);
    let c = draw::<B>(device);
    println!("{} {}", a == b, a == c);
    let w = Tensor::<B, 1>::from_floats([1.0, 2.0], device).require_grad();
    let grads = w.clone().mul_scalar(3.0).sum().backward();
    println!("{:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
}

fn main() {
    let device = DEVICE;
    train::<MyBackend>(&device);
}
"""


@pytest.mark.parametrize(
    ("backend", "device"),
    [
        ("Autodiff<NdArray>", "Default::default()"),
        ("Autodiff<NdArray<f32>>", "NdArrayDevice::Cpu"),
        ("Autodiff<Wgpu>", "WgpuDevice::default()"),
        ("burn::backend::Autodiff<Flex>", "Device::flex().autodiff()"),
        ("Autodiff<Wgpu>", "<MyBackend as Backend>::Device::default()"),
    ],
)
def test_backend_aliases_and_seeding_run_on_the_engine(tmp_path, backend, device):
    source = SEEDED.replace("BACKEND", backend).replace("DEVICE", device)
    run = rust(tmp_path, source)
    assert run.panic is None
    # The same seed draws the same values again (Burn reseeds its generator); another does not.
    assert run.stdout == "true false\n[3.0, 3.0]\n"


def test_activations_are_module_fields_made_with_new(tmp_path):
    source = """
    use burn::backend::{Autodiff, NdArray};
    use burn::nn::{Gelu, Relu, Sigmoid, Tanh};
    use burn::prelude::*;

    #[derive(Module, Debug)]
    struct Heads {
        relu: Relu,
        sigmoid: Sigmoid,
        tanh: Tanh,
        gelu: Gelu,
    }

    fn main() {
        let device = Default::default();
        let heads = Heads { relu: Relu::new(), sigmoid: Sigmoid::new(), tanh: Tanh::new(),
            gelu: Gelu::new() };
        let x = Tensor::<Autodiff<NdArray>, 1>::from_floats([0.0, 1.0], &device).require_grad();
        let y = heads.sigmoid.forward(heads.relu.forward(x));
        let y = heads.gelu.forward(heads.tanh.forward(y));
        println!("{:?}", y.clone().into_data().to_vec::<f32>().unwrap());
        y.clone().sum().backward();
        y.sum().backward();
    }
    """
    run = rust(tmp_path, source)
    # x 0; relu 1, sigmoid 2, tanh 3, gelu 4: one node each (burn-nn calls `activation::*`).
    assert run.panic is not None and run.panic.node_id == 4
    sig = 1 / (1 + np.exp(-np.array([0.0, 1.0])))
    t = np.tanh(sig)
    from math import erf

    expected = [v * 0.5 * (1 + erf(v / np.sqrt(2))) for v in t]
    np.testing.assert_allclose(ast.literal_eval(run.stdout.splitlines()[0]), expected, rtol=1e-5)
    assert re.search(r"NodeId\(4\)", run.panic.message)


EMBEDDING_OF_ARGMAX = (
    PRELUDE
    + """
use burn::nn::{Embedding, EmbeddingConfig};

fn main() {
    let device = Default::default();
    let embedding: Embedding<B> = EmbeddingConfig::new(4, 3).init(&device);
    let scores = Tensor::<B, 2>::from_floats([[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 5.0]], &device);
    let tokens = scores.argmax(1);
    let features = embedding.forward(tokens);
    println!("{:?}", features.dims());
    println!("{:?}", embedding.weight.val().into_data().to_vec::<f32>().unwrap());
    println!("{:?}", features.clone().into_data().to_vec::<f32>().unwrap());
    features.clone().sum().backward();
    features.sum().backward();
}
"""
)


def test_an_embedding_of_argmax_indices_runs_today(tmp_path):
    run = rust(tmp_path, EMBEDDING_OF_ARGMAX)
    lines = run.stdout.splitlines()
    # `argmax(1)` keeps the rank: `[2, 1]` Int indices 1 and 3, so `[2, 1, 3]` features.
    assert lines[0] == "[2, 1, 3]"
    table = np.array(ast.literal_eval(lines[1]), dtype=np.float32).reshape(4, 3)
    assert np.array_equal(
        np.array(ast.literal_eval(lines[2]), dtype=np.float32), table[[1, 3]].ravel()
    )
    # scores 0; argmax is Int (no id); weight 1 (Normal(0, 1), lazy), embedding 2; sums 3 and 4.
    assert run.panic is not None and run.panic.node_id == 2
