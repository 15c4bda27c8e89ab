"""Verdicts of session 21 (helper J) on which pbpit must agree with rustc 1.95, found by the
differential test (tools/rustc_differential.py, helper F's seeds 81000-94000) and rewritten here
from its mutants: a `let x;` without `mut` assigned twice (E0384, in a loop, after one arm),
type errors reported before borrow errors, `for x in &row` of a reference, `y % 0` through a
reference, values given where references are taken, bools collected into `Vec<f32>`,
`iter_mut().rev()` and a parameter written as a pattern.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a slow test
checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from pathlib import Path

from rustc_verdicts import rejects, runs, verdict_tests

STD = Path(__file__).parent / "rust" / "std"


def _variant(text: str, old: str, new: str) -> str:
    """TEXT with its one `old` made `new`."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


_SCAN = (STD / "scan_written_state.rs").read_text(encoding="utf-8")
_SCAN_EMA = _SCAN[: _SCAN.index('    println!("{:?}", ema);\n')] + '    println!("{:?}", ema);\n}\n'
"""tests/rust/std/scan_written_state.rs's first `scan` (a loss EMA kept in an `Option` state),
alone in its `main`: the base of the `scan` mutant below."""

_BEST_CHECKPOINT = """\
#[derive(Debug, Clone)]
struct Checkpoint {
    loss: f64,
}

fn main() {
    let mut best: Option<Checkpoint> = None;
    for epoch in 0..3 {
        let cp = Checkpoint { loss: 1.0 / (epoch as f64 + 1.0) };
        let improved = match best {
            Some(b) => cp.loss < (*b).loss,
            None => true,
        };
        if improved {
            best = Some(cp.clone());
        }
    }
    println!("{:?}", best);
}
"""
"""The best checkpoint kept through a `match` on an `Option` of values (`(*b)` of a value: E0614):
the base of the `match` cases below."""

_JOBS = """\
use std::cmp::Ordering;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Status {
    Done,
    Running,
}

impl Ord for Status {
    fn cmp(&self, other: &Self) -> Ordering {
        let rank = |s: &Status| match s {
            Status::Done => 0,
            Status::Running => 1,
        };
        rank(self).cmp(&rank(other))
    }
}

impl PartialOrd for Status {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[derive(Debug, PartialEq, Eq)]
struct Job {
    status: Status,
    id: u32,
}

impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Job {
    fn cmp(&self, other: &Self) -> Ordering {
        self.status.cmp(&other.status).then(self.id.cmp(&other.id))
    }
}

fn main() {
    let mut jobs = vec![Job { status: Status::Running, id: 2 }];
    jobs.push(Job { status: Status::Done, id: 1 });
    jobs.sort();
    println!("{:?}", jobs);
}
"""
"""Jobs ordered by a user `Ord` comparing a field by reference (it runs): the base of the `Ord`
cases below."""

