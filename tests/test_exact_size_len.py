"""`it.len()` where the iterator has no `ExactSizeIterator` (`filter`, `chars()`, a range of
`i64`, `0..=9`) is rustc's E0599 (E0277 for `0..=9`, its `i32` missing the bound): pbpit
counted the items. Found by `tools/rustc_differential.py` in a mutant of the std programs (a
literal's suffix changed to `i64` in `(0..10).len()`).

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "len_of_a_range_of_i64": (
        """\
fn main() {
    let n = (0..10i64).len();
    println!("{}", n);
}
""",
        rejects("E0599"),
    ),
    "len_of_a_filter": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    println!("{}", v.iter().filter(|x| **x > 1).len());
}
""",
        rejects("E0599"),
    ),
    "len_of_chars": (
        """\
fn main() {
    println!("{}", "abc".chars().len());
}
""",
        rejects("E0599"),
    ),
    "len_of_an_inclusive_range_of_i32": (
        """\
fn main() {
    println!("{}", (0..=9).len());
}
""",
        rejects("E0277"),
    ),
    "len_of_exact_iterators_runs": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let a = v.iter().map(|x| x * 2).len();
    println!("{} {} {}", a, (0..10i32).len(), v.iter().rev().skip(1).len());
}
""",
        runs("3 10 2\n"),
    ),
    "count_and_len_of_kept_counts_run": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let n = v.iter().filter(|x| **x > 1).count();
    let m = "abc".chars().count();
    let k = v.iter().map(|x| x * 2).enumerate().rev().skip(1).len();
    println!("{} {} {} {}", n, m, k, (0u8..=9).len());
}
""",
        runs("2 3 2 10\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
