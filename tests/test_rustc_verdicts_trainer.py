"""Programs in the style of the code around a training loop (an optimizer's step, a gradient
accumulator, an RNG, a schedule) on which pbpit must give rustc's verdict (issue 26): constructs
that held-out trainer-style programs used and pbpit refused, each with the programs rustc
rejects next to it. `for (s, g) in sum.iter_mut().zip(grad)` with `grad: &[f32]` (a `&`
parameter zipped as it is: its items are `&f32`, as `.zip(grad.iter())`'s); `drop(x)` (moves `x`);
byte literals (`b'a'`: a `u8`, never a `char`); `Acc::<f32>::new()` of a generic struct and
`Vec::<f32>::new()`, `Some::<f32>(x)`, `Ok::<f32, String>(x)`, `stats::mean::<f32>(..)` (`T`
is `f32`: pbpit ignored the turbofish and added `f64`s, printing 0.30000000000000004 where
rustc prints 0.3); a turbofish on a std function pbpit cannot type (`max::<u8>`) is refused.
A method no iterator of std has (`v.iter().mean()`, itertools' `sorted()`) is rustc's E0599.
A parameter `b: &str` returned where the result is `&'a str` is rustc's E0621 (pbpit ran it).
`Vec::split_off(at)` of a `let mut` `Vec` (a validation set split off; refused before). A `match`
over an enum of the file where no arm names one of its variants and none is a catch-all is
rustc's E0004 (refused without a code before).

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, runs, verdict_tests

CASES = {
    "iter_mut_zip_slice_parameter": (
        """\
struct Accum {
    sum: Vec<f32>,
}

impl Accum {
    fn add(&mut self, grad: &[f32]) {
        for (s, g) in self.sum.iter_mut().zip(grad) {
            *s += g;
        }
    }
}

fn scale(w: &mut Vec<f64>, by: &Vec<f64>) {
    for (x, k) in w.iter_mut().zip(by) {
        *x *= *k;
    }
}

fn main() {
    let mut acc = Accum { sum: vec![0.0; 3] };
    let g = [0.5f32, 1.5];
    acc.add(&g);
    acc.add(&[1.0, 1.0, 1.0, 9.0]);
    println!("{:?} {:?}", acc.sum, g);
    let mut w = vec![1.0, 2.0, 3.0];
    let k = vec![2.0, 0.5, -1.0];
    scale(&mut w, &k);
    println!("{:?} {:?}", w, k);
}
""",
        runs('[1.5, 2.5, 1.0] [0.5, 1.5]\n[2.0, 1.0, -3.0] [2.0, 0.5, -1.0]\n'),
    ),
    "iter_mut_zip_slice_parameter_item_assigned": (
        """\
fn add(sum: &mut Vec<f32>, grad: &[f32]) {
    for (s, g) in sum.iter_mut().zip(grad) {
        *g = 0.0;
        *s += 1.0;
    }
}

fn main() {
    let mut s = vec![0.0f32; 2];
    add(&mut s, &[1.0, 2.0]);
    println!("{:?}", s);
}
""",
        rejects('E0594'),
    ),
    "iter_mut_zip_slice_parameter_shared_receiver": (
        """\
fn add(sum: &Vec<f32>, grad: &[f32]) {
    for (s, g) in sum.iter_mut().zip(grad) {
        *s += g;
    }
}

fn main() {
    let s = vec![0.0f32; 2];
    add(&s, &[1.0, 2.0]);
    println!("{:?}", s);
}
""",
        rejects('E0596'),
    ),
    "drop_then_used": (
        """\
fn main() {
    let losses = vec![0.5, 0.25];
    drop(losses);
    println!("{}", losses.len());
}
""",
        rejects('E0382'),
    ),
    "drop_while_borrowed": (
        """\
#[derive(Debug)]
struct Config {
    lr: f64,
}

fn main() {
    let cfg = Config { lr: 0.01 };
    let view = &cfg;
    drop(cfg);
    println!("{}", view.lr);
}
""",
        rejects('E0505'),
    ),
    "drop_two_arguments": (
        """\
fn main() {
    let a = vec![1];
    drop(a, 2);
}
""",
        rejects('E0061'),
    ),
    "byte_literal_as_char": (
        """\
fn main() {
    let c: char = b'a';
    println!("{}", c);
}
""",
        rejects('E0308'),
    ),
    "byte_compared_with_char": (
        """\
fn main() {
    let ok = "abc".bytes().any(|b| b == 'a');
    println!("{}", ok);
}
""",
        rejects('E0308'),
    ),
    "turbofish_generic_struct_new": (
        """\
use std::ops::Add;

struct Acc<T> {
    s: T,
    n: usize,
}

