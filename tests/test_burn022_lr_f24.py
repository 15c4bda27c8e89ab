"""Burn 0.22's learning-rate schedulers (`burn::lr_scheduler`, burn-optim `lr_scheduler/`;
`burn_lr.py`): each config's `new`/`with_..`/`init()`, `ModuleLrScheduler::step().base()`, a
`ModuleLearningRate` given to `optim.step`, `init`'s `Err` in burn-optim's words.

Oracles: the step values of a hand twin of burn-optim's formulas in plain Rust, built and run by
rustc 1.95 (`TWIN`, checked again where rustc is on PATH); a training loop stepped by a
scheduler's rate against the same loop given the rates as numbers (`0.5 * 0.5^epoch`)."""

from __future__ import annotations

import subprocess
import textwrap
from pathlib import Path

import pytest
from pbpit_process import pbpit_run
from record_rustc import Refused, find_rustc

SCHEDULERS = """\
use burn::lr_scheduler::cosine::CosineAnnealingLrSchedulerConfig;
use burn::lr_scheduler::exponential::ExponentialLrSchedulerConfig;
use burn::lr_scheduler::linear::LinearLrSchedulerConfig;
use burn::lr_scheduler::noam::NoamLrSchedulerConfig;
use burn::lr_scheduler::step::StepLrSchedulerConfig;
use burn::lr_scheduler::module_lr_scheduler::ModuleLrScheduler;

fn main() {
    let mut exp = ExponentialLrSchedulerConfig::new(0.1, 0.9).init().unwrap();
    let mut cos = CosineAnnealingLrSchedulerConfig::new(0.5, 4).with_min_lr(0.1).init().unwrap();
    let mut st = StepLrSchedulerConfig::new(0.3, 2).with_gamma(0.7).init().unwrap();
    let mut lin = LinearLrSchedulerConfig::new(0.9, 0.5, 4).init().unwrap();
    let noam_config = NoamLrSchedulerConfig::new(2.0).with_warmup_steps(3);
    let mut noam = noam_config.with_model_size(64).init().unwrap();
    let mut c = ModuleLrScheduler::new(0.01);
    for i in 0..6 {
        println!(
            "{i} {} {} {} {} {} {}",
            exp.step().base(),
            cos.step().base(),
            st.step().base(),
            lin.step().base(),
            noam.step().base(),
            c.step().base()
        );
    }
    let bad = ExponentialLrSchedulerConfig::new(1.5, 0.9).init();
    println!("{}", bad.is_err());
    let _x = CosineAnnealingLrSchedulerConfig::new(0.5, 0).init().unwrap();
}
"""

# A hand twin of burn-optim's `step()`s (exponential, cosine, step, linear, noam, constant).
TWIN = """\
// Hand twin of burn-optim's lr_scheduler step formulas (f64), to check pbpit's values.
fn main() {
    // exponential(0.1, 0.9)
    let (mut prev, g) = (0.1f64 / 0.9, 0.9f64);
    // cosine(0.5, 4) min 0.1
    let (min_lr, max_lr, n) = (0.1f64, 0.5f64, 4usize);
    let mut cur = usize::MAX;
    // step(0.3, 2) gamma 0.7
    let (init_lr, step_size, sg) = (0.3f64, 2usize, 0.7f64);
    let mut idx: i32 = -1;
    // linear(0.9, 0.5, 4)
    let final_lr = 0.5f64;
    let lss = (0.5f64 - 0.9) / 4usize as f64;
    let mut rem = 4usize + 1;
    // noam(2.0) warmup 3, model 64
    let (w, e, f) = (3usize as f64, 64usize as f64, 2.0f64);
    let mut s = 0.0f64;
    for i in 0..6 {
        prev *= g;
        cur = cur.wrapping_add(1);
        let angle = cur as f64 / n as f64 * std::f64::consts::PI;
        let c = min_lr + 0.5 * (max_lr - min_lr) * (1.0 + angle.cos());
        idx = idx.checked_add(1).unwrap();
        let st = init_lr * sg.powi((idx as usize / step_size) as i32);
        rem -= (rem != 0) as usize;
        let l = final_lr - lss * rem as f64;
        s += 1.0;
        let nm = f * e.powf(-0.5) * f64::min(s.powf(-0.5), s * w.powf(-1.5));
        println!("{i} {} {} {} {} {} {}", prev, c, st, l, nm, 0.01f64);
    }
}
"""

# What rustc 1.95's build of `TWIN` printed.
TWIN_STDOUT = """\
0 0.1 0.5 0.3 0.9 0.048112522432468816 0.01
1 0.09000000000000001 0.4414213562373095 0.3 0.8 0.09622504486493763 0.01
2 0.08100000000000002 0.30000000000000004 0.21 0.7 0.14433756729740643 0.01
3 0.07290000000000002 0.1585786437626905 0.21 0.6 0.125 0.01
4 0.06561000000000002 0.1 0.14699999999999996 0.5 0.11180339887498948 0.01
5 0.05904900000000002 0.15857864376269049 0.14699999999999996 0.5 0.10206207261596575 0.01
"""

