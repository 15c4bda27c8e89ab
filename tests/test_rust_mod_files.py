"""Diagnostics on a crate of `mod name;` files: `pbpit run`, `explain` and `audit` (text and
`--json`) name the module file, its line and column, show that file's line, and write their
fixes' edits for that file; `mod x;` inside an inline `mod { }`; errors in rustc's order.

The crate is Burn-shaped, as a user splits one: `src/main.rs` calls `training::train::<B>`, the
model is `src/model.rs`, the loop `src/training.rs`, whose features are cached outside the loop
(the panic). Lines and columns are counted by hand in the files below; paths are relative to the
crate root, as cargo prints them. The run is tests/programs/encoder_cached.rs split into files:
its outputs (a float32 twin) and node ids hold for it.

Node ids by Burn's rules (docs/BURN_MODULES.md: `Param::from_tensor` is initialized at once):
`Model::new` makes encoder.weight 0, encoder.bias 1, head.weight 2, head.bias 3 (`from_floats`,
in the order the struct literal is written); x 4, y 5; `encode`: the encoder's linear 6-8 (matmul,
the bias reshaped, add: real Burn's three), its relu 9 = `features`. Epoch 0: head 10-12,
MseLoss's sub 13, square 14, mean 15; its backward consumes 0-3 and 6-15; the optimizer gives the
four parameters 16-19. Epoch 1: head 20-22, sub 23, square 24, mean 25; the walk
25 -> 24 -> 23 -> 22 -> 20 -> 9 finds no step: NodeId(9).
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

from pbpit_process import pbpit_main

MAIN = """\
mod model;
mod training;

use burn::backend::{Autodiff, NdArray};

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    training::train::<B>(&device);
}
"""

MODEL = """\
use burn::module::Param;
use burn::nn::{Linear, Relu};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    encoder: Linear<B>,
    head: Linear<B>,
    activation: Relu,
}

impl<B: Backend> Model<B> {
    pub fn new(device: &B::Device) -> Self {
        Model {
            encoder: linear(
                Tensor::from_floats([[1.0, -0.5], [0.5, 1.0]], device),
                Tensor::from_floats([0.0, 0.25], device),
            ),
            head: linear(
                Tensor::from_floats([[0.5], [-0.25]], device),
                Tensor::from_floats([0.0], device),
            ),
            activation: Relu::new(),
        }
    }

    pub fn encode(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.activation.forward(self.encoder.forward(x))
    }

    pub fn predict(&self, features: Tensor<B, 2>) -> Tensor<B, 2> {
        self.head.forward(features)
    }
}

fn linear<B: Backend>(weight: Tensor<B, 2>, bias: Tensor<B, 1>) -> Linear<B> {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}
"""

TRAINING = """\
use burn::nn::loss::{MseLoss, Reduction};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

use crate::model::Model;

pub fn train<B: AutodiffBackend>(device: &B::Device) {
    let mut model: Model<B> = Model::new(device);
    let x = Tensor::<B, 2>::from_floats([[1.0, 1.0], [0.5, -0.5]], device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.0]], device);
    let mut optim = SgdConfig::new().init();

    // The encoder is "frozen": compute its features once.
    let features = model.encode(x.clone());
    for epoch in 0..3 {
        let pred = model.predict(features.clone());
        let loss = MseLoss::new().forward(pred, y.clone(), Reduction::Mean);
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.5, model, grads);
    }
}
"""

CRATE = {"src/main.rs": MAIN, "src/model.rs": MODEL, "src/training.rs": TRAINING}

# Counted by hand in TRAINING and MODEL (1-based lines and columns).
FEATURES = (15, 20)  # `model.encode(x.clone())` in `let features = ..`
FEATURES_LINE = "    let features = model.encode(x.clone());"
LOOP = 16  # `for epoch in 0..3 {`
USE = (17, 34)  # `features` in `model.predict(features.clone())`
BACKWARD = (20, 49)  # `loss.backward()`
ENCODE = (28, 9)  # `self.activation.forward(..)` in `Model::encode`
DETACH_AT = 43  # just past `model.encode(x.clone())`
OUTPUT = "epoch 0: loss = 0.103515625\nepoch 1: loss = 0.112794876\n"  # encoder_cached's twin
PANIC = "Cannot run backward: graph tape has already been consumed at NodeId(9)."


def _crate(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))


def _labelled(diagnostic: str) -> str:
    """A rendered diagnostic's header and labelled lines (not its notes and helps)."""
    return diagnostic.split("\n   |\n   = ")[0].split("\n   |\nhelp")[0]


