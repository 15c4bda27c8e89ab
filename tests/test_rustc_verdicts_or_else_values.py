"""`o.unwrap_or_else(Vec::new)` or `o.take().unwrap_or_else(|| String::new())` of values moved
twice: rustc's E0382; an empty collection a closure (or a constructor named as a value) makes is
a value, never a reference (`method_results._gives_value`; helper B's rej4/u15 ran since
165c77f). Look-alikes rustc accepts: `first().unwrap_or_else(|| &fallback)` (a `Copy`
`&String`), a clone before the second use.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_unwrap_or_else_closure_string_new_twice": (
        """\
fn main() {
    let mut o: Option<String> = None;
    let v = o.take().unwrap_or_else(|| String::new());
    let w = v;
    println!("{:?} {:?} {:?}", v, w, o);
}
""",
        rejects("E0382"),
    ),
    "bad_unwrap_or_else_vec_new_twice": (
        """\
fn main() {
    let o: Option<Vec<i32>> = None;
    let v = o.unwrap_or_else(Vec::new);
    let w = v;
    println!("{:?} {:?}", v, w);
}
""",
        rejects("E0382"),
    ),
    "ok_unwrap_or_else_cloned_before": (
        """\
fn main() {
    let o: Option<Vec<i32>> = None;
    let v = o.unwrap_or_else(Vec::new);
    let w = v.clone();
    println!("{:?} {:?}", v, w);
}
""",
        runs("[] []\n"),
    ),
    "ok_unwrap_or_else_ref_default_twice": (
        """\
fn main() {
    let fallback = String::from("none");
    let names = vec![String::from("a")];
    let v = names.first().unwrap_or_else(|| &fallback);
    let w = v;
    println!("{} {}", v, w);
}
""",
        runs("a a\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