CASES = {
    "borrow_inserted_as_map_value": (
        """\
use std::collections::HashMap;

fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    for (k, v) in [("a", 1), ("b", -2)] {
        m.insert(k, &v);
    }
    println!("{}", m.len());
}
""",
        rejects("E0308"),
    ),
    "borrow_pushed_to_vec_of_struct": (
        """\
#[derive(Debug, Clone)]
struct Checkpoint {
    epoch: usize,
}

fn main() {
    let mut kept: Vec<Checkpoint> = Vec::new();
    for epoch in 0..3 {
        let cp = Checkpoint { epoch };
        kept.push(&cp);
    }
    println!("{:?}", kept);
}
""",
        rejects("E0308"),
    ),
    "borrow_pushed_to_vecdeque_of_values": (
        """\
use std::collections::VecDeque;

fn main() {
    let mut q: VecDeque<i32> = VecDeque::new();
    for x in 1..=3 {
        q.push_back(&x);
    }
    println!("{:?}", q);
}
""",
        rejects("E0308"),
    ),
    "borrows_into_collections_of_refs_run": (
        """\
use std::collections::{HashMap, HashSet, VecDeque};

fn main() {
    let xs = vec![3, 1, 2];
    let mut q: VecDeque<&i32> = VecDeque::new();
    for x in &xs {
        q.push_back(x);
    }
    q.push_front(&xs[0]);
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let names = vec![String::from("b"), String::from("c")];
    let mut seen: HashSet<&String> = HashSet::new();
    seen.insert(&names[0]);
    println!("{:?} {:?} {}", q, m.get("a"), seen.len());
}
""",
        runs("[3, 3, 1, 2] Some(1) 1\n", 0),
    ),
    "collect_bools_into_vec_f32": (
        """\
fn main() {
    let y = vec![1.0f32, 2.0];
    let b = vec![1.0f32, 3.0];
    let same: Vec<f32> = y.iter().zip(&b).map(|(a, b)| a == b).collect();
    println!("{:?}", same);
}
""",
        rejects("E0277"),
    ),
    "collect_bools_returned_as_vec_f32": (
        """\
fn same(y: &[f32], b: &[f32]) -> Vec<f32> {
    y.iter().zip(b).map(|(a, b)| a == b).collect()
}

fn main() {
    println!("{:?}", same(&[1.0, 2.0], &[1.0, 3.0]));
}
""",
        rejects("E0277"),
    ),
    "collect_returned_as_vec_f32_runs": (
        """\
fn sums(y: &[f32], b: &[f32]) -> Vec<f32> {
    y.iter().zip(b).map(|(a, b)| a + b).collect()
}

fn flags(y: &[f32]) -> Vec<bool> {
    y.iter().map(|a| *a > 1.5).collect()
}

fn main() {
    println!("{:?} {:?}", sums(&[1.0, 2.0], &[1.0, 3.0]), flags(&[1.0, 2.0]));
}
""",
        runs("[2.0, 5.0] [false, true]\n", 0),
    ),
    "deferred_assigned_after_move": (
        """\
fn main() {
    let data = vec![1, 2, 3];
    let later;
    later = data.iter().map(|x| x + 1).collect::<Vec<i32>>();
    let again: Vec<i32> = later;
    later = again.clone();
    println!("{:?} {:?}", again, later);
}
""",
        rejects("E0384"),
    ),
    "deferred_assigned_after_one_arm": (
        """\
fn main() {
    let y;
    if x_ok() { y = 1; }
    y = 3;
    println!("{}", y);
}
fn x_ok() -> bool { true }
""",
        rejects("E0384"),
    ),
    "deferred_assigned_in_loop": (
        """\
fn main() {
    let x;
    for i in 0..3 {
        x = i;
    }
    let y;
    if x_ok() { y = 1; } else { y = 2; }
    let z;
    loop { z = 5; break; }
    println!("{} {}", y, z);
}
fn x_ok() -> bool { true }
""",
        rejects("E0384"),
    ),
    "deferred_assigned_once_per_path": (
        """\
fn main() {
    let y;
    if x_ok() { y = 1; } else { y = 2; }
    let z;
    loop { z = 5; break; }
    let w: String;
    match y { 1 => w = "a".to_string(), _ => w = "b".to_string() }
    for i in 0..2 {
        let k;
        k = i * 2;
        println!("{}", k);
    }
    println!("{} {} {}", y, z, w);
}
fn x_ok() -> bool { true }
""",
        runs("0\n2\n1 5 a\n", 0),
    ),
    "deref_of_match_value_binding": (
        _BEST_CHECKPOINT,
        rejects("E0614"),
    ),
    "div_by_zero_of_borrow": (
        """\
fn main() {
    let a: i32 = 5;
    println!("start");
    let b = &a / 0;
    println!("{}", b);
}
""",
        runs(
            "start\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:4:13:\n"
                "attempt to divide by zero\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to di"
                "splay a backtrace\n"
            ),
        ),
    ),
    "iter_mut_enumerate_rev_run": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0, 3.0];
    let mut seen = Vec::new();
    for (i, x) in v.iter_mut().enumerate().rev() {
        *x *= i as f32 + 1.0;
        seen.push(i);
    }
    println!("{:?} {:?}", v, seen);
}
""",
        runs("[1.0, 4.0, 9.0] [2, 1, 0]\n", 0),
    ),
    "iter_mut_rev_of_immutable": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0, 3.0];
    for x in v.iter_mut().rev() {
        *x += 1.0;
    }
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "iter_mut_rev_run": (
        """\
trait Layer {
    fn scale(&mut self, k: f32);
    fn w(&self) -> f32;
}

struct Lin {
    w: f32,
}

impl Layer for Lin {
    fn scale(&mut self, k: f32) {
        self.w *= k;
    }
    fn w(&self) -> f32 {
        self.w
    }
}

fn main() {
    let mut layers: Vec<Box<dyn Layer>> = vec![Box::new(Lin { w: 1.0 }), Box::new(Lin { w: 2.0 })];
    let mut k = 1.0;
    for l in layers.iter_mut().rev() {
        l.scale(k);
        k += 1.0;
    }
    let mut v = vec![1.0f32, 2.0, 3.0];
    for x in v.iter_mut().rev() {
        *x += k;
        k *= 2.0;
    }
    println!("{} {} {:?}", layers[0].w(), layers[1].w(), v);
}
""",
        runs("2 2 [13.0, 8.0, 6.0]\n", 0),
    ),
    "made_items_part_given_for_slice": (
        """\
