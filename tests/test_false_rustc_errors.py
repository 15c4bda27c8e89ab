"""Valid programs pbpit refused with an error rustc does not report (found by a held-out
measurement against rustc 1.95), and the rustc errors next to them that must stay refused.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run): `runs(stdout)` what its binary printed, `rejects(code)` the first error code rustc
reports. Where rustc is on PATH, a test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives, rejects, runs, stale, verdict_tests

CASES = {
    # Every constant of `std::f32::consts` and `std::f64::consts` (FRAC_PI_4 was a false E0425)
    "std_float_consts": (
        """\
fn main() {
    println!("{:?} {:?} {:?}", std::f32::consts::PI, std::f32::consts::TAU, std::f32::consts::E);
    println!("{:?} {:?} {:?}", std::f64::consts::PI, std::f64::consts::TAU, std::f64::consts::E);
    println!("{:?} {:?}", std::f32::consts::FRAC_PI_2, std::f64::consts::FRAC_PI_2);
    println!("{:?} {:?}", std::f32::consts::FRAC_PI_3, std::f64::consts::FRAC_PI_3);
    println!("{:?} {:?}", std::f32::consts::FRAC_PI_4, std::f64::consts::FRAC_PI_4);
    println!("{:?} {:?}", std::f32::consts::FRAC_PI_6, std::f64::consts::FRAC_PI_6);
    println!("{:?} {:?}", std::f32::consts::FRAC_PI_8, std::f64::consts::FRAC_PI_8);
    println!("{:?} {:?}", std::f32::consts::FRAC_1_PI, std::f64::consts::FRAC_1_PI);
    println!("{:?} {:?}", std::f32::consts::FRAC_2_PI, std::f64::consts::FRAC_2_PI);
    println!("{:?} {:?}", std::f32::consts::FRAC_2_SQRT_PI, std::f64::consts::FRAC_2_SQRT_PI);
    println!("{:?} {:?}", std::f32::consts::SQRT_2, std::f64::consts::SQRT_2);
    println!("{:?} {:?}", std::f32::consts::FRAC_1_SQRT_2, std::f64::consts::FRAC_1_SQRT_2);
    println!("{:?} {:?}", std::f32::consts::LN_2, std::f64::consts::LN_2);
    println!("{:?} {:?}", std::f32::consts::LN_10, std::f64::consts::LN_10);
    println!("{:?} {:?}", std::f32::consts::LOG2_E, std::f64::consts::LOG2_E);
    println!("{:?} {:?}", std::f32::consts::LOG10_E, std::f64::consts::LOG10_E);
    println!("{:?} {:?}", std::f32::consts::LOG2_10, std::f64::consts::LOG2_10);
    println!("{:?} {:?}", std::f32::consts::LOG10_2, std::f64::consts::LOG10_2);
    // each against a value computed from another: equal bits, or the printout shows which
    let pi = std::f64::consts::PI;
    println!("{} {}", std::f64::consts::FRAC_PI_4 == pi / 4.0, std::f64::consts::TAU == 2.0 * pi);
    println!("{:.6}", (2.0 * std::f64::consts::FRAC_PI_4).sin());
}
""",
        runs(
            "3.1415927 6.2831855 2.7182817\n"
            "3.141592653589793 6.283185307179586 2.718281828459045\n"
            "1.5707964 1.5707963267948966\n"
            "1.0471976 1.0471975511965979\n"
            "0.7853982 0.7853981633974483\n"
            "0.5235988 0.5235987755982989\n"
            "0.3926991 0.39269908169872414\n"
            "0.31830987 0.3183098861837907\n"
            "0.63661975 0.6366197723675814\n"
            "1.1283792 1.1283791670955126\n"
            "1.4142135 1.4142135623730951\n"
            "0.70710677 0.7071067811865476\n"
            "0.6931472 0.6931471805599453\n"
            "2.3025851 2.302585092994046\n"
            "1.442695 1.4426950408889634\n"
            "0.4342945 0.4342944819032518\n"
            "3.321928 3.321928094887362\n"
            "0.30103 0.3010299956639812\n"
            "true true\n"
            "1.000000\n"
        ),
    ),
    # The constants brought in by `use` (a glob, a name, a rename: were false E0425s)
    "std_float_consts_used": (
        """\
use std::f32::consts::*;
use std::f64::consts::{FRAC_PI_4, PI as HALF_TURN};

fn degrees(x: f32) -> f32 {
    x * 180.0 / PI + LN_2 - LN_2
}

fn main() {
    println!("{:?} {:?} {:?}", FRAC_PI_4, HALF_TURN / 2.0, TAU);
    println!("{:?} {:?}", degrees(1.0), (FRAC_PI_4 * 4.0 - HALF_TURN).abs());
}
""",
        runs("0.7853981633974483 1.5707963267948966 6.2831855\n57.295776 0.0\n"),
    ),
    "std_float_const_used_in_a_body": (
        """\
