"""Programs on which pbpit must give rustc's verdict, one a kind of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs (issue 26): a literal of
another type where an array length's `usize` is written (E0308), an assignment through a `&`
reference, a field or an element, or a `&mut self` method called through one (E0594, E0596);
a `String` made by a `match` or an `if` moved, then used (E0382); a value written `&x` where
the place holds a value (E0308), a number behind a reference compared with a value (E0308,
E0277), a comparator's `b.1` given where `&f64` is taken (E0308); and
kinds found in held-out programs: a borrow held across a use that needs the place mutably or
moves it (E0502, E0499, E0505), a reference to a function's own variable returned (E0515), a
reference stored in an outer variable to one dropped at the end of its block (E0597).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`, by `tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports, `runs(stdout, ..)` what its binary
printed. Where rustc is on PATH, a test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "array_length_float_suffix": (
        """\
fn main() {
    let g: [i32; 2f64] = [1, 2];
    println!("{:?}", g);
}
""",
        rejects("E0308"),
    ),
    "array_length_suffix_alias": (
        """\
fn main() {
    type Grid = [[u8; 2i32]; 2];
    let g: Grid = [[1, 2], [3, 4]];
    println!("{:?}", g);
}
""",
        rejects("E0308"),
    ),
    "array_length_suffix_let": (
        """\
fn main() {
    let h: [i32; 2u8] = [1, 2];
    println!("{:?}", h);
}
""",
        rejects("E0308"),
    ),
    "array_length_usize_suffix_runs": (
        """\
fn main() {
    type Grid = [[u8; 2usize]; 2];
    let g: Grid = [[1, 2], [3, 4]];
    let h: [i64; 0x3] = [7; 3];
    println!("{:?} {:?}", g, h);
}
""",
        runs("[[1, 2], [3, 4]] [7, 7, 7]\n"),
    ),
    "borrow_assigned_in_some_to_field": (
        """\
#[derive(Debug)]
struct Trainer {
    best: Option<f32>,
    steps: u32,
}
fn main() {
    let total = 1.5f32;
    let mut t = Trainer { best: None, steps: 0 };
    t.best = Some(&total);
    t.steps += 1;
    println!("{:?}", t);
}
""",
        rejects("E0308"),
    ),
    "borrow_assigned_in_tuple_to_written_variable": (
        """\
fn main() {
    let lr = 0.5f64;
    let mut pair: (i32, f64) = (0, 0.0);
    pair = (1, &lr);
    println!("{:?}", pair);
}
""",
        rejects("E0308"),
    ),
    "borrow_assigned_to_value_variable": (
        """\
fn main() {
    let total = 1.5f32;
    let mut n = 0.5f32;
    n = &total;
    println!("{}", n);
}
""",
        rejects("E0308"),
    ),
    "borrow_replaced_into_field": (
        """\
use std::mem;
#[derive(Debug)]
struct Trainer {
    best: Option<f32>,
}
fn main() {
    let total = 1.5f32;
    let mut t = Trainer { best: None };
    let old = mem::replace(&mut t.best, Some(&total));
    println!("{:?} {:?}", t, old);
}
""",
        rejects("E0308"),
    ),
    "borrows_assigned_to_reference_places_run": (
        """\
#[derive(Debug)]
struct Best<'a> {
    loss: Option<&'a f32>,
    name: &'a str,
}
fn main() {
    let losses = vec![0.5f32, 0.25];
    let u = vec![1, 2, 3];
    let mut w = &losses;
    println!("{:?}", w);
    let mut o = None;
    o = Some(&losses[0]);
    let mut best: Option<&f32> = None;
    best = Some(&losses[1]);
    let label = String::from("sgd");
    let mut s = "adam";
    s = &label;
    let mut b = Best { loss: None, name: "x" };
    b.loss = Some(&losses[0]);
    b.name = &label;
    let mut pair: (i32, &f32) = (0, &losses[0]);
    pair = (1, &losses[1]);
    let mut n = 0.5f32;
    n = losses[1];
    let mut k = 0;
    k = *&u[2];
    w = &losses;
    println!("{:?} {:?} {:?} {} {:?} {:?} {} {} {}", w, o, best, s, b, pair, n, k, u.len());
}
""",
        runs(
            "[0.5, 0.25]\n[0.5, 0.25] Some(0.5) Some(0.25) sgd "
            'Best { loss: Some(0.5), name: "sgd" } (1, 0.25) 0.25 3 3\n'
        ),
    ),
    "element_assign_through_borrowed_array": (
        """\
