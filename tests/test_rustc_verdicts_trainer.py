"""Programs in the style of the code around a training loop (an optimizer's step, a gradient
accumulator, an RNG, a schedule) on which pbpit must give rustc's verdict (issue 26): constructs
that held-out trainer-style programs used and pbpit refused, each with the programs rustc
rejects next to it. `for (s, g) in sum.iter_mut().zip(grad)` with `grad: &[f32]` (a `&`
parameter zipped as it is: its items are `&f32`, as `.zip(grad.iter())`'s); `drop(x)` (moves `x`);
byte literals (`b'a'`: a `u8`, never a `char`).

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

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
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
