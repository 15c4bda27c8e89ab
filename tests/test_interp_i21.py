"""Verdicts of session 21 (helper I) on which pbpit must agree with rustc 1.95, found by a
held-out measurer and rewritten here from its descriptions: ranges of chars
(`('a'..='e').collect::<String>()`, a Python crash), references a method returns, a struct's
private field read outside its `mod`, turbofish arity, `*x` of a Copy item, `&mut` given by
`get_or_insert`, `iter_mut().filter(..)`/`.find(..)` and a pair of borrows, `use E::*`.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a slow test
checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "char_range_collect_string": (
        """\
fn main() {
    let s: String = ('a'..='e').collect();
    println!("{}", s);
}
""",
        runs('abcde\n', 0),
    ),
    "char_range_contains_step_by": (
        """\
fn main() {
    let word = "Hello, World";
    let lower = word.chars().filter(|&c| ('a'..='z').contains(&c)).count();
    println!("{}", lower);
    let r = 'a'..'d';
    for c in r.clone() { print!("{} ", c); }
    println!("{}", r.is_empty());
    let v: Vec<char> = ('a'..='e').step_by(2).collect();
    println!("{:?}", v);
}
""",
        runs("8\na b c false\n['a', 'c', 'e']\n", 0),
    ),
    "char_range_for_count_rev": (
        """\
fn main() {
    for c in 'a'..='c' { print!("{}", c); }
    println!();
    let v: Vec<char> = ('x'..'z').collect();
    println!("{:?}", v);
    let n = ('a'..='e').count();
    println!("{}", n);
    let s: String = ('a'..='e').rev().collect();
    println!("{}", s);
}
""",
        runs("abc\n['x', 'y']\n5\nedcba\n", 0),
    ),
    "char_range_next_map": (
        """\
fn main() {
    let mut r = 'a'..'e';
    println!("{:?}", r.next());
    println!("{:?}", r.next());
    let rest: String = r.collect();
    println!("{}", rest);
    let up: Vec<char> = ('a'..='c').map(|c| c.to_ascii_uppercase()).collect();
    println!("{:?}", up);
}
""",
        runs("Some('a')\nSome('b')\ncd\n['A', 'B', 'C']\n", 0),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
