"""Programs on which pbpit must give rustc's verdict, around the coercions and conversions
rustc makes (issue 26): deref coercion of a `&String` to a `&str` (deref_coercion.py) made
only at a coercion site, never of a `String` value nor inside an `Option`; `?` converting an
error by `From` (`&str` into `String`, results.py) and only so; a range's `contains` taking a
reference (range_methods.py); `Reverse` as a sort key needing `Ord` (std_reverse.py); a
parameter bounded by `Iterator<Item = X>` given no iterator (E0277) or another item's, `v.iter()`'s
references among them (E0271; iterator_params.py); an `impl Default` derived too
(E0119), with another method (E0407), without `default` (E0046; default_impls.py); a
`Box<dyn Error>` written for a value, of a type with no `impl Error` (E0277) or with `Error`
not brought in (E0405; results_types.py). The
programs rustc runs are in tests/rust/std (deref_coercion_str, try_str_error_into,
range_contains, iter_once_cmp_reverse, ..), their outputs recorded from rustc.

Each verdict was recorded from rustc 1.95 (`tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports. Where rustc is on PATH, `pytest -m slow`
checks that they are still rustc's. A refused `impl` of a trait for a primitive type adds no
error rustc does not report (the last test).
"""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, verdict_tests

CASES = {
    "arg_value_for_str": (
        """\
fn shout(s: &str) -> String {
    s.to_uppercase()
}
fn main() {
    let name = String::from("loss");
    println!("{}", shout(name));
}
""",
        rejects("E0308"),
    ),
    "let_value_for_str": (
        """\
fn main() {
    let owned = format!("run-{}", 7);
    let s: &str = owned;
    println!("{}", s);
}
""",
        rejects("E0308"),
    ),
    "option_of_string_ref": (
        """\
fn first(v: &Vec<String>) -> Option<&str> {
    v.first()
}
fn main() {
    let v = vec![String::from("a")];
    println!("{:?}", first(&v));
}
""",
        rejects("E0308"),
    ),
    "range_contains_value": (
        """\
fn main() {
    let x = 2;
    println!("{}", (0..3).contains(x));
}
""",
        rejects("E0308"),
    ),
    "return_owned_string_as_str": (
        """\
fn name(s: String) -> &'static str {
    s
}
fn main() {
    println!("{}", name(String::from("x")));
}
""",
        rejects("E0308"),
    ),
    "reverse_of_floats_sort_key": (
        """\
use std::cmp::Reverse;
fn main() {
    let mut v = vec![0.5, 0.25, 1.0];
    v.sort_by_key(|&x| Reverse(x));
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "str_error_into_i32": (
        """\
fn f(n: i32) -> Result<i32, i32> {
    if n < 0 {
        Err("negative")?;
    }
    Ok(n)
}
fn main() {
    println!("{:?}", f(1));
}
""",
        rejects("E0277"),
    ),
    "try_int_error_into_string": (
        """\
fn check(n: i32) -> Result<i32, String> {
    let r: Result<i32, i32> = if n > 0 { Ok(n) } else { Err(n) };
    let v = r?;
    Ok(v * 2)
}
fn main() {
    println!("{:?}", check(3));
}
""",
        rejects("E0277"),
    ),
    "iter_refs_for_value_items": (
        """\
fn mean<I: Iterator<Item = f64>>(it: I) -> f64 {
    it.sum()
}
fn main() {
    let v = vec![0.5, 0.25];
    println!("{}", mean(v.iter().skip(1)));
}
""",
        rejects("E0271"),
    ),
    "number_for_impl_iterator": (
        """\
fn count_big(xs: impl Iterator<Item = u32>) -> usize {
    xs.count()
}
fn main() {
    println!("{}", count_big(7u32));
}
""",
        rejects("E0277"),
    ),
    "vec_for_iterator_param": (
        """\
fn mean<I: Iterator<Item = f64>>(it: I) -> f64 {
    it.sum()
}
fn main() {
    let v = vec![0.5, 0.25];
    println!("{}", mean(v));
}
""",
        rejects("E0277"),
    ),
    "wrong_item_for_iterator_param": (
        """\
fn mean<I: Iterator<Item = f64>>(it: I) -> f64 {
    it.sum()
}
fn main() {
    let v = vec![1u32, 2];
    println!("{}", mean(v.into_iter()));
}
""",
        rejects("E0271"),
    ),
    "default_derived_and_written": (
        """\
#[derive(Debug, Default)]
struct Cfg {
    lr: f64,
}
impl Default for Cfg {
    fn default() -> Self {
        Cfg { lr: 0.1 }
    }
}
fn main() {
    println!("{:?}", Cfg::default());
}
""",
        rejects("E0119"),
    ),
    "default_impl_missing": (
        """\
struct Cfg {
    lr: f64,
}
impl Default for Cfg {}
fn main() {
    let c = Cfg { lr: 0.5 };
    println!("{}", c.lr);
}
""",
        rejects("E0046"),
    ),
    "default_impl_other_method": (
        """\
struct Cfg {
    lr: f64,
}
impl Default for Cfg {
    fn default() -> Self {
        Cfg { lr: 0.1 }
    }
    fn new() -> Self {
        Cfg { lr: 0.2 }
    }
}
fn main() {
    println!("{}", Cfg::default().lr);
}
""",
        rejects("E0407"),
    ),
    "default_impl_wrong_return": (
        """\
struct Cfg {
    lr: f64,
}
impl Default for Cfg {
    fn default() -> Self {
        0.5
    }
}
fn main() {
    println!("{}", Cfg::default().lr);
}
""",
        rejects("E0308"),
    ),
    "box_number_as_dyn_error": (
        """\
use std::error::Error;
fn main() {
    let e: Box<dyn Error> = Box::new(5);
    println!("{}", e);
}
""",
        rejects("E0277"),
    ),
    "box_plain_struct_as_dyn_error": (
        """\
use std::error::Error;
#[derive(Debug)]
struct Plain {
    code: i32,
}
fn main() {
    let e: Box<dyn Error> = Box::new(Plain { code: 3 });
    println!("{:?}", e);
}
""",
        rejects("E0277"),
    ),
    "dyn_error_without_use": (
        """\
fn main() {
    let e: Box<dyn Error> = "x".into();
    println!("{}", e);
}
""",
        rejects("E0405"),
    ),
    "method_arg_string_value_for_str": (
        """\
struct R {
    n: usize,
}
impl R {
    fn add(&mut self, key: &str) {
        self.n += key.len();
    }
}
fn main() {
    let mut r = R { n: 0 };
    let k = String::from("loss");
    r.add(k);
    println!("{}", r.n);
}
""",
        rejects("E0308"),
    ),
    "some_of_string_value_for_str": (
        """\
fn main() {
    let owned = String::from("x");
    let o: Option<&str> = Some(owned);
    println!("{:?}", o);
}
""",
        rejects("E0308"),
    ),
    "vec_of_string_values_for_str": (
        """\
fn main() {
    let a = String::from("a");
    let v: Vec<&str> = vec![a];
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)

# rustc runs it (`[1.5, 0.5]`); pbpit runs no `impl` of a trait for `f64` and refuses it, as
# outside the subset only: the bound `T: Half` then unmet is no E0277 of rustc's.
IMPL_FOR_PRIMITIVE = """\
trait Half {
    fn half(&self) -> f64;
}
impl Half for f64 {
    fn half(&self) -> f64 {
        self / 2.0
    }
}
fn halves<T: Half>(xs: &[T]) -> Vec<f64> {
    xs.iter().map(|x| x.half()).collect()
}
fn main() {
    println!("{:?}", halves(&[3.0f64, 1.0]));
}
"""


def test_a_refused_impl_for_a_primitive_adds_no_rustc_error():
    found = judge(IMPL_FOR_PRIMITIVE, pbpit_verdict)
    assert (found.state, found.outside, set(found.codes)) == ("rejected", True, {""})
