"""std Rust that training code writes and pbpit once refused: `#[derive(Clone, Copy)]` on a
struct, sorting in place (`sort_by(|a, b| a.partial_cmp(b).unwrap())`, `sort_by_key`), and
what rustc rejects of them, each with rustc's verdict.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. pbpit must refuse with that code, or
run and print the same. Where rustc is on PATH, a test checks that the recorded verdicts are
still rustc's. (The longer programs are tests/rust/std/derive_copy.rs and sort_slices.rs.)
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "copy_struct_used_after_a_use_by_value": (
        """\
#[derive(Clone, Copy, Debug)]
struct P {
    x: f32,
    y: f32,
}
fn norm(p: P) -> f32 {
    p.x * p.x + p.y * p.y
}
fn main() {
    let a = P { x: 1.0, y: 2.0 };
    let mut b = a;
    b.x = 3.0;
    let n = norm(a);
    println!("{} {} {} {:?}", a.x, b.x, n, a);
}
""",
        runs("1 3 5 P { x: 1.0, y: 2.0 }\n"),
    ),
    "copy_field_of_a_struct_is_its_own": (
        """\
#[derive(Clone, Copy, Debug)]
struct Hyper {
    lr: f64,
    steps: usize,
}
struct Trainer {
    hyper: Hyper,
}
impl Trainer {
    fn hyper(&self) -> Hyper {
        self.hyper
    }
}
fn main() {
    let t = Trainer { hyper: Hyper { lr: 0.1, steps: 3 } };
    let mut h = t.hyper();
    h.lr /= 2.0;
    h.steps += 1;
    println!("{:?} {:?}", t.hyper, h);
}
""",
        runs("Hyper { lr: 0.1, steps: 3 } Hyper { lr: 0.05, steps: 4 }\n"),
    ),
    "copy_with_a_string_field": (
        """\
#[derive(Clone, Copy)]
struct P {
    name: String,
    x: f32,
}
fn main() {
    let p = P { name: String::new(), x: 1.0 };
    println!("{} {}", p.name, p.x);
}
""",
        rejects("E0204"),
    ),
    "copy_with_a_vec_field": (
        """\
#[derive(Clone, Copy, Debug)]
enum Batch {
    Empty,
    Items(Vec<f32>),
}
fn main() {
    println!("{:?}", Batch::Empty);
}
""",
        rejects("E0204"),
    ),
    "copy_without_clone": (
        """\
#[derive(Copy)]
struct P {
    x: f32,
}
fn main() {
    let p = P { x: 1.0 };
    println!("{}", p.x);
}
""",
        rejects("E0277"),
    ),
    "moved_struct_without_copy_used": (
        """\
#[derive(Clone, Debug)]
struct P {
    x: f32,
}
fn show(p: P) {
    println!("{:?}", p);
}
fn main() {
    let p = P { x: 1.0 };
    show(p);
    println!("{}", p.x);
}
""",
        rejects("E0382"),
    ),
    "sort_of_floats": (
        """\
