"""A reference a function or a method of the file returns borrows its argument by lifetime
elision (`returned_refs.py`): `let w = m.weights();` of `fn weights(&self) -> &Vec<f32>` (or
`-> &[f32]`, `-> Option<&f32>`) borrows `m`, `let f = first(&names);` of
`fn first(v: &Vec<String>) -> &String` borrows `names`; a mutation of it before the holder's
last use (`m.update()`, `l.xs.push(..)`, `self.record(..)`) is rustc's E0502. Look-alikes rustc
accepts: the holder's last use before the mutation (NLL), a clone, `len()` or an element copied
out, a result that is a value, another variable pushed to, a two-phase `l.xs.push(l.view().len())`,
a lifetime written on the result (`-> &'a [f32]` of a `View<'a>`: the data is lent, not the view),
a holder made again each turn.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_fn_returning_ref_then_push": (
        """\
fn first(v: &Vec<String>) -> &String { &v[0] }
fn main() {
    let mut names = vec![String::from("a")];
    let f = first(&names);
    names.push(String::from("b"));
    println!("{}", f);
}
""",
        rejects("E0502"),
    ),
    "bad_getter_hist_then_record": (
        """\
struct Stats { best: f32, hist: Vec<f32> }
impl Stats {
    fn hist(&self) -> &Vec<f32> { &self.hist }
    fn record(&mut self, x: f32) { self.hist.push(x); if x < self.best { self.best = x; } }
}
fn main() {
    let mut s = Stats { best: 1.0, hist: vec![] };
    s.record(0.5);
    let h = s.hist();
    s.record(0.25);
    println!("{:?} {}", h, s.best);
}
""",
        rejects("E0502"),
    ),
    "bad_getter_option_ref_then_push": (
        """\
struct Log { xs: Vec<f32> }
impl Log {
    fn best(&self) -> Option<&f32> { self.xs.iter().max_by(|a, b| a.total_cmp(b)) }
}
fn main() {
    let mut l = Log { xs: vec![1.0, 3.0] };
    let b = l.best();
    l.xs.push(2.0);
    println!("{:?}", b);
}
""",
        rejects("E0502"),
    ),
    "bad_getter_ref_then_mut_method": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn weights(&self) -> &Vec<f32> { &self.w }
    fn update(&mut self) { self.w[0] -= 0.1; }
}
fn main() {
    let mut m = Model { w: vec![1.0] };
    let w = m.weights();
    m.update();
    println!("{:?}", w);
}
""",
        rejects("E0502"),
    ),
    "bad_getter_slice_then_field_push": (
        """\
struct Log { xs: Vec<f32> }
impl Log {
    fn view(&self) -> &[f32] { &self.xs }
}
fn main() {
    let mut l = Log { xs: vec![1.0] };
    let v = l.view();
    l.xs.push(2.0);
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "bad_self_getter_then_own_mut_method": (
        """\
struct Stats { hist: Vec<f32> }
impl Stats {
    fn hist(&self) -> &Vec<f32> { &self.hist }
    fn record(&mut self, x: f32) { self.hist.push(x); }
    fn again(&mut self) {
        let h = self.hist();
        self.record(1.0);
        println!("{:?}", h);
    }
}
fn main() {
    let mut s = Stats { hist: vec![0.5] };
    s.again();
}
""",
        rejects("E0502"),
    ),
    "ok_fn_ref_of_other_then_push": (
        """\
fn first(v: &Vec<String>) -> &String { &v[0] }
fn main() {
    let names = vec![String::from("a")];
    let mut log: Vec<String> = Vec::new();
    let f = first(&names);
    log.push(String::from("b"));
    println!("{} {:?}", f, log);
}
""",
        runs('a ["b"]\n'),
    ),
    "ok_fn_value_result_then_push": (
        """\
fn count(v: &Vec<String>) -> usize { v.len() }
fn main() {
    let mut names = vec![String::from("a")];
    let n = count(&names);
    names.push(String::from("b"));
    println!("{} {:?}", n, names);
}
""",
        runs('1 ["a", "b"]\n'),
    ),
    "ok_getter_cloned_then_mutation": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn weights(&self) -> &Vec<f32> { &self.w }
    fn update(&mut self) { self.w[0] -= 0.5; }
}
fn main() {
    let mut m = Model { w: vec![1.0] };
    let w = m.weights().clone();
    let n = m.weights().len();
    let first = m.weights()[0];
    m.update();
    println!("{:?} {} {} {:?}", w, n, first, m.w);
}
""",
        runs("[1.0] 1 1 [0.5]\n"),
    ),
    "ok_getter_explicit_lifetime_of_data": (
        """\
struct View<'a> { xs: &'a [f32], pos: usize }
impl<'a> View<'a> {
    fn data(&self) -> &'a [f32] { self.xs }
}
fn main() {
    let d = vec![1.0f32, 2.0];
    let mut v = View { xs: &d, pos: 0 };
    let x = v.data();
    v.pos += 1;
    println!("{:?} {}", x, v.pos);
}
""",
        runs("[1.0, 2.0] 1\n"),
    ),
    "ok_getter_last_use_before_mutation": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn weights(&self) -> &Vec<f32> { &self.w }
    fn update(&mut self) { self.w[0] -= 0.5; }
}
fn main() {
    let mut m = Model { w: vec![1.0] };
    let w = m.weights();
    println!("{:?}", w);
    m.update();
    println!("{:?}", m.weights());
}
""",
        runs("[1.0]\n[0.5]\n"),
    ),
    "ok_getter_other_field_mutated": (
        """\
struct Model { w: Vec<f32>, steps: u32 }
impl Model {
    fn weights(&self) -> &Vec<f32> { &self.w }
}
fn main() {
    let mut m = Model { w: vec![1.0], steps: 0 };
    let steps = &mut m.steps;
    *steps += 1;
    let w = m.weights();
    println!("{:?} {}", w, m.steps);
}
""",
        runs("[1.0] 1\n"),
    ),
    "ok_getter_rebound_each_turn": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn weights(&self) -> &Vec<f32> { &self.w }
    fn update(&mut self) { self.w[0] -= 0.5; }
}
fn main() {
    let mut m = Model { w: vec![1.0] };
    for _ in 0..2 {
        let w = m.weights();
        println!("{:?}", w);
        m.update();
    }
}
""",
        runs("[1.0]\n[0.5]\n"),
    ),
    "ok_getter_value_result_then_mutation": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn total(&self) -> f32 { self.w.iter().sum() }
    fn snapshot(&self) -> Vec<f32> { self.w.clone() }
    fn update(&mut self) { self.w[0] -= 0.5; }
}
fn main() {
    let mut m = Model { w: vec![1.0, 2.0] };
    let t = m.total();
    let s = m.snapshot();
    m.update();
    println!("{} {:?} {:?}", t, s, m.w);
}
""",
        runs("3 [1.0, 2.0] [0.5, 2.0]\n"),
    ),
    "ok_two_phase_push_of_getter_len": (
        """\
struct Log { xs: Vec<usize> }
impl Log {
    fn view(&self) -> &[usize] { &self.xs }
}
fn main() {
    let mut l = Log { xs: vec![1] };
    l.xs.push(l.view().len());
    println!("{:?}", l.view());
}
""",
        runs("[1, 1]\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
