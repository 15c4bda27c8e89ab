"""Which fix pbpit puts first, and fixes for shapes it had none for: detach what gets no
gradient in the program (a reference network no optimizer steps, a snapshot of what the loop
computes afresh), recompute what an optimizer updates; an accumulator kept in a field reset in
the method whose backward consumes it; a tensor a closure reads recomputed in that closure; two
losses of one pass sharing an element of a `Vec` made before the loop called shared, not
cached. The oracle is running the programs: the fixed copy's exit status and the values it
prints, derived by hand in each test."""

from __future__ import annotations

import math
import textwrap
from pathlib import Path

from pbpit_process import apply_edits, lint_captured, pbpit_main, pbpit_run

from pbpit.diagnose.audit import audit
from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import diagnose_run
from pbpit.runner import resolve_case, run_case

MODULES = """
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

impl Net {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}
"""

# A reference network, never stepped: its embedding of the data is made once, before the loop.
REFERENCE = (
    MODULES
    + """
fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let reference = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let mut student = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [-0.5, 2.0]], &device);
    let embedded = reference.forward(x.clone()).tanh();
    for step in 0..3 {
        let loss = (student.forward(x.clone()) - embedded.clone()).powf_scalar(2.0).mean();
        println!("{step}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &student);
        student = optim.step(0.1, student, grads);
    }
}
"""
)

# The model's own predictions before training, kept as an anchor the loop pulls it towards:
# the loop computes `net.forward(x)` afresh every pass, so the anchor is a snapshot.
ANCHOR = (
    MODULES
    + """
fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [-1.0]], &device);
    let anchor = net.forward(x.clone());
    for step in 0..3 {
        let pred = net.forward(x.clone());
        let drift = (pred.clone() - anchor.clone()).powf_scalar(2.0).mean();
        println!("{step}: drift = {}", drift.clone().into_scalar::<f32>());
        let loss = (pred - y.clone()).powf_scalar(2.0).mean() + drift;
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.5, net, grads);
    }
}
"""
)

# Features of an encoder the loop trains (the optimizer steps the model that holds it), cached
# before the loop.
TRAINED = (
    MODULES
    + """
#[derive(Module, Debug)]
struct Pair {
    encoder: Net,
    head: Net,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut model = Pair {
        encoder: Net { fc: LinearConfig::new(2, 2).init(&device) },
        head: Net { fc: LinearConfig::new(2, 1).init(&device) },
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, -1.0]], &device);
    let feats = model.encoder.forward(x.clone()).tanh();
    for step in 0..3 {
        let loss = model.head.forward(feats.clone()).powf_scalar(2.0).mean();
        println!("{step}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
"""
)


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def _error(path: Path):
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None
    (error, *_) = diagnose_run(result).errors
    return result, error


def _run_fixed(path: Path, edits, tmp_path: Path) -> tuple[int, str, str]:
    fixed = tmp_path / f"fixed_{path.name}"
    fixed.write_text(apply_edits(path.read_text(), edits))
    status, out, _ = pbpit_run(fixed)
    return status, fixed.read_text(), out


def _applying(result):
    """The fix explain says applies to the run's panic (the run's first help names it)."""
    fixes = explain_in_case(result, result.panic.node_id).fixes
    return [f.key for f in fixes if f.applies]


# -- detach what gets no gradient, recompute what an optimizer updates ---------------------------


def test_a_reference_network_no_optimizer_steps_is_detached_first(tmp_path):
    path = _write(tmp_path, "reference.rs", REFERENCE)
    result, error = _error(path)
    assert _applying(result) == ["detach once"]
    first = error.helps[0].message
    assert first.startswith("detach once: `embedded` is made from `reference.fc."), first
    assert "which no optimizer steps" in first
    detach = next(h for h in error.helps if h.edits and "detach it once" in h.message)
    assert detach.checked.ok
    status, text, out = _run_fixed(path, detach.edits, tmp_path)
    assert "let embedded = reference.forward(x.clone()).tanh().detach();" in text
    assert status == 0 and out.count("\n") == 3, out


