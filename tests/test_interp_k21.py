"""Verdicts of session 21 (helper K) on which pbpit must agree with rustc 1.95: std methods
numeric and training code uses, found refused by a held-out measurer and rewritten here from
its list (`Vec::append`, `as_slice`, `String::insert_str`, `is_sorted`, `is_sorted_by_key`, ..),
with what rustc rejects of them; a generic fn's `L: Eq + Hash` keying a map (no Burn backend);
`std::iter::successors`, `from_fn` and the open range `start..`; a `BTreeMap`'s `range(..=k)`;
labelled blocks (`'a: { .. break 'a v; .. }`); `BinaryHeap` and `Reverse`'s `.0`;
`for (i, (w, g)) in ws.iter_mut().zip(gs.iter()).enumerate()`.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a slow test
checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "as_slice_is_a_slice_to_patterns_and_slice_methods": (
        """\
fn total(xs: &[f32]) -> f32 {
    xs.iter().sum()
}
fn main() {
    let v = vec![1.5f32, 2.0, 3.25];
    let s = v.as_slice();
    println!("{} {} {:?}", total(s), s.len(), s.first());
    match v.as_slice() {
        [] => println!("empty"),
        [only] => println!("one {}", only),
        [first, .., last] => println!("{} .. {}", first, last),
    }
    if let [a, rest @ ..] = v.as_slice() {
        println!("{} {:?}", a, rest);
    }
}
""",
        runs("6.75 3 Some(1.5)\n1.5 .. 3.25\n1.5 [2.0, 3.25]\n"),
    ),
    "as_slice_has_no_push": (
        """\
fn main() {
    let mut v = vec![1, 2];
    v.as_slice().push(3);
}
""",
        rejects("E0599"),
    ),
    "append_borrowed_not_mut": (
        """\
fn main() {
    let mut a = vec![1];
    let b = vec![2];
    a.append(&b);
    println!("{:?}", a);
}
""",
        rejects("E0308"),
    ),
    "append_from_immutable": (
        """\
fn main() {
    let mut a = vec![1];
    let b = vec![2];
    a.append(&mut b);
    println!("{:?}", a);
}
""",
        rejects("E0596"),
    ),
    "append_other_element": (
        """\
fn main() {
    let mut a = vec![1];
    let mut b = vec![2.0];
    a.append(&mut b);
    println!("{:?}", a);
}
""",
        rejects("E0308"),
    ),
    "append_ref_param": (
        """\
