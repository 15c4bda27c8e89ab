"""Borrows and moves as rustc's borrow checker sees them, where pbpit (which erases
references) ran what rustc rejects or refused what it runs (helper O2's repros and helper D's
differential test of session 20, and programs of the same shapes written in session 21):

- borrows are of places, not variables: `self.rng += 1` while `&self.buf[0]` lives, a field
  moved out beside a borrowed one, run; the same field, or the whole, is rustc's E0502/E0505/
  E0506;
- a getter's elided borrow (`let view = m.weights();`) keeps its owner borrowed: moved before
  `view`'s last use is rustc's E0505;
- a temporary's `&str` items mapped to views (`.split(',').map(|s| s.trim())`) borrow it (E0716);
- an `if` without `else` giving a value: E0317, or E0308 where its place expects `()`;
- `unwrap_or` of an `Option` of references given a value (E0308);
- a `Box` is never `Copy` (E0382 once moved), while `fmt::Result` and `&dyn Trait` are;
- a field returned where a reference is written (`-> &mut Vec<f32> { self.p }`: E0308);
- names bound through a `&mut` scrutinee (`match self { V { s, .. } => s.iter_mut() }`) lend
  their `Vec` or struct mutably; a method's path over references (`iter().map(V::total)`).

Each program of `tests/rust/borrows21` runs in pbpit and prints what rustc 1.95 printed
(goldens recorded with `tools/record_rustc.record`, `rustc --edition 2021 -C
debug-assertions=on`); the slow test records them again. The table below holds the programs
rustc rejects, each with the first error code rustc 1.95 gave (the slow test asks rustc
again): pbpit gives that code.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from pbpit_process import pbpit_main
from rustc_verdicts import pbpit_gives, rejects, stale

PROGRAMS = Path(__file__).parent / "rust" / "borrows21"


def test_every_program_prints_what_rustc_printed():
    out = pbpit_main("check", str(PROGRAMS))
    count = len(list(PROGRAMS.glob("*.rs")))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(f"{count} passed, 0 failed"), out.stdout


def test_every_program_has_its_golden():
    programs = sorted(PROGRAMS.glob("*.rs"))
    assert len(programs) >= 10
    assert [p.name for p in programs if not p.with_suffix(".stdout").is_file()] == []


@pytest.mark.slow
def test_the_goldens_are_what_rustc_prints_now():
    from record_rustc import Refused, find_rustc, record

    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    differ = []
    with tempfile.TemporaryDirectory(prefix="borrows21_") as build:
        for program in sorted(PROGRAMS.glob("*.rs")):
            recorded = record(rustc, program, Path(build))
            stderr = program.with_suffix(".stderr")
            if recorded.stdout != program.with_suffix(".stdout").read_bytes() or (
                recorded.stderr != (stderr.read_bytes() if stderr.is_file() else b"")
            ):
                differ.append(program.name)
    assert differ == []


CASES = {
    "getter_borrow_then_owner_moved": (
        """\
struct Model {
    w: Vec<f32>,
}

impl Model {
    fn weights(&self) -> &[f32] {
        &self.w
    }
}

fn archive(m: Model) -> usize {
    m.w.len()
}

fn main() {
    let m = Model { w: vec![0.5, 0.25] };
    let view = m.weights();
    let n = archive(m);
    println!("{:?} {}", view, n);
}
""",
        rejects("E0505"),
    ),
    "getter_borrow_then_owner_moved_by_call": (
        """\
struct Model {
    layers: Vec<usize>,
}
impl Model {
    fn sizes(&self) -> &Vec<usize> {
        &self.layers
    }
}
fn consume(m: Model) -> usize {
    m.layers.len()
}
fn main() {
    let m = Model { layers: vec![4, 2] };
    let s = m.sizes();
    let n = consume(m);
    println!("{:?} {}", s, n);
}
""",
        rejects("E0505"),
    ),
    "getter_borrow_then_field_assigned": (
        """\
struct Model {
    layers: Vec<usize>,
    step: u32,
}
impl Model {
    fn sizes(&self) -> &[usize] {
        &self.layers
    }
}
fn main() {
    let mut m = Model { layers: vec![4, 2], step: 0 };
    let s = m.sizes();
    m.step += 1;
    println!("{:?} {}", s, m.step);
}
""",
        rejects("E0506"),
    ),
    "field_borrowed_then_same_field_moved": (
        """\
