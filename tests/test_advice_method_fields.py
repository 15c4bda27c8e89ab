"""State a struct's methods keep in a field of `self` and a loop carries from pass to pass through
a value whose field the loop cannot detach itself (a `Box<dyn Trait>`: rustc's E0609; a `Vec` or
`HashMap` field, which has no `.detach()`), and a loss handed to a function whose retry loop
backpropagates it each pass. The fix is printed as code, where the user must edit (inside the
method; the function's parameter and its caller), and `pbpit run`, `pbpit explain` and `pbpit
lint` give the same edits. The oracle is running the fixed program: its exit status, and the
gradient of the first pass it prints itself, compared with what the original run printed before
it panicked (and with a value derived by hand where one is given).

The first programs of each shape are small copies of held-out programs written outside the
project (a running-mean normaliser behind `Box<dyn Normalizer>`, a center loss keeping a
`HashMap` of centers, a contrastive queue behind `Box<dyn NegativeSource>`, a recurrent memory in
an `Option` reset to `None`, a retry loop scaling the loss down); the others are variants written
before pbpit was run on them (another trait, `entry().or_insert`, `remove(0)`, a free function).
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import apply_edits, pbpit_run

from pbpit.diagnose.explain import explain_in_case
from pbpit.diagnose.findings import diagnose_run, explanation_diagnostic
from pbpit.lint.analysis import lint_source
from pbpit.runner import resolve_case, run_case
from pbpit.rust.syntax import parse_bytes

GRAD = 'println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());'

NORMALIZERS = """
use burn::prelude::*;

trait Normalizer {
    fn normalize(&mut self, h: Tensor<1>) -> Tensor<1>;
}

struct Identity;

impl Normalizer for Identity {
    fn normalize(&mut self, h: Tensor<1>) -> Tensor<1> {
        h
    }
}

struct RunningMean {
    mean: Tensor<1>,
    momentum: f32,
}

impl Normalizer for RunningMean {
    fn normalize(&mut self, h: Tensor<1>) -> Tensor<1> {
        self.mean = self.mean.clone() * self.momentum + h.clone() * (1.0 - self.momentum);
        h - self.mean.clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut norms: Vec<Box<dyn Normalizer>> = vec![
        Box::new(Identity),
        Box::new(RunningMean { mean: Tensor::<1>::zeros([2], &device), momentum: 0.5 }),
    ];
    for norm in norms.iter_mut() {
        for step in 0..2 {
            let h = w.clone() * (step as f32 + 1.0);
            let loss = norm.normalize(h).powf_scalar(2.0).sum();
            let grads = loss.backward();
            GRAD
        }
    }
}
"""

BASELINE = """
use burn::prelude::*;

trait Baseline {
    fn update(&mut self, reward: Tensor<1>) -> Tensor<1>;
}

struct MovingAverage {
    value: Tensor<1>,
    rate: f32,
}

impl Baseline for MovingAverage {
    fn update(&mut self, reward: Tensor<1>) -> Tensor<1> {
        let blended = self.value.clone() * (1.0 - self.rate) + reward * self.rate;
        self.value = blended;
        self.value.clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut baseline: Box<dyn Baseline> =
        Box::new(MovingAverage { value: Tensor::<1>::zeros([2], &device), rate: 0.25 });
    for step in 0..3 {
        let reward = (w.clone() * (step as f32 + 1.0)).exp();
        let b = baseline.update(reward.clone());
        let loss = (reward - b).sum();
        let grads = loss.backward();
        GRAD
    }
}
"""

CENTERS = """
use std::collections::HashMap;
use burn::prelude::*;

struct Centers {
    by_class: HashMap<usize, Tensor<1>>,
}

impl Centers {
    fn center(&mut self, class: usize, feats: &Tensor<1>) -> Tensor<1> {
        if !self.by_class.contains_key(&class) {
            self.by_class.insert(class, feats.clone());
        }
        self.by_class.get(&class).unwrap().clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut centers = Centers { by_class: HashMap::new() };
    let classes = [0, 1, 0];
    for step in 0..3 {
        let feats = (w.clone() * (step as f32 + 1.0)).tanh();
        let pull = (feats.clone() - centers.center(classes[step], &feats)).powf_scalar(2.0);
        let loss = (feats + pull).sum();
        let grads = loss.backward();
        GRAD
    }
}
"""

PROTOTYPES = """
use std::collections::HashMap;
use burn::prelude::*;

struct Prototypes {
    by_label: HashMap<u32, Tensor<1>>,
}

impl Prototypes {
    fn prototype(&mut self, label: u32, emb: &Tensor<1>) -> Tensor<1> {
        self.by_label.entry(label).or_insert(emb.clone()).clone()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut protos = Prototypes { by_label: HashMap::new() };
    let labels = [7u32, 7, 3];
    for (step, label) in labels.iter().enumerate() {
        let emb = (w.clone() * (step as f32 + 2.0)).tanh();
        let pull = (emb.clone() - protos.prototype(*label, &emb)).powf_scalar(2.0);
        let loss = pull.sum() + emb.sum();
        let grads = loss.backward();
        GRAD
    }
}
"""

QUEUE = """
use burn::prelude::*;

trait NegativeSource {
    fn negatives(&self) -> Option<Tensor<1>>;
    fn update(&mut self, keys: Tensor<1>);
}

struct Queue {
    items: Vec<Tensor<1>>,
    capacity: usize,
}

impl NegativeSource for Queue {
    fn negatives(&self) -> Option<Tensor<1>> {
        if self.items.is_empty() {
            None
        } else {
            Some(Tensor::cat(self.items.clone(), 0))
        }
    }

