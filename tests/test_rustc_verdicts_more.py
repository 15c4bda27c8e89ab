"""More programs on which pbpit must give rustc's verdict: the kinds of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs (seeds 9001, 9002), one program
each, with programs rustc runs beside them so that a rule refusing too much fails too (moves
and borrows: test_rustc_verdicts_moves.py).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

_DISPLAY = """\
use std::fmt;
#[derive(Debug)]
struct E(i32);
impl fmt::Display for E {
    fn fmt(SIGNATURE) -> fmt::Result {
        write!(f, "e{}", self.0)
    }
}
fn main() {
    println!("{}", E(1));
}
"""

CASES = {
    # `String`'s `+=` borrows the element mutably: E0596 for a `Vec`'s and an array's
    "string_element_add_assign_not_mut": (
        """\
fn main() {
    let v = vec![String::from("x")];
    v[0] += "y";
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "string_array_element_add_assign_not_mut": (
        """\
fn main() {
    let a = [String::from("x")];
    a[0] += "y";
    println!("{:?}", a);
}
""",
        rejects("E0596"),
    ),
    "string_element_add_assign_mut": (
        """\
fn main() {
    let mut v = vec![String::from("x")];
    let mut a = [String::from("p")];
    v[0] += "y";
    a[0] += "q";
    println!("{:?} {:?}", v, a);
}
""",
        runs('["xy"] ["pq"]\n'),
    ),
    # `Ok(&x)` where the function's written result holds a value
    "ok_of_a_borrow_for_a_value": (
        """\
fn total(xs: &[f64]) -> Result<f64, String> {
    let mut t = 0.0;
    for x in xs {
        t += x;
    }
    Ok(&t)
}
fn main() {
    println!("{:?}", total(&[1.0, 2.0]));
}
""",
        rejects("E0308"),
    ),
    "ok_of_a_borrow_returned": (
        """\
fn first(xs: &[f64]) -> Result<f64, String> {
    if xs.is_empty() {
        return Err(String::from("empty"));
    }
    return Ok(&xs[0]);
}
fn main() {
    println!("{:?}", first(&[1.0, 2.0]));
}
""",
        rejects("E0308"),
    ),
    # one `Vec` given a value made here and a value written `&x`
    "push_value_then_reference": (
        """\
fn main() {
    let mut stack = Vec::with_capacity(4);
    stack.push(Some(1.25));
    stack.push(&None);
    println!("{:?}", stack);
}
""",
        rejects("E0308"),
    ),
    "push_reference_then_value": (
        """\
fn main() {
    let x = 3;
    let mut v = Vec::new();
    v.push(&x);
    v.push(4);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "vec_of_values_then_pushed_reference": (
        """\
fn main() {
    let s = String::from("b");
    let mut v = vec![format!("a")];
    v.push(&s);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "pushes_of_references_and_of_values": (
        """\
fn main() {
    let (a, b) = (1, 2);
    let mut refs = Vec::new();
    refs.push(&a);
    refs.push(&b);
    let mut values = vec![0];
    values.push(a);
    values.push(5);
    println!("{:?} {:?}", refs, values);
}
""",
        runs("[1, 2] [0, 1, 5]\n"),
    ),
    # `Display::fmt`'s signature is the trait's: `&self, f: &mut fmt::Formatter`
    "display_fmt_formatter_not_mut": (
        _DISPLAY.replace("SIGNATURE", "&self, f: &fmt::Formatter"),
        rejects("E0053"),
    ),
    "display_fmt_mut_self": (
        _DISPLAY.replace("SIGNATURE", "&mut self, f: &mut fmt::Formatter"),
        rejects("E0053"),
    ),
    "display_fmt_formatter_by_value": (
        _DISPLAY.replace("SIGNATURE", "&self, f: fmt::Formatter"),
        rejects("E0053"),
    ),
    "display_fmt_formatter_with_lifetime": (
        _DISPLAY.replace("SIGNATURE", "&self, f: &mut std::fmt::Formatter<'_>"),
        runs("e1\n"),
    ),
    # a `&I` of an iterator is no iterator (`&Vec<T>` is `IntoIterator`, `&Range` is not)
    "zip_of_a_borrowed_iterator": (
        """\
fn main() {
    let left = (0..3).map(|i| i * 100);
    let right = (0..3).map(|i| i + 1);
    let zipped: Vec<(i32, i32)> = left.zip(&right).collect();
    println!("{:?}", zipped);
}
""",
        rejects("E0277"),
    ),
    "chain_of_a_borrowed_iterator": (
        """\
fn main() {
    let a = vec![1, 2];
    let b = (5..7).map(|x| x * 2);
    let c: Vec<i32> = a.iter().copied().chain(&b).collect();
    println!("{:?}", c);
}
""",
        rejects("E0277"),
    ),
    "for_over_a_borrowed_range": (
        """\
fn main() {
    for x in &(0..3) {
        println!("{}", x);
    }
}
""",
        rejects("E0277"),
    ),
    "borrowed_vecs_are_iterated": (
        """\
fn main() {
    let a = vec![1, 2];
    let d: Vec<(i32, &i32)> = (0..2).zip(&a).collect();
    let mut e = vec![0];
    e.extend(&a);
    let f: Vec<i32> = a.iter().chain(&e).copied().collect();
    for x in &a {
        print!("{} ", x);
    }
    println!("{:?} {:?} {:?}", d, e, f);
}
""",
        runs("1 2 [(0, 1), (1, 2)] [0, 1, 2] [1, 2, 0, 1, 2]\n"),
    ),
    # the code rustc names: an assignment to a variable a closure captures is E0594; a
    # number's `+=` of a reference is `AddAssign<&f64>`'s call, borrowing it (E0596)
    "closure_adds_to_a_captured_variable_not_mut": (
        """\
fn main() {
    let counter = 0;
    let mut bump = || {
        counter += 1;
        counter * 2
    };
    println!("{} {}", bump(), bump());
}
""",
        rejects("E0594"),
    ),
    "sum_of_references_into_a_variable_not_mut": (
        """\
fn mean(v: &Vec<f64>) -> f64 {
    let sum = 0.0;
    for x in v {
        sum += x;
    }
    sum / v.len() as f64
}
fn main() {
    println!("{}", mean(&vec![1.0, 2.0]));
}
""",
        rejects("E0596"),
    ),
    "sums_into_variables_declared_mut": (
        """\
fn stats(v: &Vec<f64>) -> f64 {
    let mut sum = 0.0;
    for x in v {
        sum += x;
    }
    let mut calls = 0;
    let mut bump = || {
        calls += 1;
        calls * 2
    };
    let twice = bump() + bump();
    sum + twice as f64
}
fn main() {
    println!("{}", stats(&vec![1.5, 2.0]));
}
""",
        runs("9.5\n"),
    ),
    # a float has no bit operator: E0369 at the operator, the right side's type known or not
    "bit_and_of_a_float_and_an_untyped_parameter": (
        """\
fn main() {
    let add = |p: f32, q| p & q;
    println!("{:?}", add(0.1, 0.2));
}
""",
        rejects("E0369"),
    ),
    "bit_and_of_two_untyped_parameters": (
        """\
fn main() {
    let add = |p, q| p & q;
    println!("{:?}", add(0.1f32, 0.2f32));
}
""",
        rejects("E0277"),
    ),
    # `xs[a..b]` not behind `&` where a reference is written: E0308 (E0277 elsewhere)
    "slice_without_borrow_returned": (
        """\
fn head(xs: &[i32]) -> &[i32] {
    xs[..2]
}
fn main() {
    println!("{:?}", head(&[1, 2, 3]));
}
""",
        rejects("E0308"),
    ),
    "slice_without_borrow_as_an_argument": (
        """\
fn fill(xs: &mut [f64], x: f64) {
    for v in xs.iter_mut() {
        *v = x;
    }
}
fn main() {
    let mut v = vec![1.0, 2.0, 3.0];
    fill(v[..2], 0.5);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "slice_without_borrow_in_a_let": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = v[..2];
    println!("{}", s.len());
}
""",
        rejects("E0277"),
    ),
    # `impl Trait` given `&x`: `&X` does not implement the trait (E0277); a `Box<dyn Trait>`
    # given `&b` is another type (E0308)
    "impl_trait_parameter_given_a_borrow": (
        """\
trait Shape {
    fn area(&self) -> f32;
}
struct Rect {
    w: f32,
}
impl Shape for Rect {
    fn area(&self) -> f32 {
        self.w
    }
}
fn print_area(s: impl Shape) {
    println!("{}", s.area());
}
fn main() {
    let r = Rect { w: 2.0 };
    print_area(&r);
}
""",
        rejects("E0277"),
    ),
    "boxed_trait_parameter_given_a_borrow": (
        """\
trait Shape {
    fn area(&self) -> f32;
}
struct Rect {
    w: f32,
}
impl Shape for Rect {
    fn area(&self) -> f32 {
        self.w
    }
}
fn total(s: Box<dyn Shape>) -> f32 {
    s.area()
}
fn main() {
    let r: Box<dyn Shape> = Box::new(Rect { w: 2.0 });
    println!("{}", total(&r));
}
""",
        rejects("E0308"),
    ),
    # `sum`/`product` into a type the items cannot make: `i32: Sum<bool>` is not implemented
    "sum_of_bools_into_an_integer": (
        """\
fn main() {
    let flags = (1..4).map(|x| x >= 2);
    let total: i32 = flags.sum();
    println!("{}", total);
}
""",
        rejects("E0277"),
    ),
    "product_of_usize_into_u64": (
        """\
fn main() {
    println!("{}", (1..=5usize).product::<u64>());
}
""",
        rejects("E0277"),
    ),
    "sums_and_products_of_their_own_type": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let total: i32 = v.iter().sum();
    let f: f64 = [0.5, 0.25].iter().sum();
    println!("{} {} {}", total, f, (1..=5u64).product::<u64>());
}
""",
        runs("6 0.75 120\n"),
    ),
    # a range pattern no value matches: an error of rustc's type check
    "range_pattern_upside_down": (
        """\
fn grade(n: u32) -> &'static str {
    match n {
        0..=4 => "low",
        9..=5 => "mid",
        _ => "high",
    }
}
fn main() {
    println!("{}", grade(3));
}
""",
        rejects("E0030"),
    ),
    "range_pattern_empty": (
        """\
fn grade(n: i32) -> &'static str {
    match n {
        0..=4 => "low",
        5..5 => "empty",
        _ => "high",
    }
}
fn main() {
    println!("{}", grade(3));
}
""",
        rejects("E0579"),
    ),
    "range_patterns_of_one_value_and_negative_ends": (
        """\
