"""The rules write the fix a user would act on first, so that lint, `--fix`, run, explain and audit
lead with it (issue 24, deliverables 1 and 5):

- state a struct keeps between passes that its own method empties (`fn begin(&mut self) {
  self.level = None; }`, any name), never called by the loop: that call at the top of each pass,
  before detaching the state where it is put (which also cuts the gradient between the steps of
  one pass);
- a field a method of the file stores before the loop (`centers.refresh(&net, &anchors);`) from
  what the loop's optimizer steps: the call moved into the loop first (recompute), detach once
  second; from what no optimizer steps, detach once first.

Lint only, no run (each program's panic and each fix's run are checked by hand: the fixed
programs run without the panic in `pbpit run`, and the agreement over the corpora is
tests/test_agreement.py's)."""

from __future__ import annotations

from pathlib import Path

from pbpit.diagnose.fix_check import applied
from pbpit.lint.apply import machine_fix
from pbpit.lint.tree import lint_paths

INTEGRATOR = """use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Drive {
    lin: Linear,
}

struct Integrator {
    level: Option<Tensor<2>>,
}

impl Integrator {
    fn begin(&mut self) {
        self.level = None;
    }

    fn advance(&mut self, input: Tensor<2>) -> Tensor<2> {
        let next = match self.level.take() {
            Some(old) => old * 0.8 + input,
            None => input,
        };
        self.level = Some(next.clone());
        next.tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut drive = Drive { lin: LinearConfig::new(2, 2).init(&device) };
    let mut optim = AdamConfig::new().init();
    let mut integ = Integrator { level: None };
    let sequences = [[[0.5, -0.2], [0.1, 0.4]], [[-0.4, 0.6], [0.2, -0.1]]];
    for seq in sequences.iter() {
        let mut out = Tensor::<2>::zeros([1, 2], &device);
        for step in seq.iter() {
            out = integ.advance(drive.lin.forward(Tensor::<2>::from_floats([*step], &device)));
        }
        let loss = out.sum();
        let grads = GradientsParams::from_grads(loss.backward(), &drive);
        drive = optim.step(1e-2, drive, grads);
    }
}
"""

CENTERS = """use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    a: Linear,
}

struct Centers {
    table: Tensor<2>,
}

impl Centers {
    fn refresh(&mut self, net: &Net, anchors: &Tensor<2>) {
        self.table = net.a.forward(anchors.clone()).tanh();
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut net = Net { a: LinearConfig::new(2, 2).init(&device) };
    let mut head = Net { a: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let anchors = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let batch = Tensor::<2>::from_floats([[0.5, 0.5]], &device);
    let mut centers = Centers { table: Tensor::zeros([2, 2], &device) };
    centers.refresh(&net, &anchors);
    for _ in 0..3 {
        let gap = TRAINED.a.forward(batch.clone()) - centers.table.clone();
        let loss = gap.powf_scalar(2.0).sum();
        let grads = GradientsParams::from_grads(loss.backward(), &TRAINED);
        TRAINED = optim.step(0.05, TRAINED, grads);
    }
}
"""


def _finding(tmp_path: Path, name: str, text: str):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (finding,) = lint_paths([str(path)]).findings
    assert finding.rule == "loop-external-tracked"
    return finding, text


def test_a_reset_method_the_loop_never_calls_is_called_first_at_the_top_of_each_pass(tmp_path):
    finding, text = _finding(tmp_path, "integrator.rs", INTEGRATOR)
    assert finding.name == "integ.level"
    first, detach = finding.helps
    assert first.message.startswith("call `integ.begin();` at the start of each pass")
    assert machine_fix(finding) is first
    fixed = applied(text, first.edits)
    assert fixed == text.replace(
        "        let mut out = Tensor::<2>::zeros([1, 2], &device);\n",
        "        integ.begin();\n        let mut out = Tensor::<2>::zeros([1, 2], &device);\n",
    )
    # Detaching where it is put also cuts the steps within one sequence: said, and not the default.
    assert "this also cuts the gradient within each pass" in detach.message
    assert detach.applicability == "MaybeIncorrect" and detach.edits


def test_no_reset_where_a_loop_around_calls_it_or_the_method_empties_nothing(tmp_path):
    """Reset each round and carried between the sequences of one (as meant): no reset each
    sequence; a method that keeps the field is no reset."""
    around = INTEGRATOR.replace(
        "    for seq in sequences.iter() {\n",
        "    for _round in 0..2 {\n    integ.begin();\n    for seq in sequences.iter() {\n",
    ).replace(
        "        drive = optim.step(1e-2, drive, grads);\n    }\n",
        "        drive = optim.step(1e-2, drive, grads);\n    }\n    }\n",
    )
    kept = INTEGRATOR.replace("self.level = None;", "self.level = self.level.clone();")
    for name, text in (("around.rs", around), ("kept.rs", kept)):
        finding, _ = _finding(tmp_path, name, text)
        assert finding.name == "integ.level"
        assert not any(".begin();` at the start" in h.message for h in finding.helps), name


