"""Programs rustc rejects around the std constructs of training code the interpreter runs:
`BTreeMap` (btreemap.py), `&mut` to a number (num_refs.py), `impl Iterator for` a struct
(user_iterators.py), `impl Trait for f64` (prim_impls.py), std's `Result` taken by value.
pbpit gives rustc's first error code.

Each verdict was recorded from rustc 1.95 (`tools/rustc_differential.py`'s `rustc_verdict`);
where rustc is on PATH, `pytest -m slow` checks that they are still rustc's.
"""

from __future__ import annotations

import rustc_differential as diff
from rustc_verdicts import judge, rejects, verdict_tests

CASES = {
    "btreemap_float_key": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1.5f64, 2);
    println!("{}", m.len());
}
""",
        rejects("E0277"),
    ),
    "btreemap_index_assigned": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1, 2);
    m[&1] = 3;
    println!("{}", m.len());
}
""",
        rejects("E0594"),
    ),
    "btreemap_not_imported": (
        """\
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1, 2);
    println!("{}", m.len());
}
""",
        rejects("E0433"),
    ),
    "btreemap_type_not_imported": (
        """\
fn main() {
    let m: BTreeMap<i32, i32> = std::collections::BTreeMap::new();
    println!("{}", m.len());
}
""",
        rejects("E0425"),
    ),
    "btreemap_insert_not_mut": (
        """\
use std::collections::BTreeMap;
fn main() {
    let m = BTreeMap::new();
    m.insert(1, 2);
    println!("{}", m.len());
}
""",
        rejects("E0596"),
    ),
    "btreemap_insert_while_iterating": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<i32, i32> = BTreeMap::new();
    m.insert(1, 2);
    for (k, v) in &m {
        m.insert(*k + 1, *v);
    }
}
""",
        rejects("E0502"),
    ),
    "btreemap_get_by_value": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    m.insert("a".to_string(), 2);
    println!("{:?}", m.get(1));
}
""",
        rejects("E0308"),
    ),
    "btreemap_first_held_across_clear": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<i32, i32> = BTreeMap::new();
    m.insert(1, 2);
    let f = m.first_key_value().unwrap();
    m.clear();
    println!("{:?}", f);
}
""",
        rejects("E0502"),
    ),
    "mut_ref_param_assigned_without_deref": (
        """\
fn bump(n: &mut usize) {
    n += 1;
}
fn main() {
    let mut c = 0;
    bump(&mut c);
    println!("{}", c);
}
""",
        rejects("E0368"),
    ),
    "mut_ref_two_of_one_in_a_call": (
        """\
fn add(a: &mut i32, b: &mut i32) {
    *a += *b;
}
fn main() {
    let mut x = 1;
    add(&mut x, &mut x);
    println!("{}", x);
}
""",
        rejects("E0499"),
    ),
    "mut_ref_f64_given_an_integer": (
        """\
fn set(n: &mut f64) {
    *n = 2.5;
}
fn main() {
    let mut c = 0;
    set(&mut c);
    println!("{}", c);
}
""",
        rejects("E0308"),
    ),
    "mut_ref_let_assigned_a_value": (
        """\