def test_a_snapshot_of_what_the_loop_computes_afresh_is_detached_first(tmp_path):
    path = _write(tmp_path, "anchor.rs", ANCHOR)
    result, error = _error(path)
    # The optimizer steps `net`, yet the anchor is detached: recomputed in the loop it would be
    # `pred` itself, and the drift it measures would be 0 in every pass.
    assert _applying(result) == ["detach once"]
    assert "snapshot of the value before the loop's updates" in error.helps[0].message
    detach = next(h for h in error.helps if h.edits and "detach it once" in h.message)
    status, _, out = _run_fixed(path, detach.edits, tmp_path)
    drifts = [line.split(" = ")[1] for line in out.splitlines()]
    assert status == 0 and drifts[0] == "0" and drifts[1] != "0", out
    # Recomputed in the loop, the anchor would be `pred` itself and the drift 0 in every pass
    # (it ran: "0: drift = 0" three times): said in words, with why, never as code.
    (recompute,) = [h for h in error.helps if "inside the loop" in h.message]
    assert not recompute.edits
    assert recompute.note.startswith("not written as code: the loop computes "), recompute.note
    assert "a KL or a drift always 0" in recompute.note


def test_features_of_an_encoder_an_optimizer_steps_are_recomputed_first(tmp_path):
    path = _write(tmp_path, "trained.rs", TRAINED)
    result, error = _error(path)
    assert _applying(result) == ["recompute in the loop"]
    assert error.helps[0].message.startswith(
        "recompute in the loop: gradients must reach `model.encoder.fc."
    ), error.helps[0].message


def test_a_snapshot_through_softmax_is_still_made_again_from_the_same_data(tmp_path):
    # log_softmax detaches a copy of its input (its max) in every call: not data the calls
    # differ in.
    softmaxed = ANCHOR.replace(
        "self.fc.forward(x)\n", "burn::tensor::activation::log_softmax(self.fc.forward(x), 0)\n"
    )
    assert "log_softmax" in softmaxed
    path = _write(tmp_path, "softmaxed.rs", softmaxed)
    result, error = _error(path)
    assert _applying(result) == ["detach once"], error.helps[0].message


def test_a_tensor_made_from_what_the_loop_computes_afresh_is_detached_first(tmp_path):
    # Weights scored once from the model's own output; the loop computes that output again.
    weighted = ANCHOR.replace(
        "let anchor = net.forward(x.clone());",
        "let anchor = burn::tensor::activation::sigmoid(net.forward(x.clone()));",
    )
    assert "sigmoid(" in weighted
    path = _write(tmp_path, "weighted.rs", weighted)
    result, error = _error(path)
    assert _applying(result) == ["detach once"]
    assert "`anchor` is made from a snapshot" in error.helps[0].message, error.helps[0].message


# -- an accumulator kept in a field: reset in the method whose backward consumes it -------------

METER = """
use burn::prelude::*;

struct Meter {
    sum: Tensor<1>,
    n: usize,
}

impl Meter {
    fn record(&mut self, loss: Tensor<1>) {
        self.sum = loss + self.sum.clone();
        self.n += 1;
    }
    fn backprop(&mut self) -> Gradients {
        let grads = (self.sum.clone() * 0.5).backward();
        self.n = 0;
        grads
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let xs = [[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 0.0]];
    let mut meter = Meter { sum: Tensor::<1>::zeros([1], &device), n: 0 };
    for (i, x) in xs.iter().enumerate() {
        let xt = Tensor::<1>::from_floats(*x, &device);
        meter.record((xt * w.clone()).sum());
        if i % 2 == 1 {
            let grads = meter.backprop();
            println!("{i}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
"""