TRAINED = """\
use burn::{
    lr_scheduler::exponential::ExponentialLrSchedulerConfig,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut sched = ExponentialLrSchedulerConfig::new(0.5, 0.5).init().unwrap();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    for epoch in 0..3 {
        let loss = (net.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let lr = sched.step();
        println!("{epoch} lr={} loss={}", lr.base(), loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(lr, net, grads);
    }
}
"""

TRAINED_BY_NUMBERS = """\
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    for epoch in 0..3 {
        let loss = (net.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean();
        let lr = 0.5f64 * 0.5f64.powi(epoch);
        println!("{epoch} lr={} loss={}", lr, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(lr, net, grads);
    }
}
"""


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return pbpit_run(path)


def test_each_scheduler_steps_as_burn_optim_computes(tmp_path):
    status, out, err = run(tmp_path, SCHEDULERS)
    assert status == 101, err
    lines = out.splitlines()
    assert "\n".join(lines[:6]) + "\n" == TWIN_STDOUT
    assert lines[6:] == ["true"]
    assert (
        'called `Result::unwrap()` on an `Err` value: "Number of iterations must be at least 1"'
        in err
    )


@pytest.mark.slow
def test_the_twin_prints_what_is_recorded(tmp_path):
    try:
        rustc = find_rustc()
    except Refused as refused:
        pytest.skip(str(refused))
    (tmp_path / "twin.rs").write_text(TWIN)
    subprocess.run(
        [str(rustc), "--edition", "2021", "twin.rs", "-o", "twin"], cwd=tmp_path, check=True
    )
    done = subprocess.run([str(tmp_path / "twin")], capture_output=True, text=True, check=True)
    assert done.stdout == TWIN_STDOUT


def test_a_scheduler_rate_steps_the_optimizer_as_the_number(tmp_path):
    by_scheduler = run(tmp_path, TRAINED)
    by_numbers = run(tmp_path, TRAINED_BY_NUMBERS)
    assert by_scheduler[0] == 0 and by_scheduler[2] == "", by_scheduler
    assert by_scheduler[1] == by_numbers[1] and "2 lr=0.125" in by_scheduler[1]


# A scheduler held in a struct and stepped in `&mut self`, one given `&mut` to a helper, and
# `init`'s `Err` matched; the expected lines are what rustc 1.95's build of `HELD_TWIN` printed.
HELD = """\
use burn::lr_scheduler::module_lr_scheduler::ModuleLrScheduler;
use burn::lr_scheduler::step::StepLrSchedulerConfig;
use burn::lr_scheduler::linear::LinearLrSchedulerConfig;

struct Trainer {
    sched: ModuleLrScheduler,
    history: Vec<f64>,
}

impl Trainer {
    fn tick(&mut self) -> f64 {
        let lr = self.sched.step().base();
        self.history.push(lr);
        lr
    }
}

fn drive(s: &mut ModuleLrScheduler, n: usize) -> Vec<f64> {
    (0..n).map(|_| s.step().base()).collect()
}

fn main() {
    let sched = StepLrSchedulerConfig::new(1.0, 3).with_gamma(0.5).init().unwrap();
    let mut t = Trainer { sched, history: Vec::new() };
    for _ in 0..7 {
        t.tick();
    }
    println!("{:?}", t.history);
    let mut lin = LinearLrSchedulerConfig::new(0.2, 0.05, 3).init().expect("valid");
    println!("{:?}", drive(&mut lin, 5));
    let bad = LinearLrSchedulerConfig::new(0.2, 1.5, 3).init();
    match bad {
        Ok(_) => println!("ok"),
        Err(msg) => println!("error: {msg}"),
    }
}
"""

HELD_TWIN = """\
fn main() {
    let mut h = Vec::new();
    let mut idx: i32 = -1;
    for _ in 0..7 {
        idx += 1;
        h.push(1.0f64 * 0.5f64.powi((idx as usize / 3) as i32));
    }
    println!("{:?}", h);
    let step = (0.05f64 - 0.2) / 3usize as f64;
    let mut rem = 3usize + 1;
    let mut v = Vec::new();
    for _ in 0..5 {
        rem -= (rem != 0) as usize;
        v.push(0.05f64 - step * rem as f64);
    }
    println!("{:?}", v);
    println!("error: Final learning rate must be at least 0 and at most 1");
}
"""

HELD_STDOUT = """\
[1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.25]
[0.2, 0.15000000000000002, 0.1, 0.05, 0.05]
error: Final learning rate must be at least 0 and at most 1
"""


def test_a_scheduler_held_in_a_struct_and_lent_to_a_helper(tmp_path):
    assert run(tmp_path, HELD) == (0, HELD_STDOUT, "")


@pytest.mark.slow
def test_the_held_twin_prints_what_is_recorded(tmp_path):
    try:
        rustc = find_rustc()
    except Refused as refused:
        pytest.skip(str(refused))
    (tmp_path / "twin.rs").write_text(HELD_TWIN)
    subprocess.run(
        [str(rustc), "--edition", "2021", "twin.rs", "-o", "twin"], cwd=tmp_path, check=True
    )
    done = subprocess.run([str(tmp_path / "twin")], capture_output=True, text=True, check=True)
    assert done.stdout == HELD_STDOUT
