"""Closure parameters written with a reference type: a `&mut T` parameter is a mutable place
(`|h: &mut Vec<i32>| h.push(2)` runs, as rustc runs it), a `&T` one is not (E0596). Verdicts
recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "push_through_mut_ref_param": (
        """fn main() {
    let mut v = vec![1];
    let push2 = |h: &mut Vec<i32>| h.push(2);
    push2(&mut v);
    push2(&mut v);
    println!("{:?}", v);
}
""",
        runs("[1, 2, 2]\n"),
    ),
    "field_through_mut_ref_param": (
        """struct Stats {
    total: f32,
    seen: usize,
}

fn main() {
    let mut stats = Stats { total: 0.5, seen: 0 };
    let add = |s: &mut Stats, x: f32| {
        s.total += x;
        s.seen += 1;
    };
    for x in [1.0f32, 2.25] {
        add(&mut stats, x);
    }
    println!("{} {}", stats.total, stats.seen);
}
""",
        runs("3.75 2\n"),
    ),
    "push_through_shared_ref_param": (
        """fn main() {
    let v = vec![1];
    let push2 = |h: &Vec<i32>| h.push(2);
    push2(&v);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
