"""Moves rustc rejects that pbpit ran (issue 26, session 24's fixer E), each class as rustc defines
it, with look-alikes rustc accepts: a value a method, a block or a closure's call gives moved,
then used (`heap.into_sorted_vec()`, `v.split_off(1)`, `s.to_uppercase()`, a trait method of
`dyn T` or `T: Trait` written to return a value, `{ let k = f.clone(); if c { k } else { .. }
}`, `make()` of `let make = || base.clone();`; E0382); a tuple's or struct's field moved again
(`pair.0` in a loop: E0382 "use of moved value: `pair.0`"); a field moved out through a
reference (`let r = &h; let n = r.name;`, `match self.total { Some(t) => .. }` of `&self`/`&mut
self`, `if let Some(n) = r.name`: E0507); a variable a reading closure borrows moved before or
in the arguments of its last call (`f((t * w).sum())`: E0505); `let r = &mut h;` then `r.name`
taken (E0507); a closure moving a capture by an operator (`h = h + x`, a tensor's or a struct's
`Add`) called twice (E0382). Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks
them again where rustc is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "o5_d1_into_sorted_vec": (
        """\
use std::collections::BinaryHeap;

fn main() {
    let mut heap = BinaryHeap::new();
    heap.push(3);
    heap.push(1);
    let rest = heap.into_sorted_vec();
    let _moved = rest;
    println!("{:?}", rest);
}
""",
        rejects("E0382"),
    ),
    "o5_d4_block_if_value": (
        """\
fn main() {
    let feats = vec![String::from("a"), String::from("b")];
    for step in 0..2 {
        for f in feats.iter() {
            let t = {
                let kept = f.clone();
                if step == 0 { kept } else { String::from("x") }
            };
            let _moved = t;
            println!("{}", t);
        }
    }
}
""",
        rejects("E0382"),
    ),
    "o5_r1_field_behind_ref": (
        """\
struct Holder {
    name: String,
}

fn main() {
    let h = Holder { name: "x".to_string() };
    let r = &h;
    let n = r.name;
    println!("{}", n);
}
""",
        rejects("E0507"),
    ),
    "a01": (
        """\
fn main() {
    let mut v = vec![1, 2, 3, 4];
    let tail = v.split_off(2);
    let kept = tail;
    println!("{:?} {:?}", v, tail);
}
""",
        rejects("E0382"),
    ),
    "a02": (
        """\
fn main() {
    let s = String::from("abc");
    let up = s.to_uppercase();
    let other = up;
    println!("{} {}", other, up.len());
}
""",
        rejects("E0382"),
    ),
    "a04": (
        """\
fn main() {
    let words = vec!["a", "b"];
    let joined = { let base = words.join("-"); if words.len() > 1 { base } else { String::new() } };
    let moved = joined;
    println!("{} {}", moved, joined);
}
""",
        rejects("E0382"),
    ),
    "a05": (
        """\
fn main() {
    let n = 3;
    let label = { let t = format!("n={}", n); match n { 3 => t, _ => String::from("other") } };
    let again = label;
    println!("{}", label);
    println!("{}", again);
}
""",
        rejects("E0382"),
    ),
    "a06": (
        """\
trait Namer { fn name(&self) -> String; }
struct A;
impl Namer for A { fn name(&self) -> String { String::from("a") } }
fn main() {
    let b: Box<dyn Namer> = Box::new(A);
    let n = b.name();
    let m = n;
    println!("{} {}", m, n);
}
""",
        rejects("E0382"),
    ),
    "a07": (
        """\
trait Maker { fn make(&self, k: usize) -> Vec<f32>; }
struct Z;
impl Maker for Z { fn make(&self, k: usize) -> Vec<f32> { vec![0.0; k] } }
fn consume(v: Vec<f32>) -> usize { v.len() }
fn run<M: Maker>(m: &M) {
    let v = m.make(2);
    println!("{}", consume(v));
    println!("{}", v.len());
}
fn main() { run(&Z); }
""",
        rejects("E0382"),
    ),
    "a08": (
        """\
fn main() {
    let pair = (String::from("x"), vec![1, 2]);
    let mut i = 0;
    while i < 2 {
        let s = pair.0;
        println!("{}", s);
        i += 1;
    }
}
""",
        rejects("E0382"),
    ),
    "a09": (
        """\
