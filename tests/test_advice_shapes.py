"""The advice pbpit gives for shapes of training loops its tests did not have (a replay buffer of
structs, a cache a method fills, gradient accumulation, a gradient penalty): the carrier named
is the collection or field that carries the tensor, and every fix shown as code, applied to the
program and run, runs without the panic. The oracle is running the fixed program: its exit
status, and the gradients it prints itself (compared with the original run's)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import apply_edits, pbpit_run

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
    (fix,) = [h for h in error.helps if h.edits]
    status, text, out = _run_fixed(path, fix.edits, tmp_path)
    assert "        self.slots[key] = Some(f.clone().detach());" in text.splitlines()
    assert status == 0
    # The first pass's gradient is the original run's: d/dw sum(exp(w) * w) = exp(w)(1 + w).
    assert out.splitlines()[0] == first.splitlines()[0]
    assert fix.checked is not None and fix.checked.ok


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
