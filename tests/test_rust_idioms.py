"""Trainer-style Rust as a new user writes it runs as written: `type B = Autodiff<NdArray>;` and
other items inside `fn main`, the optimizer passed as `&mut O` with `O: Optimizer<M, B>` to a
helper that steps, `OptimizerAdaptor<AdamW, M, B>` written as a type, `&mut Vec` through a
helper, and a tensor printed with the NdArray device's line.

Each expectation comes from outside the new code: the same program written the way pbpit already
ran it (tests/programs, whose outputs come from twins of Burn's source, not from pbpit) must print
the same bytes, as Rust's semantics say (a `&mut` optimizer is the one optimizer, its state kept
between steps); a tensor's device line is burn-dispatch's `Debug` of `DispatchDevice`, read from
Burn's source. The std-only idioms (items in bodies, `&mut`, `m[i][j] = v`, `String += &str`,
numeric methods) are compared with rustc in tests/rust/std and tests/rust/errors.
"""

from __future__ import annotations

import re
from pathlib import Path

from pbpit_process import pbpit_cli

PROGRAMS = Path(__file__).resolve().parent / "programs"

ADAMW_IDIOMS = """\
use burn::backend::{Autodiff, NdArray};
use burn::module::{AutodiffModule, Param};
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, Relu};
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{AdamW, AdamWConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Regressor<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc2.forward(self.activation.forward(self.fc1.forward(x)))
    }
}

fn linear<B: Backend>(weight: Tensor<B, 2>, bias: Tensor<B, 1>) -> Linear<B> {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

/// One step: the loss before it, the model after it; the optimizer's state kept in `optim`.
fn train_step<B: AutodiffBackend, O: Optimizer<Regressor<B>, B>>(
    model: Regressor<B>,
    optim: &mut O,
    x: Tensor<B, 2>,
    y: Tensor<B, 2>,
) -> (Regressor<B>, f32) {
    let loss = MseLoss::new().forward(model.forward(x), y, Reduction::Mean);
    let train = loss.clone().into_scalar();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    (optim.step(0.02, model, grads), train)
}

fn main() {
    type B = Autodiff<NdArray>;
    const EPOCHS: usize = 3;

    let device = Default::default();
    let mut model: Regressor<B> = Regressor {
        fc1: linear(
            Tensor::from_floats([[1.0, 0.5], [-0.5, 0.25]], &device),
            Tensor::from_floats([0.0, 0.5], &device),
        ),
        fc2: linear(
            Tensor::from_floats([[0.5], [-1.0]], &device),
            Tensor::from_floats([0.25], &device),
        ),
        activation: Relu::new(),
    };
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 2.0], [2.0, 0.5]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.5], [0.0], [-1.0], [1.0]], &device);
    let x_valid = Tensor::<NdArray, 2>::from_floats([[1.0, 1.0], [0.0, -1.0]], &device);
    let y_valid = Tensor::<NdArray, 2>::from_floats([[0.5], [0.25]], &device);
    let mut optim: OptimizerAdaptor<AdamW, Regressor<B>, B> =
        AdamWConfig::new().with_weight_decay(0.01).init();
    let mse = MseLoss::new();

    for epoch in 0..EPOCHS {
        let (stepped, train) = train_step(model, &mut optim, x.clone(), y.clone());
        model = stepped;
        let valid = model.valid();
        let predicted = valid.forward(x_valid.clone());
        let valid_loss = mse.forward(predicted, y_valid.clone(), Reduction::Mean);
        println!("epoch {epoch}: train = {:.6}, valid = {:.6}", train, valid_loss.into_scalar());
    }
    println!("fc1.bias = {:?}", model.fc1.bias.unwrap().val().into_data().to_vec::<f32>().unwrap());
}
"""

GENERIC_STEP = """\
use burn::backend::{Autodiff, NdArray};
use burn::module::{AutodiffModule, Param};
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::{Linear, Relu};
use burn::optim::{AdamWConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Regressor<B: Backend> {
    fc1: Linear<B>,
    fc2: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Regressor<B> {
    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.fc2.forward(self.activation.forward(self.fc1.forward(x)))
    }
}

fn linear<B: Backend>(weight: Tensor<B, 2>, bias: Tensor<B, 1>) -> Linear<B> {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

/// Any module, any optimizer: the step after a loss.
fn step<B: AutodiffBackend, M: AutodiffModule<B>, O: Optimizer<M, B>>(
    model: M,
    optim: &mut O,
    loss: Tensor<B, 1>,
    lr: f64,
) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optim.step(lr, model, grads)
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let mut model: Regressor<B> = Regressor {
        fc1: linear(
            Tensor::from_floats([[1.0, 0.5], [-0.5, 0.25]], &device),
            Tensor::from_floats([0.0, 0.5], &device),
        ),
        fc2: linear(
            Tensor::from_floats([[0.5], [-1.0]], &device),
            Tensor::from_floats([0.25], &device),
        ),
        activation: Relu::new(),
    };
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.5, 1.0], [-1.0, 2.0], [2.0, 0.5]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.5], [0.0], [-1.0], [1.0]], &device);
    let x_valid = Tensor::<NdArray, 2>::from_floats([[1.0, 1.0], [0.0, -1.0]], &device);
    let y_valid = Tensor::<NdArray, 2>::from_floats([[0.5], [0.25]], &device);
    let mut optim = AdamWConfig::new().with_weight_decay(0.01).init();
    let mse = MseLoss::new();

    for epoch in 0..3 {
        let loss = mse.forward(model.forward(x.clone()), y.clone(), Reduction::Mean);
        let train = loss.clone().into_scalar();
        model = step(model, &mut optim, loss, 0.02);

        let valid = model.valid();
        let predicted = valid.forward(x_valid.clone());
        let valid_loss = mse.forward(predicted, y_valid.clone(), Reduction::Mean);
        println!("epoch {epoch}: train = {:.6}, valid = {:.6}", train, valid_loss.into_scalar());
    }
    println!("fc1.bias = {:?}", model.fc1.bias.unwrap().val().into_data().to_vec::<f32>().unwrap());
}
"""