fn main() {
    let pair = (String::from("x"), 5);
    let s = pair.0;
    println!("{} {}", s, pair.1);
    println!("{}", pair.0);
}
""",
        rejects("E0382"),
    ),
    "a10": (
        """\
struct Cfg { name: String, lr: f32 }
fn main() {
    let c = Cfg { name: String::from("run"), lr: 0.1 };
    let n = c.name;
    println!("{} {}", n, c.lr);
    println!("{}", c.name);
}
""",
        rejects("E0382"),
    ),
    "a11": (
        """\
fn main() {
    let s = String::from("hello world");
    let r = s.replace("o", "0");
    let t = r;
    println!("{}", t);
}
""",
        runs('hell0 w0rld\n'),
    ),
    "a12": (
        """\
fn main() {
    let s = String::from("ab");
    let r = s.repeat(2);
    let t = r.clone();
    println!("{} {}", r, t);
}
""",
        runs('abab abab\n'),
    ),
    "a13": (
        """\
trait Namer { fn name(&self) -> String; }
struct A;
impl Namer for A { fn name(&self) -> String { String::from("a") } }
fn main() {
    let items: Vec<Box<dyn Namer>> = vec![Box::new(A), Box::new(A)];
    for it in items.iter() {
        let n = it.name();
        let m = n;
        println!("{}", m);
    }
}
""",
        runs('a\na\n'),
    ),
    "a14": (
        """\
trait Namer { fn name(&self) -> &str; }
struct A { n: String }
impl Namer for A { fn name(&self) -> &str { &self.n } }
fn main() {
    let b: Box<dyn Namer> = Box::new(A { n: String::from("q") });
    let n = b.name();
    let m = n;
    println!("{} {}", m, n);
}
""",
        runs('q q\n'),
    ),
    "a15": (
        """\
fn main() {
    let v = vec![3, 1, 2];
    let sorted = { let mut w = v.clone(); w.sort(); w };
    let moved = sorted;
    println!("{:?} {:?}", moved, sorted);
}
""",
        rejects("E0382"),
    ),
    "a16": (
        """\
fn main() {
    let x = 5;
    let t = { let a = x * 2; if a > 3 { a } else { 0 } };
    let u = t;
    println!("{} {}", t, u);
}
""",
        runs('10 10\n'),
    ),
    "a17": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("b")];
    let first = { let r = &names[0]; if names.len() > 1 { r } else { &names[1] } };
    let other = first;
    println!("{} {}", first, other);
}
""",
        runs('a a\n'),
    ),
    "a18": (
        """\
fn main() {
    let mut v = vec![String::from("a"), String::from("b"), String::from("c")];
    let rest = v.split_off(1);
    for s in rest { println!("{}", s); }
    println!("{}", rest.len());
}
""",
        rejects("E0382"),
    ),
    "a19": (
        """\
fn main() {
    let t = (vec![1.0f32], 2);
    for _ in 0..2 {
        let (a, b) = (t.0.clone(), t.1);
        println!("{:?} {}", a, b);
    }
    let moved = t.0;
    println!("{:?}", moved);
}
""",
        runs('[1.0] 2\n[1.0] 2\n[1.0]\n'),
    ),
    "a20": (
        """\
trait Scorer { fn scores(&mut self) -> Vec<i32>; }
struct S { n: i32 }
impl Scorer for S { fn scores(&mut self) -> Vec<i32> { self.n += 1; vec![self.n] } }
fn main() {
    let mut s: Box<dyn Scorer> = Box::new(S { n: 0 });
    let a = s.scores();
    let b = a;
    let c = s.scores();
    println!("{:?} {:?} {:?}", a, b, c);
}
""",
        rejects("E0382"),
    ),
    "a21": (
        """\
fn main() {
    let s = "Hello";
    let low = s.to_ascii_lowercase();
    let k = low;
    println!("{} {}", k, low);
}
""",
        rejects("E0382"),
    ),
    "a22": (
        """\
fn main() {
    let pair = (String::from("x"), String::from("y"));
    let a = pair.0;
    let b = pair.1;
    println!("{} {}", a, b);
}
""",
        runs('x y\n'),
    ),
    "b01": (
        """\
struct H { name: String }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    let n = &r.name;
    println!("{}", n);
}
""",
        runs('x\n'),
    ),
    "b02": (
        """\
struct H { tags: Vec<u8>, id: u32 }
fn main() {
    let h = H { tags: vec![1], id: 3 };
    let r = &h;
    let id = r.id;
    let t = r.tags;
    println!("{} {:?}", id, t);
}
""",
        rejects("E0507"),
    ),
    "b03": (
        """\
struct H { name: String }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    let n = r.name.clone();
    println!("{} {}", n, h.name);
}
""",
        runs('x x\n'),
    ),
    "b04": (
        """\
struct H { name: String }
fn pick(items: &Vec<H>) -> String {
    let first = &items[0];
    first.name
}
fn main() {
    let v = vec![H { name: "a".to_string() }];
    println!("{}", pick(&v));
}
""",
        rejects("E0507"),
    ),
    "b05": (
        """\
struct H { name: String }
fn main() {
    let hs = vec![H { name: "a".to_string() }, H { name: "b".to_string() }];
    for h in hs.iter() {
        let n = h.name;
        println!("{}", n);
    }
}
""",
        rejects("E0507"),
    ),
    "b06": (
        """\
#[derive(Debug)]
struct Inner { v: Vec<i32> }
struct Outer { inner: Inner }
fn main() {
    let o = Outer { inner: Inner { v: vec![1] } };
    let r = &o;
    let i = r.inner;
    println!("{:?}", i);
}
""",
        rejects("E0507"),
    ),
    "b07": (
        """\
struct H { name: String }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    let n = r.name.len();
    println!("{}", n);
}
""",
        runs('1\n'),
    ),
    "b08": (
        """\
struct P { x: f32, y: f32 }
fn main() {
    let p = P { x: 1.0, y: 2.0 };
    let r = &p;
    let x = r.x;
    println!("{} {}", x, r.y);
}
""",
        runs('1 2\n'),
    ),
    "b09": (
        """\
struct H { name: String }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    let s: String = r.name;
    println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "b10": (
        """\
struct H { name: String }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    println!("{}", r.name);
    let moved = h.name;
    println!("{}", moved);
}
""",
        runs('x\nx\n'),
    ),
    "b11": (
        """\
