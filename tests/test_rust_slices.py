"""Slices (`&[T]`, `&mut [T]`, `v[a..b]`, `s[a..b]`, `pbpit/rust/interp/slices.py`; runnable
programs with panics are also goldens in `tests/rust/std/slice_*.rs`) and the constructs met
with them in numeric code (`|_|` closures, E0384, `iter_mut`, `#[derive(Default)]`, refused
derives, `s += x` of a `String` or a `&String`): pbpit must give rustc's verdict on each.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, rejects, runs, rustc_verdicts, verdict_tests


def panic(at: str, message: str) -> str:
    """rustc 1.95's panic block on stderr (thread id written `(TID)`), at `main.rs:{at}`."""
    note = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace"
    return f"\nthread 'main' (TID) panicked at main.rs:{at}:\n{message}\n{note}\n"


CASES = {
    "iter_mut_zip_of_immutable_vec": (
        """\
fn main() {
    let a = vec![1, 2];
    let b = vec![3, 4];
    for (x, y) in a.iter_mut().zip(b.iter()) {
        *x += *y;
    }
    println!("{:?}", a);
}
""",
        rejects("E0596"),
    ),
    "mut_range_of_immutable_vec": (
        """\
fn fill(xs: &mut [i32]) {
    xs[0] = 1;
}
fn main() {
    let v = vec![0, 0, 0];
    fill(&mut v[1..]);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "mut_range_through_shared_slice": (
        """\
fn fill(xs: &mut [i32]) {
    xs[0] = 1;
}
fn outer(xs: &[i32]) {
    fill(&mut xs[1..]);
}
fn main() {
    let v = vec![0, 0, 0];
    outer(&v);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "derive_default_field_without_default": (
        """\
#[derive(Debug)]
struct Inner {
    x: f32,
}
#[derive(Debug, Default)]
struct Outer {
    inner: Inner,
}
fn main() {
    println!("{:?}", Outer::default());
}
""",
        rejects("E0277"),
    ),
    "add_assign_owned_string": (
        """\
fn main() {
    let mut s = String::new();
    let t = String::from("x");
    s += t;
    println!("{}", s);
}
""",
        rejects("E0308"),
    ),
    "as_mut_through_shared_self": (  # `if let` on `self.f.as_mut()` in a `&self` method
        """\
struct Rnn {
    steps: Option<u32>,
}

impl Rnn {
    fn step(&self) {
        if let Some(n) = self.steps.as_mut() {
            *n += 1;
        }
    }
}

fn main() {
    let r = Rnn { steps: Some(0) };
    r.step();
    println!("{:?}", r.steps);
}
""",
        rejects("E0596"),
    ),
    "range_ends_integer_and_float": (  # a..b is one Range<Idx>: the ends typed alike first
        """\
fn main() {
    let s = vec![1, 2, 3, 4, 5, 6];
    let t = &s[0..5.0];
    println!("{:?}", t);
}
""",
        rejects("E0308"),
    ),
    "range_ends_usize_and_i32": (
        """\
fn main() {
    let s = vec![1, 2, 3, 4, 5, 6];
    let a: usize = 1;
    let b: i32 = 3;
    let t = &s[a..b];
    println!("{:?}", t);
}
""",
        rejects("E0308"),
    ),
    "iter_mut_of_immutable_vec": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    for x in v.iter_mut() {
        *x = 0.0;
    }
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "assign_twice": (
        """\
fn main() {
    let x = 1;
    println!("{}", x);
    x = 2;
    println!("{}", x);
}
""",
        rejects("E0384"),
    ),
    "assign_to_argument": (
        """\
fn bump(n: i32) -> i32 {
    n += 1;
    n
}
fn main() {
    println!("{}", bump(1));
}
""",
        rejects("E0384"),
    ),
    "unsized_slice_local": (
        """\
fn main() {
    let v = vec![1, 2];
    let z = v[..1];
    println!("{}", z.len());
}
""",
        rejects("E0277"),
    ),
    "push_on_slice": (
        """\
fn add(xs: &mut [i32]) {
    xs.push(1);
}
fn main() {
    let mut v = vec![1];
    add(&mut v);
    println!("{:?}", v);
}
""",
        rejects("E0599"),
    ),
    "pop_on_slice": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let s: &mut [i32] = &mut v;
    s.pop();
    println!("{:?}", v);
}
""",
        rejects("E0599"),
    ),
    "slice_for_vec": (
        """\
fn total(v: &Vec<f32>) -> f32 {
    v.iter().sum()
}
fn main() {
    let v = vec![1.0f32, 2.0];
    let s: &[f32] = &v;
    println!("{}", total(s));
}
""",
        rejects("E0308"),
    ),
    "shared_for_mut_slice": (
        """\
fn zero(xs: &mut [f32]) {
    xs[0] = 0.0;
}
fn main() {
    let mut v = vec![1.0f32, 2.0];
    zero(&v);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "mut_slice_of_immutable": (
        """\
fn zero(xs: &mut [f32]) {
    xs[0] = 0.0;
}
fn main() {
    let v = vec![1.0f32, 2.0];
    zero(&mut v);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "write_shared_slice": (
        """\
fn zero(xs: &[f32]) {
    xs[0] = 0.0;
}
fn main() {
    let v = vec![1.0f32, 2.0];
    zero(&v);
    println!("{:?}", v);
}
""",
        rejects("E0594"),
    ),
    "local_slice_write": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    let s: &[f32] = &v;
    s[0] = 0.0;
    println!("{:?}", v);
}
""",
        rejects("E0594"),
    ),
    "range_of_i32": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let a: i32 = 1;
    println!("{:?}", &v[a..3]);
}
""",
        rejects("E0277"),
    ),
    "slice_of_wrong_elem": (
        """\
fn mean(xs: &[f32]) -> f32 {
    xs.iter().sum::<f32>() / xs.len() as f32
}
fn main() {
    let v = vec![1.0f64, 2.0];
    println!("{}", mean(&v));
}
""",
        rejects("E0308"),
    ),
    "slice_to_vec_mismatch": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let w: Vec<i32> = &v[1..];
    println!("{:?}", w);
}
""",
        rejects("E0308"),
    ),
    "slice_windows_zip": (
        """\
fn diffs(xs: &[f64]) -> Vec<f64> {
    xs.windows(2).map(|w| w[1] - w[0]).collect()
}

fn weighted(xs: &[f64], ws: &[f64]) -> f64 {
    let mut total = 0.0;
    for (x, w) in xs.iter().zip(ws.iter()) {
        total += x * w;
    }
    total
}

fn main() {
    let v = vec![1.0, 4.0, 9.0, 16.0];
    println!("{:?}", diffs(&v));
    println!("{:?}", diffs(&v[1..]));
    println!("{}", weighted(&v[..2], &[0.5, 0.25]));
    let parts: Vec<&[f64]> = vec![&v[..1], &v[1..]];
    println!("{:?} {}", parts, parts[1].len());
}
""",
        runs("[3.0, 5.0, 7.0]\n[5.0, 7.0]\n1.5\n[[1.0], [4.0, 9.0, 16.0]] 3\n", 0),
    ),
    "underscore_closure_params": (
        """\
fn main() {
    let v: Vec<i32> = (0..3).map(|_| 7).collect();
    let f = |_| 1.5;
    let n = (0..5).filter(|_| true).count();
    let pairs: Vec<(i32, i32)> = vec![(1, 2), (3, 4)];
    let firsts: Vec<i32> = pairs.iter().map(|&(a, _)| a).collect();
    let g = |_, b: i32| b * 2;
    println!("{:?} {} {} {:?} {}", v, f(3), n, firsts, g("x", 4));
}
""",
        runs("[7, 7, 7] 1.5 5 [1, 3] 8\n", 0),
    ),
    "str_start_boundary": (
        """\
fn main() {
    let s = String::from("héllo");
    let at = 2;
    println!("{}", &s[..1]);
    println!("{}", &s[at..]);
}
""",
        runs(
            "h\n",
            101,
            panic(
                "5:22",
                "start byte index 2 is not a char boundary; "
                "it is inside 'é' (bytes 1..3) of `héllo`",
            ),
        ),
    ),
    "str_begin_after_end": (
        """\
fn main() {
    let s = "abcdef";
    let (a, b) = (4, 2);
    println!("{}", &s[a..b]);
}
""",
        runs("", 101, panic("4:22", "begin > end (4 > 2) when slicing `abcdef`")),
    ),
    "str_inclusive_end_out": (
        """\
fn main() {
    let s = "abc";
    let n = s.len();
    println!("{}", &s[1..=n - 1]);
    println!("{}", &s[..=n]);
}
""",
        runs("bc\n", 101, panic("5:22", "end byte index 3 is out of bounds of `abc`")),
    ),
    "str_long_cut": (
        """\
fn main() {
    let mut long = String::new();
    for _ in 0..140 {
        long.push_str("ab");
    }
    let n = long.len();
    println!("{}", &long[n - 2..]);
    println!("{}", &long[n + 1..]);
}
""",
        runs(
            "ab\n",
            101,
            panic("8:25", "start byte index 281 is out of bounds of `" + "ab" * 128 + "`[...]"),
        ),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


# Programs rustc accepts that pbpit may not run: `*x = ..` through `iter_mut` (run by index,
# iter_mut.py) or `scan`'s state, `#[derive(Copy)]` and `#[derive(Default)]` (what follows from
# a refused derive is not an error rustc reports). pbpit runs them as rustc does, or refuses
# them without saying rustc rejects them.
NOT_RUSTC_ERRORS = {
    "iter_mut_zip_iter_mut": """\
fn main() {
    let mut a = vec![1, 2];
    let mut b = vec![3, 4];
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        *x += *y;
        *y = 0;
    }
    println!("{:?} {:?}", a, b);
}
""",
    "derive_copy": """\
#[derive(Debug, Clone, Copy)]
struct P(f32, f32);

fn main() {
    let p = P(1.0, 2.0);
    let P(a, b) = p;
    println!("{} {} {:?}", a, b, p);
}
""",
    "derive_default": """\
#[derive(Debug, Default)]
struct S {
    n: u32,
}

impl S {
    fn bump(&mut self) {
        self.n += 1;
    }
}

fn main() {
    let mut s = S::default();
    s.bump();
    println!("{} {:?}", s.n, s);
}
""",
    "iter_mut_write": """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    for x in v.iter_mut() {
        *x = 0.0;
    }
    println!("{:?}", v);
}
""",
    "scan_state": """\
fn main() {
    let v: Vec<i32> = [1, 2, 3].iter().scan(0, |s, a| { *s += a; Some(*s) }).collect();
    println!("{:?}", v);
}
""",
}


PRINTED = {  # what rustc's binaries print
    "iter_mut_zip_iter_mut": "[4, 6] [0, 0]\n",
    "iter_mut_write": "[0.0, 0.0]\n",
    "scan_state": "[1, 3, 6]\n",
    "derive_copy": "1 2 P(1.0, 2.0)\n",
    "derive_default": "1 S { n: 1 }\n",
}


@pytest.mark.parametrize("name", sorted(NOT_RUSTC_ERRORS))
def test_no_made_up_rustc_error(name):
    found = judge(NOT_RUSTC_ERRORS[name], diff.pbpit_verdict)
    if found.state == "ran":
        assert (found.stdout, found.status) == (PRINTED[name], 0)
        return
    assert found.state == "rejected" and found.outside and not any(found.codes), found


@pytest.mark.slow
def test_the_accepted_programs_are_rustcs():
    for name, found in rustc_verdicts(NOT_RUSTC_ERRORS).items():
        assert (found.state, found.stdout) == ("ran", PRINTED[name]), (name, found)


# Programs rustc rejects where pbpit refuses without naming rustc's code: a use of what an
# `iter_mut` loop borrows (pbpit runs such a loop by index, so it must not run these), a write
# through `iter()`'s `&`. pbpit must not run them.
REFUSED = {
    "push_while_range_borrowed": (
        """\
fn main() {
    let mut v = vec![0, 0, 0];
    let s = &mut v[1..];
    v.push(1);
    s[0] = 2;
    println!("{:?}", v);
}
""",
        "E0499",
    ),
    "uses_vec_inside": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    for x in v.iter_mut() {
        *x += v.len() as f32;
    }
    println!("{:?}", v);
}
""",
        "E0502",
    ),
    "self_method_inside": (
        """\
struct Opt {
    velocity: Vec<f32>,
    rate: f32,
}
impl Opt {
    fn decay(&self) -> f32 {
        self.rate
    }
    fn step(&mut self) {
        for v in self.velocity.iter_mut() {
            *v *= self.decay();
        }
    }
}
fn main() {
    let mut o = Opt { velocity: vec![1.0], rate: 0.5 };
    o.step();
    println!("{:?}", o.velocity);
}
""",
        "E0502",
    ),
    "same_field_inside": (
        """\
struct Opt {
    velocity: Vec<f32>,
}
impl Opt {
    fn step(&mut self) {
        for v in self.velocity.iter_mut() {
            *v *= self.velocity.len() as f32;
        }
    }
}
fn main() {
    let mut o = Opt { velocity: vec![1.0] };
    o.step();
    println!("{:?}", o.velocity);
}
""",
        "E0502",
    ),
    "write_through_iter": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    for x in v.iter() {
        *x = 0.0;
    }
    println!("{:?}", v);
}
""",
        "E0594",
    ),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_pbpit_does_not_run_what_rustc_rejects(name):
    source, _ = REFUSED[name]
    assert judge(source, diff.pbpit_verdict).state == "rejected"


@pytest.mark.slow
def test_the_refused_programs_are_rustcs_rejections():
    now = rustc_verdicts({name: source for name, (source, _) in REFUSED.items()})
    for name, (_, code) in REFUSED.items():
        found = now[name]
        assert (found.state, found.codes[:1]) == ("rejected", [code]), (name, found)
