"""The advice pbpit gives for shapes of training loops its tests did not have (a replay buffer of
structs, a cache a method fills, gradient accumulation, a gradient penalty): the carrier named
is the collection or field that carries the tensor, and every fix shown as code, applied to the
program and run, runs without the panic. The oracle is running the fixed program: its exit
status, and the gradients it prints itself (compared with the original run's)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import apply_edits, pbpit_cli, pbpit_run

from pbpit.diagnose.findings import diagnose_run
from pbpit.runner import resolve_case, run_case

REPLAY = """
use burn::prelude::*;

struct Transition {
    state: Tensor<1>,
    target: Tensor<1>,
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut buffer: Vec<Transition> = Vec::new();
    for step in 0..3 {
        let s = Tensor::<1>::from_floats([1.0, step as f32], &device);
        let target = (w.clone() * s.clone()).exp();
        buffer.push(Transition { state: s, target });
        let sample = &buffer[step / 2];
        let loss = (w.clone() * sample.state.clone() - sample.target.clone()).abs().sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""

SLOTS = """
use burn::prelude::*;

struct Cache {
    slots: Vec<Option<Tensor<1>>>,
}

impl Cache {
    fn get(&mut self, key: usize, w: &Tensor<1>) -> Tensor<1> {
        if let Some(f) = &self.slots[key] {
            return f.clone();
        }
        let f = w.clone().exp();
        self.slots[key] = Some(f.clone());
        f
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut cache = Cache { slots: vec![None] };
    for step in 0..2 {
        let loss = (cache.get(0, &w) * w.clone()).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text).lstrip())
    return path


def _error(path: Path):
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None
    (error, *_) = diagnose_run(result).errors
    return error


def _run_fixed(path: Path, edits, tmp_path: Path) -> tuple[int, str]:
    fixed = tmp_path / f"fixed_{path.name}"
    fixed.write_text(apply_edits(path.read_text(), edits))
    status, out, _ = pbpit_run(fixed)
    return status, fixed.read_text(), out


# -- state put in a collection or a field is carried by it, and detached where it is put ----------


def test_a_struct_pushed_into_a_buffer_is_carried_by_the_buffer_and_detached_where_pushed(
    tmp_path,
):
    path = _write(tmp_path, "replay.rs", REPLAY)
    status, out, _ = pbpit_run(path)
    assert status != 0 and "graph tape has already been consumed" in out + _
    error = _error(path)
    assert error.name == "buffer" and "`buffer` carries" in error.message
    (fix,) = [h for h in error.helps if h.edits]
    assert "detach `target` where it is put in `buffer`" in fix.message
    status, text, out = _run_fixed(path, fix.edits, tmp_path)
    assert "buffer.push(Transition { state: s, target: target.detach() });" in text
    assert status == 0 and out.count("\n") == 3, out


def test_a_tensor_a_method_puts_in_a_field_is_carried_by_the_field_and_detached_there(tmp_path):
    path = _write(tmp_path, "slots.rs", SLOTS)
    status, first, _ = pbpit_run(path)
    assert status != 0
    error = _error(path)
    assert error.name == "cache.slots"
    # `w` gets a gradient through what the slot holds, so emptying the slot after each pass (the
    # next pass fills it again) comes first; the detach where it is put comes second.
    empty, detach = [h for h in error.helps if h.edits]
    status, text, out = _run_fixed(path, empty.edits, tmp_path)
    assert "        cache.slots[0] = None;" in text.splitlines()
    # Every pass's gradient is the original's first: d/dw sum(exp(w) * w) = exp(w)(1 + w).
    step0 = first.splitlines()[0]
    assert step0.startswith("0: ")
    assert status == 0 and out.splitlines() == [step0, "1: " + step0[3:]]
    assert empty.checked is not None and empty.checked.ok
    status, text, out = _run_fixed(path, detach.edits, tmp_path)
    assert "        self.slots[key] = Some(f.clone().detach());" in text.splitlines()
    assert status == 0
    assert out.splitlines()[0] == first.splitlines()[0]
    assert detach.checked is not None and detach.checked.ok


# -- gradient accumulation never reset: reset it, which keeps the gradients ------------------------

ACCUMULATE = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5], &device).require_grad();
    let xs = [1.0, 2.0, 3.0, 4.0];
    let mut acc = Tensor::<1>::zeros([1], &device);
    for (i, x) in xs.iter().enumerate() {
        acc = acc + (w.clone() * *x).powf_scalar(2.0);
        if i % 2 == 1 {
            let grads = acc.clone().backward();
            println!("{:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
"""


def test_an_accumulator_never_reset_is_reset_after_its_backward_and_keeps_its_gradients(
    tmp_path,
):
    from pbpit.lint.apply import machine_fix

    path = _write(tmp_path, "accumulate.rs", ACCUMULATE)
    error = _error(path)
    assert error.name == "acc"
    reset, detach = [h for h in error.helps if h.edits]
    assert reset.message.startswith("reset `acc` right after the backward")
    assert "this changes the gradients" in detach.message
    assert machine_fix(error) is reset
    status, text, out = _run_fixed(path, reset.edits, tmp_path)
    assert "            acc = Tensor::<1>::zeros([1], &device);" in text.splitlines()
    # By hand: d/dw of w^2 x0^2 + w^2 x1^2 is 2w(1 + 4) = 5, then 2w(9 + 16) = 25.
    assert status == 0 and out == "[5.0]\n[25.0]\n", out
    assert reset.checked is not None and reset.checked.gradients == (("w", "unchanged"),)
    # Detached each pass, the first update gets the last pass's loss only: 2w * 4.
    status, _, out = _run_fixed(path, detach.edits, tmp_path)
    assert status == 0 and out.splitlines()[0] == "[4.0]"


# -- a tensor put detached already gets no second `.detach()` -----------------------------------

PARITY = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 0.25], &device).require_grad();
    let mut state: Option<Tensor<1>> = None;
    for t in 0..4 {
        let prev = state.take().unwrap_or_else(|| Tensor::<1>::zeros([2], &device));
        let h = (prev + w.clone()).tanh();
        let grads = h.clone().sum().backward();
        println!("{t}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        if t % 2 == 1 {
            state = Some(h.detach());
        } else {
            state = Some(h);
        }
    }
}
"""


def test_a_tensor_put_detached_already_is_not_detached_again(tmp_path):
    path = _write(tmp_path, "parity.rs", PARITY)
    error = _error(path)
    assert error.name == "state"
    (fix,) = [h for h in error.helps if h.edits]
    status, text, out = _run_fixed(path, fix.edits, tmp_path)
    assert ".detach().detach()" not in text
    assert text.count("state = Some(h.detach());") == 2
    assert status == 0 and len(out.splitlines()) == 4


# -- counts are what happened: which backward panicked, which pass a backward ran in -------------

ODD_PASSES = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let anchor = w.clone().exp();
    for step in 0..4 {
        let loss = if step % 2 == 1 {
            (w.clone() * anchor.clone()).sum()
        } else {
            w.clone().sum()
        };
        let _grads = loss.backward();
        println!("{step}");
    }
}
"""