struct H { name: String }
fn consume(s: String) -> usize { s.len() }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    println!("{}", consume(r.name));
}
""",
        rejects("E0507"),
    ),
    "b12": (
        """\
struct H { name: Option<String> }
fn main() {
    let h = H { name: Some("x".to_string()) };
    let r = &h;
    let n = r.name;
    println!("{:?}", n);
}
""",
        rejects("E0507"),
    ),
    "b13": (
        """\
struct H { name: String }
fn main() {
    let hs = vec![H { name: "a".to_string() }];
    let best = hs.iter().max_by_key(|h| h.name.len()).unwrap();
    let n = best.name;
    println!("{}", n);
}
""",
        rejects("E0507"),
    ),
    "b14": (
        """\
struct H { vals: Vec<f64> }
impl H {
    fn take(&self) -> Vec<f64> { self.vals }
}
fn main() {
    let h = H { vals: vec![1.0] };
    println!("{:?}", h.take());
}
""",
        rejects("E0507"),
    ),
    "b15": (
        """\
struct H { name: String, n: usize }
fn main() {
    let h = H { name: "x".to_string(), n: 1 };
    let r = &h;
    let H { name, n } = r;
    println!("{} {}", name, n);
}
""",
        runs('x 1\n'),
    ),
    "b16": (
        """\
struct H { name: String }
fn main() {
    let h = H { name: "x".to_string() };
    let r = &h;
    let n = match r.name.len() { 1 => r.name.clone(), _ => String::new() };
    println!("{}", n);
}
""",
        runs('x\n'),
    ),
    "g01": (
        """\
struct H { name: Option<String> }
fn main() {
    let h = H { name: Some("x".to_string()) };
    let r = &h;
    if let Some(n) = r.name { println!("{}", n); }
}
""",
        rejects("E0507"),
    ),
    "g02": (
        """\
struct H { name: Option<String> }
impl H {
    fn get(&self) -> String {
        match self.name { Some(n) => n, None => String::new() }
    }
}
fn main() {
    let h = H { name: Some("x".to_string()) };
    println!("{}", h.get());
}
""",
        rejects("E0507"),
    ),
    "g03": (
        """\
enum E { A(String), B }
struct H { e: E }
fn f(h: &H) -> usize {
    match h.e { E::A(s) => s.len(), E::B => 0 }
}
fn main() { println!("{}", f(&H { e: E::A("ab".into()) })); }
""",
        rejects("E0507"),
    ),
    "g04": (
        """\
