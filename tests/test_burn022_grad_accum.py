"""burn-optim's `GradientsAccumulator<M>` (`optim/grad_accum.rs`, `pub use grad_accum::*` of
`burn::optim`, not in the prelude), run as written: `new()`, `accumulate(&mut self, &M,
GradientsParams)` and `grads(&mut self) -> GradientsParams` (the sum, the accumulator reset).

The expected numbers are worked out by hand from Burn's code: its visitor sums
`accumulated.add(new)`, so three micro-batches give `(g0 + g1) + g2` in f32 (checked with numpy
below), which differs from `g0 + (g1 + g2)` for the gradients chosen; two micro-batches give
`g0 + g1`, which f32 addition makes equal to `g1 + g0`: the step must then print what the
program adding the two losses before one backward prints (a form pbpit already runs)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import numpy as np
from pbpit_process import pbpit_run

# A weight `[[1.0], [0.5]]`, no bias; each micro-batch a row `x`, its loss `sum(x w)`: the
# weight's gradient is the row itself. Rows: (1, 0), (2^-24, 1), (2^-24, 2).
HAND = """
use burn::{
    module::Param,
    nn::Linear,
    optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct M {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[1.0], [0.5]], &device);
    let mut model = M { fc: Linear { weight: Param::from_tensor(w), bias: None } };
    let mut optim = SgdConfig::new().init();
    let mut acc = GradientsAccumulator::new();
    let xs = [[1.0, 0.0], [5.9604645e-8, 1.0], [5.9604645e-8, 2.0]];
    let xs = Tensor::<2>::from_floats(xs, &device);
    for i in 0..3 {
        let loss = model.fc.forward(xs.clone().narrow(0, i, 1)).sum();
        acc.accumulate(&model, GradientsParams::from_grads(loss.backward(), &model));
    }
    model = optim.step(1.0, model, acc.grads());
    println!("{:?}", model.fc.weight.val().into_data().to_vec::<f32>().unwrap());
}
"""


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def stdout_of(tmp_path: Path, source: str) -> str:
    status, out, err = run(tmp_path, source)
    assert status == 0, err
    return out


def rustc_code(tmp_path: Path, source: str) -> str:
    status, out, err = run(tmp_path, source)
    assert status != 0 and out == "", (status, out, err)
    return next(line for line in err.splitlines() if line.startswith("error"))


def test_the_sum_is_burns_left_to_right_f32_sum(tmp_path):
    f32, tiny = np.float32, np.float32(2.0**-24)
    burns = (f32(1.0) + tiny) + tiny  # `grad.add(new)`, micro-batch after micro-batch
    other = f32(1.0) + (tiny + tiny)
    assert (burns, other) == (f32(1.0), f32(1.0) + f32(2.0**-23))  # the order shows
    # w - 1.0 * g: [1 - 1, 0.5 - (0 + 1 + 2)]; the other order would print -1.1920929e-7 first
    assert stdout_of(tmp_path, HAND) == "[0.0, -2.5]\n"


def test_grads_resets_the_accumulator(tmp_path):
    # A second `grads()` is empty: the step leaves the weight as it is.
    source = HAND.replace(
        "model = optim.step(1.0, model, acc.grads());",
        "let _first = acc.grads();\n    model = optim.step(1.0, model, acc.grads());",
    )
    assert stdout_of(tmp_path, source) == "[1.0, 0.5]\n"


# The Linear(2, 1) of a seeded device, two micro-batches, one SGD step.
TWO = """
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct M {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut m = M { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut acc = GradientsAccumulator::new();
    for i in 0..2 {
        let x = Tensor::<2>::from_floats([[1.5, i as f32 - 0.25]], &device);
        let loss = (m.fc.forward(x) - 0.75).powf_scalar(2.0).mean();
        acc.accumulate(&m, GradientsParams::from_grads(loss.backward(), &m));
    }
    m = optim.step(0.1, m, acc.grads());
    println!("{:?}", m.fc.weight.val().into_data().to_vec::<f32>().unwrap());
    println!("{:?}", m.fc.bias.unwrap().val().into_data().to_vec::<f32>().unwrap());
}
"""
SUMMED = (
    TWO.replace("let mut acc = GradientsAccumulator::new();", "let mut total = None;")
    .replace(
        "acc.accumulate(&m, GradientsParams::from_grads(loss.backward(), &m));",
        "total = Some(match total { None => loss, Some(t) => t + loss });",
    )
    .replace(
        "m = optim.step(0.1, m, acc.grads());",
        "let grads = GradientsParams::from_grads(total.unwrap().backward(), &m);\n    "
        "m = optim.step(0.1, m, grads);",
    )
)


def test_two_micro_batches_step_as_the_summed_losses(tmp_path):
    accumulated = stdout_of(tmp_path, TWO)
    assert accumulated == stdout_of(tmp_path, SUMMED)
    # Only the last micro-batch's gradients would step elsewhere.
    last = TWO.replace("for i in 0..2 {", "for i in 1..2 {")
    assert stdout_of(tmp_path, last) != accumulated


def test_the_shared_predictions_panic_at_the_second_micro_batch(tmp_path):
    # The batch's predictions made once and cut per micro-batch: the second backward finds
    # the forward's graph consumed by the first.
    made = "let x = Tensor::<2>::from_floats([[1.5, i as f32 - 0.25]], &device);"
    read = "let loss = (m.fc.forward(x) - 0.75)"
    assert made in TWO and read in TWO
    rows = "Tensor::<2>::from_floats([[1.5, -0.25], [1.5, 0.75]], &device)"
    source = TWO.replace(made, "").replace(
        read, "let loss = (preds.clone().narrow(0, i, 1) - 0.75)"
    )
    source = source.replace(
        "for i in 0..2 {", f"let preds = m.fc.forward({rows});\n    for i in 0..2 {{"
    )
    status, out, err = run(tmp_path, source)
    assert status == 101 and out == "", err
    assert re.search(r"graph tape has already been consumed at NodeId\(\d+\)", err), err


def test_without_its_use_it_is_rustcs_e0433(tmp_path):
    source = HAND.replace("optim::{GradientsAccumulator, ", "optim::{")
    assert rustc_code(tmp_path, source) == (
        "error[E0433]: cannot find type `GradientsAccumulator` in this scope"
    )


def test_by_a_glob_or_its_path_it_runs(tmp_path):
    glob = HAND.replace(
        "optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig}", "optim::*"
    )
    assert stdout_of(tmp_path, glob) == "[0.0, -2.5]\n"
    path = HAND.replace("optim::{GradientsAccumulator, ", "optim::{").replace(
        "GradientsAccumulator::new()", "burn::optim::GradientsAccumulator::new()"
    )
    assert stdout_of(tmp_path, path) == "[0.0, -2.5]\n"


def test_accumulating_into_a_let_without_mut_is_rustcs_e0596(tmp_path):
    source = HAND.replace("let mut acc", "let acc")
    assert rustc_code(tmp_path, source) == (
        "error[E0596]: cannot borrow `acc` as mutable, as it is not declared as mutable"
    )


# A helper generic over the module taking the accumulator `&mut`, and a struct's field stepped
# through `&mut self`: both sums are the one `main`'s loop makes.
FORMS = """
use burn::{
    module::{AutodiffModule, Param},
    nn::Linear,
    optim::{GradientsAccumulator, GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct M {
    fc: Linear,
}

fn micro<N: AutodiffModule>(model: &N, loss: Tensor<1>, acc: &mut GradientsAccumulator<N>) {
    acc.accumulate(model, GradientsParams::from_grads(loss.backward(), model));
}

struct Trainer {
    acc: burn::optim::GradientsAccumulator<M>,
}

impl Trainer {
    fn add(&mut self, m: &M, g: GradientsParams) {
        self.acc.accumulate(m, g);
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[1.0], [0.5]], &device);
    let mut m = M { fc: Linear { weight: Param::from_tensor(w), bias: None } };
    let mut acc: GradientsAccumulator<M> = GradientsAccumulator::default();
    let mut t = Trainer { acc: GradientsAccumulator::<M>::new() };
    for i in 0..2 {
        let x = Tensor::<2>::from_floats([[1.0, i as f32 + 1.0]], &device);
        micro(&m, m.fc.forward(x.clone()).sum(), &mut acc);
        t.add(&m, GradientsParams::from_grads(m.fc.forward(x).sum().backward(), &m));
    }
    let (a, b) = (acc.grads(), t.acc.grads());
    let mut optim = SgdConfig::new().init();
    let other = optim.step(0.5, m.clone(), a);
    let mut optim_b = SgdConfig::new().init();
    m = optim_b.step(0.5, m, b);
    println!("{:?}", other.fc.weight.val().into_data().to_vec::<f32>().unwrap());
    println!("{:?}", m.fc.weight.val().into_data().to_vec::<f32>().unwrap());
}
"""


def test_the_accumulator_as_a_helpers_mut_parameter_and_a_structs_field(tmp_path):
    # gradients (1, 1) + (1, 2) = (2, 3); w - 0.5 g = (1 - 1, 0.5 - 1.5)
    assert stdout_of(tmp_path, FORMS) == "[0.0, -1.0]\n" * 2


def test_what_rustc_rejects_of_the_type_is_refused_with_its_code(tmp_path):
    # codes and words of rustc 1.95 for a std struct `GradientsAccumulator<M>` so written
    bare = FORMS.replace(
        "let mut acc: GradientsAccumulator<M>", "let mut acc: GradientsAccumulator"
    )
    assert rustc_code(tmp_path, bare) == (
        "error[E0107]: missing generics for struct `GradientsAccumulator`"
    )
    unimported = (
        FORMS.replace("optim::{GradientsAccumulator, ", "optim::{")
        .replace("GradientsAccumulator::default()", "burn::optim::GradientsAccumulator::default()")
        .replace(
            "GradientsAccumulator::<M>::new()", "burn::optim::GradientsAccumulator::<M>::new()"
        )
    )
    assert rustc_code(tmp_path, unimported) == (
        "error[E0425]: cannot find type `GradientsAccumulator` in this scope"
    )


def test_gradients_accumulated_twice_is_rustcs_e0382(tmp_path):
    line = "acc.accumulate(&model, GradientsParams::from_grads(loss.backward(), &model));"
    assert line in HAND
    twice = "let g = GradientsParams::from_grads(loss.backward(), &model);\n"
    twice += "        acc.accumulate(&model, g);\n        acc.accumulate(&model, g);"
    assert (
        rustc_code(tmp_path, HAND.replace(line, twice)) == "error[E0382]: use of moved value: `g`"
    )
