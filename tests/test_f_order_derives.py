"""Programs on which pbpit must give rustc's verdict about `#[derive(PartialOrd)]`, `Eq` and
`Ord` on the program's structs and enums (lower_items.check_order_derives, ordering.partial_cmp):
compared by variant, then field by field, a NaN making every comparison false; rustc's E0369
for `<` without the derive. A program rustc rejects may be refused as outside the subset
instead (a derive without the one it needs, `Eq` of a float field), but never run.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "struct_order_field_by_field": (
        """\
#[derive(Debug, Clone, PartialEq, PartialOrd)]
struct Score {
    points: u32,
    time: f64,
}
fn main() {
    let a = Score { points: 3, time: 1.5 };
    let b = Score { points: 3, time: 2.5 };
    let n = Score { points: 3, time: f64::NAN };
    println!("{} {} {} {}", a < b, a >= b, n < a, n >= a);
    println!("{} {}", a == a.clone(), a != b);
}
""",
        runs("true false false false\ntrue true\n"),
    ),
    "enum_order_by_variant": (
        """\
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    Low,
    Mid,
    High,
}
#[derive(PartialEq, PartialOrd)]
enum Shape {
    Dot(i32),
}
fn main() {
    let l = Level::Low;
    println!("{} {} {}", l < Level::High, Level::Mid > Level::High, Level::Mid == Level::Mid);
    println!("{}", Shape::Dot(2) < Shape::Dot(10));
}
""",
        runs("true false true\ntrue\n"),
    ),
    "partial_ord_without_partial_eq": (
        """\
#[derive(PartialOrd)]
struct P(i32);
fn main() {
    println!("{}", P(1) < P(2));
}
""",
        rejects("E0277"),
    ),
    "eq_of_a_float_field": (
        """\
#[derive(PartialEq, Eq)]
struct P(f32);
fn main() {
    println!("{}", P(1.0) == P(2.0));
}
""",
        rejects("E0277"),
    ),
    "compare_without_partial_ord": (
        """\
#[derive(PartialEq)]
struct P(i32);
fn main() {
    println!("{}", P(1) < P(2));
}
""",
        rejects("E0369"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
