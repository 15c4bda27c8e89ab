"""What rustc rejects beside what pbpit now runs (issue 26, session 25's fixer F): a `&[T]`
needle given by value to `starts_with` (E0308), `Option::flatten` of an `Option` of no
`Option` (E0599), `Iterator::eq` of items of two types (E0277), an associated function given
items of another type (E0631, E0277), `char::is_ascii_digit` (a `&self` method) as a str
pattern (E0631), `m.get_mut(k).unwrap().push(x)` of a map not `mut` (E0596) and a
`v.get_mut(i)` held across a use of `v` (E0502), a `let (ref s, n)` moving a part then using
the whole (E0382), a variant named only behind a guard (E0004), a primitive's trait function
called on another primitive (E0599), `?` on an `Option` in a closure returning a number or a
`Result` (E0277), an element assigned through a `&mut Vec` method of a value not `mut` (E0596)
and out of bounds (core's panic), a let-bound closure's `&[T]`/`&str` parameter given a value
(E0308), a float `BinaryHeap` collected (E0277), a range view of a `Vec` not `mut` (E0596).
Verdicts recorded from rustc 1.95 (checked again where rustc
is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "f25_s1e": (
        """\
fn main() {
    let v: Vec<u32> = vec![10, 20, 30];
    println!("{}", v.starts_with(vec![10]));
}
""",
        rejects("E0308"),
    ),
    "f25_s1e2": (
        """\
fn main() {
    let v: Vec<u32> = vec![10, 20, 30];
    println!("{}", v.ends_with(&[1.0]));
}
""",
        rejects("E0308"),
    ),
    "f25_o1e": (
        """\
fn main() {
    let x: Option<u32> = Some(3);
    println!("{:?}", x.flatten());
}
""",
        rejects("E0599"),
    ),
    "f25_i1e": (
        """\
fn main() {
    let a = vec![1, 2, 3];
    println!("{}", a.iter().map(|x| x * 2).eq("ab".chars()));
}
""",
        rejects("E0277"),
    ),
    "f25_a1e": (
        """\
struct R { w: u32 }
impl R { fn sq(s: u32) -> Self { R { w: s * s } } }
fn main() {
    let rs: Vec<R> = vec![1.5f64].into_iter().map(R::sq).collect();
    println!("{}", rs.len());
}
""",
        rejects("E0631"),
    ),
    "f25_a1e2": (
        """\
struct R { w: u32 }
impl R { fn sq(s: u32) -> Self { R { w: s * s } } }
fn main() {
    let rs: Vec<u32> = (1..3).map(R::sq).collect();
    println!("{}", rs.len());
}
""",
        rejects("E0277"),
    ),
    "f25_c1e": (
        """\
fn main() {
    println!("{:?}", "abc123".trim_end_matches(char::is_ascii_digit));
}
""",
        rejects("E0631"),
    ),
    "f25_g1e": (
        """\
use std::collections::HashMap;
fn main() {
    let m: HashMap<String, Vec<f64>> = HashMap::new();
    m.get_mut("loss").unwrap().push(0.5);
    println!("{:?}", m.len());
}
""",
        rejects("E0596"),
    ),
    "f25_g2e": (
        """\
#[derive(Debug)]
struct Acc { n: u32 }
fn main() {
    let mut v = vec![Acc { n: 1 }, Acc { n: 2 }];
    let a = v.get_mut(1).unwrap();
    println!("{:?}", v);
    a.n += 10;
}
""",
        rejects("E0502"),
    ),
    "f25_r1e": (
        """\
fn main() {
    let t = (String::from("a"), String::from("b"));
    let (ref s, n) = t;
    println!("{} {} {}", s, n, t.1);
}
""",
        rejects("E0382"),
    ),
    "f25_r1e2": (
        """\
#[derive(Debug)]
struct Run { name: String, losses: Vec<f64> }
fn main() {
    let r = Run { name: "r1".to_string(), losses: vec![0.5] };
    let Run { ref name, losses } = r;
    println!("{} {:?}", name, losses);
    println!("{:?}", r);
}
""",
        rejects("E0382"),
    ),
    "f25_m1e": (
        """\
#[derive(Debug, Clone, Copy)]
enum S { Idle, Run(u32), Done }
fn next(s: S) -> S {
    match s {
        S::Idle => S::Run(0),
        S::Run(n) if n > 2 => S::Done,
        d @ S::Done => d,
    }
}
fn main() { println!("{:?}", next(S::Idle)); }
""",
        rejects("E0004"),
    ),
    "f25_p1e": (
        """\
trait Half { fn unit() -> f64; }
impl Half for f64 { fn unit() -> f64 { 1.0 } }
fn main() { println!("{}", f32::unit()); }
""",
        rejects("E0599"),
    ),
    "f25_t1e": (
        """\
fn main() {
    let f = |s: &str| -> i32 { let n: i32 = s.parse().ok()?; n };
    println!("{}", f("3"));
}
""",
        rejects("E0277"),
    ),
    "f25_t1e2": (
        """\
fn main() {
    let f = |s: &str| -> Result<i32, String> { let n = s.chars().next()?; Ok(n as i32) };
    println!("{:?}", f("3"));
}
""",
        rejects("E0277"),
    ),
    "f25_v1e": (
        """\
struct E { t: Vec<f32> }
impl E { fn row(&mut self) -> &mut Vec<f32> { &mut self.t } }
fn main() { let e = E { t: vec![0.0; 2] }; e.row()[0] += 1.5; println!("{:?}", e.t); }
""",
        rejects("E0596"),
    ),
    "f25_v1e2": (
        """\
struct E { t: Vec<f32> }
impl E { fn row(&mut self) -> &mut Vec<f32> { &mut self.t } }
fn main() { let mut e = E { t: vec![0.0; 2] }; e.row()[5] = 1.0; println!("{:?}", e.t); }
""",
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:3:55:\nindex out of bounds: the len is 2 "
            "but the index is 5\nnote: run with `RUST_BACKTRACE=1` environment variable to "
            "display a backtrace\n",
        ),
    ),
    "f25_cl2": (
        """\
fn main() {
    let f = |v: &[i32]| v.len();
    let v = vec![1];
    println!("{}", f(v));
}
""",
        rejects("E0308"),
    ),
    "f25_cl3": (
        """\
fn main() {
    let f = |v: &Vec<i32>| v.len();
    let v = vec![1];
    println!("{}", f(v));
}
""",
        rejects("E0308"),
    ),
    "f25_cl5": (
        """\
fn main() {
    let f = |s: &str| s.len();
    let o = String::from("ab");
    println!("{}", f(o));
}
""",
        rejects("E0308"),
    ),
    "f25_tu1e": (
        """\
use std::collections::HashMap;
fn main() {
    let inv: HashMap<String, (u32, f64)> = HashMap::new();
    if let Some((q, _)) = inv.get_mut("kiwi") { *q -= 1; }
    println!("{}", inv.len());
}
""",
        rejects("E0596"),
    ),
    "f25_bh1e": (
        """\
use std::collections::BinaryHeap;
fn main() {
    let h: BinaryHeap<f64> = vec![3.0, 1.0].into_iter().collect();
    println!("{}", h.len());
}
""",
        rejects("E0277"),
    ),
    "f25_sle": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    v[..2].reverse();
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