fn forward(x: &[f32]) -> f32 {
    x.iter().sum()
}

fn main() {
    let data = vec![(vec![1.0f32, 0.0], vec![2.0f32]), (vec![0.0, 1.0], vec![-1.0])];
    for (x, t) in data {
        println!("{} {:?}", forward(x), t);
    }
}
""",
        rejects("E0308"),
    ),
    "made_items_parts_run": (
        """\
fn forward(x: &[f32]) -> f32 {
    x.iter().sum()
}

fn main() {
    let data = vec![(vec![1.0f32, 0.0], vec![2.0f32]), (vec![0.0, 1.0], vec![-1.0])];
    let mut kept = Vec::new();
    for (x, t) in data {
        println!("{} {:?}", forward(&x), t);
        kept.push(x);
    }
    let pairs = vec![(1, 'a'), (-2, 'b')];
    for (n, c) in &pairs {
        println!("{} {}", n, c);
    }
    println!("{:?} {}", kept, pairs.len());
}
""",
        runs(("1 [2.0]\n1 [-1.0]\n1 a\n-2 b\n[[1.0, 0.0], [0.0, 1.0]] 2\n"), 0),
    ),
    "match_value_and_ref_bindings_run": (
        _variant(
            _variant(_BEST_CHECKPOINT, "match best {", "match &best {"),
            '    println!("{:?}", best);\n}\n',
            """\
    let losses: Vec<f64> = vec![0.5, 0.25];
    let first: Option<f64> = losses.first().copied();
    let shown = match first {
        Some(x) => x * 2.0,
        None => 0.0,
    };
    let b = match best {
        Some(b) => b.loss,
        None => 0.0,
    };
    println!("{} {}", shown, b);
}
""",
        ),
        runs("1 0.3333333333333333\n", 0),
    ),
    "parse_error_cloned_then_used_run": (
        """\
fn main() {
    let e = "x".parse::<u32>().unwrap_err();
    let kept = e.clone();
    let s: String = e.to_string();
    let f = "1.2.3".parse::<f64>().unwrap_err();
    let g = f;
    println!("{} | {} | {}", s, kept, g);
}
""",
        runs(
            (
                "invalid digit found in string | invalid digit found in strin"
                "g | invalid float literal\n"
            ),
            0,
        ),
    ),
    "parse_error_moved_then_used": (
        """\
fn main() {
    let e = "x".parse::<u32>().unwrap_err();
    let _moved = e;
    let s: String = e.to_string();
    println!("{}", s);
}
""",
        rejects("E0382"),
    ),
    "rem_by_zero_of_value_lint": (
        """\
fn main() {
    let kept: Vec<i32> = (1..4).map(|x| x % 0).collect();
    println!("{:?}", kept);
}
""",
        rejects("unconditional_panic"),
    ),
    "rem_by_zero_through_filter_ref": (
        """\
fn main() {
    let kept: Vec<i32> = (1..4)
        .map(|x| x + 1)
        .filter(|y| {
            println!("filter {y}");
            y % 0 == 1
        })
        .collect();
    println!("{:?}", kept);
}
""",
        runs(
            "filter 2\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at main.rs:6:13:\n"
                "attempt to calculate the remainder with a divisor of zero\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to di"
                "splay a backtrace\n"
            ),
        ),
    ),
    "scan_state_given_borrow": (
        _variant(
            _variant(_SCAN_EMA, "[1.0f32, 3.0, 2.0, 0.5]", "[1.0f32, 3.0, 2.0]"),
            "*st = Some(y);",
            "*st = Some(&y);",
        ),
        rejects("E0308"),
    ),
    "struct_field_given_by_ref_runs": (
        _JOBS,
        runs(("[Job { status: Done, id: 1 }, Job { status: Running, id: 2 }]\n"), 0),
    ),
    "struct_field_given_for_ref_self": (
        _variant(
            _JOBS,
            "self.status.cmp(&other.status)",
            "self.status.cmp(other.status)",
        ),
        rejects("E0308"),
    ),
    "struct_values_in_vec_run": (
        """\
#[derive(Debug, Clone)]
struct Checkpoint {
    epoch: usize,
}

struct Keeper<'a> {
    seen: Vec<&'a Checkpoint>,
}

fn main() {
    let all: Vec<Checkpoint> = (1..3).map(|epoch| Checkpoint { epoch }).collect();
    let mut keeper = Keeper { seen: Vec::new() };
    for cp in &all {
        keeper.seen.push(cp);
    }
    let mut kept: Vec<Checkpoint> = Vec::new();
    kept.push(all[1].clone());
    println!("{:?} {:?}", keeper.seen, kept);
}
""",
        runs(("[Checkpoint { epoch: 1 }, Checkpoint { epoch: 2 }] [Checkpoint { epoch: 2 }]\n"), 0),
    ),
    "tuple_pattern_parameter_assigned": (
        """\