def test_an_accumulator_field_is_reset_in_the_method_whose_backward_consumes_it(tmp_path):
    path = _write(tmp_path, "meter.rs", METER)
    result, error = _error(path)
    assert _applying(result) == ["reset the accumulator"]
    assert error.name == "meter.sum" and "`meter.sum` carries" in error.message
    reset = next(h for h in error.helps if h.edits)
    assert reset.message.startswith("reset `meter.sum` in `Meter::backprop`"), reset.message
    assert reset.checked.ok and ("w", "unchanged") in reset.checked.gradients
    status, text, out = _run_fixed(path, reset.edits, tmp_path)
    lines = text.splitlines()
    at = lines.index("        let grads = (self.sum.clone() * 0.5).backward();")
    assert lines[at + 1] == "        self.sum = self.sum.zeros_like();"
    # Each backward gets half the sum of the two losses since the last: d/dw = (x_a + x_b) / 2.
    assert status == 0 and out == "1: [0.5, 0.5]\n3: [1.5, 0.5]\n", out
    # Detaching it each pass changes the gradients: said so, and not the first fix.
    detach = [h for h in error.helps if "at the end of each pass" in h.message]
    assert detach and "this changes the gradients" in detach[0].message
    assert "`meter.sum = meter.sum.detach();`" in detach[0].message


# -- a tensor a closure reads: recomputed in the closure -----------------------------------------