fn main() {
    let arr = [1.0f32, 2.0];
    let mut b = &arr;
    b[0] = 9.0;
    println!("{:?} {:?}", arr, b);
}
""",
        rejects("E0594"),
    ),
    "element_assign_through_borrowed_vec": (
        """\
fn main() {
    let v = vec![1, 2];
    let mut b = &v;
    b[0] = 9;
    println!("{:?} {:?}", v, b);
}
""",
        rejects("E0596"),
    ),
    "element_assign_through_field_of_borrow": (
        """\
#[derive(Debug)]
struct S { v: Vec<i32>, a: [i32; 2] }
fn main() {
    let s = S { v: vec![1], a: [1, 2] };
    let b = &s;
    b.a[1] = 9;
    println!("{:?}", b);
}
""",
        rejects("E0594"),
    ),
    "element_assign_through_vec_field_of_borrow": (
        """\
#[derive(Debug)]
struct S { v: Vec<i32> }
fn main() {
    let s = S { v: vec![1] };
    let mut b = &s;
    b.v[0] = 9;
    println!("{:?}", b);
}
""",
        rejects("E0596"),
    ),
    "field_assign_in_iter_loop": (
        """\
#[derive(Debug)]
struct P { x: f32 }
fn main() {
    let ps = vec![P { x: 1.0 }];
    for p in ps.iter() {
        p.x = 2.0;
    }
    println!("{:?}", ps);
}
""",
        rejects("E0594"),
    ),
    "field_assign_through_mut_binding_of_borrow": (
        """\
#[derive(Debug, Clone, Copy)]
struct P { x: f32 }
fn main() {
    let p = P { x: 1.0 };
    let mut c = &p;
    let mut f = move || { c.x += 1.0; c.x };
    println!("{} {:?}", f(), c);
}
""",
        rejects("E0594"),
    ),
    "field_assign_through_shared_param": (
        """\
#[derive(Debug)]
struct P { x: f32 }
fn bump(p: &P) {
    p.x += 1.0;
}
fn main() {
    let p = P { x: 1.0 };
    bump(&p);
    println!("{:?}", p);
}
""",
        rejects("E0594"),
    ),
    "writes_through_mut_borrows_run": (
        """\
#[derive(Debug, Clone, Copy)]
struct P { x: f32 }
fn bump(p: &mut P) {
    p.x += 1.0;
}
fn main() {
    let mut p = P { x: 1.0 };
    bump(&mut p);
    let c = &mut p;
    c.x *= 3.0;
    let mut arr = [p, p];
    arr[1] = P { x: 0.5 };
    let r = &arr;
    let mut q = r[0];
    q.x = -1.0;
    let mut v = vec![1, 2];
    for x in v.iter_mut() {
        *x += 10;
    }
    let mut w = &v;
    let first = w[0];
    w = &v;
    println!("{:?} {:?} {:?} {} {:?}", p, arr, q, first, w);
}
""",
        runs("P { x: 6.0 } [P { x: 6.0 }, P { x: 0.5 }] P { x: -1.0 } 11 [11, 12]\n"),
    ),
    "borrows_that_end_in_time_run": (
        """\
#[derive(Debug)]
struct Net {
    w: Vec<f32>,
    lr: f32,
}
impl Net {
    fn apply(&mut self, g: &Vec<f32>) {
        for i in 0..self.w.len() {
            self.w[i] -= self.lr * g[i];
        }
    }
    fn scale(&mut self, by: f32) {
        self.lr *= by;
    }
    fn first(&self) -> &f32 {
        &self.w[0]
    }
}
fn consume(n: Net) -> usize {
    n.w.len()
}
fn largest(xs: &Vec<f32>) -> &f32 {
    let r = xs;
    let mut best = &r[0];
    for x in r.iter() {
        if x > best {
            best = x;
        }
    }
    best
}
fn main() {
    let mut net = Net { w: vec![1.0, 2.0], lr: 0.5 };
    let other = Net { w: vec![0.5, 0.5], lr: 0.0 };
    net.apply(&other.w);
    net.scale(net.lr);
    let mut v = vec![1, 2];
    v.push(v.len());
    let total = v.iter().fold(0, |a, x| a + x);
    v.push(total);
    let first = *v.iter().fold(&v[0], |b, x| if x > b { x } else { b });
    v.push(first);
    let r = &net;
    println!("{:?} {}", r.w, net.first());
    let n = consume(net);
    println!("{} {:?} {} {:?}", n, v, largest(&other.w), other);
}
""",
        runs("[0.75, 1.75] 0.75\n2 [1, 2, 2, 5, 5] 0.5 Net { w: [0.5, 0.5], lr: 0.0 }\n"),
    ),
    "extend_from_itself": (
        """\
