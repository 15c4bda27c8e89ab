"""Verdicts of session 21 (helper I) on which pbpit must agree with rustc 1.95, found by a
held-out measurer and rewritten here from its descriptions: ranges of chars
(`('a'..='e').collect::<String>()`, a Python crash), references a method returns, a struct's
private field read outside its `mod`, turbofish arity, `*x` of a Copy item, `&mut` given by
`get_or_insert`, `iter_mut().filter(..)`/`.find(..)` and a pair of borrows, `use E::*`.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a slow test
checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "cast_string_and_tuple": (
        """\
fn main() {
    let t = (1.0f32, 2.0f32);
    let s = String::from("3");
    println!("{}", s as f32 + t as f32);
}
""",
        rejects("E0605"),
    ),
    "cast_struct_as_float": (
        """\
struct P { x: f32 }
fn main() {
    let p = P { x: 1.0 };
    let y = p as f32;
    println!("{}", y);
}
""",
        rejects("E0605"),
    ),
    "cast_vec_as_float": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let x = v as f64;
    println!("{}", x);
}
""",
        rejects("E0605"),
    ),
    "chain_borrows_used_in_block": (
        """\
fn main() {
    let best: &f32;
    let first: &f32;
    {
        let losses = vec![0.5f32, 0.25, 0.75];
        best = losses.iter().max_by(|a, b| a.partial_cmp(b).unwrap()).unwrap();
        first = losses.first().unwrap();
        println!("{} {}", best, first);
    }
    let total: f32;
    {
        let xs = vec![1.0f32, 2.0];
        total = *xs.iter().next().unwrap();
    }
    println!("{}", total);
}
""",
        runs("0.75 0.5\n1\n", 0),
    ),
    "changing_closures_one_after_another": (
        """\
fn main() {
    let mut count = 0;
    let mut inc = || count += 1;
    inc();
    let mut dec = || count -= 1;
    dec();

    println!("{}", count);
}
""",
        runs("0\n", 0),
    ),
    "char_range_collect_string": (
        """\
fn main() {
    let s: String = ('a'..='e').collect();
    println!("{}", s);
}
""",
        runs("abcde\n", 0),
    ),
    "char_range_contains_step_by": (
        """\
fn main() {
    let word = "Hello, World";
    let lower = word.chars().filter(|&c| ('a'..='z').contains(&c)).count();
    println!("{}", lower);
    let r = 'a'..'d';
    for c in r.clone() { print!("{} ", c); }
    println!("{}", r.is_empty());
    let v: Vec<char> = ('a'..='e').step_by(2).collect();
    println!("{:?}", v);
}
""",
        runs("8\na b c false\n['a', 'c', 'e']\n", 0),
    ),
    "char_range_for_count_rev": (
        """\
fn main() {
    for c in 'a'..='c' { print!("{}", c); }
    println!();
    let v: Vec<char> = ('x'..'z').collect();
    println!("{:?}", v);
    let n = ('a'..='e').count();
    println!("{}", n);
    let s: String = ('a'..='e').rev().collect();
    println!("{}", s);
}
""",
        runs("abc\n['x', 'y']\n5\nedcba\n", 0),
    ),
    "char_range_next_map": (
        """\
fn main() {
    let mut r = 'a'..'e';
    println!("{:?}", r.next());
    println!("{:?}", r.next());
    let rest: String = r.collect();
    println!("{}", rest);
    let up: Vec<char> = ('a'..='c').map(|c| c.to_ascii_uppercase()).collect();
    println!("{:?}", up);
}
""",
        runs("Some('a')\nSome('b')\ncd\n['A', 'B', 'C']\n", 0),
    ),
    "clone_bound_unmet": (
        """\
struct P { x: f32 }
fn twice<T: Clone>(t: T) -> (T, T) { (t.clone(), t) }
fn main() {
    let (a, b) = twice(P { x: 1.0 });
    println!("{} {}", a.x, b.x);
}
""",
        rejects("E0277"),
    ),
    "copied_items_as_values": (
        """\
fn main() {
    let xs = vec![1.0f32, 2.0, 3.0];
    let mut t = 0.0;
    for x in xs.iter().copied() { t += x; }
    for x in xs.iter() { t += *x; }
    let flags = [true, false];
    for b in flags.iter().cloned() { if b { t += 1.0; } }
    println!("{}", t);
}
""",
        runs("13\n", 0),
    ),
    "copied_mapped_filtered_items": (
        """\
fn main() {
    let xs = vec![1.0f32, 2.0, 3.0];
    let mut t = 0.0;
    for x in xs.iter().map(|v| v * 2.0) { t += x; }
    for x in xs.iter().copied().filter(|x| *x > 1.5).rev() { t += x; }
    for x in xs.iter().filter(|x| **x > 1.5) { t += *x; }
    println!("{}", t);
}
""",
        runs("22\n", 0),
    ),
    "debug_bound_unmet": (
        """\
#[derive(Clone)]
struct P { x: f32 }
fn dbg_all<T: std::fmt::Debug>(t: T) { println!("{:?}", t); }
fn main() {
    dbg_all(P { x: 1.0 });
}
""",
        rejects("E0277"),
    ),
    "deref_of_cloned_array_item": (
        """\
fn main() {
    let xs = [3i32, 4];
    let mut best = 0;
    for x in xs.iter().cloned() { if *x > best { best = *x; } }
    println!("{}", best);
}
""",
        rejects("E0614"),
    ),
    "deref_of_copied_filtered_item": (
        """\
fn main() {
    let v = vec![3u32, 4];
    let mut s = 0;
    for x in v.iter().copied().filter(|x| *x > 3) { s += *x; }
    println!("{}", s);
}
""",
        rejects("E0614"),
    ),
    "deref_of_copied_item": (
        """\
fn main() {
    let xs = vec![1.0f32, 2.0, 3.0];
    let mut t = 0.0;
    for x in xs.iter().copied() { t += *x; }
    println!("{}", t);
}
""",
        rejects("E0614"),
    ),
    "deref_of_mapped_item": (
        """\
fn main() {
    let xs = vec![1.0f32, 2.0];
    let mut t = 0.0;
    for x in xs.iter().map(|v| v * 2.0) { t += *x; }
    println!("{}", t);
}
""",
        rejects("E0614"),
    ),
    "display_bound_unmet": (
        """\
use std::fmt::Display;
struct P { x: f32 }
fn show<T: Display>(t: T) { println!("{}", t); }
fn main() {
    show(P { x: 1.0 });
}
""",
        rejects("E0277"),
    ),
    "empty_collections_typed_by_use": (
        """\
fn main() {
    let mut v = Vec::new();
    for i in 0..3 { v.push(i as f32 * 0.5); }
    let mut m = std::collections::HashMap::new();
    m.insert("a", 1);
    let w: Vec<u8> = Vec::with_capacity(4);
    println!("{:?} {} {}", v, m.len(), w.capacity() >= 4);
}
""",
        runs("[0.0, 0.5, 1.0] 1 true\n", 0),
    ),
    "enum_glob_use_in_impl": (
        """\
#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok { Num(f32), Plus, Times }
use Tok::*;
impl Tok {
    fn prec(&self) -> u8 { match self { Plus => 1, Times => 2, Num(_) => 0 } }
    fn value(self) -> Option<f32> { if let Num(v) = self { Some(v) } else { None } }
}
fn main() {
    let toks = [Num(2.0), Plus, Num(3.0), Times];
    let ps: Vec<u8> = toks.iter().map(|t| t.prec()).collect();
    let vs: Vec<f32> = toks.iter().filter_map(|t| t.value()).collect();
    println!("{:?} {:?} {}", ps, vs, toks[1] == Plus);
}
""",
        runs("[0, 1, 0, 2] [2.0, 3.0] true\n", 0),
    ),
    "enum_glob_use_self_path": (
        """\
#[derive(Debug)]
enum Act { Relu, Tanh }
use self::Act::*;
fn pick(i: usize) -> Act { if i == 0 { Relu } else { Tanh } }
fn main() {
    match pick(1) {
        Relu => println!("relu"),
        Tanh => println!("tanh"),
    }
    println!("{:?}", pick(0));
}
""",
        runs("tanh\nRelu\n", 0),
    ),
    "enum_glob_use_variants": (
        """\
#[derive(Debug, Clone, Copy)]
enum E { Var, Lit(f32) }
use E::*;
fn eval(e: E) -> f32 {
    match e { Var => 2.0, Lit(c) => c }
}
fn main() {
    let xs = vec![Var, Lit(3.0)];
    for x in &xs { println!("{:?} {}", x, eval(*x)); }
}
""",
        runs("Var 2\nLit(3.0) 3\n", 0),
    ),
    "enum_method_as_fn_value": (
        """\
enum L { Dense(usize, usize), Act }
impl L {
    fn params(&self) -> usize { match self { L::Dense(a, b) => a * b + b, L::Act => 0 } }
}
fn main() {
    let v = vec![L::Dense(2, 3), L::Act];
    let n: Vec<usize> = v.iter().map(L::params).collect();
    println!("{:?}", n);
}
""",
        runs("[9, 0]\n", 0),
    ),
    "enum_one_variant_used": (
        """\
#[derive(Debug)]
enum Act { Relu, Tanh }
fn main() {
    use Act::Relu;
    let a = Relu;
    let b = Tanh;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0425"),
    ),
    "enum_variants_used_from_mod": (
        """\
mod ops {
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub enum Op { Add, Mul, Scale(f32), Clip { lo: f32, hi: f32 } }
}
use ops::Op::{self, *};
fn apply(op: Op, x: f32) -> f32 {
    match op {
        Add => x + 1.0,
        Mul => x * x,
        Scale(k) => x * k,
        Clip { lo, hi } => x.max(lo).min(hi),
    }
}
fn main() {
    let ops = vec![Add, Mul, Scale(0.5), Clip { lo: 0.0, hi: 3.0 }];
    let mut x = 1.5;
    for op in &ops {
        x = apply(*op, x);
        println!("{:?} {}", op, x);
    }
    println!("{}", ops[0] == Add);
}
""",
        runs(
            ("Add 2.5\nMul 6.25\nScale(0.5) 3.125\nClip { lo: 0.0, hi: 3.0 } 3\ntrue\n"),
            0,
        ),
    ),
    "float_function_by_int_path": (
        """\
fn main() {
    println!("{}", i32::sqrt(16));
}
""",
        rejects("E0599"),
    ),
    "float_method_on_int": (
        """\
fn main() {
    let x: i32 = 16;
    println!("{}", x.sqrt());
}
""",
        rejects("E0599"),
    ),
    "get_or_insert_in_loop_tail": (
        """\
fn main() {
    let mut best: Option<f32> = None;
    for loss in [0.5f32, 0.25, 0.75] {
        let b = best.get_or_insert(loss);
        if loss < *b { *b = loss; }
    }
    println!("{:?}", best);
}
""",
        runs("Some(0.25)\n", 0),
    ),
    "get_or_insert_not_mut": (
        """\
fn main() {
    let best: Option<(usize, f32)> = None;
    let got = best.get_or_insert((1, 0.5));
    got.1 += 1.0;
    println!("{:?}", best);
}
""",
        rejects("E0596"),
    ),
    "get_or_insert_owner_read_while_held": (
        """\
fn main() {
    let mut best: Option<(usize, f32)> = None;
    let got = best.get_or_insert((1, 0.5));
    println!("{:?}", best);
    got.1 += 1.0;
}
""",
        rejects("E0502"),
    ),
    "get_or_insert_tuple_written": (
        """\
fn main() {
    let mut best: Option<(usize, f32)> = None;
    let got = best.get_or_insert((1, 0.5));
    got.1 += 1.0;
    println!("{:?}", best);
}
""",
        runs("Some((1, 1.5))\n", 0),
    ),
    "get_or_insert_writes": (
        """\
#[derive(Debug)]
struct Best { epoch: usize, loss: f32 }
fn main() {
    let mut best: Option<(usize, f32)> = None;
    let got = best.get_or_insert((1, 0.5));
    got.1 += 1.0;
    got.0 = 7;
    println!("{:?}", best);
    let mut count: Option<u32> = None;
    let c = count.get_or_insert_with(|| 10);
    *c += 5;
    println!("{:?}", count);
    let mut b: Option<Best> = None;
    let r = b.get_or_insert(Best { epoch: 0, loss: 9.0 });
    r.loss = 0.25;
    println!("{:?}", b);
    let mut log: Option<Vec<f32>> = None;
    let l = log.get_or_insert_with(Vec::new);
    l.push(1.5);
    l.push(2.5);
    println!("{:?}", log);
}
""",
        runs(
            ("Some((7, 1.5))\nSome(15)\nSome(Best { epoch: 0, loss: 0.25 })\nSome([1.5, 2.5])\n"),
            0,
        ),
    ),
    "hashmap_new_never_typed": (
        """\
use std::collections::HashMap;
fn main() {
    let m = HashMap::new();
    println!("{}", m.is_empty());
}
""",
        rejects("E0282"),
    ),
    "hashmap_one_type_argument": (
        """\
use std::collections::HashMap;
fn main() {
    let m: HashMap<String> = HashMap::new();
    println!("{}", m.len());
}
""",
        rejects("E0107"),
    ),
    "int_method_on_float": (
        """\
fn main() {
    let x: f32 = 2.0;
    println!("{}", x.pow(2));
}
""",
        rejects("E0599"),
    ),
    "iter_mut_filter_and_find": (
        """\
struct P { v: f32 }
fn main() {
    let mut ps = vec![P { v: 1.0 }, P { v: -1.0 }, P { v: 2.0 }];
    for p in ps.iter_mut().filter(|p| p.v > 0.0) { p.v -= 0.5; }
    if let Some(h) = ps.iter_mut().find(|p| p.v < 0.0) { h.v = 9.0; }
    for p in &ps { println!("{}", p.v); }
}
""",
        runs("0.5\n9\n1.5\n", 0),
    ),
    "iter_mut_filter_find_numbers_tuples": (
        """\
fn main() {
    let mut ws = vec![0.5f32, -0.25, 0.75];
    for w in ws.iter_mut().filter(|w| w.abs() > 0.3) { *w *= 0.5; }
    if let Some(w) = ws.iter_mut().find(|w| **w < 0.0) { *w = 0.0; }
    let mut grads = vec![(0usize, 1.0f32), (1, -2.0)];
    for g in grads.iter_mut().filter(|g| g.1 < 0.0) { g.1 = -g.1; }
    println!("{:?} {:?}", ws, grads);
}
""",
        runs("[0.25, 0.0, 0.375] [(0, 1.0), (1, 2.0)]\n", 0),
    ),
    "iter_mut_filter_not_mut": (
        """\
struct P { v: f32 }
fn main() {
    let ps = vec![P { v: 1.0 }, P { v: 2.0 }];
    for p in ps.iter_mut().filter(|p| p.v > 0.0) { p.v += 1.0; }
    println!("{}", ps[0].v);
}
""",
        rejects("E0596"),
    ),
    "iter_mut_filter_reads_lent_vec": (
        """\
struct P { v: f32 }
fn main() {
    let mut ps = vec![P { v: 1.0 }, P { v: 2.0 }];
    let limit = ps.len() as f32;
    for p in ps.iter_mut().filter(|p| p.v < ps.len() as f32) { p.v += limit; }
    println!("{}", ps[0].v);
}
""",
        rejects("E0502"),
    ),
    "iter_mut_filter_while_shared": (
        """\
struct P { v: f32 }
fn main() {
    let mut ps = vec![P { v: 1.0 }, P { v: 2.0 }];
    let q = &ps[0];
    for p in ps.iter_mut().filter(|p| p.v > 0.0) { p.v += 1.0; }
    println!("{}", q.v);
}
""",
        rejects("E0502"),
    ),
    "iter_mut_filter_writes": (
        """\
struct P { v: f32, n: u32 }
impl P { fn live(&self) -> bool { self.v > 0.0 } }
fn main() {
    let mut ps = vec![P { v: 1.0, n: 0 }, P { v: -1.0, n: 0 }, P { v: 2.0, n: 0 }];
    for p in ps.iter_mut().filter(|p| p.v > 0.0) { p.v -= 0.5; p.n += 1; }
    for p in ps.iter_mut().filter(|q| q.live()) { p.n *= 10; }
    let mut xs = vec![1.0f32, -2.0, 3.0];
    for x in xs.iter_mut().filter(|x| **x < 0.0) { *x = 0.0; }
    for p in &ps { println!("{} {}", p.v, p.n); }
    println!("{:?}", xs);
}
""",
        runs("0.5 10\n-1 0\n1.5 10\n[1.0, 0.0, 3.0]\n", 0),
    ),
    "iter_mut_find_writes": (
        """\
struct P { v: f32 }
fn main() {
    let mut ps = vec![P { v: 1.0 }, P { v: -1.0 }, P { v: -2.0 }];
    if let Some(h) = ps.iter_mut().find(|p| p.v < 0.0) { h.v = 9.0; }
    if let Some(h) = ps.iter_mut().find(|p| p.v > 100.0) { h.v = 0.0; }
    let mut xs = vec![3, 4, 5];
    if let Some(x) = xs.iter_mut().find(|x| **x % 2 == 0) { *x *= 10; }
    for x in xs.iter_mut().find(|x| **x > 3) { *x += 1; }
    for p in &ps { println!("{}", p.v); }
    println!("{:?}", xs);
}
""",
        runs("1\n9\n-2\n[3, 41, 5]\n", 0),
    ),
    "method_on_ambiguous_float_literal": (
        """\
fn main() {
    let y = 2.0.powi(2);
    println!("{}", y);
}
""",
        rejects("E0689"),
    ),
    "method_on_ambiguous_float_var": (
        """\
fn main() {
    let x = 2.0;
    println!("{}", x.sqrt());
}
""",
        rejects("E0689"),
    ),
    "method_on_float_var_typed_later": (
        """\
fn main() {
    let mut best = 0.0;
    for v in [1.5f32, 2.5] { if v > best { best = v; } }
    println!("{}", best.sqrt());
}
""",
        runs("1.5811388\n", 0),
    ),
    "number_methods_of_their_kind": (
        """\
fn main() {
    let n: usize = 10;
    let x: f64 = 2.0;
    println!("{} {} {}", (n as f64).sqrt(), x.powi(2), n.pow(2));
}
""",
        runs("3.1622776601683795 4 100\n", 0),
    ),
    "option_has_no_sqrt": (
        """\
fn main() {
    let o: Option<f32> = Some(1.0);
    println!("{}", o.sqrt());
}
""",
        rejects("E0599"),
    ),
    "option_len_private": (
        """\
fn main() {
    let o: Option<Vec<f32>> = Some(vec![1.0]);
    println!("{}", o.len());
}
""",
        rejects("E0624"),
    ),
    "option_methods_it_has": (
        """\
fn main() {
    let o: Option<f32> = Some(1.0);
    let p: Option<f32> = None;
    println!("{} {:?} {:?} {}", o.is_some(), o.map(|x| x * 2.0), p.or(o), o.unwrap_or(0.0));
}
""",
        runs("true Some(2.0) Some(1.0) 1\n", 0),
    ),
    "option_two_type_arguments": (
        """\
fn main() {
    let o: Option<f32, f32> = None;
    println!("{:?}", o);
}
""",
        rejects("E0107"),
    ),
    "outlived_by_as_str_of_string_from": (
        """\
fn main() {
    let r: &str;
    {
        let s = String::from("abc");
        r = s.as_str();
    }
    println!("{}", r);
}
""",
        rejects("E0597"),
    ),
    "outlived_by_filter_min_by": (
        """\
fn main() {
    let lowest: &f32;
    {
        let losses = vec![0.5f32, 0.25, 0.75];
        lowest = losses
            .iter()
            .filter(|l| **l > 0.3)
            .min_by(|a, b| a.partial_cmp(b).unwrap())
            .unwrap();
    }
    println!("{}", lowest);
}
""",
        rejects("E0597"),
    ),
    "outlived_by_get_expect": (
        """\
fn main() {
    let pick: &f32;
    {
        let losses = vec![0.5f32, 0.25, 0.75];
        pick = losses.get(2).expect("three");
    }
    println!("{}", pick);
}
""",
        rejects("E0597"),
    ),
    "outlived_by_iter_next": (
        """\
fn main() {
    let best: &f32;
    {
        let losses = vec![0.5f32, 0.25, 0.75];
        best = losses.iter().next().unwrap();
    }
    println!("{}", best);
}
""",
        rejects("E0597"),
    ),
    "outlived_by_str_and_slice_views": (
        """\
fn main() {
    let r: &str;
    let t: &[f32];
    {
        let s = format!("{}-{}", 1, 2);
        let v = vec![1.0f32, 2.0];
        r = s.trim();
        t = v.as_slice();
    }
    println!("{} {:?}", r, t);
}
""",
        rejects("E0597"),
    ),
    "private_field_read_inside_mod": (
        """\
mod model {
    pub struct S {
        pub name: String,
        secret: f32,
    }
    pub struct W(pub f32, f32);
    impl S {
        pub fn new() -> S { S { name: String::from("m"), secret: 1.5 } }
        pub fn secret(&self) -> f32 { self.secret }
    }
    pub fn make() -> W { W(1.0, 2.0) }
    pub mod inner {
        use super::S;
        pub fn peek(s: &S) -> f32 { s.secret * 2.0 }
    }
}
fn main() {
    let s = model::S::new();
    let w = model::make();
    println!("{} {} {} {}", s.name, s.secret(), w.0, model::inner::peek(&s));
}
""",
        runs("m 1.5 1 3\n", 0),
    ),
    "private_field_read_outside_mod": (
        """\
mod model {
    pub struct S {
        pub name: String,
        secret: f32,
    }
    impl S {
        pub fn new() -> S { S { name: String::from("m"), secret: 1.5 } }
    }
}
fn main() {
    let s = model::S::new();
    println!("{} {}", s.name, s.secret);
}
""",
        rejects("E0616"),
    ),
    "private_field_written_outside_mod": (
        """\
mod model {
    pub struct S { pub lr: f32, steps: u32 }
    pub fn make() -> S { S { lr: 0.1, steps: 0 } }
}
fn main() {
    let mut s = model::make();
    s.steps += 1;
    println!("{}", s.lr);
}
""",
        rejects("E0616"),
    ),
    "private_method_called_inside_mod": (
        """\
mod model {
    pub struct S { pub lr: f32, steps: u32 }
    pub trait Named { fn name(&self) -> String; }
    impl Named for S { fn name(&self) -> String { format!("s{}", self.steps) } }
    impl S {
        pub fn new() -> S { S { lr: 0.1, steps: 0 } }
        fn bump(&mut self) { self.steps += 1; }
        pub fn step(&mut self) { self.bump(); self.lr *= 0.5; }
    }
    pub mod inner {
        use super::S;
        pub fn twice(s: &mut S) { s.bump(); s.bump(); }
    }
}
use model::Named;
fn main() {
    let mut s = model::S::new();
    s.step();
    model::inner::twice(&mut s);
    println!("{} {}", s.lr, s.name());
}
""",
        runs("0.05 s3\n", 0),
    ),
    "private_method_called_outside_mod": (
        """\
mod model {
    pub struct S { pub lr: f32, steps: u32 }
    impl S { pub fn new() -> S { S { lr: 0.1, steps: 0 } } fn bump(&mut self) { self.steps += 1; } }
}
fn main() {
    let mut s = model::S::new();
    s.bump();
    println!("{}", s.lr);
}
""",
        rejects("E0624"),
    ),
    "private_tuple_field_outside_mod": (
        """\
mod model {
    pub struct W(pub f32, f32);
    pub fn make() -> W { W(1.0, 2.0) }
}
fn main() {
    let w = model::make();
    println!("{}", w.1);
}
""",
        rejects("E0616"),
    ),
    "refutable_for_pattern": (
        """\
fn main() {
    let pairs = vec![(1, Some(2.0)), (2, None)];
    for (i, Some(x)) in pairs {
        println!("{} {}", i, x);
    }
}
""",
        rejects("E0005"),
    ),
    "refutable_let_literal": (
        """\
fn main() {
    let t = (1, 2.0);
    let (1, x) = t;
    println!("{}", x);
}
""",
        rejects("E0005"),
    ),
    "refutable_let_some": (
        """\
fn main() {
    let opt: Option<f32> = Some(1.0);
    let Some(v) = opt;
    println!("{}", v);
}
""",
        rejects("E0005"),
    ),
    "refutable_let_variant": (
        """\
#[derive(Debug)]
enum Act { Relu(f32), Tanh }
fn main() {
    let a = Act::Relu(0.5);
    let Act::Relu(k) = a;
    println!("{}", k);
}
""",
        rejects("E0005"),
    ),
    "result_one_type_argument": (
        """\
fn half(x: f32) -> Result<f32> { Ok(x / 2.0) }
fn main() {
    println!("{:?}", half(1.0));
}
""",
        rejects("E0107"),
    ),
    "std_types_their_arguments": (
        """\
use std::fmt;
struct W;
impl fmt::Display for W {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "w") }
}
fn half(x: f32) -> Result<f32, String> { Ok(x / 2.0) }
fn main() {
    let r: std::result::Result<u8, String> = Ok(1);
    println!("{} {:?} {:?}", W, half(1.0), r);
}
""",
        runs("w Ok(0.5) Ok(1)\n", 0),
    ),
    "std_use_misspelled_cmp_item": (
        """\
