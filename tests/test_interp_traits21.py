"""Traits and std methods of session 21 (helper F) on which pbpit must give rustc 1.95's verdict:
the disagreement classes `tools/rustc_differential.py` met (a comparator function over
references, a type holding itself, an impl's method not the trait's signature, `String`'s
edits at a byte that is no char boundary), and the std traits numeric code implements for its
own structs.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a slow test
checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from record_rustc import Refused, find_rustc, record
from rustc_verdicts import rejects, runs, verdict_tests

PROGRAMS = Path(__file__).parent / "rust" / "traits21"
"""Training-style programs using these traits (a matrix indexed by `(row, col)` trained by SGD,
checkpoints ranked by a user `Ord`, optimizers behind `&mut dyn`, ..), each with the stdout (and
stderr) rustc 1.95's binary printed, recorded by `record_rustc.record`."""

NOTE = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"

STD = Path(__file__).parent / "rust" / "std"
"""Where `rc_refcell_shared.rs` is (a training logger's `Rc<RefCell<Vec<String>>>`: `pbpit check`
runs it against rustc's recorded output, in test_rust_vs_rustc) and the program a mutant below
is made from."""


def _std(name: str, old: str, new: str) -> str:
    """tests/rust/std/NAME.rs with its one `old` made `new`."""
    text = (STD / f"{name}.rs").read_text(encoding="utf-8")
    assert text.count(old) == 1, (name, old)
    return text.replace(old, new)