def _snippet(line: int, text: str) -> str:
    return f"{line} | {text}\n"


def test_the_hand_counted_positions_are_those_of_the_files():
    # The constants the tests below expect, read back from the files as written.
    training, model = TRAINING.splitlines(), MODEL.splitlines()
    assert training[FEATURES[0] - 1] == FEATURES_LINE
    assert FEATURES_LINE[FEATURES[1] - 1 :].startswith("model.encode(")
    assert training[LOOP - 1].strip() == "for epoch in 0..3 {"
    assert training[USE[0] - 1][USE[1] - 1 :].startswith("features.clone()")
    assert training[BACKWARD[0] - 1][BACKWARD[1] - 1 :].startswith("loss.backward()")
    assert model[ENCODE[0] - 1][ENCODE[1] - 1 :].startswith("self.activation.forward(")
    assert FEATURES_LINE[: DETACH_AT - 1].endswith("model.encode(x.clone())")


def test_run_cites_the_module_file_of_the_cached_features(tmp_path):
    _crate(tmp_path, CRATE)
    out = pbpit_main("run", "src/main.rs", cwd=tmp_path)
    assert out.returncode == 101, out.stderr
    # Not on a terminal, the run's output, its panic and the diagnosis are one stream.
    assert out.stdout.startswith(OUTPUT)
    assert PANIC in out.stdout
    # The panic's error is lint's finding of the node, the run's facts as its notes.
    error = out.stdout.split("\nerror[pbpit::loop-external-tracked]: ", 1)[1]
    assert "= note: the run panicked: NodeId(9) `features` lost its step to an earlier" in error
    assert f"  --> src/training.rs:{FEATURES[0]}:{FEATURES[1]}\n" in error
    assert _snippet(15, FEATURES_LINE) in error
    assert f"made in `Model::encode` at src/model.rs:{ENCODE[0]}:{ENCODE[1]}" in error
    assert f"backward #1 at src/training.rs:{BACKWARD[0]} (root NodeId(15) `loss`" in error
    # The audit's table: the features at their file's line, the loop named by its file's.
    row = re.search(r"^  NodeId\(9\) `features` +(\S+) ", out.stdout, re.M)
    assert row is not None and row[1] == f"src/training.rs:{FEATURES[0]}"
    assert (
        f"made at src/training.rs:{FEATURES[0]}, before the loop at src/training.rs:{LOOP}, "
        "and used in it" in out.stdout
    )


def test_run_json_gives_each_position_in_its_file(tmp_path):
    _crate(tmp_path, CRATE)
    out = pbpit_main("run", "--json", "src/main.rs", cwd=tmp_path)
    data = json.loads(out.stdout)
    features = data["nodes"][9]
    assert (features["label"], features["file"], features["line"]) == (
        "features",
        "src/training.rs",
        FEATURES[0],
    )
    assert features["made_in"] == [
        {"function": "Model::encode", "line": ENCODE[0], "file": "src/model.rs"}
    ]
    # main.rs:10 calls `train`; training.rs:15 calls `encode`; model.rs:28 makes it.
    assert list(zip(features["files"], features["stack"], strict=True)) == [
        ("src/model.rs", 28),
        ("src/training.rs", 15),
        ("src/main.rs", 10),
    ]
    first = data["backwards"][0]
    assert (first["file"], first["line"]) == ("src/training.rs", BACKWARD[0])
    hazard = next(e for e in data["audit"] if e["verdict"] == "hazard")
    assert (hazard["node_id"], hazard["file"], hazard["line"]) == (9, "src/training.rs", 15)
    assert (hazard["loop_file"], hazard["loop_line"]) == ("src/training.rs", LOOP)
    error = data["diagnostics"][0]
    assert (error["path"], error["line"], error["column"]) == ("src/training.rs", *FEATURES)