fn main() {
    let mut v = vec![3.0f32, 1.5];
    v.sort();
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "sort_by_key_of_a_float_key": (
        """\
fn main() {
    let mut v = vec![(1, 3.0f32), (2, 1.5)];
    v.sort_by_key(|p| p.1);
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "sort_by_partial_cmp_and_by_key": (
        """\
fn main() {
    let mut v = vec![3.0f32, 1.5, 2.0];
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let mut w = vec![(1, 3.0), (2, 1.0), (0, 9.0)];
    w.sort_by_key(|p| p.0);
    let mut u = vec![2.0f32, -1.0, 0.5];
    u.sort_by(|a, b| b.total_cmp(a));
    println!("{:?} {:?} {:?}", v, w, u);
}
""",
        runs("[1.5, 2.0, 3.0] [(0, 9.0), (1, 3.0), (2, 1.0)] [2.0, 0.5, -1.0]\n"),
    ),
    "sort_of_a_struct_without_ord": (
        """\
#[derive(Debug, Clone, Copy)]
struct P(i32);
fn main() {
    let mut v = vec![P(2), P(1)];
    v.sort();
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "main_returning_a_string_error": (
        """\
fn parse_epochs(text: &str) -> Result<usize, String> {
    text.parse::<usize>().map_err(|_| format!("not a count: {}", text))
}
fn main() -> Result<(), String> {
    let n = parse_epochs("3")?;
    println!("{}", n);
    let m = parse_epochs("x3")?;
    println!("{}", m);
    Ok(())
}
""",
        runs("3\n", 1, 'Error: "not a count: x3"\n'),
    ),
    "question_mark_from_a_boxed_error_into_a_string": (
        """\
use std::error::Error;
fn boxed() -> Result<i32, Box<dyn Error>> {
    Ok(1)
}
fn f() -> Result<i32, String> {
    let x = boxed()?;
    Ok(x)
}
fn main() {
    println!("{:?}", f());
}
""",
        rejects("E0277"),
    ),
    "a_result_used_as_its_value": (
        """\
fn half(n: i32) -> Result<i32, String> {
    Ok(n / 2)
}
fn main() {
    let x: i32 = half(4);
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
    "ok_or_of_a_string_error_into_a_str_result": (
        """\
fn first(v: &[f32]) -> Result<f32, &'static str> {
    v.first().copied().ok_or(String::from("empty"))
}
fn main() {
    println!("{:?}", first(&[]));
}
""",
        rejects("E0308"),
    ),
    "unwrap_of_a_string_error_panics": (
        """\
fn main() {
    let r: Result<f32, String> = Err("no data".to_string());
    let e = r.clone().unwrap_err();
    println!("{}", e);
    let v = r.expect("loading");
    println!("{}", v);
}
""",
        runs(
            "no data\n",
            101,
            "\nthread 'main' (TID) panicked at main.rs:5:15:\n"
            'loading: "no data"\n'
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "hashmap_without_its_use": (
        """\
fn main() {
    let mut m = HashMap::new();
    m.insert(1, 2);
    println!("{}", m.len());
}
""",
        rejects("E0433"),
    ),
    "hashmap_type_without_its_use": (
        """\
fn count(m: &HashMap<String, u32>) -> usize {
    m.len()
}
fn main() {
    println!("ok");
}
""",
        rejects("E0425"),
    ),
    "hashmap_get_used_as_its_value": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 1);
    let x: i32 = m.get("a");
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
    "hashmap_get_of_an_owned_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<u32, f32> = HashMap::new();
    m.insert(3, 0.5);
    let k: u32 = 3;
    println!("{:?}", m.get(k));
}
""",
        rejects("E0308"),
    ),
    "hashmap_of_float_keys": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<f32, u32> = HashMap::new();
    m.insert(0.5, 1);
    println!("{}", m.len());
}
""",
        rejects("E0599"),
    ),
    "hashmap_moved_then_used": (
        """\
use std::collections::HashMap;
fn total(m: HashMap<String, u32>) -> u32 {
    m.values().sum()
}
fn main() {
    let mut m = HashMap::new();
    m.insert("a".to_string(), 2);
    println!("{}", total(m));
    println!("{}", m.len());
}
""",
        rejects("E0382"),
    ),
    "hashmap_insert_without_mut": (
        """\
use std::collections::HashMap;
fn main() {
    let m: HashMap<u8, u8> = HashMap::new();
    m.insert(1, 2);
    println!("{}", m.len());
}
""",
        rejects("E0596"),
    ),
    "hashmap_word_counts": (
        """\
use std::collections::HashMap;
fn main() {
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for w in "a b a c a b".split_whitespace() {
        *counts.entry(w).or_insert(0) += 1;
    }
    let total: usize = counts.values().sum();
    let (a, b, z) = (counts.get("a"), counts.get("b"), counts.get("z"));
    println!("{:?} {:?} {:?} {} {}", a, b, z, total, counts.len());
}
""",
        runs("Some(3) Some(2) None 6 3\n"),
    ),
    "drain_of_a_float_range": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let d: Vec<i32> = v.drain(1.0..).collect();
    println!("{:?}", d);
}
""",
        rejects("E0277"),
    ),
    "drain_of_a_range_with_ends_of_two_types": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let d: Vec<i32> = v.drain(1..2.0).collect();
    println!("{:?}", d);
}
""",
        rejects("E0308"),
    ),
    "copy_struct_captured_by_a_move_closure": (
        """\