struct H { name: Option<String> }
fn main() {
    let h = H { name: Some("x".to_string()) };
    let r = &h;
    if let Some(n) = &r.name { println!("{}", n); }
    if let Some(ref n) = r.name { println!("{}", n); }
    match r.name { Some(_) => println!("some"), None => println!("none") }
}
""",
        runs('x\nx\nsome\n'),
    ),
    "g05": (
        """\
struct H { n: Option<u32> }
impl H {
    fn get(&self) -> u32 { match self.n { Some(n) => n, None => 0 } }
}
fn main() { println!("{}", H { n: Some(3) }.get()); }
""",
        runs('3\n'),
    ),
    "g06": (
        """\
struct H { best: Option<(String, f32)> }
impl H {
    fn show(&self) -> f32 {
        if let Some((_, s)) = self.best { s } else { 0.0 }
    }
}
fn main() { println!("{}", H { best: Some(("a".into(), 1.5)) }.show()); }
""",
        runs('1.5\n'),
    ),
    "g07": (
        """\
struct H { best: Option<(String, f32)> }
impl H {
    fn show(&self) -> usize {
        match self.best { Some((name, _)) => name.len(), None => 0 }
    }
}
fn main() { println!("{}", H { best: Some(("a".into(), 1.5)) }.show()); }
""",
        rejects("E0507"),
    ),
    "g08": (
        """\
struct Acc { total: Option<Vec<f32>> }
impl Acc {
    fn flush(&mut self) -> usize {
        let t = match self.total.take() { Some(t) => t, None => return 0 };
        t.len()
    }
}
fn main() { let mut a = Acc { total: Some(vec![1.0]) }; println!("{}", a.flush()); }
""",
        runs('1\n'),
    ),
    "g09": (
        """\
struct Acc { total: Option<Vec<f32>> }
impl Acc {
    fn flush(&mut self) -> usize {
        let t = match self.total { Some(t) => t, None => return 0 };
        t.len()
    }
}
fn main() { let mut a = Acc { total: Some(vec![1.0]) }; println!("{}", a.flush()); }
""",
        rejects("E0507"),
    ),
    "g10": (
        """\
#[derive(Debug)]
enum Tok { Word(String), Num(i64) }
fn describe(t: &Tok) -> String {
    match t { Tok::Word(w) => w.clone(), Tok::Num(n) => n.to_string() }
}
fn main() { println!("{}", describe(&Tok::Word("hi".into()))); println!("{:?}", Tok::Num(2)); }
""",
        runs('hi\nNum(2)\n'),
    ),
    "g11": (
        """\
enum Tok { Word(String), Num(i64) }
struct Line { first: Tok }
fn describe(l: &Line) -> String {
    match l.first { Tok::Word(w) => w, Tok::Num(n) => n.to_string() }
}
fn main() { println!("{}", describe(&Line { first: Tok::Num(4) })); }
""",
        rejects("E0507"),
    ),
    "g12": (
        """\
enum Tok { Word(String), Num(i64) }
struct Line { first: Tok }
fn describe(l: &Line) -> i64 {
    match l.first { Tok::Word(_) => 0, Tok::Num(n) => n }
}
fn main() { println!("{}", describe(&Line { first: Tok::Num(4) })); }
""",
        runs('4\n'),
    ),
    "g13": (
        """\
struct H { name: Option<String> }
fn main() {
    let hs = vec![H { name: Some("x".into()) }];
    for h in hs.iter() {
        if let Some(n) = h.name { println!("{}", n); }
    }
}
""",
        rejects("E0507"),
    ),
    "g14": (
        """\
struct H { name: Option<String> }
fn main() {
    let h = H { name: Some("x".into()) };
    if let Some(n) = h.name { println!("{}", n); }
}
""",
        runs('x\n'),
    ),
    "h01": (
        """\
fn main() {
    let w = String::from("w");
    let f = |n: usize| w.len() + n;
    let moved = w;
    println!("{} {}", f(1), moved);
}
""",
        rejects("E0505"),
    ),
    "h02": (
        """\
fn take(s: String) -> usize { s.len() }
fn main() {
    let w = String::from("w");
    let f = |n: usize| w.len() + n;
    println!("{}", f(take(w)));
}
""",
        rejects("E0505"),
    ),
    "h03": (
        """\
fn take(s: String) -> usize { s.len() }
fn main() {
    let w = String::from("w");
    let f = |n: usize| w.len() + n;
    let k = take(w);
    println!("{}", f(k));
}
""",
        rejects("E0505"),
    ),
    "h04": (
        """\
