"""Programs rustc rejects that pbpit refused as outside its subset (issue 26, session 24's fixer
F): a function or a type the file never declares nor imports (rustc's E0425 "cannot find
function/type", `unknown_names.py`); a method std gives no number type (`x.square()` of an `f64`,
`n.squared()` of a `u32`: E0599, `number_names.py`); `s.parse().unwrap()` with nothing to say what
it reads (E0284); with look-alikes rustc accepts (a trait of the file giving `f64` the method,
`parse().unwrap_or(1)` read as an `i32`). Verdicts recorded from rustc 1.95
(`tests/rustc_verdicts.py` checks them again where rustc is on PATH); the programs were written
after the change."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "names_n01": (
        """\
struct Stats {
    total: f64,
}

fn main() {
    let s = Stats { total: 3.0 };
    let avg = average(&[s.total, 1.0]);
    println!("{}", avg);
}
""",
        rejects("E0425"),
    ),
    "names_n02": (
        """\
fn helper(x: i64) -> i64 {
    x * 2
}

fn main() {
    let v: Vec<i64> = (1..4).map(|x| helper(x)).collect();
    let total = v.iter().map(|&x| normalize(x)).sum::<i64>();
    println!("{}", total);
}
""",
        rejects("E0425"),
    ),
    "names_n03": (
        """\
struct Layer {
    weights: Matrix,
}

fn main() {
    println!("start");
}
""",
        rejects("E0425"),
    ),
    "names_n04": (
        """\
fn loss(pred: &Vec<f64>, target: Vec<Target>) -> f64 {
    pred.len() as f64 + target.len() as f64
}

fn main() {
    println!("{}", loss(&vec![1.0], Vec::new()));
}
""",
        rejects("E0425"),
    ),
    "names_n05": (
        """\
fn main() {
    let steps: u32 = 10;
    let lr = 0.5_f32;
    println!("{} {}", steps.squared(), lr);
}
""",
        rejects("E0599"),
    ),
    "names_n06": (
        """\
fn main() {
    let xs = vec![1.5f64, -2.0, 3.25];
    let mut acc = 0.0f64;
    for x in &xs {
        acc += x.abs();
    }
    println!("{}", acc.log_e());
}
""",
        rejects("E0599"),
    ),
    "names_n07": (
        """\
fn main() {
    let line = "3 4";
    let parts: Vec<&str> = line.split(' ').collect();
    let first = parts[0].trim().parse().unwrap();
    println!("{}", first);
}
""",
        rejects("E0284"),
    ),
    "names_n08": (
        """\
trait Squared {
    fn squared(&self) -> Self;
}

impl Squared for f64 {
    fn squared(&self) -> f64 {
        self * self
    }
}

fn main() {
    let x: f64 = 1.5;
    let n: u64 = 9;
    println!("{} {} {}", x.squared(), n.pow(2), x.mul_add(2.0, 1.0));
}
""",
        runs("2.25 81 4\n"),
    ),
    "names_n09": (
        """\
fn scale(v: f32) -> f32 {
    v * 3.0
}

fn main() {
    let words = "7 8";
    let n: i32 = words.split(' ').next().unwrap().parse().unwrap();
    let k = "2".parse().unwrap_or(1);
    let f: f32 = "0.5".parse().expect("float");
    println!("{} {} {}", n + k, scale(f), i64::pow(2, 3));
}
""",
        runs("9 1.5 8\n"),
    ),
    "names_n10": (
        """\
fn main() {
    let count: usize = 17;
    let x: i32 = -4;
    println!("{} {}", count.is_power_of_two(), x.is_even());
}
""",
        rejects("E0599"),
    ),
    "names_n11": (
        """\
fn train(steps: usize, opt: Optimizer) -> usize {
    steps
}

fn main() {
    println!("done");
}
""",
        rejects("E0425"),
    ),
    "names_n12": (
        """\
fn main() {
    let losses: Vec<f32> = vec![0.9, 0.5, 0.25];
    let best = losses.iter().cloned().fold(f32::INFINITY, f32::min);
    let lr = 0.1_f32;
    println!("{} {}", best, lr.squared());
}
""",
        rejects("E0599"),
    ),
    "names_n13": (
        """\
#[derive(Debug)]
enum Act {
    Relu,
    Tanh,
}

use Act::*;

fn pick(i: u8) -> Act {
    if i == 0 { Relu } else { Tanh }
}

fn main() {
    let a: Act = pick(1);
    let b: Activation = pick(0);
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0425"),
    ),
    "names_n14": (
        """\
fn apply(f: fn(f64) -> f64, x: f64) -> f64 {
    f(x)
}

fn double(x: f64) -> f64 {
    x * 2.0
}

fn main() {
    let g = |x: f64| x + 1.0;
    println!("{} {}", apply(double, 1.5), g(2.0));
    println!("{}", tripple(1.0));
}
""",
        rejects("E0425"),
    ),
    "names_n15": (
        """\
use std::f64::consts::PI;

fn area(r: f64) -> f64 {
    PI * r.powi(2)
}

fn main() {
    let r = 2.0_f64;
    println!("{:.3} {:.3} {}", area(r), r.hypot(1.0), r.to_bits() > 0);
    println!("{}", r.cube());
}
""",
        rejects("E0599"),
    ),
    "names_n16": (
        """\
struct Cfg {
    epochs: usize,
}

fn main() {
    let e = "7".trim().parse().unwrap();
    let c = Cfg { epochs: e };
    println!("{}", c.epochs);
}
""",
        runs("7\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