use std::cmp::Ordring;
fn main() {
    println!("{:?}", 1.cmp(&2));
}
""",
        rejects("E0432"),
    ),
    "std_use_misspelled_fmt_trait": (
        """\
use std::fmt::Dispaly;
fn main() { println!("hi"); }
""",
        rejects("E0432"),
    ),
    "std_use_misspelled_module": (
        """\
use std::colections::HashMap;
fn main() { println!("hi"); }
""",
        rejects("E0432"),
    ),
    "std_use_misspelled_type": (
        """\
use std::collections::HashMapp;
fn main() {
    println!("hi");
}
""",
        rejects("E0432"),
    ),
    "std_use_misspelled_type_used": (
        """\
use std::collections::HashMapp;
fn main() { let m: HashMapp<i32, i32> = HashMapp::new(); println!("{}", m.len()); }
""",
        rejects("E0432"),
    ),
    "std_uses_fmt_cmp_resolved": (
        """\
use std::cmp::{max, Ordering, Reverse};
use std::fmt::{self, Debug, Display, Formatter};
struct W(f32);
impl Display for W {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result { write!(f, "{:.1}", self.0) }
}
fn main() {
    let o = 1.cmp(&2);
    let v = vec![Reverse(1), Reverse(3)];
    println!("{} {:?} {} {}", W(1.25), o == Ordering::Less, max(3, 4), v[0] > v[1]);
}
""",
        runs("1.2 true 4 true\n", 0),
    ),
    "std_uses_resolved": (
        """\