EVERY_OTHER_BACKWARD = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let feats = w.clone().exp();
    for step in 0..4 {
        let loss = (w.clone() * feats.clone()).sum();
        if step % 2 == 1 {
            let _grads = loss.backward();
        }
        println!("{step}");
    }
}
"""


def test_a_tensor_used_in_odd_passes_panics_at_the_loops_4th_backward(tmp_path):
    from pbpit_process import lint_captured

    path = _write(tmp_path, "odd.rs", ODD_PASSES)
    status, out, _ = pbpit_run(path)
    # Steps 0, 1 and 2 print; step 3's backward (the 4th, one a pass) panics.
    assert status != 0 and out == "0\n1\n2\n"
    error = _error(path)
    assert error.message.endswith("used in it: the loop's 4th backward panics")
    _, said, _ = lint_captured([str(path)])
    assert "a later backward of the loop panics" in said and "2nd" not in said


def test_a_backward_some_passes_skip_is_not_given_a_pass_number(tmp_path):
    path = _write(tmp_path, "other.rs", EVERY_OTHER_BACKWARD)
    status, out, _ = pbpit_run(path)
    # Passes 1 and 3 backpropagate: pass 3's backward (the loop's 2nd) panics.
    assert status != 0 and out == "0\n1\n2\n"
    notes = [n for n in _error(path).notes if n.startswith("backward #")]
    assert notes and all("loop pass" not in n for n in notes), notes
    path = _write(tmp_path, "odd.rs", ODD_PASSES)
    notes = [n for n in _error(path).notes if n.startswith("backward #")]
    # Here a backward runs in every pass: #2 ran in pass 1, #4 in pass 3.
    assert any("backward #4" in n and "loop pass 3" in n for n in notes), notes


# -- whether detaching once takes a gradient the program unwraps: the run of the edit says ------

SCALE = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let a = Tensor::<1>::from_floats([0.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.5], &device).require_grad();
    let s = a.clone().exp();
    for step in 0..2 {
        let loss = (w.clone() / s.clone()).sum() + a.clone().sum() * DIRECT;
        let grads = loss.backward();
        println!("{step}: {:?}", a.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def test_detach_once_is_written_where_the_loss_also_reaches_the_leaf_and_it_runs(tmp_path):
    path = _write(tmp_path, "scale.rs", SCALE.replace(" * DIRECT", ""))
    error = _error(path)
    detach = next(h for h in error.helps if h.message.startswith("if `s` needs no gradient"))
    assert detach.edits and detach.note == "" and detach.checked.ok
    status, text, out = _run_fixed(path, detach.edits, tmp_path)
    assert "    let s = a.clone().exp().detach();" in text.splitlines()
    # d/da of w / s + a with s detached is 1: no panic at the unwrap.
    assert status == 0 and out == "0: [1.0]\n1: [1.0]\n"


def test_detach_once_that_leaves_an_unwrapped_gradient_none_is_not_shown_as_code(tmp_path):
    path = _write(tmp_path, "scale.rs", SCALE.replace(" + a.clone().sum() * DIRECT", ""))
    error = _error(path)
    said = [h for h in error.helps if h.message.startswith("if `s` needs no gradient")]
    # The loss reaches `a` through `s` only: detached, `a.grad(..)` is None and the unwrap
    # panics (as running the edited copy shows), so no code is shown for it.
    assert said and all(not h.edits for h in said)
    assert all("unwrap" in h.note for h in said if h.note), said


# -- a second loss that holds the first (a gradient penalty): no "add the losses" ----------------

PENALTY = """
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let loss = w.clone().exp().sum();
    let grads = loss.backward();
    let g = w.grad(&grads).unwrap();
    let penalty = g.powf_scalar(2.0).sum();
    let total = loss + penalty;
    let grads = total.backward();
    println!("{:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
"""

# The same penalty on a loss built again: it runs, and `w`'s gradient is exp(w), the loss's
# alone (as `loss.backward()` gives it): the penalty, made from gradients, trains nothing.
PENALTY_REBUILT = PENALTY.replace(
    "let total = loss + penalty;", "let total = w.clone().exp().sum() + penalty;"
)


def test_a_second_loss_holding_the_first_is_not_added_to_it_again(tmp_path):
    from pbpit_process import lint_captured

    path = _write(tmp_path, "penalty.rs", PENALTY)
    error = _error(path)
    said = [h.message for h in error.helps]
    assert not any("(loss + total)" in m or m.startswith("add the") for m in said), said
    assert any(m.startswith("use the `Gradients` the first backward returned") for m in said)
    assert any("trains nothing" in m for m in said)
    _, out, _ = lint_captured([str(path)])
    assert "(loss + total)" not in out and "use the `Gradients`" in out
    # What the words say of the penalty, seen by running it on a loss built again: `w`'s
    # gradient is d/dw sum(exp(w)) = exp(w) = [e^0.5, e^1] in f32, the penalty adds nothing.
    status, out, err = pbpit_run(_write(tmp_path, "rebuilt.rs", PENALTY_REBUILT))
    assert status == 0, err
    assert out == "Some([1.6487212, 2.7182817])\n"


# -- `--fix` falls back to detaching once when recomputing can only be said in words ----------

ANCHOR = """
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    encoder: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Model { encoder: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.5, 0.1], [0.2, 0.9]], &device);
    let probe = Tensor::<2>::from_floats([[0.0, 0.3], [0.6, 0.6]], &device);
    let anchor = model.encoder.forward(probe.clone());
    for step in 0..4 {
        let z = model.encoder.forward(x.clone());
        let loss = if step % 2 == 1 {
            let align = (z - anchor.clone()).powf_scalar(2.0).mean();
            align * 0.5
        } else {
            z.powf_scalar(2.0).mean()
        };
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
    println!("anchor: {:?}", anchor.dims());
}
"""


def test_fix_recomputes_what_is_read_after_the_loop_too_and_detaches_only_when_asked(tmp_path):
    # `anchor` is read after the loop too: kept there, and made again at the top of the loop.
    # It is made by `model.encoder`, which the optimizer steps: detached, the encoder's
    # gradient through it changes (backward #2), so detaching once is not what `--fix` writes
    # unasked (issue 24, Deliver 5: recompute what an optimizer updates); `--fix=detach`
    # writes it.
    path = _write(tmp_path, "anchor.rs", ANCHOR)
    status, before, _ = pbpit_run(path)
    assert status != 0 and before.count("step ") == 4  # step 3's backward panics
    written = path.read_text()
    done = pbpit_cli("lint", "--fix", "anchor.rs", cwd=tmp_path)
    assert "fixed anchor.rs: 1 fix (loop-external-tracked)" in done.stderr, done.stderr
    recomputed = [line.strip() for line in path.read_text().splitlines()]
    assert recomputed.count("let anchor = model.encoder.forward(probe.clone());") == 2
    assert ".detach()" not in path.read_text()
    status, after, _ = pbpit_run(path)
    # It runs; step 0 (before any update) prints what it printed.
    assert status == 0 and after.count("step ") == 4 and after.count("anchor: ") == 1
    assert after.splitlines()[:1] == before.splitlines()[:1]
    path.write_text(written)
    done = pbpit_cli("lint", "--fix=detach", "anchor.rs", cwd=tmp_path)
    assert "fixed anchor.rs: 1 fix (loop-external-tracked)" in done.stderr, done.stderr
    text = path.read_text()
    assert "    let anchor = model.encoder.forward(probe.clone()).detach();" in text.splitlines()
    status, after, _ = pbpit_run(path)
    # It runs; steps 0 and 1 (before any update a gradient through `anchor` made) print
    # what they printed.
    assert status == 0 and after.count("step ") == 4
    assert after.splitlines()[:2] == before.splitlines()[:2]


# -- two losses of one forward, an optimizer step between their backwards ----------------------

TWO_STEPS = """
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut enc: Linear = LinearConfig::new(2, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let a = Tensor::<2>::from_floats([[1.0, 0.5]], &device);
    let p = Tensor::<2>::from_floats([[0.9, 0.4]], &device);
    let n = Tensor::<2>::from_floats([[-1.0, 0.2]], &device);
    for step in 0..2 {
        let za = enc.forward(a.clone());
        let zp = enc.forward(p.clone());
        let zn = enc.forward(n.clone());
        let pos = (za.clone() - zp).powf_scalar(2.0).sum();
        let neg = (za.clone() * zn).sum().neg();
        let grads = pos.backward();
        let g = enc.weight.grad(&grads).unwrap();
        println!("{step}: {:?}", g.to_data().to_vec::<f32>().unwrap());
        let grads = GradientsParams::from_grads(grads, &enc);
        enc = optim.step(0.1, enc, grads);
        let grads = neg.backward();
        let grads = GradientsParams::from_grads(grads, &enc);
        enc = optim.step(0.1, enc, grads);
    }
}
"""


def test_the_second_loss_is_made_again_after_the_first_step_and_keeps_the_first_gradients(
    tmp_path,
):
    path = _write(tmp_path, "two_steps.rs", TWO_STEPS)
    status, before, _ = pbpit_run(path)
    assert status != 0 and before.count("\n") == 1  # step 0's `neg.backward()` panics
    error = _error(path)
    assert error.rule == "shared-intermediate" and error.name == "za"
    again = next(h for h in error.helps if h.message.startswith("make `neg` again"))
    assert again.edits and again.checked is not None and again.checked.ok
    status, text, after = _run_fixed(path, again.edits, tmp_path)
    lines = text.splitlines()
    at = lines.index("        let grads = neg.backward();")
    assert lines[at - 3 : at] == [
        "        let za = enc.forward(a.clone());",
        "        let zn = enc.forward(n.clone());",
        "        let neg = (za.clone() * zn).sum().neg();",
    ]
    # It runs both steps of both passes, and the first backward's gradient is the original's.
    assert status == 0 and after.count("\n") == 2
    assert after.splitlines()[0] == before.splitlines()[0]


# -- a field of a struct literal made before the loop is detached where it is written ----------

PRIOR = """
use burn::prelude::*;