TEMPERATURE = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let log_t = Tensor::<1>::from_floats([0.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([3.0, 4.0], &device);
    let t = log_t.clone().exp();
    let score = |a: Tensor<1>| -> Tensor<1> {
        let z = a.sum();
        z / t.clone()
    };
    for step in 0..2 {
        let loss = score(w.clone() * x.clone());
        let grads = loss.backward();
        let g = log_t.grad(&grads).unwrap().into_scalar::<f32>();
        println!("{step}: {g} {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def test_a_tensor_a_closure_reads_is_recomputed_in_the_closure_and_keeps_its_gradient(tmp_path):
    path = _write(tmp_path, "temperature.rs", TEMPERATURE)
    _, error = _error(path)
    coded = [h for h in error.helps if h.edits]
    # `log_t`'s gradient is read: the fix that keeps it comes first.
    assert coded[0].message.endswith("every pass, in the closure that reads it"), coded
    assert coded[0].checked.ok and ("log_t", "unchanged") in coded[0].checked.gradients
    status, text, out = _run_fixed(path, coded[0].edits, tmp_path)
    lines = text.splitlines()
    at = lines.index("    let score = |a: Tensor<1>| -> Tensor<1> {")
    assert lines[at + 1] == "        let t = log_t.clone().exp();"
    # loss = (w . x) / e^log_t at log_t = 0: d/dlog_t = -(3 + 8) = -11, d/dw = x.
    assert status == 0 and out == "0: -11 [3.0, 4.0]\n1: -11 [3.0, 4.0]\n", out
    code, stdout, _ = lint_captured([str(path)], fmt="json")
    assert "in the closure that reads it" in stdout


# -- one element of a `Vec` made before the loop, backpropagated twice in one pass -------------

ELEMENT = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let parts: Vec<Tensor<1>> = (0..3).map(|k| (w.clone() * (k as f32 + 1.0)).sin()).collect();
    for step in 0..3 {
        let fit = parts[step].clone().sum();
        let grads = fit.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        let smooth = parts[step].clone().abs().mean();
        let grads = smooth.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def test_an_element_backpropagated_twice_in_one_pass_is_shared_not_cached(tmp_path):
    path = _write(tmp_path, "element.rs", ELEMENT)
    result, error = _error(path)
    assert (error.rule, error.name) == ("shared-intermediate", "parts"), error.message
    (entry,) = [e for e in audit(result) if e.verdict == "hazard"]
    assert entry.pattern == "shared-intermediate" and not entry.carried
    _, stdout, _ = lint_captured([str(path)])
    assert "warning[pbpit::shared-intermediate]: `parts` is shared by two losses" in stdout


def test_one_element_backpropagated_once_a_pass_every_pass_is_still_cached(tmp_path):
    # The same `Vec`, its first element read by every pass's one backward: made before the
    # loop, the 2nd pass panics at it.
    once = ELEMENT.replace("parts[step]", "parts[0]").replace(
        "        let smooth = parts[0].clone().abs().mean();\n"
        "        let grads = smooth.backward();\n"
        '        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>()'
        ".unwrap());\n",
        "",
    )
    assert "smooth" not in once
    path = _write(tmp_path, "once.rs", once)
    _, error = _error(path)
    assert error.rule == "loop-external-tracked", error.message


# The loop reads the tensor too, beside the closure: the closure moves into the loop with it.
CALIBRATE = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let log_t = Tensor::<1>::from_floats([0.0], &device).require_grad();
    let z = Tensor::<1>::from_floats([1.0, 3.0], &device);
    let inv = log_t.clone().exp().recip();
    let spread = |v: Tensor<1>| -> Tensor<1> {
        let scaled = v * inv.clone();
        scaled.sum()
    };
    for round in 0..2 {
        let loss = spread(z.clone()) + inv.clone().sum();
        let grads = loss.backward();
        println!("{round}: {}", log_t.grad(&grads).unwrap().into_scalar::<f32>());
    }
}
"""


def test_a_tensor_read_by_a_closure_and_by_the_loop_moves_into_the_loop_with_the_closure(
    tmp_path,
):
    path = _write(tmp_path, "calibrate.rs", CALIBRATE)
    _, error = _error(path)
    (fix, *_) = [h for h in error.helps if h.edits]
    assert fix.message.endswith("every pass, with the closure that reads it"), fix.message
    assert fix.checked.ok and ("log_t", "unchanged") in fix.checked.gradients
    status, text, out = _run_fixed(path, fix.edits, tmp_path)
    lines = text.splitlines()
    at = lines.index("    for round in 0..2 {")
    assert lines[at + 1 : at + 3] == [
        "        let inv = log_t.clone().exp().recip();",
        "        let spread = |v: Tensor<1>| -> Tensor<1> {",
    ]
    # loss = (1 + 3 + 1) * e^-log_t at log_t = 0: d/dlog_t = -5.
    assert status == 0 and out == "0: -5\n1: -5\n", out


# -- a collection the loop samples by index: not emptied; the kept value made again -----------
# Each step kept beside the observation it is computed from; the loss compares a fresh forward
# with the kept value. Emptied each pass, `memory[t / 2]` would find nothing. Made again from the
# kept `obs` where it is read, backward #1's gradient is the original's: by hand, at t = 0,
# obs = [1, 0], u = w . obs = 0.5, d = u - tanh(u) = 0.0378828, dloss/dw0 = 2 d tanh(u)^2 =
# 0.0161799 (detached where it is put it would be 2 d = 0.0757657, another gradient); w is never
# stepped, so t = 1 (memory[0]) gives the same; at t = 2, 3 (memory[1], obs = [1, 1]) u = 0.

MEMORY = """
use burn::prelude::*;

struct Step {
    obs: Tensor<1>,
    value: Tensor<1>,
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut memory: Vec<Step> = Vec::new();
    for t in 0..4 {
        let obs = Tensor::<1>::from_floats([1.0, t as f32], &device);
        let value = (w.clone() * obs.clone()).sum().tanh();
        memory.push(Step { obs, value });
        let old = &memory[t / 2];
        let loss = ((w.clone() * old.obs.clone()).sum() - old.value.clone()).powf_scalar(2.0);
        let grads = loss.backward();
        println!("{t}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def test_a_collection_sampled_by_index_is_not_emptied_and_its_value_is_made_again(tmp_path):
    path = _write(tmp_path, "memory.rs", MEMORY)
    code, stdout, _ = lint_captured([str(path)])
    assert "warning[pbpit::loop-external-tracked]: `memory` carries" in stdout, stdout
    assert "memory.clear()" not in stdout  # emptied, `memory[t / 2]` would find nothing
    assert "help: compute `value` again from the `obs` that `memory` keeps" in stdout, stdout
    fixed = tmp_path / "fixed.rs"
    fixed.write_text(path.read_text())
    pbpit_main("lint", "--fix", str(fixed))
    assert "- (w.clone() * old.obs.clone()).sum().tanh())" in fixed.read_text()
    status, out, _ = pbpit_run(fixed)
    rows = [line.split(": ", 1) for line in out.splitlines()]
    assert status == 0 and [t for t, _ in rows] == ["0", "1", "2", "3"], out
    grads = [[float(v) for v in g.strip("[]").split(", ")] for _, g in rows]
    for got, want in zip(grads, [0.0161799, 0.0161799, 0.0, 0.0], strict=True):
        assert math.isclose(got[0], want, abs_tol=1e-6) and got[1] == 0.0, out