impl<T: Copy + Add<Output = T> + Default> Acc<T> {
    fn new() -> Self {
        Acc { s: T::default(), n: 0 }
    }
    fn push(&mut self, x: T) {
        self.s = self.s + x;
        self.n += 1;
    }
}

fn main() {
    let mut a = Acc::<f32>::new();
    a.push(0.1);
    a.push(0.2);
    println!("{} {}", a.s, a.n);
    let mut b: Acc<f64> = Acc::new();
    b.push(0.1);
    b.push(0.2);
    println!("{}", b.s);
}
""",
        runs('0.3 2\n0.30000000000000004\n'),
    ),
    "turbofish_generic_struct_then_other_type": (
        """\
use std::ops::Add;

struct Acc<T> {
    s: T,
}

impl<T: Copy + Add<Output = T> + Default> Acc<T> {
    fn new() -> Self {
        Acc { s: T::default() }
    }
    fn push(&mut self, x: T) {
        self.s = self.s + x;
    }
}

fn main() {
    let mut a = Acc::<f32>::new();
    a.push(0.1f64);
    println!("{}", a.s);
}
""",
        rejects('E0308'),
    ),
    "turbofish_generic_struct_returning_named_type": (
        """\
struct Stack<T> {
    items: Vec<T>,
}

impl<T: std::fmt::Debug> Stack<T> {
    fn with_items(items: Vec<T>) -> Stack<T> {
        Stack { items }
    }
    fn show(&self) -> String {
        format!("{:?}", self.items)
    }
}

fn main() {
    let s = Stack::<u8>::with_items(vec![1, 255]);
    let e = Stack::<f32>::with_items(vec![]);
    let h = Stack::<f64>::with_items(vec![0.1 + 0.2]);
    println!("{} {} {} {}", s.show(), e.show(), h.show(), e.items.len());
}
""",
        runs('[1, 255] [] [0.30000000000000004] 0\n'),
    ),
    "turbofish_generic_struct_given_to_other_type": (
        """\
struct Stack<T> {
    items: Vec<T>,
}

impl<T: std::fmt::Debug> Stack<T> {
    fn new() -> Self {
        Stack { items: Vec::new() }
    }
}

fn main() {
    let s = Stack::<u8>::new();
    let t: Stack<i32> = s;
    println!("{:?}", t.items);
}
""",
        rejects('E0308'),
    ),
    "turbofish_vec_new": (
        """\
fn main() {
    let mut losses = Vec::<f32>::new();
    losses.push(0.1);
    losses.push(0.2);
    println!("{} {:?}", losses[0] + losses[1], losses);
    let mut ids = Vec::<u8>::with_capacity(4);
    ids.push(250);
    println!("{} {}", ids[0].wrapping_add(10), ids.len());
    let mut any = Vec::<_>::new();
    any.push(0.1);
    any.push(0.2);
    println!("{}", any[0] + any[1]);
}
""",
        runs('0.3 [0.1, 0.2]\n4 1\n0.30000000000000004\n'),
    ),
    "turbofish_vec_then_other_type": (
        """\
fn main() {
    let mut losses = Vec::<f32>::new();
    losses.push(0.5f64);
    println!("{:?}", losses);
}
""",
        rejects('E0308'),
    ),
    "turbofish_vec_given_to_other_type": (
        """\
fn main() {
    let losses: Vec<f64> = Vec::<f32>::with_capacity(8);
    println!("{}", losses.len());
}
""",
        rejects('E0308'),
    ),
    "turbofish_some_ok_err_module_fn": (
        """\
mod stats {
    pub fn mean<T: Into<f64> + Copy>(xs: &[T]) -> f64 {
        let mut s = 0.0;
        for &x in xs {
            s += x.into();
        }
        s / xs.len() as f64
    }
}

fn main() {
    let s = Some::<f32>(0.1).map(|x| x + 0.2);
    println!("{:?}", s);
    let r = Ok::<f32, String>(0.1).map(|x| x + 0.2);
    println!("{:?}", r);
    let e = Err::<f32, String>("no data".to_string()).unwrap_or(0.1) + 0.2;
    println!("{}", e);
    println!("{}", stats::mean::<f32>(&[0.1, 0.2]));
    let best = Some::<u8>(250).map(|b| b.wrapping_add(10));
    println!("{:?}", best);
}
""",
        runs('Some(0.3)\nOk(0.3)\n0.3\n0.15000000223517418\nSome(4)\n'),
    ),
    "turbofish_some_then_other_type": (
        """\
fn main() {
    let s = Some::<f32>(0.1f64);
    println!("{:?}", s);
}
""",
        rejects('E0308'),
    ),
    "turbofish_ok_given_to_other_type": (
        """\
