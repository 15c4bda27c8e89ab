"""More trainer-style Rust run as written: `model.valid()` on a type parameter bounded by
`AutodiffModule<B>`, `Err(..)` in functions returning `Result<T, Box<dyn Error>>` (and `main`
returning one), Burn's `Shape` from `tensor.shape()`.

Each expectation comes from outside pbpit: the std-only programs' outputs, stderr and exit
statuses were recorded from rustc 1.95 (`rustc --edition 2021`, the program run); Burn's parts
from Burn's source (burn-core's `AutodiffModule`, cubecl-zspace's `Shape` at the revision
Burn 0.22 pins) and the outputs of tests/programs, derived outside pbpit.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pbpit_process import pbpit_cli
from rustc_verdicts import rustc_verdicts
from test_rust_idioms import GENERIC_STEP

PROGRAMS = Path(__file__).resolve().parent / "programs"


def _run(tmp_path: Path, source: str):
    path = tmp_path / "main.rs"
    path.write_text(source, encoding="utf-8")
    return pbpit_cli("run", "--raw", "main.rs", cwd=tmp_path)


# -- `valid()` of `M: AutodiffModule<B>` ----------------------------------------------------------

EVAL_HELPER = """\
/// The model as evaluation sees it: burn-core's `AutodiffModule::valid`, for any module.
fn freeze<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) -> usize {
    let frozen = model.valid();
    let _copy = frozen.clone();
    let _again = model.clone();
    1
}

"""


def test_valid_of_a_generic_autodiff_module_runs(tmp_path):
    # burn-core: `trait AutodiffModule<B> { fn valid(&self) -> Self::InnerModule; }`, and
    # `Module: Clone`. The helper changes nothing the loop computes: the run is adamw_valid's.
    source = GENERIC_STEP.replace("fn main() {", EVAL_HELPER + "fn main() {").replace(
        "        let valid = model.valid();\n",
        "        let valid = model.valid();\n        let _frozen = freeze(&model);\n",
    )
    assert "freeze(&model)" in source
    out = _run(tmp_path, source)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, (PROGRAMS / "adamw_valid.stdout").read_text())


def test_valid_of_the_inner_module_and_other_module_methods_are_refused(tmp_path):
    # `InnerModule: Module<B::InnerBackend>` has no `valid`; Burn's `devices` is outside the
    # subset: neither may be claimed as rustc's E0599 (rustc runs `devices`).
    for body, method in (
        ("model.valid().valid();", "valid"),
        ("model.devices();", "devices"),
    ):
        source = GENERIC_STEP.replace(
            "fn main() {",
            "fn probe<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) {\n"
            f"    {body}\n}}\n\nfn main() {{",
        )
        out = _run(tmp_path, source)
        assert out.returncode == 2, body
        assert f"unsupported Rust: the method `{method}` of the module `M" in out.stderr
        assert "E0599" not in out.stderr


# -- `Err` in `Result<T, Box<dyn Error>>` ---------------------------------------------------------

ERR_AND_QUESTION_MARK = """\
use std::error::Error;

fn parse(n: i32) -> Result<i32, Box<dyn Error>> {
    if n < 0 {
        return Err("negative".into());
    }
    if n > 100 {
        return Err(format!("{} is too big", n).into());
    }
    Ok(n * 2)
}

fn twice(n: i32) -> Result<i32, Box<dyn Error>> {
    let a = parse(n)?;
    println!("parsed {}", a);
    Ok(a + parse(a)?)
}

fn main() -> Result<(), Box<dyn Error>> {
    match parse(-1) {
        Ok(v) => println!("ok {}", v),
        Err(e) => println!("error: {}", e),
    }
    if let Err(e) = twice(60) {
        println!("twice failed: {} / {:?}", e, e);
    }
    if let Ok(v) = twice(3) {
        println!("twice: {v}");
    }
    let r = parse(3);
    println!("{} {}", r.is_ok(), r.is_err());
    println!("{}", parse(200).is_err());
    println!("{}", parse(-5).unwrap_or(7));
    println!("{:?}", parse(4));
    println!("{:?}", parse(-4));
    let e = parse(-9).unwrap_err();
    println!("{}", e.to_string());
    println!("{}", twice(10)?);
    twice(-2)?;
    println!("not reached");
    Ok(())
}
"""
# rustc 1.95, `rustc --edition 2021`, the binary run: stdout, stderr, exit status.
ERR_AND_QUESTION_MARK_RUSTC = (
    "error: negative\n"
    "parsed 120\n"
    'twice failed: 120 is too big / "120 is too big"\n'
    "parsed 6\n"
    "twice: 18\n"
    "true false\n"
    "true\n"
    "7\n"
    "Ok(8)\n"
    'Err("negative")\n'
    "negative\n"
    "parsed 20\n"
    "60\n",
    'Error: "negative"\n',
    1,
)

ERR_RELAYED = """\
use std::error::Error;