def test_explain_shows_the_module_files_line_and_edits_it(tmp_path):
    _crate(tmp_path, CRATE)
    out = pbpit_main("explain", "9", "--case", "src/main.rs", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert f"  --> src/training.rs:{FEATURES[0]}:{FEATURES[1]}\n" in out.stdout
    assert _snippet(15, FEATURES_LINE) in out.stdout
    # The optimizer steps the encoder: the fix shown as code moves the `let` into the loop, in
    # training.rs (line 15 out, written again at the top of the loop's body); detached once,
    # the encoder would get no gradient, which is said, not shown.
    assert "15 -     let features = model.encode(x.clone());" in out.stdout
    assert "16 +         let features = model.encode(x.clone());" in out.stdout
    assert "`model.encoder` would get no gradient: it would not learn" in out.stdout
    data = json.loads(
        pbpit_main("explain", "9", "--case", "src/main.rs", "--json", cwd=tmp_path).stdout
    )
    diagnostic = data["diagnostic"]
    assert (diagnostic["path"], diagnostic["line"], diagnostic["column"]) == (
        "src/training.rs",
        *FEATURES,
    )
    recompute = next(h for h in diagnostic["help"] if h["message"].startswith("recompute"))
    assert recompute["edits"] == [
        {"line": 15, "column": 1, "end_line": 16, "end_column": 1, "replacement": ""},
        {
            "line": LOOP + 1,
            "column": 1,
            "end_line": LOOP + 1,
            "end_column": 1,
            "replacement": f"    {FEATURES_LINE}\n",
        },
    ]
    detach = next(h for h in diagnostic["help"] if h["message"].startswith("detach once"))
    assert (detach["edits"], detach["checked"]["verdict"]) == ([], "starves")
    assert data["node"]["file"] == "src/training.rs"
    assert data["consumed_by"]["record"]["file"] == "src/training.rs"
    assert data["consumed_by"]["record"]["line"] == BACKWARD[0]


def test_audit_gives_lints_diagnostic_of_the_module_file(tmp_path):
    _crate(tmp_path, CRATE)
    audit = pbpit_main("audit", "src/main.rs", cwd=tmp_path)
    lint = pbpit_main("lint", "src", cwd=tmp_path)
    # One finding, one diagnostic: lint's, on the files of the crate, plus the run's notes.
    warning = audit.stdout.split("\n\nwarning", 1)[1]
    linted = lint.stdout.split("warning", 1)[1]
    assert f"  --> src/training.rs:{FEATURES[0]}:{FEATURES[1]}\n" in warning
    assert _labelled(linted) == _labelled(warning)
    assert _snippet(USE[0], "        let pred = model.predict(features.clone());") in warning
    assert "= note: NodeId(9) `features` = relu(NodeId(8)): a tracked intermediate" in warning
    data = json.loads(pbpit_main("audit", "src/main.rs", "--json", cwd=tmp_path).stdout)
    found = data["diagnostics"][0]
    assert (found["path"], found["line"], found["column"]) == ("src/training.rs", *FEATURES)
    labels = [(label["line"], label["column"]) for label in found["labels"]]
    assert labels == [FEATURES, USE, BACKWARD]
    # Lint's fix, in training.rs: the `let` out of line 15, written again at line 17.
    edits = [edit for help_ in found["help"] for edit in help_["edits"]]
    places = [(e["line"], e["column"], e["end_line"], e["end_column"]) for e in edits]
    assert places == [(15, 1, 16, 1), (LOOP + 1, 1, LOOP + 1, 1)]
    assert "let features = model" in edits[1]["replacement"]


# -- `mod x;` inside an inline module -------------------------------------------------------------

NESTED = {
    "src/main.rs": """\
        mod a {
            pub mod x; pub fn two() -> i32 { 2 }
        }
        mod b;

        fn main() {
            println!("{} {}", a::x::one(), a::two());
            println!("{}", b::c::third());
            b::c::boom(a::two());
        }
        """,
    "src/a/x.rs": "pub fn one() -> i32 {\n    1\n}\n",
    "src/b.rs": """\
        pub mod inner {
            pub mod deep;
        }

        pub mod c {
            pub fn third() -> i32 {
                super::inner::deep::three()
            }

            pub fn boom(x: i32) {
                if x > 1 {
                    panic!("boom {}", x);
                }
            }
        }
        """,
    "src/b/inner/deep.rs": "pub fn three() -> i32 {\n    3\n}\n",
}


def test_a_mod_file_declared_in_an_inline_module_is_found_by_rusts_path_rule(tmp_path):
    _crate(tmp_path, NESTED)
    out = pbpit_main("run", "--raw", "src/main.rs", cwd=tmp_path)
    # `cargo run` (rustc 1.95): src/a/x.rs for main.rs's `mod a { mod x; }`, src/b/inner/deep.rs
    # for b.rs's `mod inner { mod deep; }`.
    assert out.stdout == "1 2\n3\n"
    assert "panicked at src/b.rs:12:13:\nboom 2\n" in out.stderr


def test_the_roots_lines_after_a_nested_mod_file_keep_their_place(tmp_path):
    files = {name: textwrap.dedent(text) for name, text in NESTED.items()}
    files["src/main.rs"] = files["src/main.rs"].replace(
        "    b::c::boom(a::two());\n",
        "    b::c::boom(0);\n    let v: Vec<i32> = Vec::new();\n"
        '    println!("{}", v[a::two() as usize]);\n',
    )
    _crate(tmp_path, files)
    out = pbpit_main("run", "--raw", "src/main.rs", cwd=tmp_path)
    # rustc 1.95: `v[a::two() as usize]` at line 11, column 20 past the indentation's 4.
    assert "panicked at src/main.rs:11:21:\n" in out.stderr


# -- errors across files in rustc's order ---------------------------------------------------------

ORDER = {
    "src/main.rs": """\
        fn first() -> i32 {
            let x: i32 = "a";
            x
        }

        mod model;

        fn main() {
            let y: i32 = "b";
            println!("{} {} {}", first(), y, model::size());
        }

        mod later;
        """,
    "src/model.rs": """\
        pub fn size() -> i32 {
            let z: i32 = "c";
            z + crate::later::n()
        }
        """,
    "src/later.rs": """\
        pub mod gone;
        pub fn n() -> i32 {
            let w: i32 = "d";
            w
        }
        """,
}


def test_errors_of_a_crate_come_in_rustcs_order(tmp_path):
    _crate(tmp_path, ORDER)
    out = pbpit_main("run", "src/main.rs", cwd=tmp_path)
    assert out.returncode == 2
    # `cargo build` (rustc 1.95): the missing module file first, then each module's errors
    # where the module is declared in its parent.
    headers = re.findall(r"^(error\[E\d+\]).*\n +--> (\S+)$", out.stderr, re.M)
    assert headers == [
        ("error[E0583]", "src/later.rs:1:1"),
        ("error[E0308]", "src/main.rs:2:18"),
        ("error[E0308]", "src/model.rs:2:18"),
        ("error[E0308]", "src/main.rs:9:18"),
        ("error[E0308]", "src/later.rs:3:18"),
    ]
