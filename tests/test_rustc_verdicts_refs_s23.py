"""Programs rustc rejects that pbpit ran (issue 26, session 23's fixer E), with look-alikes rustc
accepts: a tuple pattern of another length than its tuple (`let (a, b) = triple;`, a `for`'s or
a closure's `(i, x, y)`, a tuple pattern over a number: E0308, `tuple_arity.py`); an
`Option<&T>` given back as an `Option<T>` (`-> Option<f32> { v.get(i) }`, through an `if`, a
`match`, a `return`, a `let` holding it: E0308, `ref_results.refuse_returned`); a `&x` given to a
bare type parameter (`id(&s)` of `fn id<T>(t: T) -> T` runs; a bound a reference does not meet:
E0277/E0271; `big(&x, y)`: E0308, `generic_refs.py`); a `&x` pattern over values (`for &x in
v.clone().into_iter()`, `(0..3).map(|&x| ..)`: E0308, `ref_values.refuse_ref_params`); a typed
tuple `let` given a reference (`let (i, l): (i32, f32) = best;`: E0308); `Some(&v)` (or an item of
`v.iter()`) assigned to an element of a `Vec`/array/`VecDeque` written to hold values (`slots[i]
= Some(&v)` of `Vec<Option<f32>>`, `m.w[i] = x`, `grid[i][j] = &k`: E0308,
`check_rules._written_type`); `o.as_ref()`, `.map(|b| b)`, `.filter(..)` of an `Option<&T>` keep
the reference (`x.clone() + b` of `b = o.as_ref().map(|b| b).unwrap()`: E0308); the item of
`for (t, x) in v.iter().enumerate()` is a `&T`, a `let x = *x * 2.0;` shadowing it a value
(`half(x)` ran as rustc runs it; pbpit said E0308); a tuple given back whose written type holds
values, of parts certainly references (`(first, last)` of `let [first, .., last] = &v;`,
`(at, &xs[at])`, `(s, s.len())` of `s: &String`, `Some((0, m))` of `m = xs.iter().max()?`:
E0308, mutant 95000:119); `it.next()`, `it.nth(n)` of `let mut it = v.iter();` are
`Option<&T>` (E0308 given back or let-typed as `Option<T>`); `slots.push(Some(&v))` of
`Vec<Option<f32>>` (a `&mut Vec<Option<u32>>` parameter's too) is E0308 (`pushed_part_*`).
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH); the programs were written after the change, formatted by rustfmt."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "held_out_r03": (
        """\
fn main() {
    let pair = (1, 2.0, "x");
    let (a, b) = pair;
    println!("{} {}", a, b);
}
""",
        rejects("E0308"),
    ),
    "held_out_r04": (
        """\
