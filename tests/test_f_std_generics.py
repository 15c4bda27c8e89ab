"""Programs on which pbpit must give rustc's verdict about generic functions over types bounded
by std's traits (`fn largest<T: PartialOrd + Copy>(xs: &[T]) -> T`, `T: Into<f64>`, `T:
Display`: std_generics.py): the body checked against the bounds as rustc checks it (E0369,
E0277, E0382, E0508, E0599 without the bound it needs), each call run by an instance for its
types. A program rustc rejects may be refused as outside the subset instead (a call with a type
lacking a bound), but never run.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "largest_of_ints_floats_chars": (
        """\
fn largest<T: PartialOrd + Copy>(xs: &[T]) -> T {
    let mut m = xs[0];
    for &x in xs {
        if x > m {
            m = x;
        }
    }
    m
}
fn main() {
    let v = vec![3, 7, 2];
    let f = [0.1f32, 0.7, 0.3];
    println!("{} {} {}", largest(&v), largest(&f), largest(&['a', 'z', 'q']));
}
""",
        runs("7 0.7 z\n"),
    ),
    "sum_into_f64": (
        """\
fn total<T: Into<f64> + Copy>(xs: &[T]) -> f64 {
    let mut s = 0.0;
    for x in xs {
        s += (*x).into();
    }
    s
}
fn main() {
    println!("{} {}", total(&[1i32, 2, 3]), total(&[0.1f32, 0.2]));
    println!("{}", total(&[1u8, 255]));
}
""",
        runs("6 0.30000000447034836\n256\n"),
    ),
    "display_and_debug_bounds": (
        """\
use std::fmt::Display;
fn show<T: Display>(label: &str, x: T) -> String {
    format!("{}={}", label, x)
}
fn dump<T: std::fmt::Debug>(xs: &[T]) {
    println!("{:?} ({} items)", xs, xs.len());
}
#[derive(Debug, Clone, PartialEq)]
struct P {
    x: f32,
}
fn main() {
    println!("{} {}", show("a", 1.5f32), show("b", String::from("s")));
    dump(&[P { x: 0.1 }, P { x: 2.0 }]);
    dump(&vec![Some(1), None]);
}
""",
        runs("a=1.5 b=s\n[P { x: 0.1 }, P { x: 2.0 }] (2 items)\n[Some(1), None] (2 items)\n"),
    ),
    "equality_and_clone": (
        """\
fn count<T: PartialEq>(xs: &[T], target: &T) -> usize {
    let mut n = 0;
    for x in xs {
        if x == target {
            n += 1;
        }
    }
    n
}
fn twice<T: Clone>(x: &T) -> Vec<T> {
    vec![x.clone(), x.clone()]
}
fn main() {
    let words = vec![String::from("a"), String::from("b"), String::from("a")];
    println!("{} {}", count(&words, &String::from("a")), count(&[1, 2, 1, 1], &1));
    println!("{:?}", twice(&String::from("x")));
}
""",
        runs('2 3\n["x", "x"]\n'),
    ),
    "where_clause_and_recursion": (
        """\
fn max_of<T>(xs: &[T], i: usize, best: T) -> T
where
    T: PartialOrd + Copy,
{
    if i == xs.len() {
        return best;
    }
    let b = if xs[i] > best { xs[i] } else { best };
    max_of(xs, i + 1, b)
}
fn main() {
    println!("{} {}", max_of(&[4, 9, 1], 0, 0), max_of(&[-1.5, -0.5], 0, -9.0));
}
""",
        runs("9 -0.5\n"),
    ),
    "compare_without_partial_ord": (
        """\
fn largest<T: Copy>(xs: &[T]) -> T {
    let mut m = xs[0];
    for &x in xs {
        if x > m {
            m = x;
        }
    }
    m
}
fn main() {
    println!("{}", largest(&[1, 2]));
}
""",
        rejects("E0369"),
    ),
    "display_without_bound": (
        """\
fn show<T: Clone>(x: T) {
    println!("{}", x);
}
fn main() {
    show(1);
}
""",
        rejects("E0277"),
    ),
    "debug_without_bound": (
        """\
fn show<T: PartialEq>(xs: Vec<T>) {
    println!("{:?}", xs);
}
fn main() {
    show(vec![1]);
}
""",
        rejects("E0277"),
    ),
    "moved_out_of_slice_without_copy": (
        """\