use std::collections::{BTreeMap, HashMap, HashSet, VecDeque};
use std::fmt::{self, Display};
use std::io::{self, Write};
use std::{cmp::Ordering, f32::consts::PI};
use std::println;
fn main() {
    let mut m: HashMap<i32, i32> = HashMap::new();
    let b: BTreeMap<i32, i32> = BTreeMap::new();
    let s: HashSet<i32> = HashSet::new();
    let q: VecDeque<i32> = VecDeque::new();
    let less = 1.cmp(&2) == Ordering::Less;
    println!("{} {} {} {} {:?} {}", m.len(), b.len(), s.len(), q.len(), less, PI);
    struct W;
    impl Display for W { fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result { write!(f, "w") } }
    println!("{}", W);
}
""",
        runs("0 0 0 0 true 3.1415927\nw\n", 0),
    ),
    "string_plus_borrowed": (
        """\
fn main() {
    let a = String::from("a");
    let b = String::from("b");
    let c = a + &b + "!";
    let d = c.clone() + &String::from("?");
    println!("{} {}", c, d);
}
""",
        runs("ab! ab!?\n", 0),
    ),
    "string_plus_string": (
        """\
fn main() {
    let a = String::from("a");
    let b = String::from("b");
    let c = a + b;
    println!("{}", c);
}
""",
        rejects("E0308"),
    ),
    "tuple_let_mut_and_shared_fields": (
        """\