CASES = {
    "dyn_method_arguments_swapped": (
        """\
trait Opt {
    fn step(&mut self, w: &mut Vec<f64>, g: &[f64]);
}
struct S;
impl Opt for S {
    fn step(&mut self, w: &mut Vec<f64>, g: &[f64]) {
        w[0] -= g[0];
    }
}
fn run(o: &mut dyn Opt) {
    let mut p = vec![1.0];
    let g = vec![0.5];
    o.step(&g, &mut p);
    println!("{:?}", p);
}
fn main() {
    let mut s = S;
    run(&mut s);
}
""",
        rejects("E0308"),
    ),
    "dyn_mut_counters": (
        """\
trait Counter {
    fn bump(&mut self, by: u32);
    fn get(&self) -> u32;
}
struct C(u32);
struct Twice {
    n: u32,
}
impl Counter for C {
    fn bump(&mut self, by: u32) {
        self.0 += by;
    }
    fn get(&self) -> u32 {
        self.0
    }
}
impl Counter for Twice {
    fn bump(&mut self, by: u32) {
        self.n += 2 * by;
    }
    fn get(&self) -> u32 {
        self.n
    }
}
fn run(c: &mut dyn Counter, steps: u32) -> u32 {
    for i in 0..steps {
        c.bump(i);
    }
    c.get()
}
fn main() {
    let mut a = C(1);
    let mut t = Twice { n: 0 };
    println!("{} {}", run(&mut a, 4), run(&mut t, 3));
    println!("{} {}", a.get(), t.n);
    let mut all: Vec<Box<dyn Counter>> = vec![Box::new(C(0)), Box::new(Twice { n: 5 })];
    for c in all.iter_mut() {
        run(c.as_mut(), 2);
    }
    let r: &mut dyn Counter = &mut a;
    r.bump(100);
    println!("{:?} {}", all.iter().map(|c| c.get()).collect::<Vec<u32>>(), a.get());
}
""",
        runs("7 6\n7 6\n[1, 7] 107\n", 0),
    ),
    "dyn_mut_optimizer_parameter": (
        """\
trait Optimizer {
    fn step(&mut self, w: &mut Vec<f32>, g: &[f32]);
    fn name(&self) -> String;
}

struct Sgd {
    lr: f32,
    steps: usize,
}

struct Momentum {
    lr: f32,
    beta: f32,
    v: Vec<f32>,
}

impl Optimizer for Sgd {
    fn step(&mut self, w: &mut Vec<f32>, g: &[f32]) {
        for (wi, gi) in w.iter_mut().zip(g) {
            *wi -= self.lr * gi;
        }
        self.steps += 1;
    }
    fn name(&self) -> String {
        format!("sgd({})", self.steps)
    }
}

impl Optimizer for Momentum {
    fn step(&mut self, w: &mut Vec<f32>, g: &[f32]) {
        if self.v.is_empty() {
            self.v = vec![0.0; w.len()];
        }
        for i in 0..w.len() {
            self.v[i] = self.beta * self.v[i] + g[i];
            w[i] -= self.lr * self.v[i];
        }
    }
    fn name(&self) -> String {
        "momentum".to_string()
    }
}

fn train(opt: &mut dyn Optimizer, w: &mut Vec<f32>) {
    for _ in 0..3 {
        let g: Vec<f32> = w.iter().map(|x| 2.0 * x).collect();
        opt.step(w, &g);
    }
    println!("{} {:?}", opt.name(), w);
}

fn main() {
    let mut w = vec![1.0, -0.5];
    let mut sgd = Sgd { lr: 0.1, steps: 0 };
    train(&mut sgd, &mut w);
    let mut m = Momentum { lr: 0.1, beta: 0.9, v: Vec::new() };
    let mut w2 = vec![1.0, -0.5];
    train(&mut m, &mut w2);
    let mut opts: Vec<Box<dyn Optimizer>> = vec![Box::new(Sgd { lr: 0.5, steps: 0 })];
    for o in opts.iter_mut() {
        train(o.as_mut(), &mut w);
    }
}
""",
        runs(
            (
                "sgd(3) [0.51199996, -0.25599998]\n"
                "momentum [0.062000006, -0.031000003]\n"
                "sgd(3) [0.0, 0.0]\n"
            ),
            0,
        ),
    ),
    "dyn_mut_receivers_that_run": (
        """\
trait Counter {
    fn bump(&mut self, by: u32);
    fn get(&self) -> u32;
}
struct C(u32);
impl Counter for C {
    fn bump(&mut self, by: u32) {
        self.0 += by;
    }
    fn get(&self) -> u32 {
        self.0
    }
}
struct Holder {
    inner: Box<dyn Counter>,
    all: Vec<Box<dyn Counter>>,
}
impl Holder {
    fn step(&mut self) {
        self.inner.bump(3);
        for c in self.all.iter_mut() {
            c.bump(1);
        }
        self.all[0].bump(10);
    }
}
fn by_ref<T: Counter>(t: &mut T) {
    t.bump(2);
}
fn by_value<T: Counter>(mut t: T) -> u32 {
    t.bump(5);
    t.get()
}
fn main() {
    let mut h = Holder { inner: Box::new(C(0)), all: vec![Box::new(C(1)), Box::new(C(2))] };
    h.step();
    h.all.iter_mut().for_each(|c| c.bump(100));
    let mut c = C(7);
    by_ref(&mut c);
    let mut b: Box<dyn Counter> = Box::new(C(0));
    b.bump(4);
    println!("{} {} {} {}", h.inner.get(), h.all[0].get(), h.all[1].get(), by_value(c));
    println!("{}", b.get());
}
""",
        runs("3 112 103 14\n4\n", 0),
    ),
    "dyn_mut_through_shared_ref": (
        """\
trait Counter {
    fn bump(&mut self);
    fn get(&self) -> u32;
}
struct C(u32);
impl Counter for C {
    fn bump(&mut self) {
        self.0 += 1;
    }
    fn get(&self) -> u32 {
        self.0
    }
}
fn once(c: &dyn Counter) {
    c.bump();
}
fn main() {
    let mut c = C(0);
    once(&mut c);
    println!("{}", c.get());
}
""",
        rejects("E0596"),
    ),
    "dyn_mut_without_mut_binding": (
        """\
trait Counter {
    fn bump(&mut self);
    fn get(&self) -> u32;
}
struct C(u32);
impl Counter for C {
    fn bump(&mut self) {
        self.0 += 1;
    }
    fn get(&self) -> u32 {
        self.0
    }
}
fn twice(c: &mut dyn Counter) {
    c.bump();
    c.bump();
}
fn main() {
    let b: Box<dyn Counter> = Box::new(C(0));
    twice(b.as_mut());
    println!("{}", b.get());
}
""",
        rejects("E0596"),
    ),
    "generic_mut_method_on_immutable_param": (
        """\
trait Counter {
    fn bump(&mut self, by: u32);
    fn get(&self) -> u32;
}
struct C(u32);
impl Counter for C {
    fn bump(&mut self, by: u32) {
        self.0 += by;
    }
    fn get(&self) -> u32 {
        self.0
    }
}
fn by_value<T: Counter>(t: T) -> u32 {
    t.bump(5);
    t.get()
}
fn main() {
    println!("{}", by_value(C(1)));
}
""",
        rejects("E0596"),
    ),
    "impl_assoc_type_other_than_written": (
        """\
trait Dataset {
    type Item;
    fn get(&self, i: usize) -> Self::Item;
    fn len(&self) -> usize;
}
struct Squares {
    n: usize,
}
impl Dataset for Squares {
    type Item = u64;
    fn get(&self, i: usize) -> i64 {
        (i * i) as i64
    }
    fn len(&self) -> usize {
        self.n
    }
}
struct Pairs;
impl Dataset for Pairs {
    type Item = (f32, f32);
    fn get(&self, i: usize) -> Self::Item {
        (i as f32, 2.0 * i as f32)
    }
    fn len(&self) -> usize {
        2
    }
}
fn main() {
    let s = Squares { n: 4 };
    let total: u64 = (0..s.len()).map(|i| s.get(i)).sum();
    println!("{} {:?}", total, Pairs.get(1));
}
""",
        rejects("E0053"),
    ),
    "impl_assoc_type_used_as_written": (
        """\
trait Dataset {
    type Item;
    fn get(&self, i: usize) -> Self::Item;
    fn len(&self) -> usize;
}
struct Squares {
    n: usize,
}
impl Dataset for Squares {
    type Item = u64;
    fn get(&self, i: usize) -> u64 {
        (i * i) as u64
    }
    fn len(&self) -> usize {
        self.n
    }
}
struct Pairs;
impl Dataset for Pairs {
    type Item = (f32, f32);
    fn get(&self, i: usize) -> Self::Item {
        (i as f32, 2.0 * i as f32)
    }
    fn len(&self) -> usize {
        2
    }
}
fn main() {
    let s = Squares { n: 4 };
    let total: u64 = (0..s.len()).map(|i| s.get(i)).sum();
    println!("{} {:?}", total, Pairs.get(1));
}
""",
        runs("14 (1.0, 2.0)\n", 0),
    ),
    "impl_method_more_parameters": (
        """\
trait Shape { fn scale(&self, k: f32) -> f32; }
struct Sq(f32);
impl Shape for Sq { fn scale(&self, k: f32, j: f32) -> f32 { k * j * self.0 } }
fn main() { println!("{:?}", Sq(2.0).scale(1.0, 2.0)); }
""",
        rejects("E0050"),
    ),
    "impl_method_mut_self_for_ref_self": (
        """\
trait Shape { fn area(&self) -> f32; }
struct Sq(f32);
impl Shape for Sq { fn area(&mut self) -> f32 { self.0 } }
fn main() { let mut s = Sq(2.0); println!("{:?}", s.area()); }
""",
        rejects("E0053"),
    ),
    "impl_method_reference_parameter": (
        """\
trait Shape { fn scale(&self, k: f32) -> f32; }
struct Sq(f32);
impl Shape for Sq { fn scale(&self, k: &f32) -> f32 { *k * self.0 } }
fn main() { println!("{:?}", Sq(2.0).scale(&1.5)); }
""",
        rejects("E0053"),
    ),
    "impl_method_type_differs_from_trait": (
        """\
trait Shape { type Out; fn area(&self) -> Self::Out; }
struct Sq(f32);
impl Shape for Sq { type Out = f32; fn area(&self) -> f64 { (self.0 * self.0) as f64 } }
fn main() { println!("{}", Sq(2.0).area()); }
""",
        rejects("E0053"),
    ),
    "impl_method_without_self": (
        """\
trait Shape { fn area(&self) -> f32; }
struct Sq(f32);
impl Shape for Sq { fn area() -> f32 { 1.0 } }
fn main() { println!("{:?}", Sq(2.0).area()); }
""",
        rejects("E0186"),
    ),
    "index_assign_without_index_mut": (
        """\
use std::ops::Index;
struct P {
    w: Vec<f64>,
}
impl Index<usize> for P {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        &self.w[i]
    }
}
fn main() {
    let mut p = P { w: vec![1.0, 2.0] };
    p[0] = 3.0;
    println!("{}", p[0]);
}
""",
        rejects("E0594"),
    ),
    "index_by_wrong_type": (
        """\
use std::ops::Index;
struct P {
    w: Vec<f64>,
}
impl Index<usize> for P {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        &self.w[i]
    }
}
fn main() {
    let p = P { w: vec![1.0, 2.0] };
    let k: i32 = 1;
    println!("{}", p[k]);
}
""",
        rejects("E0308"),
    ),
    "index_matrix_by_row_col": (
        """\
use std::ops::{Index, IndexMut};

struct Matrix {
    rows: usize,
    cols: usize,
    data: Vec<f32>,
}

impl Matrix {
    fn zeros(rows: usize, cols: usize) -> Self {
        Matrix { rows, cols, data: vec![0.0; rows * cols] }
    }
}

impl Index<(usize, usize)> for Matrix {
    type Output = f32;
    fn index(&self, rc: (usize, usize)) -> &f32 {
        let (r, c) = rc;
        &self.data[r * self.cols + c]
    }
}

impl IndexMut<(usize, usize)> for Matrix {
    fn index_mut(&mut self, rc: (usize, usize)) -> &mut f32 {
        let (r, c) = rc;
        &mut self.data[r * self.cols + c]
    }
}

fn main() {
    let mut m = Matrix::zeros(2, 3);
    m[(0, 1)] = 2.5;
    m[(1, 2)] += 1.0;
    m[(1, 2)] *= 3.0;
    println!("{} {} {}", m[(0, 1)], m[(1, 2)], m.rows);
    println!("{:?}", m.data);
}
""",
        runs("2.5 3 2\n[0.0, 2.5, 0.0, 0.0, 0.0, 3.0]\n", 0),
    ),
    "index_mut_of_immutable_binding": (
        """\
use std::ops::{Index, IndexMut};
struct P {
    w: Vec<f64>,
}
impl Index<usize> for P {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        &self.w[i]
    }
}
impl IndexMut<usize> for P {
    fn index_mut(&mut self, i: usize) -> &mut f64 {
        &mut self.w[i]
    }
}
fn main() {
    let p = P { w: vec![1.0, 2.0] };
    p[0] += 3.0;
    println!("{}", p[0]);
}
""",
        rejects("E0596"),
    ),
    "index_mut_panics_at_callers_bracket": (
        """\
use std::ops::{Index, IndexMut};
struct P { w: Vec<f64> }
impl Index<usize> for P {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        let k = i + 1;
        &self.w[k]
    }
}
impl IndexMut<usize> for P {
    fn index_mut(&mut self, i: usize) -> &mut f64 {
        &mut self.w[i]
    }
}
fn get(p: &P, i: usize) -> f64 {
    p[i]
}
fn main() {
    let mut p = P { w: vec![1.0, 2.0] };
    println!("{}", get(&p, 0));
    p[1] += 1.0;
    println!("{}", p[0]);
    p[5] = 1.0;
}
""",
        runs(
            "2\n3\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:23:6:\n"
                "index out of bounds: the len is 2 but the index is 5\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "index_mut_without_index": (
        """\
use std::ops::IndexMut;
struct P {
    w: Vec<f64>,
}
impl IndexMut<usize> for P {
    fn index_mut(&mut self, i: usize) -> &mut f64 {
        &mut self.w[i]
    }
}
fn main() {
    let mut p = P { w: vec![1.0, 2.0] };
    p[0] = 2.0;
    println!("{:?}", p.w);
}
""",
        rejects("E0277"),
    ),
    "index_struct_without_impl": (
        """\
struct P {
    w: Vec<f64>,
}
fn main() {
    let p = P { w: vec![1.0, 2.0] };
    println!("{}", p[1]);
}
""",
        rejects("E0608"),
    ),
    "index_usize_params_out_of_bounds": (
        """\
use std::ops::{Index, IndexMut};

struct Params {
    w: Vec<f64>,
}

impl Index<usize> for Params {
    type Output = f64;
    fn index(&self, i: usize) -> &Self::Output {
        &self.w[i]
    }
}

impl IndexMut<usize> for Params {
    fn index_mut(&mut self, i: usize) -> &mut Self::Output {
        &mut self.w[i]
    }
}

fn main() {
    let mut p = Params { w: vec![1.0, 2.0, 3.0] };
    p[1] = 5.0;
    p[2] -= 0.5;
    let s = p[0] + p[1] + p[2];
    println!("{} {:?}", s, p.w);
    let _oops = p[3];
}
""",
        runs(
            "8.5 [1.0, 5.0, 2.5]\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:26:18:\n"
                "index out of bounds: the len is 3 but the index is 3\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "index_without_use": (
        """\
struct P {
    w: Vec<f64>,
}
impl Index<usize> for P {
    type Output = f64;
    fn index(&self, i: usize) -> &f64 {
        &self.w[i]
    }
}
fn main() {
    let p = P { w: vec![1.0, 2.0] };
    println!("{}", p[1]);
}
""",
        rejects("E0405"),
    ),
    "max_by_total_cmp_of_copied": (
        """\
fn main() {
    let v = vec![1.5f32, 3.0, 2.0];
    let m = v.iter().copied().max_by(f32::total_cmp);
    println!("{:?}", m);
}
""",
        runs("Some(3.0)\n", 0),
    ),
    "max_by_total_cmp_of_references": (
        """\
fn main() {
    let v = vec![1.5f32, 3.0, 2.0];
    let m = v.iter().max_by(f32::total_cmp);
    println!("{:?}", m);
}
""",
        rejects("E0631"),
    ),
    "rc_refcell_borrow_mut_while_borrowed": (
        """\
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Debug)]
struct Stats {
    seen: usize,
    total: f64,
}

fn record(s: &Rc<RefCell<Stats>>, x: f64) {
    let mut st = s.borrow_mut();
    st.seen += 1;
    st.total += x;
}

fn main() {
    let stats = Rc::new(RefCell::new(Stats { seen: 0, total: 0.0 }));
    let other = Rc::clone(&stats);
    record(&stats, 1.5);
    record(&other, 2.0);
    {
        let third = stats.clone();
        third.borrow_mut().seen += 10;
    }
    println!("{} {}", stats.borrow().seen, other.borrow().total);
    println!("{:?}", stats.borrow());
    let r = stats.borrow();
    let w = other.borrow_mut();
    println!("{} {}", r.seen, w.seen);
}
""",
        runs(
            "12 3.5\nStats { seen: 12, total: 3.5 }\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:28:19:\n"
                "RefCell already borrowed\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "rc_refcell_borrow_while_mutably_borrowed": (
        """\
use std::cell::RefCell;
use std::rc::Rc;
#[derive(Debug)]
struct S { n: u32 }
fn main() {
    let a = Rc::new(RefCell::new(S { n: 1 }));
    let b = a.clone();
    println!("{:?}", a);
    {
        let g = b.borrow_mut();
        println!("{:?} {}", a, g.n);
    }
    let w = a.borrow_mut();
    let r = b.borrow();
    println!("{}", r.n + w.n);
}
""",
        runs(
            "RefCell { value: S { n: 1 } }\nRefCell { value: <borrowed> } 1\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:14:15:\n"
                "RefCell already mutably borrowed\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "rc_refcell_drop_of_a_reference_keeps_the_guard": (
        """\
use std::cell::RefCell;
use std::rc::Rc;
fn main() {
    let shared = Rc::new(RefCell::new(vec![1.0f32, 2.0]));
    let mut g = shared.borrow_mut();
    g.push(3.0);
    drop(&g);
    println!("{}", g.len());
    println!("{:?}", shared.borrow());
}
""",
        runs(
            "3\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:9:29:\n"
                "RefCell already mutably borrowed\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "rc_refcell_drop_then_borrow": (
        """\
use std::cell::RefCell;
use std::rc::Rc;
#[derive(Debug)]
struct Acc {
    sum: f64,
    n: u32,
}
fn add(acc: &Rc<RefCell<Acc>>, x: f64) {
    let mut a = acc.borrow_mut();
    a.sum += x;
    a.n += 1;
}
fn main() {
    let acc = Rc::new(RefCell::new(Acc { sum: 0.0, n: 0 }));
    let handles: Vec<Rc<RefCell<Acc>>> = (0..3).map(|_| Rc::clone(&acc)).collect();
    for (i, h) in handles.iter().enumerate() {
        add(h, i as f64 * 0.5);
    }
    let r = acc.borrow();
    println!("{} {} {:?}", r.sum, r.n, acc);
    drop(r);
    acc.borrow_mut().n = 100;
    let mean = {
        let a = acc.borrow();
        a.sum / a.n as f64
    };
    println!("{:?} {}", acc, mean);
    let held = acc.borrow_mut();
    println!("{:?} {}", acc, held.n);
}
""",
        runs(
            (
                "1.5 3 RefCell { value: Acc { sum: 1.5, n: 3 } }\n"
                "RefCell { value: Acc { sum: 1.5, n: 100 } } 0.015\n"
                "RefCell { value: <borrowed> } 100\n"
            ),
            0,
        ),
    ),
    "rc_refcell_guard_moved_then_used": (
        """\
use std::cell::RefCell;
use std::rc::Rc;
fn main() {
    let shared = Rc::new(RefCell::new(vec![1.0f32, 2.0]));
    let all = shared.borrow();
    let _moved = all;
    println!("{}", all.len());
}
""",
        rejects("E0382"),
    ),
    "recursive_enum_without_box": (
        """\
#[derive(Debug)]
enum List { Nil, Cons(i32, List) }
fn main() {
    let l = List::Nil;
    println!("{:?}", l);
}
""",
        rejects("E0072"),
    ),
    "recursive_struct_through_option": (
        """\
struct Node {
    val: f32,
    next: Option<Node>,
}
fn main() {
    let n = Node { val: 1.0, next: None };
    println!("{}", n.val);
}
""",
        rejects("E0072"),
    ),
    "recursive_types_through_box_and_vec": (
        """\
#[derive(Debug)]
enum Expr {
    Num(f32),
    Add(Box<Expr>, Box<Expr>),
    Sum(Vec<Expr>),
}
struct Node {
    val: f32,
    next: Option<Box<Node>>,
}
fn eval(e: &Expr) -> f32 {
    match e {
        Expr::Num(x) => *x,
        Expr::Add(a, b) => eval(a) + eval(b),
        Expr::Sum(v) => v.iter().map(eval).sum(),
    }
}
fn main() {
    let sum = Expr::Sum(vec![Expr::Num(2.0), Expr::Num(0.25)]);
    let e = Expr::Add(Box::new(Expr::Num(1.5)), Box::new(sum));
    let n = Node { val: 1.0, next: Some(Box::new(Node { val: 2.0, next: None })) };
    println!("{} {:?}", eval(&e), e);
    println!("{} {}", n.val, n.next.map(|b| b.val).unwrap_or(0.0));
}
""",
        runs("3.75 Add(Num(1.5), Sum([Num(2.0), Num(0.25)]))\n1 2\n", 0),
    ),
    "string_insert_past_the_end": (
        """\
fn main() {
    let mut s = String::from("abc");
    println!("before");
    s.insert(256, 'x');
    println!("{}", s);
}
""",
        runs(
            "before\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:4:7:\n"
                "assertion failed: self.is_char_boundary(idx)\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "string_truncate_inside_a_char": (
        """\
fn main() {
    let mut s = String::from("épochs");
    s.truncate(1);
    println!("{}", s);
}
""",
        runs(
            "",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:3:7:\n"
                "assertion failed: self.is_char_boundary(new_len)\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    "unbound_value_named_like_a_builtin_attribute": (
        # tests/rust/std/phantom_data.rs (run by pbpit check) without its `let marker`: `marker`
        # is then a name rustc resolves to the built-in attribute
        _std("phantom_data", "    let marker: PhantomData<i32> = PhantomData;\n", ""),
        rejects("E0423"),
    ),
    "unbound_value_named_like_an_attribute_macro": (
        """\
fn main() {
    let total = 3;
    println!("{}", test + total);
}
""",
        rejects("E0423"),
    ),
    "user_cmp_wrong_signature": (
        """\
use std::cmp::Ordering;
#[derive(PartialEq, Eq, PartialOrd)]
struct P(i32);
impl Ord for P {
    fn cmp(&self, other: &Self) -> bool {
        self.0 < other.0
    }
}
fn main() {
    println!("{}", P(1) < P(2));
    let _ = Ordering::Less;
}
""",
        rejects("E0053"),
    ),
    "user_ord_reversed_enum": (
        """\
use std::cmp::Ordering;

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Priority {
    Low,
    High(u8),
}

impl Ord for Priority {
    fn cmp(&self, other: &Self) -> Ordering {
        match (self, other) {
            (Priority::Low, Priority::Low) => Ordering::Equal,
            (Priority::Low, _) => Ordering::Less,
            (_, Priority::Low) => Ordering::Greater,
            (Priority::High(a), Priority::High(b)) => b.cmp(a),
        }
    }
}

impl PartialOrd for Priority {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

fn main() {
    let mut v = vec![Priority::High(3), Priority::Low, Priority::High(1), Priority::High(7)];
    v.sort();
    println!("{:?}", v);
    println!("{:?}", v.iter().max());
    println!("{}", Priority::High(1) > Priority::High(2));
}
""",
        runs("[Low, High(7), High(3), High(1)]\nSome(High(1))\ntrue\n", 0),
    ),
    "user_ord_sort_and_extremes": (
        """\
use std::cmp::Ordering;

#[derive(Debug, Clone, PartialEq)]
struct Candidate {
    name: String,
    loss: f32,
}

impl Eq for Candidate {}

impl PartialOrd for Candidate {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Candidate {
    fn cmp(&self, other: &Self) -> Ordering {
        self.loss.total_cmp(&other.loss)
    }
}

fn main() {
    let mut cs = vec![
        Candidate { name: "a".to_string(), loss: 0.5 },
        Candidate { name: "b".to_string(), loss: 0.125 },
        Candidate { name: "c".to_string(), loss: 0.75 },
    ];
    cs.sort();
    println!("{:?} {:?}", cs[0], cs[2].name);
    let best = cs.iter().min().unwrap();
    let worst = cs.iter().max().unwrap();
    println!("{} {}", best.name, worst.name);
    println!("{} {} {}", cs[0] < cs[1], cs[2] <= cs[1], cs[0] == cs[0].clone());
    println!("{:?} {:?}", cs[0].cmp(&cs[2]), cs[1].partial_cmp(&cs[1]));
    cs.sort_by(|a, b| b.cmp(a));
    let names: Vec<&str> = cs.iter().map(|c| c.name.as_str()).collect();
    println!("{:?}", names);
}
""",
        runs(
            (
                'Candidate { name: "b", loss: 0.125 } "c"\n'
                "b c\n"
                "true false true\n"
                "Less Some(Equal)\n"
                '["c", "a", "b"]\n'
            ),
            0,
        ),
    ),
    "user_ord_without_eq": (
        """\
use std::cmp::Ordering;
#[derive(PartialEq)]
struct P(i32);
impl PartialOrd for P {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for P {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}
fn main() {
    println!("{}", P(1) < P(2));
}
""",
        rejects("E0277"),
    ),
    "user_partial_eq_also_derived": (
        """\
#[derive(PartialEq, Debug)]
struct P(i32);
impl PartialEq for P {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}
fn main() {
    println!("{}", P(1) == P(2));
}
""",
        rejects("E0119"),
    ),
    "user_partial_eq_by_key": (
        """\
#[derive(Debug)]
struct Sample {
    id: u32,
    weight: f64,
}

impl PartialEq for Sample {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
    }
}

fn main() {
    let a = Sample { id: 1, weight: 0.5 };
    let b = Sample { id: 1, weight: 2.0 };
    let c = Sample { id: 2, weight: 0.5 };
    println!("{} {} {}", a == b, a != c, b == c);
    let v = vec![a, c];
    println!("{}", v.contains(&b));
    println!("{:?}", v.iter().position(|s| *s == b));
    println!("{}", v[0].weight + v[1].weight);
}
""",
        runs("true true false\ntrue\nSome(0)\n1\n", 0),
    ),
    "user_partial_ord_max_needs_ord": (
        """\
use std::cmp::Ordering;
#[derive(PartialEq, Debug)]
struct Score(f32);
impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.0.partial_cmp(&other.0)
    }
}
fn main() {
    let v = vec![Score(1.0), Score(3.0), Score(2.0)];
    println!("{}", v[0] < v[1]);
    println!("{:?}", v.iter().max());
}
""",
        rejects("E0277"),
    ),
    "user_partial_ord_nan": (
        """\
use std::cmp::Ordering;
#[derive(PartialEq, Debug)]
struct Score(f32);
impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.0.partial_cmp(&other.0)
    }
}
fn main() {
    let v = vec![Score(1.0), Score(f32::NAN), Score(2.0)];
    println!("{} {} {}", v[0] < v[2], v[1] < v[2], v[1] >= v[0]);
    println!("{:?} {:?}", v[0].partial_cmp(&v[1]), v[2].partial_cmp(&v[0]));
    let best = v.iter().max_by(|a, b| a.partial_cmp(b).unwrap_or(Ordering::Less)).unwrap();
    println!("{:?}", best);
}
""",
        runs("true false false\nNone Some(Greater)\nScore(2.0)\n", 0),
    ),
    # layers_dyn_mut.rs (below) with its call's arguments swapped: a value where `&mut dyn` is
    # taken
    "value_for_a_mut_dyn_parameter": (
        (PROGRAMS / "layers_dyn_mut.rs")
        .read_text(encoding="utf-8")
        .replace("apply(l.as_mut(), lr);", "apply(lr, l.as_mut());"),
        rejects("E0308"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_the_training_programs_print_what_rustcs_binaries_printed():
    out = subprocess.run(
        [sys.executable, "-m", "pbpit", "check", str(PROGRAMS)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    count = len(list(PROGRAMS.glob("*.rs")))
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"{count} passed, 0 failed" in out.stdout


@pytest.mark.slow
def test_the_training_programs_goldens_are_rustcs():
    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    with tempfile.TemporaryDirectory() as build:
        for program in sorted(PROGRAMS.glob("*.rs")):
            made = record(rustc, program, Path(build))
            assert made.stdout == program.with_suffix(".stdout").read_bytes(), program.name
            stderr = program.with_suffix(".stderr")
            assert made.stderr == (stderr.read_bytes() if stderr.exists() else b""), program.name