fn check(n: i64, limit: i64) -> Result<i64, Box<dyn Error>> {
    if n > limit {
        Err(Box::from(format!("{n} > {limit}")))
    } else if n == 0 {
        Err(Box::<dyn Error>::from("zero"))
    } else {
        Ok(n)
    }
}

fn relay(n: i64) -> Result<i64, Box<dyn Error>> {
    match check(n, 10) {
        Ok(v) => Ok(v + 1),
        Err(e) => {
            println!("relaying [{}]", e);
            Err(e)
        }
    }
}

fn sum_all(xs: &Vec<i64>) -> Result<i64, Box<dyn Error>> {
    let mut total = 0;
    for x in xs {
        total += check(*x, 100)?;
    }
    Ok(total)
}

fn main() {
    println!("{:?}", relay(3));
    println!("{:?}", relay(30));
    println!("{:#?}", relay(0));
    println!("{:#?}", relay(2));
    let e = check(0, 1).unwrap_err();
    println!("[{:>12}] [{:<6}] [{:?}]", e, e.to_string(), e);
    println!("{:?}", sum_all(&vec![1, 2, 3]));
    println!("{:?}", sum_all(&vec![1, 200, 3]));
    let r = check(50, 10);
    if r.is_err() {
        println!("is_err");
    }
    let v = check(5, 10).expect("five");
    println!("{v}");
    let w = check(11, 10).expect("eleven");
    println!("{w}");
}
"""
ERR_RELAYED_RUSTC = (
    "Ok(4)\n"
    "relaying [30 > 10]\n"
    'Err("30 > 10")\n'
    "relaying [zero]\n"
    'Err(\n    "zero",\n)\n'
    "Ok(\n    3,\n)\n"
    '[        zero] [zero  ] ["zero"]\n'
    "Ok(6)\n"
    'Err("200 > 100")\n'
    "is_err\n"
    "5\n",
    "\nthread 'main' (TID) panicked at main.rs:46:27:\n"
    'eleven: "11 > 10"\n'
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
    101,
)


def _tid(stderr: str) -> str:
    return re.sub(r"thread 'main' \(\d+\)", "thread 'main' (TID)", stderr)


def test_err_question_mark_and_main_returning_err_are_rusts(tmp_path):
    out = _run(tmp_path, ERR_AND_QUESTION_MARK)
    assert (out.stdout, out.stderr, out.returncode) == ERR_AND_QUESTION_MARK_RUSTC


def test_an_err_relayed_matched_padded_and_expected_is_rusts(tmp_path):
    out = _run(tmp_path, ERR_RELAYED)
    assert (out.stdout, _tid(out.stderr), out.returncode) == ERR_RELAYED_RUSTC


def test_unwrap_of_an_err_panics_in_cores_words(tmp_path):
    source = ERR_AND_QUESTION_MARK.replace(
        "    let r = parse(3);\n", "    let r = parse(3);\n    parse(-7).unwrap();\n"
    )
    out = _run(tmp_path, source)
    # core's `unwrap_failed`: `called `Result::unwrap()` on an `Err` value: {e:?}` (rustc 1.95)
    assert out.returncode == 101
    assert _tid(out.stderr) == (
        "\nthread 'main' (TID) panicked at main.rs:31:15:\n"
        'called `Result::unwrap()` on an `Err` value: "negative"\n'
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )


def test_an_err_of_what_is_not_a_boxed_error_is_refused(tmp_path):
    # rustc: E0308 for `Err("plain")` in a `Result<_, Box<dyn Error>>`; a program's own error
    # type (`impl Display`/`impl Error`) is outside the subset: both refused, nothing run.
    plain = "use std::error::Error;\n\nfn f() -> Result<i32, Box<dyn Error>> {\n"
    plain += '    Err("plain")\n}\n\nfn main() {\n    println!("{:?}", f());\n}\n'
    out = _run(tmp_path, plain)
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr.startswith("error[E0308]: mismatched types\n --> main.rs:4:5\n")
    assert "found `Result<i32, &str>`" in out.stderr


OWN_ERROR_TYPES = """\
use std::error::Error;
use std::fmt;