fn first<T: PartialOrd>(xs: &[T]) -> T {
    let m = xs[0];
    m
}
fn main() {
    println!("{}", first(&[1, 2]));
}
""",
        rejects("E0508"),
    ),
    "moved_twice_without_copy": (
        """\
fn pair<T: Clone>(x: T) -> (T, T) {
    (x, x)
}
fn main() {
    println!("{:?}", pair(1));
}
""",
        rejects("E0382"),
    ),
    "method_not_in_bounds": (
        """\
fn size<T: Clone>(x: T) -> usize {
    x.len()
}
fn main() {
    println!("{}", size(vec![1]));
}
""",
        rejects("E0599"),
    ),
    "called_with_a_type_without_the_bound": (
        """\
fn largest<T: PartialOrd + Copy>(xs: &[T]) -> T {
    let mut m = xs[0];
    for &x in xs {
        if x > m {
            m = x;
        }
    }
    m
}
#[derive(Clone, Copy, Debug)]
struct P {
    x: i32,
}
fn main() {
    let p = largest(&[P { x: 1 }, P { x: 2 }]);
    println!("{:?}", p);
}
""",
        rejects("E0277"),
    ),
    "into_from_a_type_without_it": (
        """\
fn total<T: Into<f64> + Copy>(xs: &[T]) -> f64 {
    let mut s = 0.0;
    for x in xs {
        s += (*x).into();
    }
    s
}
fn main() {
    println!("{}", total(&[1i64, 2]));
}
""",
        rejects("E0277"),
    ),
    "arithmetic_without_bound": (
        """\
fn add<T: Copy>(a: T, b: T) -> T {
    a + b
}
fn main() {
    println!("{}", add(1, 2));
}
""",
        rejects("E0369"),
    ),
    "call_whose_bounds_the_caller_lacks": (
        """\
fn largest<T: PartialOrd + Copy>(xs: &[T]) -> T {
    let mut m = xs[0];
    for &x in xs {
        if x > m {
            m = x;
        }
    }
    m
}
fn outer<T: PartialOrd>(xs: &[T]) -> T {
    largest(xs)
}
fn main() {
    println!("{}", outer(&[1, 2]));
}
""",
        rejects("E0277"),
    ),
    "call_whose_bounds_the_caller_gives": (
        """\
fn largest<T: PartialOrd + Copy>(xs: &[T]) -> T {
    let mut m = xs[0];
    for &x in xs {
        if x > m {
            m = x;
        }
    }
    m
}
fn outer<T: PartialOrd + Copy + std::fmt::Display>(xs: &[T]) -> String {
    format!("<{}>", largest(xs))
}
fn main() {
    println!("{} {}", outer(&[1, 2]), outer(&["b", "a"]));
}
""",
        runs("<2> <b>\n"),
    ),
    "iterator_max_without_ord": (
        """\
fn top<T: PartialOrd + Copy>(xs: &[T]) -> Option<&T> {
    xs.iter().max()
}
fn main() {
    println!("{:?}", top(&[1, 2]));
}
""",
        rejects("E0277"),
    ),
    "iterator_max_with_ord": (
        """\
fn top<T: Ord + Copy + std::fmt::Debug>(xs: &[T]) -> Option<&T> {
    xs.iter().max()
}
fn main() {
    println!("{:?} {:?}", top(&[1, 2]), top(&['x', 'b']));
}
""",
        runs("Some(2) Some('x')\n"),
    ),
    "turbofish_and_str": (
        """\
fn pick<T: PartialOrd + Copy>(a: T, b: T) -> T {
    if a > b { a } else { b }
}
fn main() {
    println!("{} {}", pick(1, 2), pick::<f64>(0.5, 0.25));
    println!("{}", pick("a", "b"));
}
""",
        runs("2 0.5\nb\n"),
    ),
    "mixed_argument_types": (
        """\
fn pick<T: PartialOrd + Copy>(a: T, b: T) -> T {
    if a > b { a } else { b }
}
fn main() {
    println!("{}", pick(1, 2.0));
}
""",
        rejects("E0308"),
    ),
    "reference_pushed_as_a_value": (
        """\
fn twice<T: Clone>(x: &T) -> Vec<T> {
    let mut out = Vec::new();
    out.push(x);
    out
}
fn main() {
    println!("{:?}", twice(&1));
}
""",
        rejects("E0308"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