fn main() {
    let mut x = 5;
    let r = &mut x;
    r = 7;
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
    "mut_ref_of_immutable": (
        """\
fn main() {
    let x = 5;
    let r = &mut x;
    *r += 1;
    println!("{}", x);
}
""",
        rejects("E0596"),
    ),
    "mut_ref_place_assigned_while_borrowed": (
        """\
fn main() {
    let mut x = 5;
    let r = &mut x;
    x += 1;
    *r += 1;
    println!("{}", x);
}
""",
        rejects("E0503"),
    ),
    "mut_ref_two_at_once": (
        """\
fn main() {
    let mut x = 5;
    let a = &mut x;
    let b = &mut x;
    *a += 1;
    *b += 1;
    println!("{}", x);
}
""",
        rejects("E0499"),
    ),
    "mut_ref_param_given_shared": (
        """\
fn bump(n: &mut usize) {
    *n += 1;
}
fn main() {
    let mut c = 0;
    bump(&c);
    println!("{}", c);
}
""",
        rejects("E0308"),
    ),
    "mut_ref_param_given_value": (
        """\
fn bump(n: &mut usize) {
    *n += 1;
}
fn main() {
    let mut c = 0;
    bump(c);
    println!("{}", c);
}
""",
        rejects("E0308"),
    ),
    "shared_ref_param_assigned": (
        """\
fn bump(n: &usize) {
    *n += 1;
}
fn main() {
    let c = 0;
    bump(&c);
    println!("{}", c);
}
""",
        rejects("E0594"),
    ),
    "mut_ref_place_read_while_borrowed": (
        """\
fn main() {
    let mut x = 1;
    let r = &mut x;
    println!("{}", x);
    *r += 1;
}
""",
        rejects("E0502"),
    ),
    "mut_ref_field_of_shared_self": (
        """\
struct S {
    count: usize,
}
fn bump(n: &mut usize) {
    *n += 1;
}
impl S {
    fn tick(&self) {
        bump(&mut self.count);
    }
}
fn main() {
    let s = S { count: 0 };
    s.tick();
    println!("{}", s.count);
}
""",
        rejects("E0596"),
    ),
    "impl_iterator_without_next": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
}
fn main() {
    let c = C { n: 0 };
    println!("{}", c.n);
}
""",
        rejects("E0046"),
    ),
    "impl_iterator_rev": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<u32> { self.n += 1; if self.n < 3 { Some(self.n) } else { None } }
}
fn main() {
    let v: Vec<u32> = C { n: 0 }.rev().collect();
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "impl_iterator_for_over_a_reference": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<u32> { self.n += 1; if self.n < 3 { Some(self.n) } else { None } }
}
fn main() {
    let c = C { n: 0 };
    for x in &c {
        println!("{}", x);
    }
}
""",
        rejects("E0277"),
    ),
    "impl_iterator_next_of_another_item": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<i64> {
        self.n += 1;
        if self.n < 3 { Some(self.n as i64) } else { None }
    }
}
fn main() {
    let v: Vec<u32> = C { n: 0 }.collect();
    println!("{:?}", v);
}
""",
        rejects("E0053"),
    ),
    "impl_iterator_next_of_immutable": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<u32> { self.n += 1; if self.n < 3 { Some(self.n) } else { None } }
}
fn main() {
    let c = C { n: 0 };
    println!("{:?}", c.next());
}
""",
        rejects("E0596"),
    ),
    "impl_iterator_used_after_sum": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<u32> { self.n += 1; if self.n < 3 { Some(self.n) } else { None } }
}
fn main() {
    let c = C { n: 0 };
    let s: u32 = c.sum();
    println!("{} {}", s, c.n);
}
""",
        rejects("E0382"),
    ),
    "impl_iterator_len": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<u32> { self.n += 1; if self.n < 3 { Some(self.n) } else { None } }
}
fn main() {
    let c = C { n: 0 };
    println!("{}", c.len());
}
""",
        rejects("E0599"),
    ),
    "impl_iterator_used_after_for": (
        """\
struct C { n: u32 }
impl Iterator for C {
    type Item = u32;
    fn next(&mut self) -> Option<u32> { self.n += 1; if self.n < 3 { Some(self.n) } else { None } }
}
fn main() {
    let mut c = C { n: 0 };
    for x in c {
        println!("{}", x);
    }
    println!("{:?}", c.next());
}
""",
        rejects("E0382"),
    ),
    "impl_for_a_primitive_inherent": (
        """\
impl f64 {
    fn twice(self) -> f64 { self * 2.0 }
}
fn main() {
    println!("{}", 1.5f64.twice());
}
""",
        rejects("E0390"),
    ),
    "impl_for_a_primitive_missing_a_method": (
        """\
trait Scale {
    fn scale(&self, k: f64) -> f64;
    fn unit(&self) -> f64;
}
impl Scale for f64 {
    fn scale(&self, k: f64) -> f64 { self * k }
}
fn main() {
    println!("{}", 1.5f64.scale(2.0));
}
""",
        rejects("E0046"),
    ),
    "btreemap_values_mut_of_immutable": (
        """\
use std::collections::BTreeMap;
fn main() {
    let m: BTreeMap<&str, u32> = BTreeMap::new();
    for v in m.values_mut() {
        *v *= 10;
    }
}
""",
        rejects("E0596"),
    ),
    "result_used_after_ok": (
        """\
fn main() {
    let e: Result<i32, String> = Err("x".into());
    let a = e.ok();
    println!("{:?} {:?}", a, e);
}
""",
        rejects("E0382"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


SAME_NAME_AS_STD = """\
trait Mag {
    fn abs(&self) -> f64;
    fn mag(&self) -> f64;
}
impl Mag for f64 {
    fn abs(&self) -> f64 { 100.0 }
    fn mag(&self) -> f64 { self.abs() * 2.0 }
}
fn main() {
    let x = -1.5f64;
    println!("{} {} {}", x.abs(), x.mag(), Mag::abs(&x));
}
"""


def test_a_primitive_impls_method_named_as_std_s_is_refused_not_run_wrong():
    """rustc prints `1.5 200 100`: `x.abs()` is f64's own, `self.abs()` of a `&f64` the
    trait's; pbpit, which erases references, refuses rather than pick one."""
    found = judge(SAME_NAME_AS_STD, diff.pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found