fn get(v: &Vec<f32>, i: usize) -> Option<f32> {
    v.get(i)
}
fn main() {
    println!("{:?}", get(&vec![1.0], 0));
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t01": (
        """\
fn main() {
    let t = (1, 2);
    let (a, b, c) = t;
    println!("{} {} {}", a, b, c);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t02": (
        """\
fn main() {
    let v = vec![(1, 2.0, 'a'), (2, 3.0, 'b')];
    for (i, x) in v.iter() {
        println!("{} {}", i, x);
    }
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t03": (
        """\
fn main() {
    let v = vec![(1, 2.0), (2, 3.0)];
    for (i, x, y) in v {
        println!("{} {} {}", i, x, y);
    }
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t04": (
        """\
fn main() {
    let v = vec![(1, 2.0, 3u8)];
    let s: Vec<i32> = v.iter().map(|(a, b)| *a).collect();
    println!("{:?}", s);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t05": (
        """\
fn stats(v: &[f32]) -> (f32, f32, f32) {
    (v[0], v[1], v[0] + v[1])
}
fn main() {
    let (lo, hi) = stats(&[1.0, 2.0]);
    println!("{} {}", lo, hi);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t06": (
        """\
fn main() {
    let p = ((1, 2), 3);
    let ((a, b, c), d) = p;
    println!("{} {} {} {}", a, b, c, d);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t07": (
        """\
struct S {
    pair: (i32, i32, i32),
}
fn main() {
    let s = S { pair: (1, 2, 3) };
    let (x, y) = s.pair;
    println!("{} {}", x, y);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t08": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    for (i, x, _) in v.iter().enumerate() {
        println!("{} {}", i, x);
    }
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t09": (
        """\
fn main() {
    let v = vec![(1, 2.0, 'a')];
    for (i, x, c) in v.iter() {
        println!("{} {} {}", i, x, c);
    }
}
""",
        runs("1 2 a\n"),
    ),
    "tuple_arity_t10": (
        """\
fn main() {
    let m = vec![("a", 1, true)];
    let total: i32 = m.iter().map(|&(_, n)| n).sum();
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t11": (
        """\
fn main() {
    let ps = [(1, 2), (3, 4)];
    let (a, b) = ps[0];
    let (c, d, e) = ps[1];
    println!("{} {} {} {} {}", a, b, c, d, e);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t12": (
        """\
fn main() {
    let o = Some((1, 2, 3));
    if let Some((a, b)) = o {
        println!("{} {}", a, b);
    }
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t13": (
        """\
fn main() {
    let o = vec![(1, 2, 3)];
    match o[0] {
        (a, b) => println!("{} {}", a, b),
    }
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t14": (
        """\
fn split3() -> (Vec<i32>, Vec<i32>) {
    (vec![1], vec![2])
}
fn main() {
    let (a, b, c) = split3();
    println!("{:?} {:?} {:?}", a, b, c);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t15": (
        """\
fn main() {
    let data = vec![(1.0f32, 2.0f32)];
    let out: Vec<f32> = data.into_iter().map(|(x, y, z)| x + y + z).collect();
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t16": (
        """\
fn main() {
    let mut acc = (0, 0);
    for (a, b) in [(1, 2), (3, 4)] {
        acc = (acc.0 + a, acc.1 + b);
    }
    let (s, t) = acc;
    println!("{} {}", s, t);
}
""",
        runs("4 6\n"),
    ),
    "tuple_arity_t17": (
        """\
fn main() {
    let xs = vec![1, 2];
    let ys = vec![3, 4];
    for (a, (b, c)) in xs.iter().zip(ys.iter()) {
        println!("{} {} {}", a, b, c);
    }
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t18": (
        """\
fn main() {
    let t = (1, (2, 3));
    let (a, (b, c)) = t;
    println!("{} {} {}", a, b, c);
}
""",
        runs("1 2 3\n"),
    ),
    "tuple_arity_t19": (
        """\
fn main() {
    let mut v = vec![(3, 'c', 1.0), (1, 'a', 2.0)];
    v.sort_by(|(a, _), (b, _)| a.cmp(b));
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "tuple_arity_t20": (
        """\
fn main() {
    let pairs: Vec<(i32, i32)> = vec![(1, 2)];
    let (a, b, c): (i32, i32, i32) = pairs[0];
    println!("{} {} {}", a, b, c);
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a01": (
        """\
fn last_loss(h: &[f64]) -> Option<f64> {
    h.last()
}
fn main() {
    println!("{:?}", last_loss(&[1.0, 2.0]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a02": (
        """\
struct Log {
    xs: Vec<f32>,
}
impl Log {
    fn first(&self) -> Option<f32> {
        self.xs.first()
    }
}
fn main() {
    let l = Log { xs: vec![1.5] };
    println!("{:?}", l.first());
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a03": (
        """\
fn best(v: &Vec<i32>) -> Option<i32> {
    if v.is_empty() {
        None
    } else {
        v.iter().max()
    }
}
fn main() {
    println!("{:?}", best(&vec![3, 1]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a04": (
        """\
fn pick(v: &Vec<u32>, i: usize) -> Option<u32> {
    match i {
        0 => None,
        _ => v.get(i),
    }
}
fn main() {
    println!("{:?}", pick(&vec![3, 1], 1));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a05": (
        """\
fn pick(v: &Vec<u32>, i: usize) -> Option<u32> {
    if i > 5 {
        return v.first();
    }
    v.get(i).copied()
}
fn main() {
    println!("{:?}", pick(&vec![3, 1], 1));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a06": (
        """\
fn pick(v: &Vec<u32>, i: usize) -> Option<u32> {
    v.get(i).copied()
}
fn top(v: &[f32]) -> Option<f32> {
    v.iter().cloned().fold(None, |m: Option<f32>, x| match m {
        None => Some(x),
        Some(y) => Some(y.max(x)),
    })
}
fn main() {
    println!("{:?} {:?}", pick(&vec![3, 1], 1), top(&[1.0, 4.0]));
}
""",
        runs("Some(1) Some(4.0)\n"),
    ),
    "option_ref_result_a07": (
        """\
use std::collections::HashMap;
fn lookup(m: &HashMap<String, i64>, k: &str) -> Option<i64> {
    m.get(k)
}
fn main() {
    let mut m = HashMap::new();
    m.insert("a".to_string(), 1);
    println!("{:?}", lookup(&m, "a"));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a08": (
        """\
fn find_big(v: &[i32]) -> Option<i32> {
    v.iter().find(|x| **x > 2)
}
fn main() {
    println!("{:?}", find_big(&[1, 5]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a09": (
        """\
fn find_big(v: &[i32]) -> Option<&i32> {
    v.iter().find(|x| **x > 2)
}
fn main() {
    println!("{:?}", find_big(&[1, 5]));
}
""",
        runs("Some(5)\n"),
    ),
    "option_ref_result_a10": (
        """\
#[derive(Debug, Clone)]
struct P {
    x: i32,
}
fn first(ps: &Vec<P>) -> Option<P> {
    ps.first()
}
fn main() {
    println!("{:?}", first(&vec![P { x: 1 }]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a11": (
        """\
fn largest(v: &Vec<i32>) -> i32 {
    let m = v.iter().max();
    m.unwrap()
}
fn main() {
    println!("{}", largest(&vec![1, 5]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a12": (
        """\
fn largest(v: &Vec<i32>) -> Option<i32> {
    let m = v.iter().max();
    m
}
fn main() {
    println!("{:?}", largest(&vec![1, 5]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a13": (
        """\
fn get(v: &Vec<String>, i: usize) -> Option<String> {
    v.get(i)
}
fn main() {
    println!("{:?}", get(&vec!["a".to_string()], 0));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a14": (
        """\
fn get(v: &Vec<String>, i: usize) -> Option<String> {
    v.get(i).cloned()
}
fn main() {
    println!("{:?}", get(&vec!["a".to_string()], 0));
}
""",
        runs('Some("a")\n'),
    ),
    "option_ref_result_a16": (
        """\
fn lowest(v: &[(i32, f32)]) -> Option<(i32, f32)> {
    v.iter().min_by(|a, b| a.1.total_cmp(&b.1))
}
fn main() {
    println!("{:?}", lowest(&[(1, 2.0), (2, 1.0)]));
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a17": (
        """\
struct Q {
    items: Vec<u8>,
}
impl Q {
    fn peek(&self) -> Option<u8> {
        return self.items.last();
    }
}
fn main() {
    let q = Q { items: vec![7] };
    println!("{:?}", q.peek());
}
""",
        rejects("E0308"),
    ),
    "option_ref_result_a18": (
        """\
fn head(v: &Vec<i32>) -> Option<i32> {
    let r = v.first();
    if r.is_some() {
        r.copied()
    } else {
        None
    }
}
fn main() {
    println!("{:?}", head(&vec![4]));
}
""",
        runs("Some(4)\n"),
    ),
    "generic_or_ref_pattern_g01": (
        """\
fn id<T>(t: T) -> T {
    t
}
fn main() {
    let s = String::from("a");
    let r = id(&s);
    println!("{} {}", r, s);
}
""",
        runs("a a\n"),
    ),
    "generic_or_ref_pattern_g02": (
        """\
fn main() {
    let v = vec![(1, 0.5f32), (2, 0.25)];
    let best = v.iter().min_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
    let (i, l): (i32, f32) = best;
    println!("{} {}", i, l);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g03": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut s = 0;
    for &x in v.clone().into_iter() {
        s += x;
    }
    println!("{}", s);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g04": (
        """\
fn first<T: Clone>(v: &[T]) -> T {
    v[0].clone()
}
fn main() {
    let v = vec![String::from("a")];
    let r = first(&v);
    println!("{}", r);
}
""",
        runs("a\n"),
    ),
    "generic_or_ref_pattern_g05": (
        """\
fn show<T: std::fmt::Debug>(t: T) -> String {
    format!("{:?}", t)
}
fn main() {
    let v = vec![1, 2];
    println!("{} {:?}", show(&v), v);
}
""",
        runs("[1, 2] [1, 2]\n"),
    ),
    "generic_or_ref_pattern_g06": (
        """\
fn pair<T>(a: T, b: T) -> (T, T) {
    (a, b)
}
fn main() {
    let x = 1;
    let y = 2;
    let (p, q) = pair(&x, &y);
    println!("{} {}", p, q);
}
""",
        runs("1 2\n"),
    ),
    "generic_or_ref_pattern_g07": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut s = 0;
    for &x in v.iter() {
        s += x;
    }
    println!("{}", s);
}
""",
        runs("6\n"),
    ),
    "generic_or_ref_pattern_g08": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut s = 0;
    for &x in v.into_iter() {
        s += x;
    }
    println!("{}", s);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g09": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut s = 0;
    for &x in v {
        s += x;
    }
    println!("{}", s);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g10": (
        """\
fn main() {
    let v = vec![(1, 0.5f32)];
    let best = &v[0];
    let (i, l) = best;
    println!("{} {}", i, l);
}
""",
        runs("1 0.5\n"),
    ),
    "generic_or_ref_pattern_g11": (
        """\
fn main() {
    let v = vec![(1, 0.5f32)];
    let best = &v[0];
    let (i, l): (i32, f32) = *best;
    println!("{} {}", i, l);
}
""",
        runs("1 0.5\n"),
    ),
    "generic_or_ref_pattern_g12": (
        """\
fn main() {
    let v = vec![(1, 0.5f32)];
    for p in v.iter() {
        let (i, l): (i32, f32) = p;
        println!("{} {}", i, l);
    }
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g13": (
        """\
fn wrap<T>(t: T) -> Option<T> {
    Some(t)
}
fn main() {
    let s = String::from("a");
    let r = wrap(&s);
    println!("{:?} {}", r, s);
}
""",
        runs('Some("a") a\n'),
    ),
    "generic_or_ref_pattern_g14": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let total: f32 = v.iter().map(|&x| x).sum();
    let m: Vec<f32> = v.clone().into_iter().map(|&x| x * 2.0).collect();
    println!("{} {:?}", total, m);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g15": (
        """\
fn largest<T: PartialOrd + Copy>(v: &[T]) -> T {
    let mut m = v[0];
    for &x in v {
        if x > m {
            m = x;
        }
    }
    m
}
fn main() {
    println!("{}", largest(&[1, 5, 2]));
}
""",
        runs("5\n"),
    ),
    "generic_or_ref_pattern_g16": (
        """\
use std::ops::Add;
fn dbl<T: Add<Output = T> + Copy>(t: T) -> T {
    t + t
}
fn main() {
    let x = 2;
    println!("{}", dbl(&x));
}
""",
        rejects("E0271"),
    ),
    "generic_or_ref_pattern_g17": (
        """\
fn mk<T: Default>(_t: T) -> T {
    T::default()
}
fn main() {
    let x = 2;
    println!("{}", mk(&x));
}
""",
        rejects("E0277"),
    ),
    "generic_or_ref_pattern_g18": (
        """\
fn big<T: PartialOrd>(a: T, b: T) -> T {
    if a > b {
        a
    } else {
        b
    }
}
fn main() {
    let x = 2;
    let y = 5;
    println!("{}", big(&x, &y));
}
""",
        runs("5\n"),
    ),
    "generic_or_ref_pattern_g19": (
        """\
fn big<T: PartialOrd>(a: T, b: T) -> T {
    if a > b {
        a
    } else {
        b
    }
}
fn main() {
    let x = 2;
    let y = 5;
    println!("{}", big(&x, y));
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g20": (
        """\
trait Named {
    fn name(&self) -> String;
}
struct A;
impl Named for A {
    fn name(&self) -> String {
        "a".into()
    }
}
fn hello<T: Named>(t: T) -> String {
    t.name()
}
fn main() {
    let a = A;
    println!("{}", hello(&a));
}
""",
        rejects("E0277"),
    ),
    "generic_or_ref_pattern_g21": (
        """\
fn count<T: Clone>(t: T, n: usize) -> Vec<T> {
    vec![t; n]
}
fn main() {
    let s = String::from("x");
    let v = count(&s, 2);
    println!("{:?} {}", v, s);
}
""",
        runs('["x", "x"] x\n'),
    ),
    "generic_or_ref_pattern_g22": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let m: Vec<f32> = v.into_iter().map(|&x| x * 2.0).collect();
    println!("{:?}", m);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g23": (
        """\
fn main() {
    let m: Vec<i32> = (0..3).map(|&x| x * 2).collect();
    println!("{:?}", m);
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g24": (
        """\
fn main() {
    let v = vec![1, 2];
    for &x in v.clone() {
        println!("{}", x);
    }
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g25": (
        """\
fn main() {
    let v = vec![1, 2];
    for &x in v.into_iter().rev() {
        println!("{}", x);
    }
}
""",
        rejects("E0308"),
    ),
    "generic_or_ref_pattern_g26": (
        """\
fn main() {
    let v = vec![1, 2];
    for &x in v.iter().rev() {
        println!("{}", x);
    }
}
""",
        runs("2\n1\n"),
    ),
    "generic_or_ref_pattern_g27": (
        """\
fn main() {
    let v: Vec<&i32> = vec![&1, &2];
    for &x in v.clone().into_iter() {
        println!("{}", x);
    }
}
""",
        runs("1\n2\n"),
    ),
    "held_out_d2": (
        """\
fn main() {
    let mut slots: Vec<Option<f32>> = vec![None; 3];
    for (i, v) in [(1usize, 0.5f32), (1, 2.0)] {
        match slots[i] {
            Some(ref mut old) => *old += v,
            None => slots[i] = Some(&v),
        }
    }
    println!("{:?}", slots);
}
""",
        rejects("E0308"),
    ),
    "held_out_d3": (
        """\
fn main() {
    let mut slots: Vec<Option<f32>> = vec![None; 3];
    let v = 0.5f32;
    slots[1] = Some(&v);
    println!("{:?}", slots);
}
""",
        rejects("E0308"),
    ),
    "element_written_d01": (
        """\
fn main() {
    let mut best: Vec<Option<i32>> = vec![None; 2];
    let x = 4;
    best[0] = Some(&x);
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "element_written_d02": (
        """\
fn fill(slots: &mut Vec<Option<f32>>, v: f32) {
    slots[0] = Some(&v);
}
fn main() {
    let mut s = vec![None; 2];
    fill(&mut s, 1.0);
    println!("{:?}", s);
}
""",
        rejects("E0308"),
    ),
    "element_written_d03": (
        """\
fn fill(slots: &mut Vec<Option<f32>>, v: f32) {
    slots[0] = Some(v);
}
fn main() {
    let mut s = vec![None; 2];
    fill(&mut s, 1.0);
    println!("{:?}", s);
}
""",
        runs("[Some(1.0), None]\n"),
    ),
    "element_written_d04": (
        """\
struct Table {
    rows: Vec<Option<String>>,
}
fn main() {
    let mut t = Table {
        rows: vec![None, None],
    };
    let name = String::from("a");
    t.rows[1] = Some(&name);
    println!("{:?}", t.rows);
}
""",
        rejects("E0308"),
    ),
    "element_written_d05": (
        """\
fn main() {
    let mut grid: Vec<Vec<u8>> = vec![vec![0; 2]; 2];
    let k = 3u8;
    grid[1][0] = &k;
    println!("{:?}", grid);
}
""",
        rejects("E0308"),
    ),
    "element_written_d06": (
        """\
fn main() {
    let mut pairs: [(i32, f32); 2] = [(0, 0.0); 2];
    let w = 0.5f32;
    pairs[1] = (1, &w);
    println!("{:?}", pairs);
}
""",
        rejects("E0308"),
    ),
    "element_written_d07": (
        """\
fn main() {
    let mut pairs: [(i32, f32); 2] = [(0, 0.0); 2];
    let w = 0.5f32;
    pairs[1] = (1, w);
    println!("{:?}", pairs);
}
""",
        runs("[(0, 0.0), (1, 0.5)]\n"),
    ),
    "element_written_d08": (
        """\
fn main() {
    let mut names: Vec<&str> = vec!["a", "b"];
    let s = String::from("z");
    names[0] = &s;
    println!("{:?}", names);
}
""",
        runs('["z", "b"]\n'),
    ),
    "element_written_d09": (
        """\
fn main() {
    let mut slots: Vec<Option<&f32>> = vec![None; 2];
    let v = 1.5f32;
    slots[0] = Some(&v);
    println!("{:?}", slots);
}
""",
        runs("[Some(1.5), None]\n"),
    ),
    "element_written_d10": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<Option<u32>> = VecDeque::new();
    q.push_back(None);
    let n = 2u32;
    q[0] = Some(&n);
    println!("{:?}", q);
}
""",
        rejects("E0308"),
    ),
    "element_written_d11": (
        """\
fn main() {
    let xs = vec![3, 1, 2];
    let mut best: Vec<Option<i32>> = vec![None];
    for x in xs.iter() {
        best[0] = Some(x);
    }
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "element_written_d12": (
        """\
fn main() {
    let xs = vec![3, 1, 2];
    let mut best: Vec<i32> = vec![0];
    for x in xs.iter() {
        if *x > best[0] {
            best[0] = x;
        }
    }
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "element_written_d13": (
        """\
fn main() {
    let xs = vec![3, 1, 2];
    let mut best: Vec<i32> = vec![0];
    for x in xs.iter() {
        if *x > best[0] {
            best[0] = *x;
        }
    }
    println!("{:?}", best);
}
""",
        runs("[3]\n"),
    ),
    "element_written_d14": (
        """\
struct M {
    w: [f32; 3],
}
fn main() {
    let mut m = M { w: [0.0; 3] };
    let g = vec![0.5f32, 0.25, 1.0];
    for (i, x) in g.iter().enumerate() {
        m.w[i] = x;
    }
    println!("{:?}", m.w);
}
""",
        rejects("E0308"),
    ),
    "element_written_d15": (
        """\
fn main() {
    let mut slots: Vec<Option<(usize, f32)>> = vec![None; 2];
    let loss = 0.5f32;
    slots[1] = Some((1, &loss));
    println!("{:?}", slots);
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o01": (
        """\
fn main() {
    let best: Option<i32> = Some(3);
    let b: i32 = best.as_ref().unwrap();
    println!("{}", b);
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o02": (
        """\
fn main() {
    let best: Option<i32> = Some(3);
    let b: i32 = *best.as_ref().unwrap();
    println!("{}", b);
}
""",
        runs("3\n"),
    ),
    "option_as_ref_o03": (
        """\
#[derive(Debug, Clone)]
struct W {
    v: f32,
}
fn main() {
    let saved: Option<W> = Some(W { v: 1.0 });
    let w: W = saved.as_ref().map(|w| w).unwrap();
    println!("{:?}", w);
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o04": (
        """\
#[derive(Debug, Clone)]
struct W {
    v: f32,
}
fn main() {
    let saved: Option<W> = Some(W { v: 1.0 });
    let w: W = saved.as_ref().map(|w| w.clone()).unwrap();
    println!("{:?}", w);
}
""",
        runs("W { v: 1.0 }\n"),
    ),
    "option_as_ref_o05": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
impl std::ops::Add for P {
    type Output = P;
    fn add(self, o: P) -> P {
        P { x: self.x + o.x }
    }
}
fn main() {
    let a = P { x: 1.0 };
    let keep = Some(P { x: 2.0 });
    let k = keep.as_ref().unwrap();
    let s = a.clone() + k;
    println!("{:?}", s);
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o06": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
impl std::ops::Add for P {
    type Output = P;
    fn add(self, o: P) -> P {
        P { x: self.x + o.x }
    }
}
fn main() {
    let a = P { x: 1.0 };
    let keep = Some(P { x: 2.0 });
    let k = keep.as_ref().unwrap();
    let s = a.clone() + *k;
    println!("{:?}", s);
}
""",
        runs("P { x: 3.0 }\n"),
    ),
    "option_as_ref_o07": (
        """\
fn pick(o: &Option<String>) -> Option<String> {
    o.as_ref()
}
fn main() {
    println!("{:?}", pick(&Some("a".to_string())));
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o08": (
        """\
fn pick(o: &Option<String>) -> Option<&String> {
    o.as_ref()
}
fn main() {
    println!("{:?}", pick(&Some("a".to_string())));
}
""",
        runs('Some("a")\n'),
    ),
    "option_as_ref_o09": (
        """\
fn main() {
    let o = Some(5u32);
    let r: Option<u32> = o.as_ref().filter(|x| **x > 2);
    println!("{:?}", r);
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o10": (
        """\
fn main() {
    let o = Some(5u32);
    let r: Option<u32> = o.as_ref().map(|x| *x + 1);
    println!("{:?}", r);
}
""",
        runs("Some(6)\n"),
    ),
    "option_as_ref_o11": (
        """\
#[derive(Clone, Debug)]
struct Tn {
    v: f32,
}
impl std::ops::Add for Tn {
    type Output = Tn;
    fn add(self, other: Tn) -> Tn {
        Tn { v: self.v + other.v }
    }
}
fn main() {
    let x = Tn { v: 1.0 };
    let bias: Option<Tn> = Some(Tn { v: 0.5 });
    for _ in 0..2 {
        let b = bias.as_ref().map(|b| b).unwrap();
        let y = x.clone() + b;
        println!("{:?}", y);
    }
}
""",
        rejects("E0308"),
    ),
    "option_as_ref_o12": (
        """\
#[derive(Clone, Debug)]
struct Tn {
    v: f32,
}
impl std::ops::Add for Tn {
    type Output = Tn;
    fn add(self, other: Tn) -> Tn {
        Tn { v: self.v + other.v }
    }
}
fn main() {
    let x = Tn { v: 1.0 };
    let bias: Option<Tn> = Some(Tn { v: 0.5 });
    for _ in 0..2 {
        let b = bias.as_ref().map(|b| b).unwrap();
        let y = x.clone() + b.clone();
        println!("{:?}", y);
    }
}
""",
        runs("Tn { v: 1.5 }\nTn { v: 1.5 }\n"),
    ),
    "enumerated_item_x01": (
        """\
fn half(v: f64) -> f64 {
    v / 2.0
}
fn main() {
    let inputs = [1.0, 0.5, -1.0];
    for (t, x) in inputs.iter().enumerate() {
        let x = *x * 2.0;
        println!("{} {}", t, half(x));
    }
}
""",
        runs("0 1\n1 0.5\n2 -1\n"),
    ),
    "enumerated_item_x02": (
        """\
fn main() {
    let v = vec![1, 100];
    for (i, n) in v.iter().enumerate() {
        if n == 100 {
            println!("{}", i);
        }
    }
}
""",
        rejects("E0277"),
    ),
    "enumerated_item_x03": (
        """\
fn main() {
    let v = vec![1, 100];
    for (i, n) in v.iter().enumerate() {
        let n = *n;
        if n == 100 {
            println!("{}", i);
        }
    }
}
""",
        runs("1\n"),
    ),
    "enumerated_item_x04": (
        """\
fn sq(v: i32) -> i32 {
    v * v
}
fn main() {
    let v = vec![1, 2];
    for (i, n) in v.iter().enumerate() {
        println!("{} {}", i, sq(n));
    }
}
""",
        rejects("E0308"),
    ),
    "enumerated_item_x05": (
        """\
fn sq(v: i32) -> i32 {
    v * v
}
fn main() {
    let v = vec![1, 2];
    for (i, n) in v.iter().enumerate() {
        let n: i32 = n + 1;
        println!("{} {}", i, sq(n));
    }
}
""",
        runs("0 4\n1 9\n"),
    ),
    "returned_tuple_part_n119min": (
        """\
fn ends(v: [f32; 5]) -> (f32, f32) {
    let [first, .., last] = &v;
    (first, last)
}
fn main() {
    println!("{:?}", ends([1.0, 2.0, 3.0, 4.0, 5.0]));
}
""",
        rejects("E0308"),
    ),
    "returned_tuple_part_p01": (
        """\
fn ends(v: &Vec<i32>) -> (i32, i32) {
    let a = v.first().unwrap();
    let b = v.last().unwrap();
    (a, b)
}
fn main() {
    println!("{:?}", ends(&vec![1, 2, 3]));
}
""",
        rejects("E0308"),
    ),
    "returned_tuple_part_p02": (
        """\
fn ends(v: &Vec<i32>) -> (i32, i32) {
    let a = v.first().unwrap();
    let b = v.last().unwrap();
    (*a, *b)
}
fn main() {
    println!("{:?}", ends(&vec![1, 2, 3]));
}
""",
        runs("(1, 3)\n"),
    ),
    "returned_tuple_part_p03": (
        """\
fn best(xs: &[f32]) -> (usize, f32) {
    let mut at = 0;
    for (i, x) in xs.iter().enumerate() {
        if *x > xs[at] {
            at = i;
        }
    }
    (at, &xs[at])
}
fn main() {
    println!("{:?}", best(&[0.5, 2.0, 1.0]));
}
""",
        rejects("E0308"),
    ),
    "returned_tuple_part_p05": (
        """\
fn pair(s: &String) -> (String, usize) {
    (s, s.len())
}
fn main() {
    println!("{:?}", pair(&"ab".to_string()));
}
""",
        rejects("E0308"),
    ),
    "returned_tuple_part_p06": (
        """\
fn pair(s: &String) -> (String, usize) {
    (s.clone(), s.len())
}
fn main() {
    println!("{:?}", pair(&"ab".to_string()));
}
""",
        runs('("ab", 2)\n'),
    ),
    "returned_tuple_part_p04": (
        """\
fn best(xs: &[f32]) -> Option<(usize, f32)> {
    let m = xs.iter().max_by(|a, b| a.total_cmp(b))?;
    Some((0, m))
}
fn main() {
    println!("{:?}", best(&[0.5, 2.0, 1.0]));
}
""",
        rejects("E0308"),
    ),
    "returned_tuple_part_p07": (
        """\
fn top(xs: &[u32]) -> Option<u32> {
    let m = xs.iter().max()?;
    Some(*m)
}
fn main() {
    println!("{:?}", top(&[3, 9, 4]));
}
""",
        runs("Some(9)\n"),
    ),
    "returned_tuple_part_p08": (
        """\
fn top(xs: &[u32]) -> Option<u32> {
    let m = xs.iter().max()?;
    Some(m)
}
fn main() {
    println!("{:?}", top(&[3, 9, 4]));
}
""",
        rejects("E0308"),
    ),
    "returned_tuple_part_p09": (
        """\
fn split(xs: &Vec<String>) -> (usize, (String, String)) {
    let a = &xs[0];
    (xs.len(), (a.clone(), a))
}
fn main() {
    println!("{:?}", split(&vec!["q".to_string()]));
}
""",
        rejects("E0308"),
    ),
    "iterator_let_a15": (
        """\
fn nth_item(v: &Vec<f64>, n: usize) -> Option<f64> {
    let mut it = v.iter();
    it.nth(n)
}
fn main() {
    println!("{:?}", nth_item(&vec![1.0, 2.0], 1));
}
""",
        rejects("E0308"),
    ),
    "iterator_let_p10": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut it = v.iter();
    let a: Option<i32> = it.next();
    println!("{:?}", a);
}
""",
        rejects("E0308"),
    ),
    "iterator_let_p11": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut it = v.iter();
    let a: Option<&i32> = it.next();
    let b = it.next().copied();
    println!("{:?} {:?}", a, b);
}
""",
        runs("Some(1) Some(2)\n"),
    ),
    "pushed_part_y01": (
        """\
fn main() {
    let mut slots: Vec<Option<f32>> = Vec::new();
    let v = 0.5f32;
    slots.push(Some(&v));
    println!("{:?}", slots);
}
""",
        rejects("E0308"),
    ),
    "pushed_part_y05": (
        """\
fn main() {
    let xs = vec![(1, 2.0f32)];
    let mut out: Vec<(i32, f32)> = Vec::new();
    for p in xs.iter() {
        out.push(*p);
    }
    println!("{:?}", out);
}
""",
        runs("[(1, 2.0)]\n"),
    ),
    "pushed_part_y06": (
        """\
fn main() {
    let mut log: Vec<(usize, f32)> = Vec::new();
    let loss = 0.5f32;
    log.push((1, &loss));
    println!("{:?}", log);
}
""",
        rejects("E0308"),
    ),
    "pushed_part_y07": (
        """\
fn record(log: &mut Vec<Option<u32>>, x: u32) {
    log.push(Some(&x));
}
fn main() {
    let mut l = Vec::new();
    record(&mut l, 3);
    println!("{:?}", l);
}
""",
        rejects("E0308"),
    ),
    "pushed_part_y08": (
        """\
fn main() {
    let mut log: Vec<Option<&f32>> = Vec::new();
    let loss = 0.5f32;
    log.push(Some(&loss));
    let mut pairs: Vec<(usize, f32)> = Vec::new();
    pairs.push((1, loss));
    println!("{:?} {:?}", log, pairs);
}
""",
        runs("[Some(0.5)] [(1, 0.5)]\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
