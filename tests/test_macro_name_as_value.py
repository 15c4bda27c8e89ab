"""A name of std's prelude macros used as a value (`line.push_str(w)` where the `let mut line`
was deleted, `let b = vec;`) is rustc's E0423 ("expected value, found macro `line`"), where
pbpit said E0425. Found by `tools/rustc_differential.py` in a mutant of the std programs (a
`let mut line = String::new();` deleted).

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, verdict_tests

CASES = {
    "line_as_a_value": (
        """\
fn main() {
    let mut out = String::new();
    for w in ["a", "b"] {
        line.push_str(w);
    }
    println!("{}", out);
}
""",
        rejects("E0423"),
    ),
    "vec_as_a_value": (
        """\
fn main() {
    let b = vec;
    println!("{}", b.len());
}
""",
        rejects("E0423"),
    ),
    "an_unknown_name_is_e0425": (
        """\
fn main() {
    let b = lines;
    println!("{}", b.len());
}
""",
        rejects("E0425"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
