"""std library calls of training code that pbpit refused though rustc runs them (helper T of
session 22, from helper O3's held-out measure of session 21 and programs written for it):
`Vec::resize`, `v.get(a..b)`, ...

The programs that run are in `tests/rust/std` (their output recorded from rustc 1.95 with
`tools/record_rustc.py`; `tests/test_rust_vs_rustc.py` runs them). The table below holds
look-alikes with rustc 1.95's verdict recorded: pbpit gives that code, or refuses the program as
outside its subset (never runs it)."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "resize_not_mut": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    v.resize(5, 0);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "resize_given_a_reference": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    let z = 0.0f32;
    v.resize(5, &z);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "resize_one_argument": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    v.resize(5);
    println!("{:?}", v);
}
""",
        rejects("E0061"),
    ),
    "resize_shrinks_and_grows": (
        """\
fn main() {
    let mut v = vec![String::from("a")];
    v.resize(3, String::from("-"));
    v[1].push('x');
    v.resize(2, String::new());
    println!("{:?}", v);
}
""",
        runs('["a", "-x"]\n'),
    ),
    "get_range_held_across_a_push": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let w = v.get(0..2).unwrap();
    v.push(4);
    println!("{:?}", w);
}
""",
        rejects("E0502"),
    ),
    "get_range_of_u32": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let a: u32 = 1;
    println!("{:?}", v.get(a..2));
}
""",
        rejects("E0277"),
    ),
    "get_range_push_on_the_slice": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let w = v.get(1..).unwrap();
    w.push(3);
    println!("{:?}", w);
}
""",
        rejects("E0599"),
    ),
    "get_range_backwards_and_inclusive": (
        """\
fn main() {
    let v = [1, 2, 3];
    println!("{:?} {:?} {:?}", v.get(2..1), v.get(..=2), v.get(1..=usize::MAX));
}
""",
        runs("None Some([1, 2, 3]) None\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