#[derive(Clone, Copy, Debug)]
struct Step {
    lr: f32,
}
fn main() {
    let mut s = Step { lr: 1.0 };
    let mut decay = move || {
        s.lr *= 0.5;
        s.lr
    };
    println!("{} {} {:?}", decay(), decay(), s);
    s.lr = 2.0;
    println!("{:?}", s);
}
""",
        runs("0.5 0.25 Step { lr: 1.0 }\nStep { lr: 2.0 }\n"),
    ),
    "drain_of_an_i64_range": (
        """\
fn main() {
    let n = 2i64;
    let mut v = vec![1, 2, 3];
    let d: Vec<i32> = v.drain(0..=n - 1).collect();
    println!("{:?}", d);
}
""",
        rejects("E0277"),
    ),
    "entry_add_assign_of_another_number_type": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<u8, usize> = HashMap::new();
    *m.entry(1).or_insert(0) += 1.0;
    println!("{}", m.len());
}
""",
        rejects("E0277"),
    ),
    "hashmap_index_assigned": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 4);
    m["a"] += 1;
    println!("{:?}", m.get("a"));
}
""",
        rejects("E0594"),
    ),
    "hashmap_indexed_by_an_owned_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    m.insert("a".to_string(), 4);
    let k = "a".to_string();
    println!("{}", m[k]);
}
""",
        rejects("E0308"),
    ),
    "generic_struct_bounded_by_a_trait": (
        """\
trait Shape {
    fn area(&self) -> f32;
}
struct Sq(f32);
impl Shape for Sq {
    fn area(&self) -> f32 {
        self.0 * self.0
    }
}
struct Holder<T: Shape> {
    item: T,
}
impl<T: Shape> Holder<T> {
    fn new(item: T) -> Self {
        Holder { item }
    }
}
fn main() {
    println!("{}", Holder::new(Sq(2.0)).item.area());
}
""",
        runs("4\n"),
    ),
    "generic_struct_given_another_type": (
        """\
struct Stack<T> {
    items: Vec<T>,
}
impl<T> Stack<T> {
    fn push(&mut self, x: T) {
        self.items.push(x);
    }
}
fn main() {
    let mut s: Stack<f32> = Stack { items: Vec::new() };
    s.push("x");
    println!("{}", s.items.len());
}
""",
        rejects("E0308"),
    ),
    "generic_struct_of_two_types": (
        """\
struct Stack<T> {
    items: Vec<T>,
}
fn main() {
    let a: Stack<i32> = Stack { items: vec![1] };
    let b: Stack<f32> = a;
    println!("{}", b.items.len());
}
""",
        rejects("E0308"),
    ),
    "generic_struct_method_of_an_unbounded_parameter": (
        """\
trait Shape {
    fn area(&self) -> f32;
}
struct Holder<T> {
    item: T,
}
impl<T> Holder<T> {
    fn get(&self) -> f32 {
        self.item.area()
    }
}
fn main() {
    println!("ok");
}
""",
        rejects("E0599"),
    ),
    "generic_struct_pushed_a_reference": (
        """\
struct Stack<T> {
    items: Vec<T>,
}
impl<T> Stack<T> {
    fn push(&mut self, x: T) {
        self.items.push(&x);
    }
}
fn main() {
    println!("ok");
}
""",
        rejects("E0308"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