struct S { total: f32, items: Vec<f32> }
fn main() {
    let mut s = S { total: 6.0, items: vec![1.0, 2.0, 3.0] };
    let (a, b) = (&mut s.total, &s.items);
    *a /= b.len() as f32;
    println!("{}", s.total);
}
""",
        runs("2\n", 0),
    ),
    "tuple_let_mut_and_shared_one_field": (
        """\
struct S { total: f32 }
fn main() {
    let mut s = S { total: 6.0 };
    let (a, b) = (&mut s.total, &s.total);
    *a += 1.0;
    println!("{}", b);
}
""",
        rejects("E0502"),
    ),
    "tuple_let_mut_field_in_loop": (
        """\
struct Run { losses: Vec<f32>, best: f32 }
fn main() {
    let mut r = Run { losses: vec![0.5, 0.25], best: 1.0 };
    let (best, losses) = (&mut r.best, &r.losses);
    for l in losses { if *l < *best { *best = *l; } }
    let (mut a, b) = (&mut r.losses, 3.0);
    a.push(b);
    println!("{} {:?}", r.best, r.losses);
}
""",
        runs("0.25 [0.5, 0.25, 3.0]\n", 0),
    ),
    "tuple_let_mut_shadowing": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let n = 5;
    let (w, n) = (&mut v, n + 1);
    w.push(n);
    let (c, d) = (&mut v[0], 2);
    *c *= d;
    println!("{:?} {}", v, n);
}
""",
        runs("[2, 2, 6] 6\n", 0),
    ),
    "tuple_let_mut_then_read": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let (w, k) = (&mut v, 3);
    println!("{:?}", v);
    w.push(k);
}
""",
        rejects("E0502"),
    ),
    "tuple_let_two_mut_fields": (
        """\