#[derive(Debug)]
enum TrainError {
    Diverged(f64),
    NoData,
    BadShape { want: usize, got: usize },
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            TrainError::Diverged(loss) => write!(f, "loss diverged to {}", loss),
            TrainError::NoData => write!(f, "no data"),
            TrainError::BadShape { want, got } => write!(f, "want {want} columns, got {got}"),
        }
    }
}

impl Error for TrainError {}

#[derive(Debug)]
struct Oops(i32);

impl fmt::Display for Oops {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "oops {}", self.0)
    }
}

impl std::error::Error for Oops {}

fn step(loss: f64) -> Result<f64, Box<dyn Error>> {
    if loss > 100.0 {
        return Err(Box::new(TrainError::Diverged(loss)));
    }
    if loss == 0.0 {
        return Err(Box::new(TrainError::NoData));
    }
    if loss < 0.0 {
        return Err(Box::new(Oops(-1)));
    }
    Ok(loss / 2.0)
}

fn check(cols: usize) -> Result<(), Box<dyn Error>> {
    if cols != 3 {
        return Err(Box::new(TrainError::BadShape { want: 3, got: cols }));
    }
    Ok(())
}

fn train(losses: Vec<f64>) -> Result<f64, Box<dyn Error>> {
    let mut total = 0.0;
    for l in losses {
        total += step(l)?;
    }
    Ok(total)
}

fn main() -> Result<(), Box<dyn Error>> {
    println!("{:?}", train(vec![1.0, 3.0]));
    match train(vec![1.0, 500.0, 2.0]) {
        Ok(t) => println!("total {t}"),
        Err(e) => println!("failed: {} / {:?}", e, e),
    }
    if let Err(e) = step(0.0) {
        println!("[{:>12}] {}", e, e.to_string());
    }
    if let Err(e) = step(-3.0) {
        print!("{}", e);
        println!("{:#?}", e);
    }
    println!("{:?}", check(3));
    check(4)?;
    Ok(())
}
"""
OWN_ERROR_TYPES_RUSTC = (
    "Ok(2.0)\n"
    "failed: loss diverged to 500 / Diverged(500.0)\n"
    "[no data] no data\n"
    "oops -1\n"
    "Oops(\n"
    "    -1,\n"
    ")\n"
    "Ok(())\n",
    "Error: BadShape { want: 3, got: 4 }\n",
    1,
)


def test_an_error_type_of_the_programs_own_is_boxed_printed_and_returned_as_rust_does(tmp_path):
    # `impl fmt::Display` (a `match` of `write!`s, a `writeln!`), `impl Error for T {}`,
    # `Err(Box::new(..))`, `?`, `{}`/`{:?}`/`{:#?}` of the box, main's `Error: {:?}`: rustc's.
    out = _run(tmp_path, OWN_ERROR_TYPES)
    assert (out.stdout, out.stderr, out.returncode) == OWN_ERROR_TYPES_RUSTC


DISPLAY_STATS = """\
use std::fmt;

#[derive(Debug, Clone)]
struct Stats {
    epoch: usize,
    loss: f32,
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "epoch {:>3}: loss {:.4}", self.epoch, self.loss)
    }
}