struct StayClose {
    prior: Tensor<1>,
    weight: f32,
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let stay = StayClose { prior: w.clone().exp(), weight: 0.5 };
    for step in 0..2 {
        let loss = (w.clone() - stay.prior.clone()).powf_scalar(2.0).sum() * stay.weight;
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
"""


def test_a_struct_fields_tensor_is_detached_once_in_the_literal_that_makes_it(tmp_path):
    path = _write(tmp_path, "prior.rs", PRIOR)
    error = _error(path)
    assert error.name == "stay.prior"
    detach = next(h for h in error.helps if h.message.startswith("if `stay.prior` needs no"))
    status, text, out = _run_fixed(path, detach.edits, tmp_path)
    assert "    let stay = StayClose { prior: w.clone().exp().detach(), weight: 0.5 };" in text
    # d/dw 0.5 * sum((w - c)^2) = w - c with c = exp(w) held fixed: 0.5 - e^0.5, 1 - e.
    assert status == 0
    assert out.splitlines() == ["0: [-1.1487212, -1.7182817]", "1: [-1.1487212, -1.7182817]"]


SMOOTHED = """
use burn::prelude::*;

struct Trainer {
    w: Tensor<1>,
    smoothed: Option<Tensor<1>>,
}

impl Trainer {
    fn step(&mut self, x: Tensor<1>) -> Vec<f32> {
        let loss = (x * self.w.clone()).sum();
        let s = match self.smoothed.take() {
            Some(prev) => prev * 0.5 + loss * 0.5,
            None => loss,
        };
        let grads = s.backward();
        let g = self.w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
        self.smoothed = Some(s);
        g
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut trainer = Trainer { w, smoothed: None };
    for step in 0..3 {
        let x = Tensor::<1>::from_floats([1.0, step as f32], &device);
        let g = trainer.step(x);
        println!("{step}: {:?}", g);
    }
}
"""


def test_a_field_a_method_keeps_what_it_backpropagated_is_the_carrier(tmp_path):
    path = _write(tmp_path, "smoothed.rs", SMOOTHED)
    error = _error(path)
    assert error.name == "trainer.smoothed"
    (fix,) = [h for h in error.helps if h.edits]
    assert fix.message.startswith("detach `s` where it is put in `trainer.smoothed`")
    status, text, out = _run_fixed(path, fix.edits, tmp_path)
    assert "        self.smoothed = Some(s.detach());" in text.splitlines()
    # By hand: pass 0's loss is x . w, its gradient x = [1, 0]; then 0.5 x: [0.5, 0.5], [0.5, 1].
    assert status == 0 and out == "0: [1.0, 0.0]\n1: [0.5, 0.5]\n2: [0.5, 1.0]\n", out


# -- the same, the encoder a field of the model (`model.encoder.forward(..)`) ---------------------

FIELD_ENCODER = """
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    encoder: Linear,
    decoder: Linear,
    classifier: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut model = Model {
        encoder: LinearConfig::new(3, 2).init(&device),
        decoder: LinearConfig::new(2, 3).init(&device),
        classifier: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.0, 2.0], [0.5, 1.5, -1.0]], &device);
    let label = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    for step in 0..2 {
        let code = model.encoder.forward(x.clone()).tanh();
        let recon = (model.decoder.forward(code.clone()) - x.clone()).powf_scalar(2.0).mean();
        let class = (model.classifier.forward(code) - label.clone()).powf_scalar(2.0).mean();
        let grads = recon.backward();
        let w = model.encoder.weight.val();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(0.1, model, grads);
        let grads = GradientsParams::from_grads(class.backward(), &model);
        model = optim.step(0.1, model, grads);
    }
}
"""


def test_a_second_loss_made_from_a_field_of_the_model_is_made_again_after_the_step(tmp_path):
    # `model.encoder.forward(..)` borrows `model` (a method of `&self` on its field): making
    # the loss again moves nothing; it was taken for a field moved out and no fix was offered.
    path = _write(tmp_path, "field_encoder.rs", FIELD_ENCODER)
    status, before, _ = pbpit_run(path)
    assert status != 0 and before.count("\n") == 1  # step 0's `class.backward()` panics
    error = _error(path)
    assert error.rule == "shared-intermediate" and error.name == "code"
    again = next(h for h in error.helps if h.message.startswith("make `class` again"))
    assert again.edits and again.checked is not None and again.checked.ok
    status, text, after = _run_fixed(path, again.edits, tmp_path)
    lines = text.splitlines()
    at = lines.index("        let grads = GradientsParams::from_grads(class.backward(), &model);")
    assert lines[at - 2 : at] == [
        "        let code = model.encoder.forward(x.clone()).tanh();",
        "        let class = (model.classifier.forward(code) - label.clone())"
        ".powf_scalar(2.0).mean();",
    ]
    assert status == 0 and after.count("\n") == 2
    assert after.splitlines()[0] == before.splitlines()[0]