fn main() {
    let mut v = vec![1, 2];
    v.extend_from_slice(&v);
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "field_borrow_into_mut_self_method": (
        """\
struct Net {
    w: Vec<f32>,
    lr: f32,
}

impl Net {
    fn apply(&mut self, g: &Vec<f32>) {
        for i in 0..self.w.len() {
            self.w[i] -= self.lr * g[i];
        }
    }
}

fn main() {
    let mut net = Net { w: vec![1.0, 2.0], lr: 0.1 };
    net.apply(&net.w);
    println!("{:?}", net.w);
}
""",
        rejects("E0502"),
    ),
    "fold_reference_held_across_push": (
        """\
fn main() {
    let mut losses = vec![0.9f32, 0.5, 0.7];
    let best = losses.iter().fold(&losses[0], |b, x| if x < b { x } else { b });
    losses.push(0.1);
    println!("best {} of {}", best, losses.len());
}
""",
        rejects("E0502"),
    ),
    "move_while_borrowed": (
        """\
struct Model {
    w: Vec<f32>,
}

fn consume(m: Model) -> usize {
    m.w.len()
}

fn main() {
    let model = Model { w: vec![0.1, 0.2] };
    let r = &model;
    let n = consume(model);
    println!("{} {:?}", n, r.w);
}
""",
        rejects("E0505"),
    ),
    "mut_field_borrow_into_mut_self_method": (
        """\
struct Net {
    w: Vec<f32>,
    lr: f32,
}
impl Net {
    fn apply(&mut self, g: &mut Vec<f32>) {
        self.lr += g[0];
    }
    fn again(&mut self) {
        self.apply(&mut self.w);
    }
}
fn main() {
    let mut net = Net { w: vec![1.0], lr: 0.1 };
    net.again();
    println!("{}", net.lr);
}
""",
        rejects("E0499"),
    ),
    "return_element_of_local": (
        """\
fn best(xs: &[f32]) -> &f32 {
    let sorted: Vec<f32> = xs.to_vec();
    &sorted[0]
}
fn main() {
    println!("{}", best(&[0.5, 0.1]));
}
""",
        rejects("E0515"),
    ),
    "return_reference_to_local": (
        """\
fn smallest(xs: &[f32]) -> &f32 {
    let m: f32 = xs[0];
    &m
}
fn main() {
    println!("{}", smallest(&[1.0, 0.5]));
}
""",
        rejects("E0515"),
    ),
    "comparators_of_references_run": (
        """\
fn main() {
    let x = 0.5f64;
    let y = 0.25f64;
    let mut pts = vec![(1, &x), (2, &y)];
    pts.sort_by(|a, b| a.1.partial_cmp(b.1).unwrap());
    let named: Vec<(i32, &f64)> = vec![(3, &y), (4, &x)];
    let top = named.iter().max_by(|p, q| p.1.partial_cmp(q.1).unwrap()).unwrap();
    let mut scored = vec![(3, 0.25f64), (1, 0.75), (2, 0.25)];
    scored.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
    println!("{:?} {:?} {:?}", pts, top, scored);
}
""",
        runs("[(2, 0.25), (1, 0.5)] (4, 0.5) [(3, 0.25), (2, 0.25), (1, 0.75)]\n"),
    ),
    "max_by_compares_a_value": (
        """\
fn main() {
    let pts: Vec<(i32, f64)> = vec![(1, 2.5), (3, 0.5)];
    if let Some(&(a, b)) = pts.iter().max_by(|p, q| p.1.partial_cmp(q.1).unwrap()) {
        println!("{} {}", a, b);
    }
}
""",
        rejects("E0308"),
    ),
    "sort_by_compares_a_value": (
        """\
fn main() {
    let mut scored = vec![(3, 0.25f64), (1, 0.75), (2, 0.25), (0, 0.5)];
    scored.sort_by(|a, b| a.1.partial_cmp(b.1).unwrap());
    println!("{:?}", scored);
}
""",
        rejects("E0308"),
    ),
    "if_made_vec_moved": (
        """\
fn total(v: Vec<f32>) -> f32 {
    v.iter().sum()
}
fn main() {
    let big = true;
    let xs = if big { vec![1.0, 2.0] } else { panic!("small") };
    println!("{}", total(xs));
    println!("{:?}", xs);
}
""",
        rejects("E0382"),
    ),
    "match_made_string_moved": (
        """\
fn main() {
    let n = 42;
    let msg = match n {
        x @ 0..=9 => format!("digit {}", x),
        _ => String::from("other"),
    };
    let _moved = msg;
    println!("{}", msg);
}
""",
        rejects("E0382"),
    ),
    "mutable_borrows_and_branch_values_run": (
        """\
fn add(m: &mut Vec<Vec<i32>>, v: &mut Vec<i32>) {
    m[0].push(2);
    v.push(3);
}
fn main() {
    let mut rows = vec![vec![1]];
    let mut v = vec![0];
    add(&mut rows, &mut v);
    let w = &mut v;
    w.push(4);
    for row in rows.iter_mut() {
        row.push(5);
    }
    let n = 3;
    let k = match n {
        0 => 1,
        _ => 2,
    };
    let j = k;
    let label = if n > 2 { "big" } else { "small" };
    let other = label;
    let s = String::from("x");
    let r = match n {
        0 => &s,
        _ => &s,
    };
    let r2 = r;
    println!("{:?} {:?} {} {} {} {} {} {}", rows, v, k, j, label, other, r, r2);
}
""",
        runs("[[1, 2, 5]] [0, 3, 4] 2 2 big big x x\n"),
    ),
    "push_through_shared_borrow": (
        """\
fn main() {
    let v = vec![1];
    let w = &v;
    w.push(2);
    println!("{:?}", w);
}
""",
        rejects("E0596"),
    ),
    "push_to_field_of_shared_param": (
        """\
struct Log {
    items: Vec<i32>,
}
fn add(w: &Log) {
    w.items.push(1);
}
fn main() {
    let log = Log { items: vec![] };
    add(&log);
    println!("{}", log.items.len());
}
""",
        rejects("E0596"),
    ),
    "push_to_row_of_shared_param": (
        """\
fn add(m: &Vec<Vec<i32>>) {
    m[0].push(2);
}
fn main() {
    let rows = vec![vec![1]];
    add(&rows);
    println!("{:?}", rows);
}
""",
        rejects("E0596"),
    ),
    "batch_dropped_while_borrowed": (
        """\
fn main() {
    let first;
    {
        let batch = vec![0.5f32, 0.25];
        first = &batch[0];
    }
    println!("{}", first);
}
""",
        rejects("E0597"),
    ),
    "inner_borrows_that_live_long_enough_run": (
        """\
fn main() {
    let data = vec![0.5f32, 0.25];
    let first;
    {
        let batch = &data;
        first = &batch[0];
    }
    let mut last = &data[1];
    {
        let scratch = vec![9.0f32];
        last = &scratch[0];
        println!("{}", last);
        last = &data[0];
    }
    let mut best = &data[0];
    for x in data.iter() {
        let copy = *x;
        if copy > *best {
            best = x;
        }
    }
    println!("{} {} {}", first, last, best);
}
""",
        runs("9\n0.5 0.5 0.5\n"),
    ),
    "item_reference_equal_to_literal": (
        """\
fn main() {
    let v = vec![1, 200, 3];
    for x in v.iter() {
        if x == 100 {
            println!("hit");
        }
    }
}
""",
        rejects("E0277"),
    ),
    "item_reference_ordered_against_literal": (
        """\
fn main() {
    let v = vec![1, 200, 3];
    for x in v.iter() {
        if x > 100 {
            println!("{}", x);
        }
    }
}
""",
        rejects("E0308"),
    ),
    "literal_ordered_against_reference_param": (
        """\
fn big(x: &f64) -> bool {
    1.0 < x
}
fn main() {
    println!("{}", big(&2.0));
}
""",
        rejects("E0277"),
    ),
    "reference_comparisons_run": (
        """\
fn big(x: &f64, limit: &f64) -> bool {
    *x > 1.0 && x > limit && x == &2.0
}
fn main() {
    let v = vec![1, 200, 3];
    let k = 200;
    let mut n = 0;
    for x in v.iter() {
        if *x > 100 || x == &k || 3 == *x || x >= &2 {
            n += 1;
        }
    }
    for x in v {
        if x > 100 {
            n += 10;
        }
    }
    println!("{} {}", n, big(&2.0, &0.5));
}
""",
        runs("12 true\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