struct Job {
    name: String,
    args: Vec<String>,
}
fn main() {
    let job = Job { name: "train".to_string(), args: vec!["--lr".to_string()] };
    let n = &job.name;
    let name = job.name;
    println!("{} {} {:?}", n, name, job.args);
}
""",
        rejects("E0505"),
    ),
    "field_borrowed_then_same_field_pushed": (
        """\
struct Buf {
    data: Vec<f32>,
    n: usize,
}
impl Buf {
    fn grow(&mut self) -> f32 {
        let first = &self.data[0];
        self.data.push(3.0);
        self.n += 1;
        *first
    }
}
fn main() {
    let mut b = Buf { data: vec![1.5], n: 0 };
    println!("{}", b.grow());
}
""",
        rejects("E0502"),
    ),
    "field_borrowed_then_same_field_assigned": (
        """\
struct Stats {
    best: f32,
    count: u32,
}
impl Stats {
    fn bump(&mut self) -> f32 {
        let b = &self.best;
        self.best = 2.0;
        *b
    }
}
fn main() {
    let mut s = Stats { best: 1.0, count: 0 };
    println!("{} {}", s.bump(), s.count);
}
""",
        rejects("E0506"),
    ),
    "field_borrowed_then_whole_assigned": (
        """\
struct Pair {
    a: Vec<i32>,
    b: i32,
}
fn main() {
    let mut p = Pair { a: vec![1, 2], b: 0 };
    let r = &p.a;
    p = Pair { a: vec![], b: 1 };
    println!("{:?} {}", r, p.b);
}
""",
        rejects("E0506"),
    ),
    "field_borrowed_then_its_vec_indexed_mut": (
        """\
struct Opt {
    m: Vec<f32>,
    v: Vec<f32>,
    t: u32,
}
impl Opt {
    fn step(&mut self) -> f32 {
        let m0 = &self.m[0];
        let v0 = &self.v[0];
        self.t += 1;
        self.m[1] = 0.0;
        m0 + v0
    }
}
fn main() {
    let mut o = Opt { m: vec![1.0, 2.0], v: vec![0.5], t: 0 };
    println!("{} {}", o.step(), o.t);
}
""",
        rejects("E0502"),
    ),
    "temporary_split_mapped_to_views": (
        """\
fn main() {
    let parts: Vec<&str> = "a, b".to_uppercase().split(',').map(|s| s.trim()).collect();
    println!("{:?}", parts);
}
""",
        rejects("E0716"),
    ),
    "temporary_split_mapped_to_views_filtered": (
        """\
fn main() {
    let parts: Vec<&str> = String::from("a; b")
        .split(';')
        .map(|s| s.trim_start())
        .filter(|s| !s.is_empty())
        .collect();
    println!("{:?}", parts);
}
""",
        rejects("E0716"),
    ),
    "temporary_split_mapped_to_trim": (
        """\
fn main() {
    let words: Vec<&str> = String::from(" a | b ").split('|').map(|w| w.trim()).collect();
    println!("{}", words.len());
}
""",
        rejects("E0716"),
    ),
    "if_without_else_typed_let": (
        """\
fn main() {
    let warmup = true;
    let lr: f32 = if warmup { 0.01 };
    println!("{}", lr);
}
""",
        rejects("E0317"),
    ),
    "if_without_else_let": (
        """\
fn main() {
    let epoch = 3;
    let decay = if epoch > 2 { 0.5 };
    println!("{:?}", decay);
}
""",
        rejects("E0317"),
    ),
    "if_without_else_with_semicolon": (
        """\
fn main() {
    let c = true;
    if c { 5 };
    println!("x");
}
""",
        rejects("E0317"),
    ),
    "if_without_else_as_fn_result": (
        """\
fn f(c: bool) -> i32 {
    if c { 5 }
}
fn main() {
    println!("{}", f(true));
}
""",
        rejects("E0317"),
    ),
    "if_without_else_statement": (
        """\
fn main() {
    let c = true;
    if c { 5 }
    println!("x");
}
""",
        rejects("E0308"),
    ),
    "if_without_else_loop_body_tail": (
        """\
fn main() {
    let c = true;
    for _ in 0..2 {
        if c { 5 }
    }
}
""",
        rejects("E0308"),
    ),
    "unwrap_or_value_for_last": (
        """\