STEP_BY_VALUE = """\
/// Any module, any optimizer: the step after a loss.
fn step<B: AutodiffBackend, M: AutodiffModule<B>, O: Optimizer<M, B>>(
    model: M,
    optim: &mut O,
    loss: Tensor<B, 1>,
    lr: f64,
) -> M {
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optim.step(lr, model, grads)
}"""

STEP_IN_PLACE = """\
/// The model stepped in place: `*model` is the stepped one.
fn step<B: AutodiffBackend, O: Optimizer<Regressor<B>, B>>(
    model: &mut Regressor<B>,
    optim: &mut O,
    loss: Tensor<B, 1>,
) {
    let grads = GradientsParams::from_grads(loss.backward(), model);
    *model = optim.step(0.02, model.clone(), grads);
}"""

HELPER_TWICE_IDIOMS = """\
use burn::prelude::*;

/// The gradient of `param` for `loss`, also kept in `log`.
fn gradient_of(loss: &Tensor<1>, param: &Tensor<1>, log: &mut Vec<Vec<f32>>) -> Vec<f32> {
    let grads = loss.backward();
    let grad = param.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
    log.push(grad.clone());
    grad
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let y = Tensor::<1>::from_floats([1.5, -0.5], &device);
    let mut log = Vec::new();

    let loss = (x * w.clone() - y).square().mean();
    println!("loss = {}", loss.clone().into_scalar());
    println!("logged grad = {:?}", gradient_of(&loss, &w, &mut log));
    let grad = gradient_of(&loss, &w, &mut log);
    println!("update with {:?}", grad);
}
"""


def _run(tmp_path: Path, source: str):
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    return pbpit_cli("run", "--raw", "main.rs", cwd=tmp_path)


def test_a_trainer_with_items_in_main_and_a_mut_optimizer_prints_what_burn_prints(tmp_path):
    out = _run(tmp_path, ADAMW_IDIOMS)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, (PROGRAMS / "adamw_valid.stdout").read_text())


def test_a_step_generic_over_module_and_optimizer_prints_what_burn_prints(tmp_path):
    # `M: AutodiffModule<B>`, `O: Optimizer<M, B>`: the caller's module and optimizer, whose
    # state carries from step to step; the same run as tests/programs/adamw_valid.rs.
    out = _run(tmp_path, GENERIC_STEP)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, (PROGRAMS / "adamw_valid.stdout").read_text())


def test_a_model_stepped_through_a_mut_reference_prints_what_burn_prints(tmp_path):
    # `*model = optim.step(lr, model.clone(), grads)` in a helper taking `&mut Regressor<B>`:
    # the caller's model is the stepped one, as in adamw_valid.rs's loop.
    source = GENERIC_STEP.replace(STEP_BY_VALUE, STEP_IN_PLACE).replace(
        "        model = step(model, &mut optim, loss, 0.02);",
        "        step(&mut model, &mut optim, loss);",
    )
    assert "*model = " in source and "step(&mut model" in source
    out = _run(tmp_path, source)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, (PROGRAMS / "adamw_valid.stdout").read_text())


TRAINER_STRUCT = """\
/// What a trainer holds: the optimizer (any of Burn's, by its trait) and the learning rate.
struct Trainer<B: AutodiffBackend, O: Optimizer<Regressor<B>, B>> {
    optim: O,
    lr: f64,
    steps: usize,
    model: Regressor<B>,
}

impl<B: AutodiffBackend, O: Optimizer<Regressor<B>, B>> Trainer<B, O> {
    fn new(model: Regressor<B>, optim: O, lr: f64) -> Self {
        Trainer { optim, lr, steps: 0, model }
    }

    fn step(&mut self, loss: Tensor<B, 1>) {
        let grads = GradientsParams::from_grads(loss.backward(), &self.model);
        self.model = self.optim.step(self.lr, self.model.clone(), grads);
        self.steps += 1;
    }
}"""