fn main() {
    let r: Result<f64, String> = Ok::<f32, String>(0.5);
    println!("{:?}", r);
}
""",
        rejects('E0308'),
    ),
    "iterator_method_std_lacks": (
        """\
fn main() {
    let accs = vec![0.5f64, 0.75];
    let m = accs.iter().mean();
    println!("{}", m);
}
""",
        rejects('E0599'),
    ),
    "filter_method_std_lacks": (
        """\
fn main() {
    let n = (0..10).filter(|x| x % 2 == 0).length();
    println!("{}", n);
}
""",
        rejects('E0599'),
    ),
    "map_method_of_a_crate": (
        """\
fn main() {
    let v: Vec<i32> = (1..4).map(|x| x * 2).sorted().collect();
    println!("{:?}", v);
}
""",
        rejects('E0599'),
    ),
    "returned_parameter_without_lifetime": (
        """\
fn pick<'a>(a: &'a str, b: &str) -> &'a str { if a.len() > b.len() { a } else { b } }
fn main() { println!("{}", pick("ab", "c")); }
""",
        rejects('E0621'),
    ),
    "returned_parameter_without_lifetime_method": (
        """\
struct Run {
    name: String,
}

impl Run {
    fn label<'a>(&'a self, fallback: &str) -> &'a str {
        if self.name.is_empty() {
            return fallback;
        }
        &self.name
    }
}

fn main() {
    let r = Run { name: String::new() };
    println!("{}", r.label("none"));
}
""",
        rejects('E0621'),
    ),
    "returned_parameters_with_lifetimes": (
        """\
fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {
    if a.len() >= b.len() { a } else { b }
}

fn first_word<'a>(s: &'a str, _sep: &str) -> &'a str {
    s.split(' ').next().unwrap_or(s)
}

fn main() {
    println!("{} {}", longest("epoch", "step"), first_word("best model", " "));
}
""",
        runs('epoch best\n'),
    ),
    "split_off_not_mut": (
        """\
fn main() {
    let data = vec![1, 2, 3];
    let tail = data.split_off(1);
    println!("{:?} {:?}", data, tail);
}
""",
        rejects('E0596'),
    ),
    "split_off_result_is_a_vec": (
        """\
fn main() {
    let mut data = vec![1, 2, 3];
    let tail = data.split_off(1);
    let n: u32 = tail.len();
    println!("{}", n);
}
""",
        rejects('E0308'),
    ),
    "match_misses_a_variant": (
        """\
enum Phase {
    Warmup,
    Train { epoch: u32 },
    Cooldown(f64),
}

fn factor(p: &Phase) -> f64 {
    match p {
        Phase::Warmup => 0.1,
        Phase::Train { epoch } if *epoch > 2 => 1.0,
        Phase::Train { .. } => 0.5,
    }
}

fn main() {
    println!("{}", factor(&Phase::Cooldown(0.5)));
}
""",
        rejects('E0004'),
    ),
    "match_misses_a_variant_guarded_arms": (
        """\
#[derive(Debug)]
enum Metric {
    Loss(f64),
    Accuracy(f64),
    Lr(f64),
}

fn main() {
    let ms = vec![Metric::Loss(0.5), Metric::Lr(0.01)];
    for m in &ms {
        let name = match m {
            Metric::Loss(v) if *v > 1.0 => "high loss",
            Metric::Loss(_) | Metric::Accuracy(_) => "metric",
        };
        println!("{} {:?}", name, m);
    }
}
""",
        rejects('E0004'),
    ),
    "match_names_every_variant": (
        """\
#[derive(Debug)]
enum Metric {
    Loss(f64),
    Accuracy(f64),
}

fn main() {
    for m in [Metric::Loss(2.5), Metric::Loss(0.5), Metric::Accuracy(0.9)] {
        let name = match &m {
            Metric::Loss(v) if *v > 1.0 => "high loss",
            Metric::Loss(_) => "loss",
            Metric::Accuracy(a) => if *a > 0.5 { "good" } else { "bad" },
        };
        println!("{} {:?}", name, m);
    }
}
""",
        runs('high loss Loss(2.5)\nloss Loss(0.5)\ngood Accuracy(0.9)\n'),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_a_turbofish_pbpit_cannot_type_is_refused_not_ignored():
    # rustc: `max::<u8>(200, n) + n` adds `u8`s and panics (attempt to add with overflow);
    # pbpit would have added `i32`s and printed 400
    source = (
        "fn main() {\n    let n = 200;\n    let m = std::cmp::max::<u8>(n, 100) + n;\n"
        '    println!("{}", m);\n}\n'
    )
    found = judge(source, pbpit_verdict)
    assert (found.state, found.outside, found.stdout) == ("rejected", True, "")