fn main() {
    let v: Vec<f32> = vec![1.0, 2.0];
    let x = *v.last().unwrap_or(0.0);
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
    "unwrap_or_value_for_iter_max": (
        """\
fn main() {
    let v = vec![3, 1, 2];
    let m = v.iter().max().unwrap_or(0);
    println!("{}", m);
}
""",
        rejects("E0308"),
    ),
    "unwrap_or_value_for_first": (
        """\
fn main() {
    let losses: Vec<f64> = vec![];
    let first = losses.first().unwrap_or(f64::NAN);
    println!("{}", first);
}
""",
        rejects("E0308"),
    ),
    "popped_vec_moved_then_pushed": (
        """\
fn main() {
    let mut grid = vec![vec![0.5f32; 2]; 3];
    let mut last = grid.pop().unwrap();
    let _moved = last;
    last.push(1.5);
    println!("{:?} {:?}", grid, last);
}
""",
        rejects("E0382"),
    ),
    "box_moved_then_printed": (
        """\
fn main() {
    let b: Box<i32> = Box::new(3);
    let _moved = b;
    println!("{}", b);
}
""",
        rejects("E0382"),
    ),
    "boxed_closure_moved_then_called": (
        """\
fn main() {
    let warm: Box<dyn Fn(f32) -> f32> = Box::new(|x| x * 2.0);
    let _moved = warm;
    println!("{}", warm(1.0));
}
""",
        rejects("E0382"),
    ),
    "box_parameter_moved_twice": (
        """\
fn apply(f: Box<dyn Fn(f32) -> f32>, x: f32) -> f32 {
    f(x)
}
fn main() {
    let f: Box<dyn Fn(f32) -> f32> = Box::new(|x| x + 1.0);
    let a = apply(f, 1.0);
    let b = apply(f, 2.0);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "field_returned_for_mut_reference": (
        """\
struct M {
    p: Vec<f32>,
}
impl M {
    fn params_mut(&mut self) -> &mut Vec<f32> {
        self.p
    }
}
fn main() {
    let mut m = M { p: vec![1.0] };
    let p = m.params_mut();
    p.push(2.0);
    println!("{:?}", m.p);
}
""",
        rejects("E0308"),
    ),
    "copy_field_returned_for_reference": (
        """\
struct C {
    n: u32,
}
impl C {
    fn n(&self) -> &u32 {
        self.n
    }
}
fn main() {
    let c = C { n: 3 };
    println!("{}", c.n());
}
""",
        rejects("E0308"),
    ),
    "string_field_returned_for_reference": (
        """\
struct Cfg {
    name: String,
}
impl Cfg {
    fn name(&self) -> &String {
        self.name
    }
}
fn main() {
    let c = Cfg { name: "a".to_string() };
    println!("{}", c.name());
}
""",
        rejects("E0308"),
    ),
    "ref_of_str_item_pushed_and_ref_of_number": (
        """\
fn main() {
    let mut seen: Vec<&str> = Vec::new();
    for w in ["x", "y"] {
        seen.push(&w);
    }
    let mut lens: Vec<&usize> = Vec::new();
    for n in [1usize, 2] {
        lens.push(&n);
    }
    println!("{:?} {:?}", seen, lens);
}
""",
        rejects("E0597"),
    ),
    "match_shared_self_push": (
        """\
enum Opt {
    Rms { s: Vec<f32> },
}
impl Opt {
    fn add(&self, x: f32) {
        match self {
            Opt::Rms { s } => s.push(x),
        }
    }
}
fn main() {
    let o = Opt::Rms { s: vec![] };
    o.add(1.0);
}
""",
        rejects("E0596"),
    ),
    "match_shared_self_tuple_variant_push": (
        """\
enum Acc {
    Sum(Vec<f32>),
}
impl Acc {
    fn add(&self, x: f32) {
        match self {
            Acc::Sum(xs) => xs.push(x),
        }
    }
}
fn main() {
    let a = Acc::Sum(vec![]);
    a.add(1.0);
}
""",
        rejects("E0596"),
    ),
    "element_of_reference_field_returned_for_reference": (
        """\
struct View<'a> {
    xs: &'a [f32],
}
impl<'a> View<'a> {
    fn first(&self) -> &'a f32 {
        self.xs[0]
    }
}
fn main() {
    let v = vec![1.0f32];
    let w = View { xs: &v };
    println!("{}", w.first());
}
""",
        rejects("E0308"),
    ),
    "value_in_a_reference_field": (
        """\
struct Batches<'a> {
    data: &'a [f32],
    size: usize,
}
fn main() {
    let v = vec![1.0f32, 2.0];
    let b = Batches { data: v, size: 1 };
    println!("{} {:?}", b.size, b.data);
}
""",
        rejects("E0308"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name: str) -> None:
    pbpit_gives(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