fn take(s: String) -> usize { s.len() }
fn main() {
    let w = String::from("w");
    let f = |n: usize| w.len() + n;
    println!("{}", f(1));
    println!("{}", take(w));
}
""",
        runs('2\n1\n'),
    ),
    "j01": (
        """\
fn main() {
    let base = String::from("b");
    let make = || base.clone();
    let a = make();
    let b = a;
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "j02": (
        """\
fn main() {
    let make = |n: usize| vec![0u8; n];
    let a = make(2);
    let b = a;
    println!("{:?}", a);
    println!("{:?}", b);
}
""",
        rejects("E0382"),
    ),
    "j03": (
        """\
fn main() {
    let names = vec![String::from("a")];
    let first = || &names[0];
    let a = first();
    let b = a;
    println!("{} {}", a, b);
}
""",
        runs('a a\n'),
    ),
    "j04": (
        """\
fn main() {
    let make = |n: i32| { let s = format!("{}", n); if n > 0 { s } else { String::new() } };
    for i in 0..2 {
        let a = make(i);
        let b = a;
        println!("{} {}", b, a.len());
    }
}
""",
        rejects("E0382"),
    ),
    "j05": (
        """\
fn main() {
    let make = |n: i32| n * 2;
    let a = make(3);
    let b = a;
    println!("{} {}", a, b);
}
""",
        runs('6 6\n'),
    ),
    "j06": (
        """\
fn main() {
    let words = vec!["x", "y"];
    let pick = |i: usize| words[i];
    let a = pick(1);
    let b = a;
    println!("{} {}", a, b);
}
""",
        runs('y y\n'),
    ),
    "l01": (
        """\
struct H { name: String }
fn main() {
    let mut h = H { name: "x".to_string() };
    let r = &mut h;
    let n = r.name;
    println!("{}", n);
}
""",
        rejects("E0507"),
    ),
    "l02": (
        """\
struct H { best: Option<String> }
impl H {
    fn best(&self) -> String { self.best.unwrap() }
}
fn main() { println!("{}", H { best: Some("a".into()) }.best()); }
""",
        rejects("E0507"),
    ),
    "l03": (
        """\
struct H { best: Option<String> }
impl H {
    fn best(&self) -> String { self.best.clone().unwrap() }
}
fn main() { println!("{}", H { best: Some("a".into()) }.best()); }
""",
        runs('a\n'),
    ),
    "l04": (
        """\
struct H { v: Vec<i32> }
fn total(h: &H) -> i32 { h.v.into_iter().sum() }
fn main() { println!("{}", total(&H { v: vec![1, 2] })); }
""",
        rejects("E0507"),
    ),
    "l05": (
        """\
struct H { v: Vec<i32> }
fn total(h: &H) -> i32 { h.v.iter().sum() }
fn main() { println!("{}", total(&H { v: vec![1, 2] })); }
""",
        runs('3\n'),
    ),
    "l06": (
        """\
struct H { best: Option<String> }
fn main() {
    let h = H { best: Some("a".into()) };
    let r = &h;
    let b = r.best.unwrap_or(String::new());
    println!("{}", b);
}
""",
        rejects("E0507"),
    ),
    "l07": (
        """\
struct H { n: Option<u32> }
impl H { fn n(&self) -> u32 { self.n.unwrap_or(0) } }
fn main() { println!("{}", H { n: Some(2) }.n()); }
""",
        runs('2\n'),
    ),
    "l08": (
        """\
struct H { name: String }
impl H { fn take(&mut self) -> String { self.name } }
fn main() { let mut h = H { name: "a".into() }; println!("{}", h.take()); }
""",
        rejects("E0507"),
    ),
    "l09": (
        """\
struct H { name: String, n: u32 }
fn main() {
    let mut h = H { name: "x".to_string(), n: 1 };
    let r = &mut h;
    r.n += 1;
    r.name.push('y');
    let k = r.n;
    let s = r.name.clone();
    println!("{} {} {}", k, s, h.name);
}
""",
        runs('2 xy xy\n'),
    ),
    "l10": (
        """\
fn main() {
    let mut v = vec![String::from("a")];
    let r = &mut v;
    let s = r[0];
    println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "m01": (
        """\
fn main() {
    let o: Option<String> = None;
    let x = o.unwrap_or_default();
    let y = x;
    println!("{} {}", x, y);
}
""",
        rejects("E0382"),
    ),
    "m02": (
        """\
fn main() {
    let mut v = vec![String::from("a"), String::from("b")];
    let s = v.remove(0);
    let t = s;
    println!("{} {}", s, t);
}
""",
        rejects("E0382"),
    ),
    "m03": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, String> = HashMap::new();
    m.insert("k".into(), "v".into());
    let s = m.remove("k").unwrap();
    let t = s;
    println!("{} {}", s, t);
}
""",
        rejects("E0382"),
    ),
    "m04": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let mut it = v.into_iter();
    let s = it.next().unwrap();
    let t = s;
    println!("{} {}", s, t);
}
""",
        rejects("E0382"),
    ),
    "m05": (
        """\