fn main() {
    let mut log = Vec::new();
    for epoch in 0..3 {
        let s = Stats { epoch, loss: 1.0 / (epoch as f32 + 1.5) };
        println!("{}", s);
        log.push(s.to_string());
    }
    let last = Stats { epoch: 9, loss: 0.125 };
    let text = format!("[{:>30}] {:?}", last, last);
    println!("{text}");
    println!("{}", log.join(" | "));
}
"""
# rustc 1.95, the binary run: a `write!` to `f` ignores the placeholder's width (`{:>30}`).
DISPLAY_STATS_RUSTC = (
    "epoch   0: loss 0.6667\n"
    "epoch   1: loss 0.4000\n"
    "epoch   2: loss 0.2857\n"
    "[epoch   9: loss 0.1250] Stats { epoch: 9, loss: 0.125 }\n"
    "epoch   0: loss 0.6667 | epoch   1: loss 0.4000 | epoch   2: loss 0.2857\n"
)


def test_a_struct_with_its_own_display_prints_and_converts_to_a_string_as_rust_does(tmp_path):
    out = _run(tmp_path, DISPLAY_STATS)
    assert (out.returncode, out.stdout, out.stderr) == (0, DISPLAY_STATS_RUSTC, "")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (ERR_AND_QUESTION_MARK, ERR_AND_QUESTION_MARK_RUSTC),
        (ERR_RELAYED, ERR_RELAYED_RUSTC),
        (OWN_ERROR_TYPES, OWN_ERROR_TYPES_RUSTC),
        (DISPLAY_STATS, (DISPLAY_STATS_RUSTC, "", 0)),
    ],
    ids=["question_mark", "relayed", "own_error_types", "display"],
)
def test_the_recorded_outputs_are_rustcs(source, expected):
    """rustc's verdict now, built as tools/record_rustc.py builds the goldens (`-C
    debug-assertions=on`: an overflow panics as it does there); skipped without rustc."""
    (now,) = rustc_verdicts({"main": source}).values()
    assert (now.state, now.stdout, now.stderr, now.status) == ("ran", *expected)


# -- Burn's `Shape` -------------------------------------------------------------------------------

SHAPE_PROGRAM = """\
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let y = Tensor::<B, 2>::from_floats([[0.5, 1.0, 2.0], [0.0, 1.0, 3.0]], &device);
    let s = y.shape();
    println!("{}", s.num_elements());
    println!("{} {}", s.num_dims(), s.rank());
    println!("{}", s);
    println!("{:?}", s);
    println!("{:#?}", s);
    println!("[{:>3}]", s);
    let [n, d] = s.dims::<2>();
    println!("{n} {d}");
    let [rows] = s.dims();
    println!("{rows}");
    println!("{:?} {:?}", y.shape().dims::<1>(), y.shape().to_vec());
    let i = Tensor::<B, 1, Int>::from_ints([3, -1, 4, 4], &device);
    println!("{}", i.shape());
    println!("{}", y.shape().to_string());
}
"""

# The printing lines: rustc 1.95 running a std stand-in for cubecl-zspace's `Shape` (a
# `#[derive(Debug)] struct Shape { dims: Vec<usize> }` whose `Display` is `self.dims.fmt(f)`:
# smallvec's `Debug` is `debug_list`, as `Vec`'s), for dims [2, 3]. The sizes: the tensors'.
SHAPE_STDOUT = (
    "6\n"  # num_elements: the product
    "2 2\n"  # num_dims, rank
    "[2, 3]\n"
    "Shape { dims: [2, 3] }\n"
    "Shape {\n    dims: [\n        2,\n        3,\n    ],\n}\n"
    "[[  2,   3]]\n"
    "2 3\n"
    "2\n"  # `let [rows] = s.dims();`: D = 1, the first size
    "[2] [2, 3]\n"  # dims::<1>(): the first size
    "[4]\n"
    "[2, 3]\n"
)


def test_a_tensors_shape_is_burns(tmp_path):
    out = _run(tmp_path, SHAPE_PROGRAM)
    assert out.stderr == ""
    assert (out.returncode, out.stdout) == (0, SHAPE_STDOUT)


def test_the_private_dims_field_is_rustcs_e0616(tmp_path):
    # Burn 0.21+ (PR #4516): `dims` is private, `dims()` a method. rustc 1.95's words for a
    # private field with a method of its name (recorded on a std stand-in in a module).
    source = SHAPE_PROGRAM.replace(
        "    let s = y.shape();\n", "    let s = y.shape();\n    let n = y.shape().dims[0];\n"
    )
    out = _run(tmp_path, source)
    assert out.returncode == 2
    assert out.stderr.startswith(
        "error[E0616]: field `dims` of struct `Shape` is private\n"
        " --> main.rs:9:23\n"
        "  |\n"
        "9 |     let n = y.shape().dims[0];\n"
        "  |                       ^^^^ private field\n"
    ), out.stderr
    assert "a method `dims` also exists, call it with parentheses" in out.stderr


