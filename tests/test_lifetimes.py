"""Lifetime elision in signatures: a reference returned without a lifetime, from no reference or
from two, is rustc's E0106 ("missing lifetime specifier"); pbpit ran such programs. One reference
(or `&self`) fills it, and those run. Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py`
checks them again where rustc is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "two_references": (
        """fn longer(a: &str, b: &str) -> &str {
    if a.len() >= b.len() { a } else { b }
}

fn main() {
    println!("{}", longer("adam", "sgd"));
}
""",
        rejects("E0106"),
    ),
    "no_reference": (
        """fn name() -> &str {
    "sgd"
}

fn main() {
    println!("{}", name());
}
""",
        rejects("E0106"),
    ),
    "named_and_elided": (
        """fn pick<'a>(a: &'a str, b: &str) -> &str {
    if b.is_empty() { a } else { a }
}

fn main() {
    println!("{}", pick("adam", ""));
}
""",
        rejects("E0106"),
    ),
    "reference_in_a_slice": (
        """fn first(names: &[&str]) -> &str {
    names[0]
}

fn main() {
    println!("{}", first(&["adam", "sgd"]));
}
""",
        rejects("E0106"),
    ),
    "one_reference": (
        """fn largest(v: &Vec<f32>) -> &f32 {
    let mut best = &v[0];
    for x in v {
        if *x > *best {
            best = x;
        }
    }
    best
}

fn main() {
    println!("{}", largest(&vec![0.5, 2.25, 1.0]));
}
""",
        runs("2.25\n"),
    ),
    "self_and_another": (
        """struct Table {
    lrs: Vec<f32>,
}

impl Table {
    fn get(&self, name: &str) -> &f32 {
        if name == "warm" { &self.lrs[0] } else { &self.lrs[1] }
    }
}

fn main() {
    let t = Table { lrs: vec![0.01, 0.1] };
    println!("{}", t.get("cold"));
}
""",
        runs("0.1\n"),
    ),
    "one_named_lifetime": (
        """fn pick<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() > b.len() { a } else { b }
}

fn main() {
    println!("{}", pick("adam", "sgd"));
}
""",
        runs("adam\n"),
    ),
    "static": (
        """fn name() -> &'static str {
    "sgd"
}

fn main() {
    println!("{}", name());
}
""",
        runs("sgd\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
