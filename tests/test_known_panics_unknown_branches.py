"""rustc's `unconditional_panic` inside a branch whose condition rustc cannot know either (it
checks both ways): a condition on a parameter, a `for` variable, a variable assigned again
(`while n != 1 { n = if n % 2 == 0 { n / 0 } .. }`) or a call's result; pbpit checked only
branches whose condition it knew, and ran them. Found by `tools/rustc_differential.py` in a
mutant of the std programs (`n / 2` made `n / 0` in a loop). A branch behind `&& false` is one
rustc knows is not taken: it runs.

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "division_by_zero_in_a_loop_on_a_variable_assigned_again": (
        """\
fn main() {
    let mut n = 27u64;
    while n != 1 {
        n = if n % 2 == 0 { n / 0 } else { 3 * n + 1 };
    }
    println!("{}", n);
}
""",
        rejects("unconditional_panic"),
    ),
    "division_by_zero_under_a_parameter": (
        """\
fn f(n: u64) -> u64 {
    if n > 3 { n / 0 } else { 1 }
}
fn main() {
    println!("{}", f(2));
}
""",
        rejects("unconditional_panic"),
    ),
    "division_by_zero_under_a_for_variable": (
        """\
fn main() {
    let x = 7;
    for i in 0..3 {
        if i > 5 {
            println!("{}", x / 0);
        }
    }
}
""",
        rejects("unconditional_panic"),
    ),
    "division_by_zero_under_a_call": (
        """\
fn main() {
    let mut m = 2;
    m += 1;
    let mut t = 0;
    while t < 3 {
        t += 1;
    }
    if m == 3 || t > 9 {
        println!("ok {}", m);
    }
    let v = [1, 2, 3];
    if v.len() > 5 {
        println!("{}", 9 / 0);
    }
}
""",
        rejects("unconditional_panic"),
    ),
    "a_branch_rustc_knows_is_not_taken_runs": (
        """\
fn f(n: u64) -> u64 {
    if n > 3 && false { n / 0 } else { 1 }
}
fn main() {
    println!("{}", f(2));
}
""",
        runs("1\n"),
    ),
    "operations_under_unknown_conditions_run": (
        """\
fn f(n: i64, d: i64) -> i64 {
    if n > 3 { n / d } else { n % 7 }
}
fn main() {
    let mut k = 1u8;
    while k < 200 {
        k = if k % 2 == 0 { k + 1 } else { k * 2 };
    }
    println!("{} {} {}", f(9, 3), f(2, 0), k);
}
""",
        runs("3 2 254\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