def test_a_trainer_struct_holding_a_generic_optimizer_prints_what_burn_prints(tmp_path):
    # The issue's `Trainer` (refused once with a made-up E0599 for `Trainer::new`): a struct
    # generic over `O: Optimizer<M, B>`, stepped through `&mut self`.
    main = GENERIC_STEP[GENERIC_STEP.index("fn main()") :]
    main = main.replace(
        "    let mut optim = AdamWConfig::new().with_weight_decay(0.01).init();\n",
        "    let optim = AdamWConfig::new().with_weight_decay(0.01).init();\n"
        "    let mut trainer = Trainer::new(model, optim, 0.02);\n",
    )
    main = main.replace("model.forward(x.clone())", "trainer.model.forward(x.clone())")
    main = main.replace(
        "        model = step(model, &mut optim, loss, 0.02);\n", "        trainer.step(loss);\n"
    )
    main = main.replace("let valid = model.valid();", "let valid = trainer.model.valid();")
    main = main.replace("model.fc1.bias", "trainer.model.fc1.bias")
    main = main.replace("    let mut model: Regressor<B>", "    let model: Regressor<B>")
    source = GENERIC_STEP[: GENERIC_STEP.index("/// Any module")] + TRAINER_STRUCT + "\n\n" + main
    assert "Trainer::new(" in source and "trainer.step(loss)" in source
    out = _run(tmp_path, source)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, (PROGRAMS / "adamw_valid.stdout").read_text())


def test_a_struct_that_is_not_a_module_is_refused_for_an_autodiff_module_bound(tmp_path):
    source = GENERIC_STEP.replace(
        "    let mut optim = AdamWConfig",
        "    struct Plain {\n        n: i32,\n    }\n"
        "    let mut other = AdamWConfig::new().init();\n"
        "    let plain = step(Plain { n: 1 }, &mut other, y.clone().sum(), 0.1);\n"
        "    let mut optim = AdamWConfig",
    )
    out = _run(tmp_path, source)
    assert out.returncode == 2
    assert "the trait bound `Plain: AutodiffModule<B>` is not satisfied" in out.stderr


def test_a_mut_vec_through_a_helper_keeps_its_pushes_and_the_panic_is_burns(tmp_path):
    out = _run(tmp_path, HELPER_TWICE_IDIOMS)
    assert out.returncode == 101
    assert out.stdout == (PROGRAMS / "helper_backward_twice.stdout").read_text()
    stderr = re.sub(r"thread 'main' \(\d+\)", "thread 'main' (TID)", out.stderr)
    assert stderr == (PROGRAMS / "helper_backward_twice.stderr").read_text()


def test_a_tensor_under_ndarray_prints_the_ndarray_device(tmp_path):
    # burn-dispatch 0.22: `Debug for DispatchDevice` writes `NdArray(Cpu)` (NdArrayDevice's
    # derived Debug inside a tuple) and `Autodiff { device: .., checkpointing: Disabled }`;
    # burn-tensor's Display writes `device:  Device<{:?}>`; NdArray's Int element is i64.
    source = """\
    use burn::backend::{Autodiff, NdArray};
    use burn::prelude::*;

    fn main() {
        type B = Autodiff<NdArray>;
        let device = Default::default();
        let x = Tensor::<B, 1>::from_floats([1.0, 2.5], &device).require_grad();
        println!("{}", x);
        let i = Tensor::<B, 1, Int>::from_ints([3, -1], &device);
        println!("{}", i);
    }
    """
    out = _run(tmp_path, "\n".join(line[4:] for line in source.splitlines()) + "\n")
    autodiff = "Device<Autodiff { device: NdArray(Cpu), checkpointing: Disabled }>"
    assert out.stdout == (
        f'Tensor {{\n  data:\n[1.0, 2.5],\n  shape:  [2],\n  device:  {autodiff},\n'
        '  kind:  "Float",\n  dtype:  "f32",\n}\n'
        f'Tensor {{\n  data:\n[3, -1],\n  shape:  [2],\n  device:  {autodiff},\n'
        '  kind:  "Int",\n  dtype:  "i64",\n}\n'
    ), out.stderr


def test_mut_to_a_value_pbpit_holds_by_value_reaches_the_callers_variable(tmp_path):
    # pbpit erases references: a `&mut i32` or a `&mut String` is a cell that reaches the
    # caller's variable (num_refs.py), and prints rustc 1.95's `2` and `a`.
    source = "fn bump(n: &mut i32) {\n    *n += 1;\n}\n\nfn main() {\n    let mut k = 1;\n"
    source += "    bump(&mut k);\n    println!(\"{k}\");\n}\n"
    out = _run(tmp_path, source)
    assert (out.returncode, out.stdout) == (0, "2\n"), out.stderr
    source = "fn add(s: &mut String) {\n    s.push('a');\n}\n\nfn main() {\n"
    source += "    let mut k = String::new();\n    add(&mut k);\n    println!(\"{k}\");\n}\n"
    out = _run(tmp_path, source)
    assert (out.returncode, out.stdout) == (0, "a\n"), out.stderr