def test_a_boxed_error_and_a_shape_are_moved_not_copied(tmp_path):
    # `Box<dyn Error>` is not `Copy` (rustc 1.95: E0382 at `e` in the `println!`); Burn's
    # `Shape` derives `Clone` but not `Copy` (cubecl-zspace: `#[derive(Clone, Debug, ..)]`).
    boxed = "use std::error::Error;\n\nfn parse(n: i32) -> Result<i32, Box<dyn Error>> {\n"
    boxed += '    if n < 0 {\n        return Err("negative".into());\n    }\n    Ok(n)\n}\n\n'
    boxed += "fn main() {\n    let r = parse(-1);\n    let e = r.unwrap_err();\n    let f = e;\n"
    boxed += '    println!("{} {}", e, f);\n}\n'
    shape = SHAPE_PROGRAM.replace(
        "    let s = y.shape();\n", "    let s = y.shape();\n    let moved = s;\n"
    )
    for source, line in ((boxed, "14:23"), (shape, "10:20")):
        out = _run(tmp_path, source)
        assert out.returncode == 2, out.stdout
        assert out.stderr.startswith("error[E0382]: borrow of moved value: `")
        assert f"main.rs:{line}" in out.stderr


def test_shapes_compare_and_a_result_of_a_boxed_error_does_not(tmp_path):
    # cubecl-zspace's `Shape` derives `PartialEq` (its dims compared); `Box<dyn Error>` has no
    # `PartialEq`, so rustc 1.95 rejects `parse(3) == Ok(3)` (E0369): refused, nothing run.
    shapes = "use burn::prelude::*;\n\nfn main() {\n    let d = Device::default();\n"
    shapes += (
        "    let t = Tensor::<2>::ones([3, 2], &d);\n    let u = Tensor::<2>::zeros([3, 2], &d);\n"
    )
    shapes += (
        '    println!("{} {}", t.shape() == u.shape(), t.shape() == t.transpose().shape());\n}\n'
    )
    out = _run(tmp_path, shapes)
    assert (out.returncode, out.stdout, out.stderr) == (0, "true false\n", "")
    equal = ERR_AND_QUESTION_MARK.replace(
        "    let r = parse(3);\n", '    let r = parse(3);\n    println!("{}", r == Ok(6));\n'
    )
    out = _run(tmp_path, equal)
    assert (out.returncode, out.stdout) == (2, "")
    assert "`==` on `Result<i32, Box<dyn std::error::Error>>`" in out.stderr


def test_two_writes_in_a_fmt_run_as_rustc_runs_them(tmp_path):
    # `write!(f, ..)?; write!(f, ..)` (`fmt` returns `fmt::Result`): each write appends to the
    # formatter's output, so the text is the one write's of DISPLAY_STATS (rustc 1.95 prints
    # DISPLAY_STATS_RUSTC for this program too, checked by hand).
    source = DISPLAY_STATS.replace(
        '        write!(f, "epoch {:>3}: loss {:.4}", self.epoch, self.loss)\n',
        '        write!(f, "epoch {:>3}", self.epoch)?;\n'
        '        write!(f, ": loss {:.4}", self.loss)\n',
    )
    out = _run(tmp_path, source)
    assert (out.returncode, out.stdout, out.stderr) == (0, DISPLAY_STATS_RUSTC, "")


def test_valid_of_a_parameter_bounded_by_module_alone_is_refused(tmp_path):
    # burn-core: `valid` is `AutodiffModule`'s; `Module<B>` has none (rustc: E0599).
    source = GENERIC_STEP.replace(
        "fn main() {",
        "fn probe<B: Backend, M: Module<B>>(model: &M) {\n    model.valid();\n}\n\nfn main() {",
    )
    out = _run(tmp_path, source)
    assert (out.returncode, out.stdout) == (2, "")
    assert "`valid()` of `M: Module<B>` (bound it by `AutodiffModule<B>`)" in out.stderr