fn main() {
    use std::f64::consts::PI;
    fn half() -> f64 {
        PI / 2.0
    }
    println!("{} {:?}", half(), PI);
}
""",
        runs("1.5707963267948966 3.141592653589793\n"),
    ),
    # `HashMap` named by its path, with no `use` (false E0433 and E0425)
    "hashmap_by_its_path": (
        """\
fn count(words: &[&str]) -> std::collections::HashMap<String, usize> {
    let mut m: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for w in words {
        *m.entry(w.to_string()).or_insert(0) += 1;
    }
    m
}

fn main() {
    let m = count(&["a", "b", "a"]);
    let mut n = std::collections::HashMap::new();
    n.insert(1, 2);
    println!("{} {:?} {}", m.len(), m.get("a"), n.len());
}
""",
        runs("2 Some(2) 1\n"),
    ),
    # ..while the bare name still needs its `use`
    "hashmap_not_in_scope": (
        """\
fn main() {
    let m: HashMap<i32, i32> = HashMap::new();
    println!("{}", m.len());
}
""",
        rejects("E0425"),
    ),
    # `Vec<&dyn Layer>` and `[&dyn Layer; 2]` of different types (a false E0308)
    "dyn_elements_coerced": (
        """\
trait Layer {
    fn forward(&self, x: f32) -> f32;
    fn params(&self) -> usize {
        0
    }
}

struct Dense {
    w: f32,
    b: f32,
}

struct Tanh;

impl Layer for Dense {
    fn forward(&self, x: f32) -> f32 {
        self.w * x + self.b
    }
    fn params(&self) -> usize {
        2
    }
}

impl Layer for Tanh {
    fn forward(&self, x: f32) -> f32 {
        x.tanh()
    }
}

fn main() {
    let l1 = Dense { w: 0.5, b: -0.25 };
    let l2 = Dense { w: 2.0, b: 0.1 };
    let layers: Vec<&dyn Layer> = vec![&l1, &Tanh, &l2];
    let pair: [&dyn Layer; 2] = [&Tanh, &l1];
    let total: usize = layers.iter().map(|l| l.params()).sum();
    println!("params {} {}", total, pair[1].params());
    for input in [1.0f32, -0.5, 0.0] {
        let mut h = input;
        for l in &layers {
            h = l.forward(h);
        }
        println!("{} -> {} {}", input, h, pair[0].forward(input));
    }
}
""",
        runs(
            "params 4 2\n"
            "1 -> 0.5898373 0.7615942\n"
            "-0.5 -> -0.8242343 -0.46211717\n"
            "0 -> -0.38983732 0\n"
        ),
    ),
    # `&[&[f64]]` given `&[&[..], &[..]]`; `extend_from_slice(r)` of a reference (false E0308s)
    "slices_of_rows": (
        """\
fn flat(rows: &[&[f64]]) -> Vec<f64> {
    let mut d = Vec::new();
    for r in rows {
        d.extend_from_slice(r);
    }
    d
}

fn flat_vecs(rows: &Vec<Vec<f64>>) -> Vec<f64> {
    let mut d: Vec<f64> = Vec::new();
    for r in rows {
        d.extend_from_slice(r);
    }
    d
}

fn main() {
    println!("{:?}", flat(&[&[2.0, 1.0], &[1.0, 3.0, 0.5]]));
    println!("{:?}", flat_vecs(&vec![vec![1.0, 2.0], vec![3.0]]));
    let rows = vec![vec![4.0f64], vec![5.0, 6.0]];
    let mut d: Vec<f64> = Vec::new();
    for r in &rows {
        d.extend_from_slice(r);
    }
    println!("{:?}", d);
}
""",
        runs("[2.0, 1.0, 1.0, 3.0, 0.5]\n[1.0, 2.0, 3.0]\n[4.0, 5.0, 6.0]\n"),
    ),
    # A returned closure's parameter typed by `Box<dyn Fn(usize) -> f32>` (was: a false
    # 'type annotations needed'); the same without `move` is E0373 (below)
    "closure_params_from_result": (
        """\
fn make_lookup(n: usize) -> Box<dyn Fn(usize) -> f32> {
    let table: Vec<f32> = (0..n).map(|i| 0.1 / (i as f32 + 1.0)).collect();
    Box::new(move |i| table[i.min(n - 1)])
}

fn scale(k: f32) -> Box<dyn Fn(f32) -> f32> {
    if k < 0.0 {
        return Box::new(|x| x.abs());
    }
    Box::new(move |x| x * k)
}

fn add(n: usize) -> impl Fn(usize) -> usize {
    move |i| i.max(n)
}

