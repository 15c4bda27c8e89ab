"""A call given the wrong number of arguments is refused with rustc's code and words (one
message, `check_tables.wrong_arity`): a fn's or a path's call is `this function` (E0061), a
method's `this method` (E0061), a closure's `this function` (E0057), a tuple struct's and an
enum variant's their own word. Verdicts and first lines recorded from rustc 1.95
(`tests/rustc_verdicts.py` checks the verdicts again where rustc is on PATH)."""

from __future__ import annotations

import subprocess

import pytest
from record_rustc import Refused, find_rustc
from rustc_verdicts import rejects, verdict_tests
from test_rust_interp import refusal

# name: (source, rustc 1.95's verdict, its first line)
PROGRAMS = {
    "fn": (
        'fn f(a: i32, b: i32) -> i32 { a + b }\nfn main() { println!("{}", f(1)); }\n',
        "E0061",
        "this function takes 2 arguments but 1 argument was supplied",
    ),
    "associated_fn": (
        "struct S;\nimpl S { fn mk() -> S { S } }\nfn main() { let _s = S::mk(1); }\n",
        "E0061",
        "this function takes 0 arguments but 1 argument was supplied",
    ),
    "method_of_the_program": (
        "struct S;\nimpl S { fn m(&self, a: i32) -> i32 { a } }\n"
        'fn main() { let s = S; println!("{}", s.m(1, 2)); }\n',
        "E0061",
        "this method takes 1 argument but 2 arguments were supplied",
    ),
    "std_method": (
        "fn main() {\n    let v = vec![1, 2];\n"
        '    let n: i32 = v.iter().fold(0);\n    println!("{}", n);\n}\n',
        "E0061",
        "this method takes 2 arguments but 1 argument was supplied",
    ),
    "closure": (
        'fn main() {\n    let c = |x: i32| x + 1;\n    println!("{}", c(1, 2));\n}\n',
        "E0057",
        "this function takes 1 argument but 2 arguments were supplied",
    ),
    "std_path_fn": (
        "fn main() {\n    let v: Vec<i32> = Vec::with_capacity();\n"
        '    println!("{}", v.len());\n}\n',
        "E0061",
        "this function takes 1 argument but 0 arguments were supplied",
    ),
    "enum_variant": (
        "enum E { A(i32) }\nfn main() { let _e = E::A(1, 2); }\n",
        "E0061",
        "this enum variant takes 1 argument but 2 arguments were supplied",
    ),
    "tuple_struct": (
        "struct P(i32, i32);\nfn main() { let _p = P(1); }\n",
        "E0061",
        "this struct takes 2 arguments but 1 argument was supplied",
    ),
}
CASES = {name: (source, rejects(code)) for name, (source, code, _) in PROGRAMS.items()}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def first_line(what: str) -> str:
    """pbpit's refusal as rustc's first line: `error[E0061]: this function takes ..`."""
    words, _, code = what.rpartition(" (rustc rejects it: ")
    return f"{code.rstrip(')')}: {words}"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_the_refusal_is_rustcs_first_line(tmp_path, name):
    source, code, line = PROGRAMS[name]
    err, _ = refusal(tmp_path, source)
    assert first_line(err.what) == f"error[{code}]: {line}"


def test_the_recorded_first_lines_are_rustcs(tmp_path):
    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    for name, (source, code, line) in PROGRAMS.items():
        path = tmp_path / f"{name}.rs"
        path.write_text(source)
        out = subprocess.run(
            [str(rustc), "--edition", "2021", "--emit=metadata", "-o", str(tmp_path / "out"), path],
            capture_output=True,
            text=True,
        )
        first = next(x for x in out.stderr.splitlines() if x.startswith("error"))
        assert first == f"error[{code}]: {line}", name


def test_a_burn_function_given_a_wrong_count_is_refused_as_an_associated_fn(tmp_path):
    # Burn 0.22's `Tensor::stack(tensors: Vec<Tensor<B, D>>, dim: usize)` takes 2 arguments;
    # rustc refuses an associated function called with 1 as it refuses `S::mk(1)` above.
    source = (
        "use burn::backend::{Autodiff, NdArray};\nuse burn::prelude::*;\n"
        "type B = Autodiff<NdArray>;\nfn main() {\n    let device = Default::default();\n"
        "    let a = Tensor::<B, 1>::ones([2], &device);\n"
        '    let s = Tensor::stack::<2>(vec![a.clone(), a]);\n    println!("{}", s);\n}\n'
    )
    err, _ = refusal(tmp_path, source)
    line = "this function takes 2 arguments but 1 argument was supplied"
    assert first_line(err.what) == f"error[E0061]: {line}"