    fn update(&mut self, keys: Tensor<1>) {
        self.items.push(keys);
        if self.items.len() > self.capacity {
            self.items.remove(0);
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut source: Box<dyn NegativeSource> = Box::new(Queue { items: Vec::new(), capacity: 2 });
    for step in 0..3 {
        let k = (w.clone() * (step as f32 + 1.0)).sin();
        let mut loss = k.clone().sum();
        if let Some(neg) = source.negatives() {
            loss = loss + neg.exp().sum();
        }
        let grads = loss.backward();
        GRAD
        source.update(k);
    }
}
"""

FIFO = """
use burn::prelude::*;

trait Bank {
    fn stored(&self) -> Vec<Tensor<1>>;
    fn remember(&mut self, z: Tensor<1>);
}

struct Fifo {
    entries: Vec<Tensor<1>>,
    size: usize,
}

impl Bank for Fifo {
    fn stored(&self) -> Vec<Tensor<1>> {
        self.entries.clone()
    }
    fn remember(&mut self, z: Tensor<1>) {
        self.entries.push(z.clone());
        if self.entries.len() > self.size {
            self.entries.remove(0);
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut bank: Box<dyn Bank> = Box::new(Fifo { entries: Vec::new(), size: 2 });
    for step in 0..3 {
        let z = (w.clone() * (step as f32 + 1.0)).sin();
        let mut loss = z.clone().sum();
        for old in bank.stored() {
            loss = loss + (z.clone() * old).sum();
        }
        let grads = loss.backward();
        GRAD
        bank.remember(z);
    }
}
"""

MEMORY = """
use burn::prelude::*;

struct Memory {
    state: Option<Tensor<1>>,
}

impl Memory {
    fn reset(&mut self) {
        self.state = None;
    }

    fn act(&mut self, w: &Tensor<1>, x: f32) -> Tensor<1> {
        let h = match self.state.clone() {
            Some(m) => (w.clone() * x + m).tanh(),
            None => (w.clone() * x).tanh(),
        };
        self.state = Some(h.clone());
        h
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut memory = Memory { state: None };
    for episode in 0..2 {
        memory.reset();
        for step in 0..2 {
            let loss = memory.act(&w, step as f32 + 1.0).sum();
            let grads = loss.backward();
            GRAD
        }
    }
}
"""

RETRY = """
use burn::prelude::*;
use burn::tensor::Gradients;

struct Model {
    w: Tensor<1>,
}

impl Model {
    fn loss(&self, x: Tensor<1>) -> Tensor<1> {
        (self.w.clone() * x).powf_scalar(2.0).sum()
    }

    fn guarded_grads(&self, loss: Tensor<1>, max_norm: f32) -> Gradients {
        let mut scale = 1.0f32;
        loop {
            let grads = (loss.clone() * scale).backward();
            let norm = self.w.grad(&grads).unwrap().abs().sum().into_scalar::<f32>();
            if norm < max_norm {
                break grads;
            }
            scale = scale * 0.5;
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let model = Model { w: Tensor::<1>::from_floats([2.0, -3.0], &device).require_grad() };
    let x = Tensor::<1>::from_floats([1.5, 0.5], &device);
    for step in 0..2 {
        let loss = model.loss(x.clone());
        let grads = model.guarded_grads(loss, 4.0);
        let w = &model.w;
        GRAD
    }
}
"""

SHRINK = """
use burn::prelude::*;
use burn::tensor::Gradients;

fn shrink_until_small(loss: Tensor<1>, w: &Tensor<1>, limit: f32) -> Gradients {
    let mut factor = 1.0f32;
    for _ in 0..10 {
        let grads = (loss.clone() * factor).backward();
        let size = w.grad(&grads).unwrap().abs().sum().into_scalar::<f32>();
        if size < limit {
            return grads;
        }
        factor = factor * 0.5;
    }
    (loss * factor).backward()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([2.0, -3.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.5, 0.5], &device);
    for step in 0..2 {
        let loss = (w.clone() * x.clone()).powf_scalar(2.0).sum();
        let grads = shrink_until_small(loss, &w, 4.0);
        GRAD
    }
}
"""


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(textwrap.dedent(text).lstrip().replace("GRAD", GRAD))
    return path


def _fixed(path: Path, tmp_path: Path, *lines: str):
    """The run's error, its one fix written as code, and the fixed run's output. Explain's
    note and lint's finding give the same edits (one diagnosis), and each line of `lines` is a
    line of the fixed program."""
    result = run_case(resolve_case(str(path)))
    assert result.panic is not None, "the program must panic"
    before = result.stdout
    (error, *_) = diagnose_run(result).errors
    written = [h for h in error.helps if h.edits]
    assert len(written) == 1, [h.message for h in error.helps]
    (fix,) = written
    assert fix.checked is not None and fix.checked.ok, fix.checked
    # `pbpit explain FILE`: the fix that applies, with the same edits, checked.
    assert result.panic.node_id is not None
    note = explanation_diagnostic(result, explain_in_case(result, result.panic.node_id))
    explained = [h for h in note.helps if h.edits]
    assert [h.edits for h in explained] == [fix.edits], [h.message for h in note.helps]
    assert explained[0].checked is not None and explained[0].checked.ok
    linted = lint_source(parse_bytes(path.read_bytes(), str(path)))
    written_by_lint = [h.edits for f in linted for h in f.helps if h.edits]
    assert not written_by_lint or fix.edits in written_by_lint
    fixed = tmp_path / f"fixed_{path.name}"
    fixed.write_text(apply_edits(path.read_text(), fix.edits))
    for line in lines:
        assert line in fixed.read_text().splitlines(), fixed.read_text()
    status, after, _ = pbpit_run(fixed)
    assert status == 0, after
    # The gradient the first pass printed is the original run's, as the fix says (`unchanged`;
    # a retry loop panics before it prints: the tests give the value by hand).
    if before:
        assert after.splitlines()[0] == before.splitlines()[0]
    assert fix.checked.keeps_gradients, fix.checked.gradients
    return error, fix, after


# -- a field a method of a `Box<dyn Trait>` keeps: its previous value detached where it is read --


def test_a_running_mean_behind_a_trait_object_is_detached_where_its_method_reads_it(tmp_path):
    path = _write(tmp_path, "normalizers.rs", NORMALIZERS)
    error, fix, after = _fixed(
        path,
        tmp_path,
        "        self.mean = self.mean.clone().detach() * self.momentum"
        " + h.clone() * (1.0 - self.momentum);",
    )
    assert error.name == "norm.mean"
    assert "where `RunningMean::normalize` reads the previous pass's value" in fix.message
    # By hand, the identity's first pass: d/dw sum(w^2) = 2w.
    assert after.splitlines()[0] == "0: [1.0, -2.0]"
    assert len(after.splitlines()) == 4


def test_a_moving_average_read_in_a_let_before_it_is_replaced_is_detached_there(tmp_path):
    path = _write(tmp_path, "baseline.rs", BASELINE)
    _, fix, after = _fixed(
        path,
        tmp_path,
        "        let blended = self.value.clone().detach() * (1.0 - self.rate)"
        " + reward * self.rate;",
    )
    # The first pass: loss = sum(exp(w) - 0.25 exp(w)), its gradient 0.75 exp(w) (the same
    # before and after the fix: the value it starts with is zeros, no graph).
    assert "baseline.value" in fix.message
    assert len(after.splitlines()) == 3


def test_lint_writes_the_detach_in_a_method_of_a_value_a_function_gets_as_dyn(tmp_path):
    # `&mut dyn Smoother` is outside what pbpit runs: lint's edit is its own, read again.
    program = NORMALIZERS.replace(
        "    for norm in norms.iter_mut() {\n        for step",
        "    for norm in norms.iter_mut() {\n        train(norm.as_mut(), &w);\n    }\n}\n\n"
        "fn train(norm: &mut dyn Normalizer, w: &Tensor<1>) {\n    {\n        for step",
    )
    path = _write(tmp_path, "train_dyn.rs", program)
    (finding,) = lint_source(parse_bytes(path.read_bytes(), str(path)))
    (fix,) = [h for h in finding.helps if h.edits]
    text = apply_edits(path.read_text(), fix.edits)
    assert "self.mean = self.mean.clone().detach() * self.momentum" in text


# -- a map or a `Vec` a method fills: the tensor detached where the method puts it --------------


def test_a_hashmap_of_centers_gets_the_tensor_detached_where_the_method_inserts_it(tmp_path):
    path = _write(tmp_path, "centers.rs", CENTERS)
    error, fix, _ = _fixed(
        path, tmp_path, "            self.by_class.insert(class, feats.clone().detach());"
    )
    assert error.name == "centers.by_class"
    assert "detach `feats` where it is put in `self.by_class`" in fix.message


def test_a_map_filled_by_entry_or_insert_gets_the_tensor_detached_there(tmp_path):
    path = _write(tmp_path, "prototypes.rs", PROTOTYPES)
    error, _, _ = _fixed(
        path,
        tmp_path,
        "        self.by_label.entry(label).or_insert(emb.clone().detach()).clone()",
    )
    assert error.name == "protos.by_label"


def test_a_queue_behind_a_trait_object_gets_the_keys_detached_where_they_are_pushed(tmp_path):
    path = _write(tmp_path, "queue.rs", QUEUE)
    error, fix, after = _fixed(path, tmp_path, "        self.items.push(keys.detach());")
    assert error.name == "source.items"
    # By hand, the first pass: d/dw sum(sin(w)) = cos(w); cos(0.5) = 0.87758255 in f32.
    assert after.splitlines()[0].startswith("0: [0.87758255, ")


def test_a_bank_read_by_a_for_loop_is_named_by_its_field_and_detached_where_remembered(tmp_path):
    path = _write(tmp_path, "fifo.rs", FIFO)
    error, fix, _ = _fixed(path, tmp_path, "        self.entries.push(z.clone().detach());")
    assert error.name == "bank.entries"
    assert "`bank.entries` carries it" in fix.message


# -- an `Option` field reset to `None` by another method ----------------------------------------


def test_an_option_field_reset_to_none_gets_the_tensor_detached_where_it_is_put(tmp_path):
    path = _write(tmp_path, "memory.rs", MEMORY)
    error, _, after = _fixed(path, tmp_path, "        self.state = Some(h.clone().detach());")
    assert error.name == "memory.state"
    assert len(after.splitlines()) == 4


# -- a loss handed to a function whose retry loop backpropagates it -------------------------------


def test_a_loss_handed_to_a_retry_loop_is_recomputed_there_through_a_closure(tmp_path):
    path = _write(tmp_path, "retry.rs", RETRY)
    _, fix, after = _fixed(
        path,
        tmp_path,
        "    fn guarded_grads(&self, loss: impl Fn() -> Tensor<1>, max_norm: f32) -> Gradients {",
        "            let grads = (loss() * scale).backward();",
        "        let grads = model.guarded_grads(|| model.loss(x.clone()), 4.0);",
    )
    assert fix.message.startswith("if gradients must flow through `loss`")
    assert "`Model::guarded_grads`'s loop" in fix.message
    # By hand: the gradient 2 w x^2 = [9, -1.5] (|.| 10.5), halved until under 4: [2.25, -0.375].
    assert after == "0: [2.25, -0.375]\n1: [2.25, -0.375]\n"


def test_a_loss_handed_to_a_free_function_is_recomputed_there_every_use_a_call(tmp_path):
    path = _write(tmp_path, "shrink.rs", SHRINK)
    _, _, after = _fixed(
        path,
        tmp_path,
        "fn shrink_until_small(loss: impl Fn() -> Tensor<1>, w: &Tensor<1>, limit: f32)"
        " -> Gradients {",
        "    (loss() * factor).backward()",
        "        let grads = shrink_until_small(|| (w.clone() * x.clone()).powf_scalar(2.0).sum(),"
        " &w, 4.0);",
    )
    assert after == "0: [2.25, -0.375]\n1: [2.25, -0.375]\n"  # as for the retry loop


# -- a field kept by a method of a value a generic function gets (`tracker: &mut T`) --------------

DECAY = """
use burn::prelude::*;

trait Tracker {
    fn observe(&mut self, x: Tensor<1>) -> Tensor<1>;
}

struct Decay {
    memory: Tensor<1>,
}

impl Tracker for Decay {
    fn observe(&mut self, x: Tensor<1>) -> Tensor<1> {
        self.memory = self.memory.clone() * 0.9 + x;
        self.memory.clone()
    }
}

fn fit<T: Tracker>(tracker: &mut T, w: &Tensor<1>) {
    for step in 0..3 {
        let loss = tracker.observe(w.clone().sin()).sum();
        let grads = loss.backward();
        GRAD
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut decay = Decay { memory: Tensor::<1>::zeros([2], &device) };
    fit(&mut decay, &w);
}
"""


def test_a_field_a_method_replaces_from_its_previous_value_is_detached_where_it_is_read(
    tmp_path,
):
    # Found by the run (the method made the tensor): the line that replaces the field, with the
    # previous pass's value detached where it is read.
    path = _write(tmp_path, "decay.rs", DECAY)
    error, _, after = _fixed(
        path, tmp_path, "        self.memory = self.memory.clone().detach() * 0.9 + x;"
    )
    assert error.name == "tracker.memory"
    # By hand, the first pass: d/dw sum(sin(w)) = cos(w); cos(0.5) = 0.87758255 in f32.
    assert after.splitlines()[0].startswith("0: [0.87758255, ")