fn main() {
    let f = make_lookup(4);
    println!("{} {}", f(0), f(9));
    let g: Box<dyn Fn(usize) -> usize> = Box::new(|i| i.pow(2));
    println!("{} {} {} {}", scale(2.0)(1.5), scale(-1.0)(-4.0), add(2)(3), g(5));
}
""",
        runs("0.1 0.025\n3 4 3 25\n"),
    ),
    "returned_closure_borrows_local": (
        """\
fn make_lookup(n: usize) -> Box<dyn Fn(usize) -> f32> {
    let table: Vec<f32> = (0..n).map(|i| 0.1 / (i as f32 + 1.0)).collect();
    Box::new(|i| table[i.min(n - 1)])
}

fn main() {
    let f = make_lookup(4);
    println!("{} {}", f(0), f(9));
}
""",
        rejects("E0373"),
    ),
    "impl_fn_borrows_param": (
        """\
fn add(n: usize) -> impl Fn(usize) -> usize {
    |i| i + n
}

fn main() {
    println!("{}", add(2)(3));
}
""",
        rejects("E0373"),
    ),
    "extend_from_slice_of_a_value": (
        """\
fn main() {
    let v = vec![1.0f64];
    let mut d: Vec<f64> = Vec::new();
    d.extend_from_slice(v);
    println!("{:?}", d);
}
""",
        rejects("E0308"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


# `let r: Result<Vec<T>, E> = it.collect();` (and `Option<Vec<T>>`) of an iterator of
# `Result`s: rustc runs it, and so does pbpit (it once said rustc's E0277, "cannot be built
# from an iterator", which rustc does not say, then refused it as outside its subset).
COLLECTED_INTO_A_RESULT = {
    "result": (
        """\
fn main() {
    let d: Result<Vec<u32>, char> = "4x2".chars().map(|c| c.to_digit(10).ok_or(c)).collect();
    println!("{:?}", d);
}
""",
        runs("Err('x')\n"),
    ),
    "option": (
        """\
fn main() {
    let d: Option<Vec<u32>> = "42".chars().map(|c| c.to_digit(10)).collect();
    println!("{:?}", d);
}
""",
        runs("Some([4, 2])\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(COLLECTED_INTO_A_RESULT))
def test_collect_into_a_result_runs_as_rustc_runs_it(name):
    pbpit_gives(COLLECTED_INTO_A_RESULT, name)


@pytest.mark.slow
def test_the_recorded_collect_verdicts_are_rustcs():
    assert stale(COLLECTED_INTO_A_RESULT) == []


# A write through the `&mut` a `*_mut` method returned, held by a binding not declared `mut`:
# rustc runs it (the binding is the reference, not the place); pbpit erases references, so it
# refuses the write as outside its subset (it once said rustc's E0594, which rustc does not say).
WRITTEN_THROUGH_A_MUT_METHOD = {
    "if_let_last_mut": (
        """\
struct A {
    n: i32,
}

fn main() {
    let mut v = vec![A { n: 1 }, A { n: 2 }];
    if let Some(r) = v.last_mut() {
        r.n += 40;
    }
    println!("{} {}", v[0].n, v[1].n);
}
""",
        runs("1 42\n"),
    ),
    "let_get_mut_unwrap": (
        """\
struct A {
    n: i32,
}

fn main() {
    let mut v = vec![A { n: 1 }, A { n: 2 }];
    let r = v.get_mut(0).unwrap();
    r.n += 7;
    println!("{} {}", v[0].n, v[1].n);
}
""",
        runs("8 2\n"),
    ),
}


# `if let Some(r) = v.last_mut()` runs since vec_ends_mut.py: `r` written back to the element;
# `v.get_mut(0).unwrap()` of a `Vec` of structs since session 25 (the struct is shared: std_more)
RUN_AS_RUSTC = ("if_let_last_mut", "let_get_mut_unwrap")


@pytest.mark.parametrize("name", sorted(set(WRITTEN_THROUGH_A_MUT_METHOD) - set(RUN_AS_RUSTC)))
def test_a_write_through_a_mut_method_is_outside_the_subset_not_e0594(name, tmp_path):
    from test_rust_interp import refusal

    error, _ = refusal(tmp_path, WRITTEN_THROUGH_A_MUT_METHOD[name][0])
    assert "E0594" not in str(error)
    assert "pbpit erases references" in str(error)


@pytest.mark.parametrize("name", RUN_AS_RUSTC)
def test_a_write_through_last_mut_in_if_let_runs_as_rustc(name):
    pbpit_gives(WRITTEN_THROUGH_A_MUT_METHOD, name)


@pytest.mark.slow
def test_the_recorded_mut_method_verdicts_are_rustcs():
    assert stale(WRITTEN_THROUGH_A_MUT_METHOD) == []