fn shifted((r, c): (usize, usize)) -> usize {
    r = r + 1;
    r * 10 + c
}

fn main() {
    println!("{}", shifted((1, 2)));
}
""",
        rejects("E0384"),
    ),
    "tuple_pattern_parameters_run": (
        """\
struct M {
    cols: usize,
    d: Vec<f32>,
}

impl M {
    fn at(&self, (r, c): (usize, usize)) -> f32 {
        self.d[r * self.cols + c]
    }
}

fn dist((x0, y0): (f32, f32), (x1, y1): (f32, f32)) -> f32 {
    ((x1 - x0).powi(2) + (y1 - y0).powi(2)).sqrt()
}

fn main() {
    let m = M { cols: 2, d: vec![1.0, 2.0, 3.0, 4.0] };
    println!("{} {}", m.at((1, 0)), dist((0.0, 0.0), (3.0, 4.0)));
    let pts = vec![(1, 2), (3, 4)];
    let s: Vec<i32> = pts.iter().map(|&(a, b)| a + b).collect();
    println!("{:?}", s);
}
""",
        runs("3 5\n[3, 7]\n", 0),
    ),
    "tuple_result_part_given_for_slice": (
        """\
fn loss_and_grad(p: &[f64]) -> (f64, Vec<f64>) {
    (p[0] * p[0], vec![2.0 * p[0]])
}

fn step(p: &mut Vec<f64>, g: &[f64]) {
    p[0] -= 0.1 * g[0];
}

fn main() {
    let mut p = vec![1.0];
    let (loss, g) = loss_and_grad(&p);
    step(&mut p, g);
    println!("{} {:?}", loss, p);
}
""",
        rejects("E0308"),
    ),
    "tuple_result_parts_run": (
        """\
fn loss_and_grad(p: &[f64]) -> (f64, Vec<f64>) {
    (p[0] * p[0], vec![2.0 * p[0]])
}

fn first_and_rest(v: &[f64]) -> (&f64, &[f64]) {
    (&v[0], &v[1..])
}

fn step(p: &mut Vec<f64>, g: &[f64]) {
    p[0] -= 0.1 * g[0];
}

fn main() {
    let mut p = vec![1.0, 2.0];
    let (loss, g) = loss_and_grad(&p);
    step(&mut p, &g);
    let (head, rest) = first_and_rest(&p);
    let total: f64 = rest.iter().sum::<f64>() + *head;
    println!("{} {:?} {}", loss, p, total);
}
""",
        runs("1 [0.8, 2.0] 2.8\n", 0),
    ),
    "zip_borrowed_part_of_borrowed_pairs": (
        """\
fn main() {
    let data = vec![(vec![1.0f32, 2.0], vec![0.5f32, 1.5])];
    for (x, t) in &data {
        let err: Vec<f32> = x.iter().zip(&t).map(|(a, b)| a - b).collect();
        println!("{:?}", err);
    }
}
""",
        rejects("E0277"),
    ),
    "zip_borrowed_row_of_borrowed_rows": (
        """\
fn main() {
    let data = vec![vec![2.0f64, 4.0], vec![4.0, 8.0]];
    let mut mean = vec![0.0f64; 2];
    for row in &data {
        for (m, x) in mean.iter_mut().zip(&row) {
            *m += x / 2.0;
        }
    }
    let mut s = 0.0;
    for row in &data {
        for (m, x) in mean.iter().zip(&row) {
            s += m * x;
        }
    }
    println!("{:?} {}", mean, s);
}
""",
        rejects("E0277"),
    ),
    "zip_parts_of_borrowed_pairs_run": (
        """\
fn main() {
    let data = vec![(vec![1.0f32, 2.0], vec![0.5f32, 1.5]), (vec![3.0, 1.0], vec![1.0, 1.0])];
    let mut mean = vec![0.0f32; 2];
    for (x, t) in &data {
        let err: Vec<f32> = x.iter().zip(t).map(|(a, b)| a - b).collect();
        for (m, e) in mean.iter_mut().zip(&err) {
            *m += e / 2.0;
        }
        println!("{:?} {}", err, t.len());
    }
    for (x, _) in data.iter() {
        for (m, v) in mean.iter_mut().zip(x) {
            *m += v;
        }
    }
    println!("{:?}", mean);
}
""",
        runs("[0.5, 0.5] 2\n[2.0, 0.0] 2\n[5.25, 3.25]\n", 0),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
