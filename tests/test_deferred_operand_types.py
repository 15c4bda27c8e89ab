"""rustc's E0277 where pbpit said E0308, found by `tools/rustc_differential.py` in mutants of
the std programs (a literal's suffix or type changed): an operator whose operand types were not
known where it is written (`|n| n - 1u8`, later given a `usize`) leaves rustc the obligation
`?T: Sub<u8>`, which fails as E0277 ("cannot subtract `u8` from `usize`"; E0308 where both are
known at the operator); `v.get(1u8)`, `v.get(3.0)`: no `SliceIndex<[T]>` but for `usize`. A
comparison in a closure before its calls give the parameters types (`|x, y| x > y`) is a
`bool` rustc types later: pbpit said "type annotations needed"; two types not known at all are
made one at the operator (E0308 at a call giving two), a literal's is not (E0277 "can't
compare `{float}` with `{integer}`"). A closure given to a struct's field written
`Box<dyn Fn(f32) -> f32>` has its parameter's type where it is written, as rustc deduces it:
`x ^ 1.0` there is E0369 (no `^` for `f32`), not the E0277 of a type learnt later.

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "closure_parameter_minus_u8_given_usize": (
        """\
fn main() {
    let dec = |n| n - 1u8;
    let len: usize = 3;
    println!("usize: {} {}", dec(len), dec(7));
}
""",
        rejects("E0277"),
    ),
    "usize_minus_closure_parameter_given_u8": (
        """\
fn main() {
    let len: usize = 3;
    let dec = |n| len - n;
    let k: u8 = 1;
    println!("{}", dec(k));
}
""",
        rejects("E0277"),
    ),
    "closure_adds_i32_and_i64": (
        """\
fn main() {
    let add = |p, q| p + q;
    let a: i32 = 1;
    let b: i64 = 2;
    println!("{}", add(a, b));
}
""",
        rejects("E0277"),
    ),
    "closure_parameter_minus_f32_given_f64": (
        """\
fn main() {
    let dec = |n| n - 1.0f32;
    let len: f64 = 3.0;
    println!("{}", dec(len));
}
""",
        rejects("E0277"),
    ),
    "known_usize_minus_u8_is_a_mismatch": (
        """\
fn main() {
    let len: usize = 3;
    let x = len - 1u8;
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
    "closure_operators_of_one_type_run": (
        """\
fn main() {
    let dec = |n| n - 1;
    let len: usize = 3;
    let add = |p, q| p + q;
    let x: u8 = 200;
    println!("{} {} {}", dec(len), dec(7), add(x, 50u8));
}
""",
        runs("2 6 250\n"),
    ),
    "get_of_a_float_or_a_u8": (
        """\
fn main() {
    let v = vec![10i64, 20, 30];
    let arr = [1.25f64, 2.5];
    println!("{:?} {:?}", v.get(3.0), arr.get(1u8));
}
""",
        rejects("E0277"),
    ),
    "get_of_a_u32_variable": (
        """\
fn main() {
    let v = vec![10i64, 20, 30];
    let arr = [1.25f64, 2.5];
    let i: u32 = 1;
    println!("{:?}", arr.get(i));
    println!("{:?}", v.get(2));
}
""",
        rejects("E0277"),
    ),
    "get_of_usize_runs": (
        """\
fn main() {
    let v = vec![10i64, 20, 30];
    let arr = [1.25f64, 2.5];
    let i = 1;
    println!("{:?} {:?} {:?}", v.get(2), arr.get(i), v.get(i + 1));
}
""",
        runs("Some(30) Some(2.5) Some(30)\n"),
    ),
    "closure_comparisons_typed_by_their_calls_run": (
        """\
fn main() {
    let mul = |x, y| x > y;
    let eq = |a, b| a == b;
    let le = |a, b| a <= b;
    let same = eq(String::from("a"), String::from("a"));
    println!("{} {} {} {}", mul(0.1f32, 3.0), mul(0.1, 3.0f32), same, le(3u8, 2));
}
""",
        runs("false false true false\n"),
    ),
    "closure_comparison_of_two_unknowns_given_f32_and_u8": (
        """\
fn main() {
    let mul = |x, y| x > y;
    println!("{}", mul(0.1f32, 3u8));
}
""",
        rejects("E0308"),
    ),
    "closure_comparison_with_an_integer_given_a_float": (
        """\
fn main() {
    let f = |x| x < 3;
    println!("{}", f(2.5));
}
""",
        rejects("E0277"),
    ),
    "closure_comparison_with_an_f64_given_an_integer": (
        """\
fn main() {
    let y = 2.5f64;
    let f = |x| x < y;
    println!("{}", f(2));
}
""",
        rejects("E0277"),
    ),
    "closure_of_a_boxed_field_xor_a_float": (
        """\
struct B {
    op: Box<dyn Fn(f32) -> f32>,
}
fn main() {
    let b = B { op: Box::new(|x| x ^ 1.0) };
    println!("{}", (b.op)(2.0));
}
""",
        rejects("E0369"),
    ),
    "closure_of_a_boxed_field_runs": (
        """\
struct B {
    op: Box<dyn Fn(f32) -> f32>,
}
fn main() {
    let b = B { op: Box::new(|x| x * 2.0 - 1.0) };
    println!("{}", (b.op)(2.5));
}
""",
        runs("4\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