fn grade(n: i32) -> &'static str {
    match n {
        -5..=-1 => "negative",
        0..3 => "small",
        3..=3 => "three",
        _ => "big",
    }
}
fn main() {
    println!("{} {} {} {}", grade(-2), grade(1), grade(3), grade(9));
}
""",
        runs("negative small three big\n"),
    ),
    # found by the run on seed 9002
    "a_vec_where_a_slice_reference_is_written": (
        """\
fn main() {
    let ints = vec![5, 6, 7, 8];
    let s: &[i32] = ints;
    println!("{:?}", s);
}
""",
        rejects("E0308"),
    ),
    "ok_of_a_borrow_in_an_else_branch": (
        """\
fn count(n: usize) -> Result<usize, String> {
    if n == 0 { Err(String::from("none")) } else { Ok(&n) }
}
fn main() {
    println!("{:?}", count(3));
}
""",
        rejects("E0308"),
    ),
    "ok_of_a_borrow_in_a_match_arm": (
        """\
fn pick(n: usize) -> Option<usize> {
    match n {
        0 => None,
        _ => Some(&n),
    }
}
fn main() {
    println!("{:?}", pick(3));
}
""",
        rejects("E0308"),
    ),
    "zip_of_a_borrowed_slice_parameter": (
        """\
fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(&b).map(|(x, y)| x * y).sum()
}
fn main() {
    println!("{}", dot(&[1.0, 2.0], &[3.0, 4.0]));
}
""",
        rejects("E0277"),
    ),
    "for_over_a_borrowed_slice_parameter": (
        """\
fn total(b: &[f64]) -> f64 {
    let mut t = 0.0;
    for x in &b {
        t += x;
    }
    t
}
fn main() {
    println!("{}", total(&[3.0, 4.0]));
}
""",
        rejects("E0277"),
    ),
    "slice_parameters_iterated_as_written": (
        """\
fn dot(a: &[f64], b: &[f64]) -> f64 {
    let mut t = 0.0;
    for x in b {
        t += x;
    }
    for row in [a, b].iter() {
        for x in row.iter() {
            t += x;
        }
    }
    a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>() + t
}
fn main() {
    println!("{}", dot(&[1.0, 2.0], &[3.0, 4.0]));
}
""",
        runs("28\n"),
    ),
    # an end of a range pattern out of its type is an error of rustc's own (no code), a
    # literal pattern out of it the `overflowing_literals` lint
    "range_pattern_end_out_of_its_type": (
        """\
fn main() {
    let n: i32 = 3;
    match n {
        1..=4294967295 => println!("positive"),
        _ => println!("other"),
    }
}
""",
        rejects(""),
    ),
    "literal_pattern_out_of_its_type": (
        """\
fn main() {
    let n: i32 = 3;
    match n {
        4294967295 => println!("big"),
        _ => println!("other"),
    }
}
""",
        rejects("overflowing_literals"),
    ),
    "vec_of_a_value_and_a_variable_holding_a_reference": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
fn main() {
    let a = P { x: 1.0 };
    let b = &a;
    let ps = vec![a, b];
    println!("{:?}", ps);
}
""",
        rejects("E0308"),
    ),
    "vecs_of_references_and_of_values": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
fn main() {
    let a = P { x: 1.0 };
    let b = &a;
    let c = a;
    let refs = vec![b, &c];
    let values = vec![a, *b, c];
    let mut more = vec![b];
    more.push(&a);
    println!("{:?} {:?} {:?}", refs, values, more);
}
""",
        runs(
            "[P { x: 1.0 }, P { x: 1.0 }] [P { x: 1.0 }, P { x: 1.0 }, P { x: 1.0 }] "
            "[P { x: 1.0 }, P { x: 1.0 }]\n"
        ),
    ),
    # `String` has `+` only (of a `&str`), `&str` none: E0369 at the operator
    "string_minus_a_str": (
        """\
fn main() {
    let s = String::from("a");
    let t = s - "x";
    println!("{}", t);
}
""",
        rejects("E0369"),
    ),
    "str_plus_a_str": (
        """\
fn main() {
    let t = "a" + "b";
    println!("{}", t);
}
""",
        rejects("E0369"),
    ),
    "string_plus_a_number": (
        """\
fn main() {
    let s = String::from("a");
    let t = s + 1;
    println!("{}", t);
}
""",
        rejects("E0308"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
