"""`std::mem::take`, `replace` and `swap` (`mem_functions.py`) and `Vec::get` / a slice's
`get`: valid programs run with rustc's stdout, and programs rustc rejects refused with its
first error code. Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C
debug-assertions=on`, the binary run); where rustc is on PATH, a test checks they are still
rustc's."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives, rejects, runs, stale

CASES = {
    "take_replace_swap_of_variables_and_fields": (
        """\
use std::mem;
struct S { buf: Vec<i32>, n: Option<i32> }
fn main() {
    let mut v = vec![1, 2, 3];
    let b = std::mem::take(&mut v);
    println!("{:?} {:?}", v, b);
    let mut s = S { buf: vec![4], n: Some(3) };
    let x = mem::take(&mut s.buf);
    let o = mem::replace(&mut s.n, None);
    println!("{:?} {:?} {:?} {:?}", s.buf, x, o, s.n);
    let mut a = 1; let mut c = 2;
    mem::swap(&mut a, &mut c);
    let mut st = String::from("hi");
    let t = mem::take(&mut st);
    println!("{} {} [{}] {}", a, c, st, t);
    let g = v.get(10);
    println!("{:?} {:?}", g, b.get(1));
}
""",
        runs("[] [1, 2, 3]\n[] [4] Some(3) None\n2 1 [] hi\nNone Some(2)\n"),
    ),
    "get_of_vec_array_and_slice": (
        """\
fn total(s: &[f32]) -> f32 {
    s.get(1).copied().unwrap_or(0.0) + s.get(5).map(|x| *x).unwrap_or(-1.0)
}
fn main() {
    let v = vec![10, 20, 30];
    let a = [1.5f32, 2.5];
    if let Some(x) = v.get(2) { println!("{}", x); }
    println!("{:?} {:?} {:?}", v.get(3), a.get(0), total(&a));
    match v.get(0) { Some(n) => println!("n={}", n), None => println!("none") }
}
""",
        runs("30\nNone Some(1.5) 1.5\nn=10\n"),
    ),
    "mem_path_without_use": (
        """\
fn main() { let mut v = vec![1]; let b = mem::take(&mut v); println!("{:?}{:?}", v, b); }
""",
        rejects("E0433"),
    ),
    "take_while_shared_borrow_read_later": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let r = &v;
    let b = std::mem::take(&mut v);
    println!("{:?} {:?}", r, b);
}
""",
        rejects("E0502"),
    ),
    "replace_of_a_variable_not_mut": (
        """\
fn main() {
    let v = vec![1, 2];
    let b = std::mem::replace(&mut v, vec![3]);
    println!("{:?} {:?}", v, b);
}
""",
        rejects("E0596"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives(CASES, name)


def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