fn gather(into: &mut Vec<i32>, from: &Vec<i32>) {
    into.append(from);
}
fn main() {
    let mut a = vec![1];
    let b = vec![2, 3];
    gather(&mut a, &b);
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0308"),
    ),
    "append_through_mut_param": (
        """\
fn gather(into: &mut Vec<i32>, from: &mut Vec<i32>) {
    into.append(from);
}
fn main() {
    let mut a = vec![1];
    let mut b = vec![2, 3];
    gather(&mut a, &mut b);
    println!("{:?} {:?}", a, b);
}
""",
        runs("[1, 2, 3] []\n", 0),
    ),
    "append_to_immutable": (
        """\
fn main() {
    let a = vec![1];
    let mut b = vec![2];
    a.append(&mut b);
    println!("{:?}", a);
}
""",
        rejects("E0596"),
    ),
    "insert_str_immutable": (
        """\
fn main() {
    let s = String::from("a");
    s.insert_str(0, "b");
    println!("{}", s);
}
""",
        rejects("E0596"),
    ),
    "insert_str_string_value": (
        """\
fn main() {
    let mut s = String::from("a");
    let t = String::from("b");
    s.insert_str(0, t);
    println!("{}", s);
}
""",
        rejects("E0308"),
    ),
    "is_sorted_by_key_floats": (
        """\
fn main() {
    let losses = vec![(3, 0.5f32), (1, 0.25), (2, 0.125)];
    println!("{}", losses.is_sorted_by_key(|p| p.1));
    println!("{}", losses.is_sorted_by_key(|p| -p.1));
    let v: Vec<usize> = vec![3, 1, 2];
    println!("{}", v.is_sorted_by_key(|&x| x % 3));
}
""",
        runs("false\ntrue\ntrue\n", 0),
    ),
    "generic_hash_missing_bound": (
        """\
use std::collections::HashMap;
fn count<L: Eq + Clone>(labels: &[L]) -> HashMap<L, usize> {
    let mut m = HashMap::new();
    for l in labels { *m.entry(l.clone()).or_insert(0) += 1; }
    m
}
fn main() {
    let c = count(&[1, 2, 1, 1]);
    println!("{}", c[&1]);
}
""",
        rejects("E0277"),
    ),
    "generic_hash_no_use": (
        """\
use std::collections::HashMap;
fn count<L: Eq + Hash + Clone>(labels: &[L]) -> HashMap<L, usize> {
    let mut m = HashMap::new();
    for l in labels { *m.entry(l.clone()).or_insert(0) += 1; }
    m
}
fn main() {
    let c = count(&[1, 2, 1, 1]);
    println!("{} {}", c[&1], c[&2]);
}
""",
        rejects("E0404"),
    ),
    "from_fn_not_option": (
        """\
fn main() {
    let v: Vec<i32> = std::iter::from_fn(|| 5).take(2).collect();
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "range_from_len": (
        """\
fn main() {
    println!("{}", (1..).len());
}
""",
        rejects("E0599"),
    ),
    "range_from_rev": (
        """\
fn main() {
    let v: Vec<i32> = (1..).map(|x| x * 2).rev().take(2).collect();
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "range_from_zip_enumerate": (
        """\
fn main() {
    let w = [0.5f32, 0.25];
    for (step, (i, x)) in (100..).zip(w.iter().enumerate()) {
        println!("{} {} {}", step, i, x);
    }
}
""",
        runs("100 0 0.5\n101 1 0.25\n", 0),
    ),
    "successors_first_not_option": (
        """\
fn main() {
    let v: Vec<i32> = std::iter::successors(1, |x| Some(x + 1)).take(2).collect();
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "for_range_to": (
        """\
use std::collections::BTreeMap;
fn main() {
    for i in ..3 { println!("{}", i); }
}
""",
        rejects("E0277"),
    ),
    "range_to_float_key": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1, 0.5);
    let k = 2.0;
    println!("{}", m.range(..k).count());
}
""",
        rejects("E0277"),
    ),
    "range_to_unused": (
        """\
use std::collections::BTreeMap;
fn main() {
    let r = ..=3;
    let _ = r;
    println!("ok");
}
""",
        runs("ok\n", 0),
    ),
    "lb_unlabelled_break": (
        """\
fn main() {
    for i in 0..3 {
        let r = 'a: {
            if i == 1 { break; }
            i
        };
        println!("{}", r);
    }
}
""",
        rejects("E0695"),
    ),
    "lb_continue": (
        """\
fn main() {
    for i in 0..3 {
        'a: {
            if i == 1 { continue 'a; }
            println!("{}", i);
        }
    }
}
""",
        rejects("E0696"),
    ),
    "lb_mismatch": (
        """\
fn main() {
    let r = 'a: {
        if true { break 'a 1; }
        "x"
    };
    println!("{}", r);
}
""",
        rejects("E0308"),
    ),
    "lb_tail": (
        """\
fn main() {
    fn pick(xs: &[f32]) -> f32 {
        'best: {
            for &x in xs {
                if x < 0.0 { break 'best x; }
            }
            xs[0]
        }
    }
    println!("{} {}", pick(&[1.0, -2.0]), pick(&[3.0]));
}
""",
        runs("-2 3\n", 0),
    ),
    "heap_float": (
        """\
use std::collections::BinaryHeap;
fn main() {
    let mut h = BinaryHeap::new();
    h.push(1.5);
    println!("{:?}", h.pop());
}
""",
        rejects("E0277"),
    ),
    "heap_no_use": (
        """\
fn main() {
    let mut h = BinaryHeap::new();
    h.push(1);
    println!("{:?}", h.pop());
}
""",
        rejects("E0433"),
    ),
    "heap_not_mut": (
        """\
use std::collections::BinaryHeap;
fn main() {
    let h = BinaryHeap::new();
    h.push(1);
    println!("{:?}", h.peek());
}
""",
        rejects("E0596"),
    ),
    "heap_path": (
        """\
fn main() {
    let mut h: std::collections::BinaryHeap<u8> = std::collections::BinaryHeap::new();
    h.push(2);
    h.push(5);
    println!("{:?} {}", h.peek(), h.len());
}
""",
        runs("Some(5) 2\n", 0),
    ),
    "reverse_field": (
        """\
use std::cmp::Reverse;
fn main() {
    let mut r = Reverse(3);
    r.0 += 2;
    let v = vec![Reverse(1), Reverse(4)];
    let m = v.iter().max().unwrap();
    println!("{} {} {}", r.0, m.0, Reverse(2) < Reverse(1));
}
""",
        runs("5 1 true\n", 0),
    ),
    "zip_enum_not_mut": (
        """\
fn main() {
    let w = vec![1.0f32, 2.0];
    let g = vec![0.5f32, 0.5];
    for (i, (wi, gi)) in w.iter_mut().zip(g.iter()).enumerate() {
        *wi -= gi * i as f32;
    }
    println!("{:?}", w);
}
""",
        rejects("E0596"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
