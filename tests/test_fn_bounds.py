"""A closure that changes what it captures (`|i| seen += i`, `|i| v.push(i)`) passed to a
parameter bounded `Fn(..)` (`F: Fn(u32)`, a where clause, `impl Fn(u32)`, `&dyn Fn(u32)`) is
rustc's E0594 (an assignment) or E0596 (a `&mut self` method); an `FnMut` or `FnOnce` bound takes
it (pbpit/rust/interp/closure_calls.py). A `let` holding a reference a std method returns into its
receiver (`v.last().unwrap()`, `v.first()`, `v.iter().max_by(..).unwrap()`) borrows the receiver
as `let r = &v[0];` does: a `push` while it is read later is E0502, and `*`, `.copied()`,
`.clone()` make it a value that holds no borrow (pbpit/rust/interp/loop_borrows.py).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, the
binary run): the first error code, or the stdout. Where rustc is on PATH, a test checks the
recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives, rejects, runs, stale

CASES = {
    "fn_bound_closure_assigns_capture": (
        """\
fn each_step<F: Fn(u32)>(n: u32, f: F) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut seen = 0;
    each_step(3, |i| seen += i);
    println!("{}", seen);
}
""",
        rejects("E0594"),
    ),
    "fn_bound_closure_pushes_capture": (
        """\
fn each_step<F: Fn(u32)>(n: u32, f: F) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut v = Vec::new();
    each_step(3, |i| v.push(i));
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "impl_fn_closure_assigns_capture": (
        """\
fn each(n: u32, f: impl Fn(u32)) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut seen = 0;
    each(3, |i| seen += i);
    println!("{}", seen);
}
""",
        rejects("E0594"),
    ),
    "dyn_fn_closure_assigns_capture": (
        """\
fn each(n: u32, f: &dyn Fn(u32)) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut seen = 0;
    each(3, &|i| seen += i);
    println!("{}", seen);
}
""",
        rejects("E0594"),
    ),
    "where_fn_closure_assigns_capture": (
        """\
fn each<F>(n: u32, f: F)
where
    F: Fn(u32),
{
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut seen = 0;
    each(3, |i| seen += i);
    println!("{}", seen);
}
""",
        rejects("E0594"),
    ),
    "fnmut_bound_closure_assigns_capture": (
        """\
fn each_step<F: FnMut(u32)>(n: u32, mut f: F) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut seen = 0;
    let mut v = Vec::new();
    each_step(3, |i| seen += i);
    each_step(3, |i| v.push(i));
    println!("{} {:?}", seen, v);
}
""",
        runs("3 [0, 1, 2]\n"),
    ),
    "impl_fnmut_closure_assigns_capture": (
        """\
fn each(n: u32, mut f: impl FnMut(u32)) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let mut seen = 0;
    each(4, |i| seen += i);
    println!("{}", seen);
}
""",
        runs("6\n"),
    ),
    "fnonce_bound_closure_pushes_capture": (
        """\
fn once<F: FnOnce(u32)>(f: F) {
    f(7);
}

fn main() {
    let mut v = Vec::new();
    once(|i| v.push(i));
    println!("{:?}", v);
}
""",
        runs("[7]\n"),
    ),
    "fn_bound_closure_reads_capture": (
        """\
fn each_step<F: Fn(u32)>(n: u32, f: F) {
    for i in 0..n {
        f(i);
    }
}

fn main() {
    let scale = 10;
    each_step(3, |i| {
        let mut local = i;
        local += scale;
        println!("{}", local);
    });
}
""",
        runs("10\n11\n12\n"),
    ),
    "last_then_push": (
        """\
fn main() {
    let mut losses = vec![1.0f32, 0.8];
    let last = losses.last().unwrap();
    losses.push(*last * 0.9);
    println!("{:?} {}", losses, last);
}
""",
        rejects("E0502"),
    ),
    "first_then_push": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let head = v.first().unwrap();
    v.push(4);
    println!("{}", head);
}
""",
        rejects("E0502"),
    ),
    "last_option_then_push": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let last = v.last();
    v.push(4);
    println!("{:?}", last);
}
""",
        rejects("E0502"),
    ),
    "filtered_max_then_push": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let top = v.iter().filter(|x| **x < 3).max().unwrap();
    v.push(4);
    println!("{}", top);
}
""",
        rejects("E0502"),
    ),
    "mapped_max_then_push": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    let top = v.iter().map(|x| x * 2).max().unwrap();
    v.push(top);
    println!("{:?} {}", v, top);
}
""",
        runs("[3, 1, 2, 6] 6\n"),
    ),
    "max_by_then_push": (
        """\
fn main() {
    let mut losses = vec![0.5f32, 0.9, 0.7];
    let worst = losses.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap();
    losses.push(0.1);
    println!("{}", worst);
}
""",
        rejects("E0502"),
    ),
    "last_as_value_then_push": (
        """\
fn main() {
    let mut losses = vec![1.0f32, 0.8];
    let last = *losses.last().unwrap();
    losses.push(last * 0.5);
    println!("{:?} {}", losses, last);
}
""",
        runs("[1.0, 0.8, 0.4] 0.8\n"),
    ),
    "last_copied_then_push": (
        """\
fn main() {
    let mut losses = vec![1.0f32, 0.8];
    let last = losses.last().copied().unwrap();
    losses.push(last * 0.5);
    println!("{:?} {}", losses, last);
}
""",
        runs("[1.0, 0.8, 0.4] 0.8\n"),
    ),
    "max_by_cloned_then_push": (
        """\
fn main() {
    let mut losses = vec![0.5f32, 0.9, 0.7];
    let worst = losses.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap().clone();
    losses.push(0.25);
    println!("{:?} {}", losses, worst);
}
""",
        runs("[0.5, 0.9, 0.7, 0.25] 0.9\n"),
    ),
    "last_borrow_ends_before_push": (
        """\
fn main() {
    let mut losses = vec![1.0f32, 0.8];
    let last = losses.last().unwrap();
    let next = *last * 0.5;
    losses.push(next);
    println!("{:?}", losses);
}
""",
        runs("[1.0, 0.8, 0.4]\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name: str) -> None:
    pbpit_gives(CASES, name)


@pytest.mark.slow
def test_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