struct S { total: f32, items: Vec<f32> }
fn main() {
    let mut s = S { total: 6.0, items: vec![1.0, 2.0, 3.0] };
    let a = &mut s.total;
    *a /= 3.0;
    let (x, y) = (&mut s.total, &mut s.items);
    *x += 1.0;
    y.push(4.0);
    println!("{} {:?}", s.total, s.items);
}
""",
        runs("3 [1.0, 2.0, 3.0, 4.0]\n", 0),
    ),
    "tuple_let_two_mut_one_var": (
        """\
fn main() {
    let mut x = 1.0f32;
    let (a, b) = (&mut x, &mut x);
    *a += 1.0;
    *b += 1.0;
    println!("{}", x);
}
""",
        rejects("E0499"),
    ),
    "turbofish_impl_trait_uncounted": (
        """\
fn total(xs: impl Iterator<Item = f32>) -> f32 { xs.sum() }
fn main() {
    let v = vec![1.0f32, 2.0];
    println!("{}", total::<std::vec::IntoIter<f32>>(v.into_iter()));
}
""",
        rejects("E0107"),
    ),
    "turbofish_lifetime_left_out": (
        """\
fn scale<T: std::ops::Mul<Output = T> + Copy>(x: T, k: T) -> T { x * k }
fn first<'a, T: Copy>(xs: &'a [T]) -> T { xs[0] }
fn main() {
    let y = scale::<f32>(2.0, 3.0);
    let z = first::<i32>(&[1, 2, 3]);
    println!("{} {}", y, z);
}
""",
        runs("6 1\n", 0),
    ),
    "turbofish_of_plain_fn": (
        """\