def test_a_reset_called_before_the_loop_only_still_leads(tmp_path):
    before = INTEGRATOR.replace(
        "    for seq in sequences.iter() {\n",
        "    integ.begin();\n    for seq in sequences.iter() {\n",
    )
    finding, _ = _finding(tmp_path, "before.rs", before)
    assert finding.helps[0].message.startswith("call `integ.begin();` at the start of each pass")


def test_a_field_a_method_stores_from_what_the_loop_trains_is_recomputed_first(tmp_path):
    text = CENTERS.replace("TRAINED", "net")
    finding, text = _finding(tmp_path, "centers.rs", text)
    recompute, detach = finding.helps
    assert recompute.message.startswith("if gradients must flow through `centers.table`")
    assert detach.message.startswith("if `centers.table` needs no gradient, detach it once")
    assert machine_fix(finding) is recompute
    fixed = applied(text, recompute.edits)
    assert "    centers.refresh(&net, &anchors);\n    for" not in fixed
    assert "    for _ in 0..3 {\n        centers.refresh(&net, &anchors);\n" in fixed


def test_a_field_a_method_stores_from_what_no_optimizer_steps_is_detached_first(tmp_path):
    text = CENTERS.replace("TRAINED", "head")
    finding, _ = _finding(tmp_path, "frozen.rs", text)
    detach, recompute = finding.helps
    assert detach.message.startswith("if `centers.table` needs no gradient, detach it once")
    assert machine_fix(finding) is detach
    assert recompute.edits  # still written, for who wants it


def test_a_detach_at_the_end_of_the_pass_is_not_said_to_cut_within_it(tmp_path):
    """State a method assigns whole (`self.h = ..`), detached by a line at the end of the pass:
    the steps within the pass keep their gradient, so the words do not say otherwise."""
    text = """use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cell {
    wh: Linear,
}

struct Runner {
    h: Tensor<2>,
}

impl Runner {
    fn zero_state(&mut self) {
        self.h = self.h.zeros_like();
    }

    fn step(&mut self, cell: &Cell, x: Tensor<2>) -> Tensor<2> {
        self.h = (cell.wh.forward(self.h.clone()) + x).tanh();
        self.h.clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut cell = Cell { wh: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut runner = Runner { h: Tensor::<2>::zeros([1, 2], &device) };
    for episode in [[0.1, 0.5], [0.4, -0.2]] {
        let mut total = Tensor::<1>::zeros([1], &device);
        for v in episode.iter() {
            let x = Tensor::<2>::from_floats([[*v, 1.0]], &device);
            total = total + runner.step(&cell, x).sum();
        }
        let grads = GradientsParams::from_grads(total.backward(), &cell);
        cell = optim.step(0.1, cell, grads);
    }
}
"""
    finding, text = _finding(tmp_path, "runner.rs", text)
    reset, detach = finding.helps
    assert reset.message.startswith("call `runner.zero_state();` at the start of each pass")
    assert (
        detach.message
        == "detach `runner.h` at the end of each pass: gradients stop at the pass boundary"
    )
    assert "runner.h = runner.h.clone().detach();" in applied(text, detach.edits)


def test_a_vec_a_method_pushes_into_and_its_own_method_empties_is_reset_first(tmp_path):
    """A memory a method pushes each token's state into (`self.slots.push(h)`), which
    `clear_memory` empties and the document loop never calls: that call, before detaching where
    it is put (which leaves the loss nothing to train through the memory)."""
    text = """use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Reader {
    enc: Linear,
}

struct Memory {
    slots: Vec<Tensor<2>>,
}

impl Memory {
    fn clear_memory(&mut self) {
        self.slots = Vec::new();
    }

    fn read(&mut self, h: Tensor<2>) -> Tensor<2> {
        self.slots.push(h.clone());
        Tensor::cat(self.slots.clone(), 0).mean_dim(0)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut reader = Reader { enc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut memory = Memory { slots: Vec::new() };
    for doc in [[[1.0, 0.0], [0.5, 0.5]], [[0.0, 1.0], [0.2, 0.9]]] {
        let mut summary = Tensor::<2>::zeros([1, 2], &device);
        for token in doc.iter() {
            let h = reader.enc.forward(Tensor::<2>::from_floats([*token], &device)).tanh();
            summary = memory.read(h);
        }
        let grads = GradientsParams::from_grads(summary.sum().backward(), &reader);
        reader = optim.step(0.1, reader, grads);
    }
}
"""
    finding, text = _finding(tmp_path, "memory.rs", text)
    assert finding.name == "memory.slots"
    reset = next(h for h in finding.helps if h.edits)
    assert reset.message.startswith("call `memory.clear_memory();` at the start of each pass")
    assert machine_fix(finding) is reset
    assert "        memory.clear_memory();\n        let mut summary" in applied(text, reset.edits)
