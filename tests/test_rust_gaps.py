"""The smaller gaps of issue 14 in the Rust interpreter: iterators stepped by hand (`next`,
`while let`, `peekable`), the adapters and consumers Burn users' bookkeeping uses (`chain`,
`flat_map`, `windows`, `chunks`, `max_by`, `min_by_key`...), `{:#?}`, and rustc's deny lints
inside `match` arms.

Expected values come from outside the interpreter: every output below was printed by rustc
1.95's build of the same program, every refusal is one rustc rejects (its error code quoted);
the longer std-only programs are goldens in `tests/rust/std` (`iter_stepping`,
`format_pretty_debug`, `known_panics_match`), recorded by `tools/record_rustc.py`.
"""

from __future__ import annotations

import pytest
from test_rust_interp import refusal, rust

# -- `while let` over an iterator held in a variable ----------------------------------------------

LOOPS = """
fn main() {
    let batches = vec![vec![1, 2], vec![3], vec![], vec![4, 5, 6], vec![7]];
    let mut it = batches.iter();
    let mut seen = 0;
    'epochs: while let Some(batch) = it.next() {
        if batch.is_empty() {
            continue;
        }
        let mut inner = batch.iter().peekable();
        while let Some(x) = inner.next() {
            seen += x;
            if *x == 5 {
                break 'epochs;
            }
            if inner.peek().is_none() {
                print!("| ");
            }
        }
    }
    println!("seen {seen}, left {:?}", it.next());
}
"""


def test_while_let_steps_an_iterator_with_continue_and_a_labelled_break(tmp_path):
    run = rust(tmp_path, LOOPS)
    assert run.panic is None
    assert run.stdout == "| | seen 15, left Some([7])\n"  # rustc 1.95's output


def test_a_temporary_iterator_needs_no_mut_and_starts_afresh(tmp_path):
    source = """
    fn main() {
        let v = vec![4, 5];
        println!("{:?} {:?}", v.iter().next(), v.iter().next());
    }
    """
    assert rust(tmp_path, source).stdout == "Some(4) Some(4)\n"


# -- what rustc rejects ----------------------------------------------------------------------------

REFUSED = [
    (
        "fn main() {\n    let v = vec![1.0f32, 2.0];\n    println!(\"{:?}\", v.iter().max());\n}\n",
        "max()",
        "the trait bound `f32: Ord` is not satisfied (rustc rejects it: error[E0277]; floats "
        "are only `PartialOrd`: write `max_by(|a, b| a.total_cmp(b))`)",
    ),
    (
        "fn main() {\n    let v = vec![\"a\"];\n    let w = vec![0.5];\n"
        "    let m = v.iter().zip(w.iter()).min_by_key(|p| *p.1);\n}\n",
        "min_by_key",
        "the trait bound `{float}: Ord` is not satisfied (rustc rejects it: error[E0277]; floats "
        "are only `PartialOrd`: write `max_by(|a, b| a.total_cmp(b))`)",
    ),
    (
        "fn main() {\n    let v = vec![1, 2];\n    let it = v.iter();\n"
        "    println!(\"{:?}\", it.next());\n}\n",
        "it.next",
        "cannot borrow `it` as mutable, as it is not declared as mutable (rustc rejects it: "
        "error[E0596])",
    ),
    (  # rustc: error[E0599]: no method named `peek` found for struct `std::slice::Iter`
        "fn main() {\n    let v = vec![1, 2];\n    let mut it = v.iter();\n"
        "    println!(\"{:?}\", it.peek());\n}\n",
        "peek",
        "the method `peek` on `Iter<{integer}>`",
    ),
    (
        "fn main() {\n    let a = 1.0f32;\n    println!(\"{:?}\", a.cmp(&2.0));\n}\n",
        "cmp",
        "`f32` is not an iterator (rustc rejects `cmp` of a float: error[E0599]; write "
        "`partial_cmp` or `total_cmp`)",
    ),
    (  # rustc: error[E0277]: `Point` doesn't implement `Debug`
        "struct Point {\n    x: f32,\n}\n\nfn main() {\n    let p = Point { x: 1.0 };\n"
        "    println!(\"{:#?}\", p);\n}\n",
        "p);",
        "`Point` doesn't implement `Debug` (add `#[derive(Debug)]`; rustc rejects it: "
        "error[E0277])",
    ),
]


@pytest.mark.parametrize(("source", "needle", "what"), REFUSED)
def test_what_rustc_rejects_is_refused_at_its_place(tmp_path, source, needle, what):
    err, where = refusal(tmp_path, source)
    assert (err.where, err.what) == (where.at(needle), what)


def test_windows_of_zero_panics_at_the_call(tmp_path):
    # core's `#[track_caller]` assert: rustc 1.95 reports the call (`main.rs:4:22`), not core
    source = "fn main() {\n    let v = vec![1, 2];\n    let n = v.len() - 2;\n"
    source += "    println!(\"{}\", v.windows(n).count());\n}\n"
    run = rust(tmp_path, source)
    assert str(run.panic) == "window size must be non-zero"
    assert str(run.panic.location).endswith(":4:22")


def test_a_tensor_is_not_pretty_printed(tmp_path):
    # burn-tensor derives `Debug` for `Tensor`: its text is the backend's internals (Burn's
    # `BridgeTensor`, the dispatch kind, the autodiff node), which pbpit does not reproduce.
    source = """
    use burn::tensor::{Device, Tensor};

    fn main() {
        let device = Device::flex().autodiff();
        let x = Tensor::<1>::from_floats([0.5], &device);
        println!("{:#?}", x);
    }
    """
    err, where = refusal(tmp_path, source)
    assert err.what == "`{:?}` of `Tensor<1>` (pbpit cannot print it as Burn does)"


# -- rustc's deny lints inside `match` arms -----------------------------------------------------


def test_an_overflow_in_the_arm_a_known_value_takes_is_refused(tmp_path):
    source = """
    fn main() {
        let n = 3;
        match n {
            1 => println!("one"),
            _ => {
                let x: u8 = 255 + 1;
                println!("{}", x);
            }
        }
    }
    """
    err, where = refusal(tmp_path, source)
    assert err.where == where.at("255 + 1")
    assert err.what.startswith("this arithmetic operation will overflow")


def test_an_index_out_of_bounds_in_an_arm_on_a_parameter_is_refused(tmp_path):
    # a parameter is never known to rustc's lint: every arm before a catch-all may run
    source = """
    fn pick(k: i32) -> i32 {
        let a = [1, 2, 3];
        let i = 5;
        match k {
            0 => 0,
            _ => a[i],
        }
    }

    fn main() {
        println!("{}", pick(1));
    }
    """
    err, where = refusal(tmp_path, source)
    assert err.where == where.at("a[i]")
    assert err.what.startswith("this operation will panic at runtime")


def test_an_arm_a_known_option_never_takes_still_runs(tmp_path):
    # rustc 1.95 compiles this (its const propagation knows `v` is `Some`) and prints `some`
    source = """
    fn main() {
        let v: Option<i32> = Some(1);
        match v {
            Some(_) => println!("some"),
            None => {
                let z = 1 / 0;
                println!("{}", z);
            }
        }
    }
    """
    assert rust(tmp_path, source).stdout == "some\n"