fn half(x: f32) -> f32 { x / 2.0 }
fn main() {
    println!("{}", half::<f32>(3.0));
}
""",
        rejects("E0107"),
    ),
    "turbofish_too_few": (
        """\
fn pair<A: Copy, B: Copy>(a: A, b: B) -> (A, B) { (a, b) }
fn main() {
    let p = pair::<f32>(1.0, 2);
    println!("{:?}", p);
}
""",
        rejects("E0107"),
    ),
    "turbofish_too_many": (
        """\
fn scale<T: std::ops::Mul<Output = T> + Copy>(x: T, k: T) -> T { x * k }
fn main() {
    let y = scale::<f32, f32>(2.0, 3.0);
    println!("{}", y);
}
""",
        rejects("E0107"),
    ),
    "two_closures_change_one_count": (
        """\
fn main() {
    let mut count = 0;
    let mut inc = || count += 1;
    let mut dec = || count -= 1;
    inc();
    dec();
    println!("{}", count);
}
""",
        rejects("E0499"),
    ),
    "two_closures_push_one_vec": (
        """\
fn main() {
    let mut log: Vec<f32> = Vec::new();
    let mut add = |x: f32| log.push(x);
    let mut add2 = |x: f32| log.push(x * 2.0);
    add(1.0);
    add2(2.0);
    println!("{:?}", log);
}
""",
        rejects("E0499"),
    ),
    "use_of_private_type_alias_in_mod": (
        """\
