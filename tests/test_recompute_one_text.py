"""Recompute in the loop is one text whichever command writes it (issue 24, one diagnosis): on a
crate of module files, `lint`, `audit`, `run` and `explain` move the same line into the loop.

The crate is written here: a tagger whose embedding is computed once, before the loop that trains
it (the panic). `Tagger::embed` (src/model.rs) takes `&self`, so in the loop `tagger.embed(..)`
only borrows the tagger, as rustc reads it: the line written again clones what it gives by value
(`tokens`, moved by the call), never the tagger. `tagger.clone().embed(tokens.clone())` also
runs, but clones the whole model every pass for nothing; lint wrote it when the method was in
another file of the crate than the loop (it read the loop's file alone), while explain, which
reads the crate's files together, wrote `tagger.embed(tokens.clone())`.

Node ids by Burn's rules (as tests/test_rust_mod_files.py's encoder): `Tagger::new` makes
embedding.weight 0, embedding.bias 1, classifier.weight 2, classifier.bias 3; tokens 4, tags 5;
`embed`: the linear's matmul 6, the bias reshaped 7, add 8, its relu 9 = `vectors`.
"""

from __future__ import annotations

import json
from pathlib import Path

from pbpit_process import pbpit_cli

MAIN = """\
mod model;
mod training;

use burn::backend::{Autodiff, NdArray};

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    training::fit::<B>(&device);
}
"""

MODEL = """\
use burn::module::Param;
use burn::nn::{Linear, Relu};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Tagger<B: Backend> {
    embedding: Linear<B>,
    classifier: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Tagger<B> {
    pub fn new(device: &B::Device) -> Self {
        Tagger {
            embedding: layer(
                Tensor::from_floats([[0.5, -1.0], [0.25, 0.75]], device),
                Tensor::from_floats([0.1, -0.1], device),
            ),
            classifier: layer(
                Tensor::from_floats([[1.0], [-0.5]], device),
                Tensor::from_floats([0.0], device),
            ),
            activation: Relu::new(),
        }
    }

    pub fn embed(&self, tokens: Tensor<B, 2>) -> Tensor<B, 2> {
        self.activation.forward(self.embedding.forward(tokens))
    }

    pub fn classify(&self, vectors: Tensor<B, 2>) -> Tensor<B, 2> {
        self.classifier.forward(vectors)
    }
}

fn layer<B: Backend>(weight: Tensor<B, 2>, bias: Tensor<B, 1>) -> Linear<B> {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}
"""

TRAINING = """\
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

use crate::model::Tagger;

pub fn fit<B: AutodiffBackend>(device: &B::Device) {
    let mut tagger: Tagger<B> = Tagger::new(device);
    let tokens = Tensor::<B, 2>::from_floats([[1.0, 0.5], [-0.5, 2.0]], device);
    let tags = Tensor::<B, 2>::from_floats([[1.0], [0.0]], device);
    let mut optim = SgdConfig::new().init();

    let vectors = tagger.embed(tokens);
    for round in 0..3 {
        let scores = tagger.classify(vectors.clone());
        let loss = MseLoss::new().forward(scores, tags.clone(), Reduction::Mean);
        println!("round {round}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &tagger);
        tagger = optim.step(0.1, tagger, grads);
    }
}
"""

MADE = 14  # `let vectors = tagger.embed(tokens);`, counted by hand in TRAINING
LOOP = 15  # `for round in 0..3 {`
AGAIN = "        let vectors = tagger.embed(tokens.clone());\n"
"""The line written again at the top of the loop's body: `tokens` cloned (the call moves it, and
the next pass needs it), `tagger` borrowed by `embed(&self)`."""
RECOMPUTE = [
    {"line": MADE, "column": 1, "end_line": MADE + 1, "end_column": 1, "replacement": ""},
    {"line": LOOP + 1, "column": 1, "end_line": LOOP + 1, "end_column": 1, "replacement": AGAIN},
]


def _crate(root: Path) -> None:
    for name, text in {
        "src/main.rs": MAIN,
        "src/model.rs": MODEL,
        "src/training.rs": TRAINING,
    }.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def _recompute(helps: list[dict]) -> dict:
    """The help that writes recompute in the loop as code (lint's words, or explain's key)."""
    said = ("inside the loop", "recompute in the loop")
    return next(h for h in helps if h["edits"] and any(w in h["message"] for w in said))


def test_the_crate_is_as_counted() -> None:
    lines = TRAINING.splitlines()
    assert lines[MADE - 1] == "    let vectors = tagger.embed(tokens);"
    assert lines[LOOP - 1] == "    for round in 0..3 {"
    assert "pub fn embed(&self, tokens: Tensor<B, 2>)" in MODEL


def test_every_command_moves_the_same_line_into_the_loop(tmp_path: Path) -> None:
    _crate(tmp_path)
    lint = json.loads(pbpit_cli("lint", "src", "--format", "json", cwd=tmp_path).stdout)
    (finding,) = lint["findings"]
    assert (finding["path"], finding["line"]) == ("src/training.rs", MADE)
    assert _recompute(finding["help"])["edits"] == RECOMPUTE

    audit = json.loads(pbpit_cli("audit", "src/main.rs", "--json", cwd=tmp_path).stdout)
    warning = audit["diagnostics"][0]
    assert warning["rule"] == finding["rule"]
    recompute = _recompute(warning["help"])
    assert recompute["edits"] == RECOMPUTE
    # Made in a copy of the crate and run: no panic, and the first backward's gradients are
    # those of the original run's first backward (the first pass computes the same ops).
    assert recompute["checked"]["verdict"] == "runs"
    assert set(recompute["checked"]["gradients"].values()) == {"unchanged"}

    explain = json.loads(
        pbpit_cli("explain", "9", "--case", "src/main.rs", "--json", cwd=tmp_path).stdout
    )
    assert explain["diagnostic"]["rule"] == finding["rule"]
    assert _recompute(explain["diagnostic"]["help"])["edits"] == RECOMPUTE

    run = pbpit_cli("run", "src/main.rs", cwd=tmp_path)
    assert run.returncode == 101
    assert "graph tape has already been consumed at NodeId(9)." in run.stdout
    assert f"+         {AGAIN.strip()}\n" in run.stdout
    assert "tagger.clone()" not in run.stdout
    data = json.loads(pbpit_cli("run", "src/main.rs", "--json", cwd=tmp_path).stdout)
    error = data["diagnostics"][0]
    assert (error["rule"], error["level"]) == (finding["rule"], "error")
    assert _recompute(error["help"])["edits"] == RECOMPUTE