fn main() {
    let mut s = String::from("a");
    let p = std::mem::take(&mut s);
    let q = p;
    println!("{} {} {}", s, p, q);
}
""",
        rejects("E0382"),
    ),
    "m06": (
        """\
fn main() {
    let s = String::from("abc");
    let r: String = s.chars().rev().collect();
    let q = r;
    println!("{} {}", r, q);
}
""",
        rejects("E0382"),
    ),
    "m07": (
        """\
fn main() {
    let o = Some(String::from("a"));
    let x = if let Some(y) = o { y } else { String::new() };
    let z = x;
    println!("{} {}", x, z);
}
""",
        rejects("E0382"),
    ),
    "m08": (
        """\
fn main() {
    let o = Some(String::from("a")).map(|s| s + "x");
    let p = o;
    println!("{:?} {:?}", o, p);
}
""",
        rejects("E0382"),
    ),
    "m09": (
        """\
struct Stack { items: Vec<String> }
impl Stack {
    fn pop(&mut self) -> Option<String> { self.items.pop() }
}
fn main() {
    let mut s = Stack { items: vec![String::from("a")] };
    let top = s.pop();
    let again = top;
    println!("{:?} {:?}", top, again);
}
""",
        rejects("E0382"),
    ),
    "m10": (
        """\
fn make(n: usize) -> Vec<u8> { vec![0; n] }
fn main() {
    let v = make(2);
    let w = v;
    for x in v.iter() { println!("{}", x); }
    println!("{:?}", w);
}
""",
        rejects("E0382"),
    ),
    "m11": (
        """\
fn main() {
    let v = vec![3, 1, 2];
    let mut sorted = v.clone();
    sorted.sort();
    let top: Vec<i32> = sorted.iter().rev().take(2).cloned().collect();
    let t2 = top;
    println!("{:?} {:?}", top, t2);
}
""",
        rejects("E0382"),
    ),
    "m12": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<Vec<f32>> = VecDeque::new();
    q.push_back(vec![1.0]);
    let front = q.pop_front().unwrap();
    let f2 = front;
    println!("{:?} {:?}", front, f2);
}
""",
        rejects("E0382"),
    ),
    "o01": (
        """\
fn main() {
    let mut s = String::from("a");
    let mut grow = || { s = s + "b"; s.len() };
    for _ in 0..2 { println!("{}", grow()); }
}
""",
        rejects("E0382"),
    ),
    "o02": (
        """\
fn main() {
    let mut s = String::from("a");
    let mut grow = || { s.push('b'); s.len() };
    for _ in 0..2 { println!("{}", grow()); }
}
""",
        runs('2\n3\n'),
    ),
    "o03": (
        """\
#[derive(Debug, Clone)]
struct V(f32);
impl std::ops::Add for V { type Output = V; fn add(self, o: V) -> V { V(self.0 + o.0) } }
fn main() {
    let mut acc = V(0.0);
    let mut step = |x: V| { acc = acc + x; acc.0 };
    println!("{}", step(V(1.0)));
    println!("{}", step(V(2.0)));
}
""",
        rejects("E0382"),
    ),
    "o04": (
        """\
#[derive(Debug, Clone)]
struct V(f32);
impl std::ops::Add for V { type Output = V; fn add(self, o: V) -> V { V(self.0 + o.0) } }
fn main() {
    let mut acc = V(0.0);
    let mut step = |x: V| { acc = acc.clone() + x; acc.0 };
    println!("{}", step(V(1.0)));
    println!("{}", step(V(2.0)));
}
""",
        runs('1\n3\n'),
    ),
    "o05": (
        """\
fn main() {
    let s = String::from("a");
    let once = || s + "b";
    println!("{}", once());
}
""",
        runs('ab\n'),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