mod m {
    type Score = f32;
}
use m::Score;
fn best(xs: &[Score]) -> Score { xs.iter().cloned().fold(0.0, f32::max) }
fn main() {
    println!("{}", best(&[1.0, 2.5]));
}
""",
        rejects("E0603"),
    ),
    "use_of_pub_type_alias_in_mod": (
        """\
mod m {
    pub type Score = f32;
}
use m::Score;
fn best(xs: &[Score]) -> Score { xs.iter().cloned().fold(0.0, f32::max) }
fn main() {
    println!("{}", best(&[1.0, 2.5]));
}
""",
        runs("2.5\n", 0),
    ),
    "vec_new_never_typed": (
        """\
fn main() {
    let v = Vec::new();
    println!("{}", v.len());
}
""",
        rejects("E0282"),
    ),
    "vec_three_type_arguments": (
        """\
fn main() {
    let v: Vec<f32, f32, f32> = Vec::new();
    println!("{}", v.len());
}
""",
        rejects("E0107"),
    ),
    "views_used_in_their_block": (
        """\
fn main() {
    let r: &str;
    let t: &[f32];
    let name = String::from(" w ");
    let trimmed: &str;
    {
        let s = String::from("abc");
        let v = vec![1.0f32];
        println!("{} {:?}", s.as_str(), v.as_slice());
        t = &[2.0];
        r = "lit";
    }
    trimmed = name.trim();
    println!("{} {:?} {}", r, t, trimmed);
}
""",
        runs("abc [1.0]\nlit [2.0] w\n", 0),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
