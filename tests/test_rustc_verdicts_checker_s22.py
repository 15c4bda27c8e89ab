"""Programs on which pbpit must give rustc's verdict, found by the differential against rustc
(`tools/rustc_differential.py`, issue 26) and in held-out programs, on the checker's side: a
reference and a value where rustc needs one type (the branches of an `if`, a `match`'s arms, a
loop's or a labelled block's values: E0308, `ref_values.py`), a `&x` pattern over items that are
values (E0308), and their twins rustc runs.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`, by `tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports, `runs(stdout, ..)` what its binary
printed. Where rustc is on PATH, a slow test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, rejects, runs, same, verdict_tests

STD = Path(__file__).parent / "rust" / "std"
"""Where the programs some cases below are made from are (`pbpit check` runs them against
rustc's recorded output, in test_rust_vs_rustc)."""


def _variant(text: str, old: str, new: str) -> str:
    """TEXT with its one `old` made `new`."""
    assert text.count(old) == 1, old
    return text.replace(old, new)


def _std(name: str, old: str, new: str) -> str:
    """tests/rust/std/NAME.rs with its one `old` made `new`."""
    return _variant((STD / f"{name}.rs").read_text(encoding="utf-8"), old, new)


_SUCCESSORS = (STD / "iter_successors.rs").read_text(encoding="utf-8")
_SEED = "fn main() {\n" + _SUCCESSORS[_SUCCESSORS.index("    let mut seed = 7u64;\n") :]
"""iter_successors.rs's seeded noise stream (`from_fn` over a captured `mut` seed), alone in a
`main`: the base of the closure and `from_fn` cases below."""

_ITER_MUT_READS_LEN = """\
fn main() {
    let mut w = vec![1.0f32, 2.0];
    for x in w.iter_mut() {
        *x /= w.len() as f32;
    }
    println!("{:?}", w);
}
"""
"""A loop over `w.iter_mut()` reading `w.len()` (E0502): the base of the `iter_mut` loops below."""

_OPTION_LET = """\
fn main() {
    let v = vec![1, 2, 3];
    let x: Option<i32> = v.iter().find(|x| **x > 1);
    println!("{:?}", x);
}
"""
"""An `Option<i32>` let given an `Option<&i32>` (E0308): the base of the `Option` lets below."""

CASES = {
    "array_of_borrows_and_values": (
        """\
fn main() {
    let a = 1;
    let v = [&a, 2];
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "array_of_slice_value_and_borrow": (
        """\
fn main() {
    let good = vec![(1, 2)];
    let bad = vec![(3, 4)];
    for cfg in [good[..], &bad[..]] {
        println!("{:?}", cfg);
    }
}
""",
        rejects("E0308"),
    ),
    "assigns_immutable_twice": (
        """\
fn main() {
    let count = 0;
    count = 2;
    println!("{}", count);
}
""",
        rejects("E0384"),
    ),
    "assigns_iter_item_to_value_variable": (
        """\
fn main() {
    let v = vec![1, 2];
    let mut best: i32 = 0;
    for x in v.iter() {
        if *x > best {
            best = x;
        }
    }
    println!("{}", best);
}
""",
        rejects("E0308"),
    ),
    "borrowed_items_pushed_returned_as_values": (
        """\
fn positives(xs: &[i32]) -> Vec<i32> {
    let mut out = Vec::new();
    for x in xs {
        if *x > 0 {
            out.push(x);
        }
    }
    out
}

fn main() {
    println!("{:?}", positives(&[1, -2, 3]));
}
""",
        rejects("E0308"),
    ),
    "borrowed_keys_returned_as_references_runs": (
        """\
use std::collections::HashMap;
use std::hash::Hash;

fn count<L: Eq + Hash + Clone>(labels: &[L]) -> HashMap<L, usize> {
    let mut m = HashMap::new();
    for l in labels {
        *m.entry(l.clone()).or_insert(0) += 1;
    }
    m
}

fn tally(labels: &[u32]) -> HashMap<&u32, usize> {
    let mut m = HashMap::new();
    for l in labels {
        *m.entry(l).or_insert(0) += 1;
    }
    m
}

fn positives(xs: &[i32]) -> Vec<&i32> {
    let mut out = Vec::new();
    for x in xs {
        if *x > 0 {
            out.push(x);
        }
    }
    out
}

fn main() {
    let c = count(&[1, 2, 1, 1]);
    let t = tally(&[4, 4, 5]);
    println!("{} {} {} {:?}", c[&1], c.len(), t[&4], positives(&[1, -2, 3]));
}
""",
        runs("3 2 2 [1, 3]\n"),
    ),
    "closure_assigns_captured_immutable": (
        _variant(_SEED, "let mut seed", "let seed"),
        rejects("E0594"),
    ),
    "closure_op_assigns_captured_immutable": (
        """\
fn main() {
    let count = 0;
    let mut bump = || count *= 2;
    bump();
    println!("{}", count);
}
""",
        rejects("E0594"),
    ),
    "counts_of_borrowed_keys_returned_generic": (
        """\
use std::collections::HashMap;
use std::hash::Hash;

fn count<L: Eq + Hash + Clone>(labels: &[L]) -> HashMap<L, usize> {
    let mut m = HashMap::new();
    for l in labels {
        *m.entry(l).or_insert(0) += 1;
    }
    m
}

fn main() {
    let c = count(&[1, 2, 1, 1]);
    println!("{} {}", c[&1], c.len());
}
""",
        rejects("E0308"),
    ),
    "element_assigned_then_type_error": (
        """\
fn main() {
    let v = vec![1, 2];
    v[0] = 3;
    let n: i32 = "x";
    println!("{:?} {}", v, n);
}
""",
        rejects("E0308"),
    ),
    "element_of_immutable_vec_assigned": (
        """\
fn main() {
    let v = vec![1, 2];
    v[0] = 3;
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "error_values_in_fields_runs": (
        """\
use std::num::ParseIntError;
#[derive(Debug)]
struct W {
    inner: ParseIntError,
}
#[derive(Debug)]
enum E {
    Int(ParseIntError),
}
fn main() {
    let err = "x".parse::<i32>().unwrap_err();
    let w = W { inner: err.clone() };
    let e = E::Int(err);
    let none: Vec<i32> = std::iter::successors(None, |x: &i32| Some(x + 1)).collect();
    println!("{:?} {:?} {:?}", w, e, none);
}
""",
        runs(
            "W { inner: ParseIntError { kind: InvalidDigit } } "
            "Int(ParseIntError { kind: InvalidDigit }) []\n"
        ),
    ),
    "float_max_of_two_references": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    for p in v.iter() {
        for q in v.iter() {
            println!("{}", p.max(q));
        }
    }
}
""",
        rejects("E0308"),
    ),
    "float_range_from_for": (
        """\
fn main() {
    for x in (0.5..) {
        if x > 2.0 {
            break;
        }
        println!("{}", x);
    }
}
""",
        rejects("E0277"),
    ),
    "float_range_from_method": (
        """\
fn main() {
    let steps: Vec<f64> = (1f64..).take(4).collect();
    println!("{:?}", steps);
}
""",
        rejects("E0599"),
    ),
    "fold_item_given_to_float_max": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let m = v.iter().fold(0.0f32, |a, b| a.max(b));
    println!("{}", m);
}
""",
        rejects("E0308"),
    ),
    "fold_of_float_references_runs": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    let s = v.iter().fold(0.0f32, |a, b| a + b);
    let m = v.iter().fold(0.0f32, |a, b| a.max(*b));
    let n = v.iter().cloned().fold(0.0f32, |a, b| a.max(b));
    let r = v.iter().reduce(|a, b| if a > b { a } else { b });
    let k = v.iter().fold(String::new(), |acc, x| acc + &x.to_string());
    println!("{} {} {} {:?} {}", s, m, n, r, k);
}
""",
        runs("3 2 2 Some(2.0) 12\n"),
    ),
    "for_ref_pattern_over_array_by_value": (
        """\
fn main() {
    let xs = [1, 2, 3];
    let mut t = 0;
    for &x in xs {
        t += x;
    }
    println!("{}", t);
}
""",
        rejects("E0308"),
    ),
    "for_ref_pattern_over_borrowed_vec_runs": (
        """\
fn main() {
    let v = vec![3, 9, 4];
    let mut big = 0;
    for &x in &v {
        if x > 3 { big += x; }
    }
    for &x in v.iter() {
        big -= x;
    }
    println!("{}", big);
}
""",
        runs("-3\n"),
    ),
    "for_ref_pattern_over_range": (
        """\
fn main() {
    let mut total = 0;
    for &x in 0..4 {
        total += x;
    }
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "for_ref_pattern_over_vec_by_value": (
        """\
fn main() {
    let v = vec![3, 9, 4];
    for &x in v {
        if x > 8 {
            println!("big {}", x);
        }
    }
}
""",
        rejects("E0308"),
    ),
    "from_fn_borrow_collected_into_values": (
        _variant(_SEED, "Some(seed)", "Some(&seed)"),
        rejects("E0277"),
    ),
    "from_fn_values_collected_runs": (
        """\
fn main() {
    let mut seed = 7u64;
    let noise: Vec<u64> = std::iter::from_fn(|| {
        seed = seed * 31 % 101;
        Some(seed)
    })
    .take(4)
    .collect();
    let lrs: Vec<f64> = std::iter::successors(Some(0.1f64), |lr| Some(lr * 0.5)).take(3).collect();
    println!("{:?} {:?}", noise, lrs);
}
""",
        runs("[15, 61, 73, 41] [0.1, 0.05, 0.025]\n"),
    ),
    "get_or_insert_on_field_not_mut": (
        """\
struct T { best: Option<(u32, f32)> }
fn main() {
    let t = T { best: None };
    let got = t.best.get_or_insert((9, 9.0));
    got.1 += 1.0;
    println!("{:?}", t.best);
}
""",
        rejects("E0596"),
    ),
    "get_or_insert_on_field_read_while_held": (
        """\
struct T { best: Option<(u32, f32)>, steps: u32 }
fn main() {
    let mut t = T { best: None, steps: 0 };
    let got = t.best.get_or_insert((9, 9.0));
    got.1 += 1.0;
    println!("{:?}", t.best);
    got.0 = 3;
    println!("{}", t.steps);
}
""",
        rejects("E0502"),
    ),
    "get_or_insert_on_field_then_other_field_runs": (
        """\
struct T { best: Option<(u32, f32)>, steps: u32 }
fn main() {
    let mut t = T { best: None, steps: 0 };
    let got = t.best.get_or_insert((9, 9.0));
    got.1 += 1.0;
    t.steps += 1;
    got.0 = 3;
    println!("{:?} {}", t.best, t.steps);
}
""",
        runs("Some((3, 10.0)) 1\n"),
    ),
    "get_or_insert_on_nested_field_runs": (
        """\
struct In { best: Option<f32> }
struct T { inner: In }
fn main() {
    let mut t = T { inner: In { best: None } };
    let got = t.inner.best.get_or_insert(1.0);
    *got *= 2.0;
    println!("{:?}", t.inner.best);
}
""",
        runs("Some(2.0)\n"),
    ),
    "if_branches_ref_param_beside_value": (
        """\
fn pick(a: &i32, b: i32, c: bool) -> i32 {
    if c { a } else { b }
}
fn main() {
    println!("{}", pick(&1, 2, true));
}
""",
        rejects("E0308"),
    ),
    "if_else_borrow_beside_value": (
        """\
fn main() {
    let v = vec![1, 2];
    let (a, b) = if v.len() > 1 { (&v[0], 1) } else { (0, 1) };
    println!("{} {}", a, b);
}
""",
        rejects("E0308"),
    ),
    "if_let_some_of_max_pushed_as_value": (
        """\
fn main() {
    let v = vec![1, 2];
    let mut out: Vec<i32> = Vec::new();
    if let Some(m) = v.iter().max() {
        out.push(m);
    }
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "index_of_literal_array_beside_borrow": (
        """\
fn main() {
    let losses = [0.9f32, 0.4, 0.7];
    let i = 1;
    let best = if i > 0 { &losses[i] } else { losses[0] };
    println!("{}", best);
}
""",
        rejects("E0308"),
    ),
    "iter_mut_enumerate_loop_indexes_its_vec": (
        _variant(
            _ITER_MUT_READS_LEN,
            "for x in w.iter_mut() {\n        *x /= w.len() as f32;",
            "for (i, x) in w.iter_mut().enumerate() {\n        *x -= 0.1 * w[i];",
        ),
        rejects("E0502"),
    ),
    "iter_mut_loop_of_field_reads_it": (
        """\
struct M { w: Vec<f32>, b: Vec<f32> }
fn main() {
    let mut m = M { w: vec![1.0f32, 2.0], b: vec![0.5] };
    for x in m.w.iter_mut() {
        *x -= m.w[0] * m.b[0];
    }
    println!("{:?}", m.w);
}
""",
        rejects("E0502"),
    ),
    "iter_mut_loop_over_mut_borrow_reads_it": (
        _variant(_ITER_MUT_READS_LEN, "for x in w.iter_mut() {", "for x in &mut w {"),
        rejects("E0502"),
    ),
    "iter_mut_loop_prints_its_vec": (
        """\
fn main() {
    let mut w = vec![1.0f32, 2.0];
    for x in w.iter_mut() {
        *x += 1.0;
        println!("{:?}", w);
    }
}
""",
        rejects("E0502"),
    ),
    "iter_mut_loop_pushes_onto_its_vec": (
        _variant(
            _ITER_MUT_READS_LEN,
            "*x /= w.len() as f32;",
            "*x += 1.0;\n        w.push(0.5);",
        ),
        rejects("E0499"),
    ),
    "iter_mut_loop_reads_its_vec_len": (
        _ITER_MUT_READS_LEN,
        rejects("E0502"),
    ),
    "iter_mut_loop_reads_other_field_runs": (
        """\
struct M {
    w: Vec<f32>,
    b: Vec<f32>,
}
fn main() {
    let mut m = M { w: vec![1.0f32, 2.0], b: vec![0.5] };
    for x in m.w.iter_mut() {
        *x -= m.b[0];
    }
    let w0 = m.w[0];
    for x in m.w.iter_mut() {
        *x *= w0;
    }
    println!("{:?}", m.w);
}
""",
        runs("[0.25, 0.75]\n"),
    ),
    "labelled_break_borrow_beside_value": (
        """\
fn main() {
    let losses = [0.9f32, 0.4, 0.7];
    let best = 'pick: {
        for (i, &l) in losses.iter().enumerate() {
            if l < 0.5 {
                break 'pick (&i, l);
            }
        }
        (0, losses[0])
    };
    println!("{:?}", best);
}
""",
        rejects("E0308"),
    ),
    "labelled_break_borrows_both_runs": (
        """\
fn main() {
    let losses = [0.9f32, 0.4, 0.7];
    let best = 'pick: {
        for (i, l) in losses.iter().enumerate() {
            if *l < 0.5 {
                break 'pick (i, l);
            }
        }
        (0, &losses[0])
    };
    let fallback = if best.0 > 0 { &losses[best.0] } else { &losses[2] };
    println!("{:?} {}", best, fallback);
}
""",
        runs("(1, 0.4) 0.4\n"),
    ),
    "labelled_break_value_beside_index_of_array": (
        _std("labelled_block", "break 'pick (i, l);", "break 'pick (i, &l);"),
        rejects("E0308"),
    ),
    "len_paths_over_their_own_items_runs": (
        """\
fn main() {
    let rows = vec![vec![1, 2], vec![3]];
    let words = vec![String::from("ab"), String::from("c")];
    let lens: Vec<usize> = rows.iter().map(Vec::len).collect();
    let chars: Vec<usize> = words.iter().map(String::len).collect();
    println!("{:?} {:?}", lens, chars);
}
""",
        runs("[2, 1] [2, 1]\n"),
    ),
    "let_option_value_given_find_of_iter": (
        _OPTION_LET,
        rejects("E0308"),
    ),
    "let_option_value_given_vec_get": (
        _variant(_OPTION_LET, "v.iter().find(|x| **x > 1)", "v.get(1)"),
        rejects("E0308"),
    ),
    "let_string_given_first_unwrapped": (
        """\
fn main() {
    let names = vec![String::from("a")];
    let first = names.first().unwrap();
    let owned: String = first;
    println!("{}", owned);
}
""",
        rejects("E0308"),
    ),
    "let_value_given_bound_borrow": (
        """\
fn main() {
    let x = 5;
    let r: &i32 = &x;
    let y: i32 = r;
    println!("{}", y);
}
""",
        rejects("E0308"),
    ),
    "let_value_given_unwrapped_max_of_iter": (
        """\
fn total(v: &Vec<i32>) -> i32 {
    let mut s = 0;
    for x in v {
        s += x;
    }
    s
}
fn main() {
    let v = vec![1, 2];
    let t: i32 = total(&v);
    let u: i32 = v.iter().sum();
    let m: i32 = *v.iter().max().unwrap();
    let n: i32 = v.iter().max().unwrap();
    println!("{} {} {} {}", t, u, m, n);
}
""",
        rejects("E0308"),
    ),
    "let_values_from_references_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let v = vec![3, 1, 2];
    let x = 5;
    let r: &i32 = &x;
    let y: i32 = *r;
    let m: i32 = *v.iter().max().unwrap();
    let c: i32 = v.iter().copied().max().unwrap();
    let f: Option<&i32> = v.iter().find(|x| **x > 1);
    let g: Option<i32> = v.get(1).copied();
    let mut h: HashMap<&str, f32> = HashMap::new();
    h.insert("a", 0.5);
    let k: Option<f32> = h.get("a").cloned();
    let (i, best): (usize, &i32) = v.iter().enumerate().max_by_key(|p| p.1).unwrap();
    println!("{} {} {} {:?} {:?} {:?} {} {}", y, m, c, f, g, k, i, best);
}
""",
        runs("5 3 3 Some(3) Some(1) Some(0.5) 0 3\n"),
    ),
    "let_values_given_returned_references": (
        """\
struct M { w: Vec<f32> }
impl M {
    fn best(&self) -> &f32 { &self.w[0] }
    fn top(&self) -> Option<&f32> { self.w.first() }
}
fn first(v: &Vec<f32>) -> &f32 { &v[0] }
fn main() {
    let m = M { w: vec![1.0] };
    let b: f32 = m.best();
    let c: f32 = first(&m.w);
    let d: Option<f32> = m.top();
    println!("{} {} {:?}", b, c, d);
}
""",
        rejects("E0308"),
    ),
    "literals_of_dereferenced_items_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let best = v.iter().max().unwrap();
    let copy: Vec<i32> = vec![*best];
    let refs: Vec<&i32> = vec![best];
    let pair: (i32, &i32) = (*best, best);
    println!("{:?} {:?} {:?}", copy, refs, pair);
}
""",
        runs("[2] [2] (2, 2)\n"),
    ),
    "loop_breaks_borrow_beside_value": (
        """\
fn main() {
    let i = 3usize;
    let b = loop {
        if i > 2 {
            break (&i, 1);
        }
        break (0, 2);
    };
    println!("{:?}", b);
}
""",
        rejects("E0308"),
    ),
    "map_or_borrowed_default": (
        """\
fn main() {
    let xs = [1.0f32, 1.2, 1.5];
    let mut st: Option<f32> = None;
    let mut out = Vec::new();
    for &x in xs.iter() {
        let y = st.map_or(&x, |p| 0.9 * p + 0.1 * x);
        st = Some(y);
        out.push(y);
    }
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "map_or_value_default_runs": (
        """\
fn main() {
    let xs = [1.0f32, 1.2, 1.5];
    let mut st: Option<f32> = None;
    let mut out = Vec::new();
    for &x in xs.iter() {
        let y = st.map_or(x, |p| 0.9 * p + 0.1 * x);
        st = Some(y);
        out.push(y);
    }
    let names = vec![String::from("a")];
    let first = names.first().map_or("none", |s| s.as_str());
    println!("{:?} {}", out, first);
}
""",
        runs("[1.0, 1.02, 1.068] a\n"),
    ),
    "match_arms_borrow_beside_value": (
        """\
fn main() {
    let v = vec![1, 2];
    let x = match v.len() {
        2 => &v[0],
        _ => 0,
    };
    println!("{:?}", x);
}
""",
        rejects("E0308"),
    ),
    "match_some_of_max_beside_value": (
        """\
fn main() {
    let v = vec![1, 2];
    let best = match v.iter().max() {
        Some(m) => m,
        None => 0,
    };
    println!("{}", best);
}
""",
        rejects("E0308"),
    ),
    "method_of_ambiguous_integer_behind_for_reference": (
        """\
fn main() {
    let n = vec![1, -2, 8, 0, 3];
    for x in &n {
        println!("{}", x.pow(2));
    }
}
""",
        rejects("E0599"),
    ),
    "method_of_ambiguous_integer_behind_sort_key": (
        """\
fn main() {
    let mut n = vec![1, -2, 8, 0, 3];
    n.sort_unstable_by_key(|x| x.abs());
    println!("{:?}", n);
}
""",
        rejects("E0599"),
    ),
    "method_of_typed_integer_behind_sort_key_runs": (
        """\
fn main() {
    let mut n = vec![5i64, -2, 8, 0, 3];
    n.sort_unstable_by_key(|x| x.abs());
    let mut w = vec![String::from("ccc"), String::from("a")];
    w.sort_by_key(|s| s.len());
    let mut p = vec![(2, 0.5), (1, 0.25)];
    p.sort_by_key(|t| t.0 * 2);
    println!("{:?} {:?} {:?}", n, w, p);
}
""",
        runs('[0, -2, 3, 5, 8] ["a", "ccc"] [(1, 0.25), (2, 0.5)]\n'),
    ),
    "open_range_then_operator_in_for": (
        """\
fn main() {
    for i in -3..^1 {
        println!("{}", i);
    }
}
""",
        rejects(""),
    ),
    "open_range_then_operator_in_let": (
        """\
fn main() {
    let r = 1..^2;
    println!("{:?}", r);
}
""",
        rejects(""),
    ),
    "ord_max_of_two_references_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let w = vec![3, 1];
    let a = v.iter().max().unwrap();
    let b = w.iter().max().unwrap();
    let c = a.max(b);
    let x = 5;
    let r = &x;
    let s = &x;
    println!("{} {}", c, r.max(s));
    for p in v.iter() {
        for q in w.iter() {
            println!("{}", p.max(q));
        }
    }
}
""",
        runs("3 5\n3\n1\n3\n2\n"),
    ),
    "parse_error_field_given_borrow": (
        """\
use std::num::ParseIntError;
#[derive(Debug)]
struct W { inner: ParseIntError }
fn main() {
    let err = "x".parse::<i32>().unwrap_err();
    let w = W { inner: &err };
    println!("{:?}", w);
}
""",
        rejects("E0308"),
    ),
    "passes_bound_max_of_iter_as_value": (
        """\
fn sq(x: i32) -> i32 { x * x }
fn main() {
    let v = vec![1, 2];
    let m = v.iter().max().unwrap();
    println!("{}", sq(m));
}
""",
        rejects("E0308"),
    ),
    "push_back_borrow_into_mut_param": (
        """\
use std::collections::VecDeque;

fn smooth(window: &mut VecDeque<f32>, x: f32, size: usize) -> f32 {
    window.push_back(&x);
    if window.len() > size {
        window.pop_front();
    }
    window.iter().sum::<f32>() / window.len() as f32
}

fn main() {
    let mut w = VecDeque::new();
    for x in [1.0f32, 2.0, 3.0] {
        println!("{}", smooth(&mut w, x, 2));
    }
}
""",
        rejects("E0308"),
    ),
    "push_borrow_into_mut_vec_param": (
        """\
fn record(log: &mut Vec<f32>, loss: f32) {
    log.push(&loss);
}

fn main() {
    let mut log = Vec::new();
    record(&mut log, 0.5);
    println!("{:?}", log);
}
""",
        rejects("E0308"),
    ),
    "push_into_mut_params_runs": (
        """\
use std::collections::VecDeque;

fn smooth(window: &mut VecDeque<f32>, x: f32, size: usize) -> f32 {
    window.push_back(x);
    if window.len() > size {
        window.pop_front();
    }
    window.iter().sum::<f32>() / window.len() as f32
}

fn keep<'a>(best: &mut Vec<&'a f32>, xs: &'a [f32]) {
    best.push(&xs[0]);
}

fn main() {
    let mut w = VecDeque::new();
    for x in [1.0f32, 2.0, 3.0] {
        println!("{}", smooth(&mut w, x, 2));
    }
    let xs = vec![0.5f32, 0.25];
    let mut best = Vec::new();
    keep(&mut best, &xs);
    println!("{:?}", best);
}
""",
        runs("1\n1.5\n2.5\n[0.5]\n"),
    ),
    "push_reverse_of_loop_variable": (
        """\
use std::cmp::Reverse;
use std::collections::BinaryHeap;

fn main() {
    let mut m = BinaryHeap::new();
    for x in [5, 2, 8] {
        m.push(Reverse(&x));
    }
    while let Some(r) = m.pop() {
        println!("{}", r.0);
    }
}
""",
        rejects("E0597"),
    ),
    "push_reverse_of_outer_values_runs": (
        """\
use std::cmp::Reverse;
use std::collections::BinaryHeap;

fn main() {
    let costs = [5, 2, 8];
    let mut m = BinaryHeap::new();
    for x in costs.iter() {
        m.push(Reverse(x));
    }
    let mut pairs = Vec::new();
    for (i, c) in costs.iter().enumerate() {
        pairs.push((i, c));
    }
    while let Some(r) = m.pop() {
        println!("{}", r.0);
    }
    println!("{:?}", pairs);
}
""",
        runs("2\n5\n8\n[(0, 5), (1, 2), (2, 8)]\n"),
    ),
    "push_tuple_of_loop_variable": (
        """\
fn main() {
    let mut seen = Vec::new();
    for x in [5, 2, 8] {
        seen.push((1, &x));
    }
    println!("{}", seen.len());
}
""",
        rejects("E0597"),
    ),
    "pushes_borrowed_item_into_strings": (
        """\
fn main() {
    let names = vec![String::from("a")];
    let mut keep: Vec<String> = Vec::new();
    for n in &names {
        keep.push(n);
    }
    println!("{:?}", keep);
}
""",
        rejects("E0308"),
    ),
    "pushes_max_of_iter_into_values": (
        """\
fn main() {
    let v = vec![1, 2];
    let mut out: Vec<i32> = Vec::new();
    out.push(v.iter().max().unwrap());
    println!("{:?}", out);
}
""",
        rejects("E0308"),
    ),
    "pushes_owned_items_runs": (
        """\
use std::collections::VecDeque;
fn main() {
    let v = vec![1, 2];
    let names = vec![String::from("a")];
    let mut out: Vec<i32> = Vec::new();
    out.push(*v.iter().max().unwrap());
    let mut keep: Vec<String> = Vec::new();
    let mut seen: Vec<&String> = Vec::new();
    let mut q: VecDeque<String> = VecDeque::new();
    for n in &names {
        keep.push(n.clone());
        seen.push(n);
        q.push_back(n.to_string());
    }
    println!("{:?} {:?} {:?} {:?}", out, keep, seen, q);
}
""",
        runs('[2] ["a"] ["a"] ["a"]\n'),
    ),
    "reduce_and_fold_of_int_references_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let r = v.iter().reduce(|a, b| a.max(b));
    let t = v.iter().fold(0, |acc, x| acc + x * 2);
    println!("{:?} {}", r, t);
}
""",
        runs("Some(2) 6\n"),
    ),
    "references_given_as_values_deref_runs": (
        """\
fn top(v: &Vec<i32>) -> i32 {
    *v.iter().max().unwrap()
}
fn top_ref(v: &Vec<i32>) -> &i32 {
    v.iter().max().unwrap()
}
fn sq(x: i32) -> i32 {
    x * x
}
fn pick(a: &i32, b: i32, c: bool) -> i32 {
    if c { *a } else { b }
}
fn main() {
    let v = vec![1, 2];
    let m = v.iter().max().unwrap();
    let mut best: i32 = 0;
    for x in v.iter() {
        if *x > best {
            best = *x;
        }
    }
    println!("{} {} {} {} {}", top(&v), top_ref(&v), sq(*m), pick(&1, 2, true), best);
}
""",
        runs("2 2 4 1 2\n"),
    ),
    "returned_references_dereferenced_runs": (
        """\
struct M { w: Vec<f32> }
impl M {
    fn best(&self) -> &f32 { &self.w[0] }
}
fn first(v: &Vec<f32>) -> &f32 { &v[0] }
fn main() {
    let m = M { w: vec![1.0] };
    let b: f32 = *m.best();
    let c: &f32 = first(&m.w);
    let e = m.best();
    let total = b + *c + e;
    println!("{} {} {} {}", b, c, e, total);
}
""",
        runs("1 1 1 3\n"),
    ),
    "returns_max_of_iter_as_value": (
        """\
fn top(v: &Vec<i32>) -> i32 {
    v.iter().max().unwrap()
}
fn main() {
    println!("{}", top(&vec![1, 2]));
}
""",
        rejects("E0308"),
    ),
    "rows_cloned_returned_in_tuple_runs": (
        """\
fn pad_batch(seqs: &[Vec<u32>], pad: u32) -> (Vec<Vec<u32>>, Vec<&Vec<u32>>) {
    let max_len = seqs.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = Vec::with_capacity(seqs.len());
    let mut seen = Vec::new();
    for s in seqs {
        let mut row = s.clone();
        row.resize(max_len, pad);
        out.push(row);
        let kept = s;
        seen.push(kept);
    }
    (out, seen)
}

fn main() {
    let seqs = vec![vec![5, 6, 7], vec![1]];
    let (batch, seen) = pad_batch(&seqs, 0);
    println!("{:?} {:?}", batch, seen);
}
""",
        runs("[[5, 6, 7], [1, 0, 0]] [[5, 6, 7], [1]]\n"),
    ),
    "rows_of_borrowed_items_returned_in_tuple": (
        """\
fn pad_batch(seqs: &[Vec<u32>], pad: u32) -> (Vec<Vec<u32>>, usize) {
    let max_len = seqs.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = Vec::with_capacity(seqs.len());
    for s in seqs {
        let row = s;
        out.push(row);
    }
    (out, max_len + pad as usize)
}

fn main() {
    let seqs = vec![vec![5, 6, 7], vec![1]];
    let (batch, n) = pad_batch(&seqs, 0);
    println!("{:?} {}", batch, n);
}
""",
        rejects("E0308"),
    ),
    "rows_resized_and_returned_type_error_first": (
        """\
fn pad_batch(seqs: &[Vec<u32>], pad: u32) -> Vec<Vec<u32>> {
    let max_len = seqs.iter().map(|s| s.len()).max().unwrap_or(0);
    let mut out = Vec::with_capacity(seqs.len());
    for s in seqs {
        let mut row = s;
        row.resize(max_len, pad);
        out.push(row);
    }
    out
}

fn main() {
    let seqs = vec![vec![5, 6, 7], vec![1]];
    println!("{:?}", pad_batch(&seqs, 0));
}
""",
        rejects("E0308"),
    ),
    "scan_of_borrowed_initial_state": (
        """\
fn main() {
    let losses = [1.0f32, 3.0, 2.0, 0.5];
    let ema: Vec<f32> = losses
        .iter()
        .scan(&None, |st: &mut Option<f32>, &x| {
            let y = st.map_or(x, |p| 0.9 * p + 0.1 * x);
            *st = Some(y);
            Some(y)
        })
        .collect();
    println!("{:?}", ema);
}
""",
        rejects("E0631"),
    ),
    "self_method_moves_out_of_bound_borrow": (
        """\
#[derive(Debug)]
struct S { v: Vec<f32> }
impl S { fn into_v(self) -> Vec<f32> { self.v } }
fn main() {
    let s = S { v: vec![1.0] };
    let r = &s;
    let v = r.into_v();
    println!("{:?}", v);
}
""",
        rejects("E0507"),
    ),
    "self_method_moves_out_of_iter_item": (
        """\
#[derive(Debug)]
struct S { v: Vec<f32> }
impl S { fn into_v(self) -> Vec<f32> { self.v } }
fn main() {
    let ss = vec![S { v: vec![1.0] }];
    for s in ss.iter() {
        println!("{:?}", s.into_v());
    }
}
""",
        rejects("E0507"),
    ),
    "self_methods_of_copies_and_clones_runs": (
        """\
#[derive(Debug, Clone, Copy)]
struct C { x: f32 }
impl C { fn twice(self) -> f32 { self.x * 2.0 } }
#[derive(Debug, Clone)]
struct S { v: Vec<f32> }
impl S {
    fn into_v(self) -> Vec<f32> { self.v }
    fn len(&self) -> usize { self.v.len() }
}
fn main() {
    let cs = vec![C { x: 1.0 }];
    let ss = vec![S { v: vec![1.0] }];
    for c in cs.iter() {
        println!("{}", c.twice());
    }
    for s in ss.iter() {
        println!("{} {:?}", s.len(), s.clone().into_v());
    }
    let r = &ss[0];
    println!("{:?}", r.clone().into_v());
}
""",
        runs("2\n1 [1.0]\n[1.0]\n"),
    ),
    "shift_of_bound_borrow_panics_in_core": (
        """\
fn main() {
    let a = 1i32;
    let r = &a;
    println!("{}", r << 4);
    println!("{}", r << 40);
}
""",
        runs(
            "16\n",
            101,
            (
                "\n"
                "thread 'main' (TID) panicked at "
                "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core"
                "/src/ops/bit.rs:517:1:\n"
                "attempt to shift left with overflow\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to "
                "display a backtrace\n"
            ),
        ),
    ),
    "shift_of_value_overflow_lint": (
        """\
fn main() {
    let v = vec![1i32, 2];
    for x in v.iter() {
        println!("{}", *x << 40);
    }
}
""",
        rejects("arithmetic_overflow"),
    ),
    "slice_by_value_then_element_assigned": (
        """\
fn fill(xs: &mut [i32], k: i32) {
    for i in 0..xs.len() {
        xs[i] = k * i as i32;
    }
    let inner = xs[1..];
    inner[0] += 100;
}

fn main() {
    let mut v = vec![0; 4];
    fill(&mut v, 2);
    println!("{:?}", v);
}
""",
        rejects("E0277"),
    ),
    "some_of_references_dereferenced_runs": (
        """\
fn main() {
    let v = vec![1, 2];
    let mut out: Vec<i32> = Vec::new();
    if let Some(m) = v.iter().max() {
        out.push(*m);
    }
    let best = match v.iter().max() {
        Some(m) => *m,
        None => 0,
    };
    let r = match v.first() {
        Some(f) => f,
        None => &0,
    };
    println!("{:?} {} {}", out, best, r);
}
""",
        runs("[2] 2 1\n"),
    ),
    "struct_field_given_max_of_iter": (
        """\
struct S { best: i32 }
fn main() {
    let v = vec![1, 2];
    let s = S { best: v.iter().max().unwrap() };
    println!("{}", s.best);
}
""",
        rejects("E0308"),
    ),
    "struct_fields_of_references_runs": (
        """\
struct S {
    best: i32,
}
struct View<'a> {
    best: &'a i32,
}
struct Holder<T> {
    item: T,
}
fn main() {
    let v = vec![1, 2];
    let s = S { best: *v.iter().max().unwrap() };
    let w = View { best: v.iter().max().unwrap() };
    let h = Holder { item: v.iter().min().unwrap() };
    println!("{} {} {}", s.best, w.best, h.item);
}
""",
        runs("2 2 1\n"),
    ),
    "successors_borrow_collected_into_values": (
        """\
fn main() {
    let start = 0.1f64;
    let lrs: Vec<f64> = std::iter::successors(Some(&start), |lr| Some(*lr))
        .take(3)
        .collect();
    println!("{:?}", lrs);
}
""",
        rejects("E0277"),
    ),
    "successors_of_borrowed_none": (
        """\
fn main() {
    let none: Vec<i32> = std::iter::successors(&None, |x: &i32| Some(x + 1)).collect();
    println!("{:?}", none);
}
""",
        rejects("E0308"),
    ),
    "tuple_literal_of_max_of_iter": (
        """\
fn main() {
    let v = vec![1, 2];
    let pair: (i32, i32) = (v.iter().max().unwrap(), 0);
    println!("{:?}", pair);
}
""",
        rejects("E0308"),
    ),
    "unsized_slice_then_method_then_type_error": (
        """\
fn f(x: i32) -> i32 { x }
fn main() {
    let good = vec![1, 2];
    let a = good[..];
    let n = good.len();
    let b = f("x");
    println!("{}", b + n as i32);
}
""",
        rejects("E0277"),
    ),
    "unsized_slice_then_type_error": (
        """\
fn main() {
    let good = vec![1, 2];
    let a = good[..];
    let b: i32 = "x";
    println!("{}", b);
}
""",
        rejects("E0308"),
    ),
    "vec_len_path_over_strings": (
        """\
fn main() {
    let words = vec![String::from("ab"), String::from("c")];
    let lens: Vec<usize> = words.iter().map(Vec::len).collect();
    println!("{:?}", lens);
}
""",
        rejects("E0631"),
    ),
    "vec_literal_of_max_of_iter": (
        """\
fn main() {
    let v = vec![3, 1, 2];
    let best = v.iter().max().unwrap();
    let copy: Vec<i32> = vec![best];
    println!("{:?}", copy);
}
""",
        rejects("E0308"),
    ),
    "vec_with_capacity_of_borrow": (
        """\
fn main() {
    let n = 4usize;
    let v = Vec::<i32>::with_capacity(&n);
    println!("{}", v.capacity() >= 4);
}
""",
        rejects("E0308"),
    ),
    "vecdeque_with_capacity_of_borrowed_field": (
        """\
use std::collections::VecDeque;
struct Smoother {
    window: VecDeque<f32>,
    cap: usize,
}
impl Smoother {
    fn new(cap: usize) -> Self {
        Smoother { window: VecDeque::with_capacity(&cap), cap }
    }
}
fn main() {
    let s = Smoother::new(3);
    println!("{} {}", s.window.len(), s.cap);
}
""",
        rejects("E0308"),
    ),
    "with_capacity_of_values_runs": (
        """\
use std::collections::VecDeque;
fn main() {
    let n = 4usize;
    let r = &n;
    let v: Vec<i32> = Vec::with_capacity(*r);
    let q: VecDeque<f32> = VecDeque::with_capacity(n);
    println!("{} {} {}", v.capacity() >= 4, q.len(), v.len());
}
""",
        runs("true 0 0\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


# Programs rustc runs where pbpit gave a false error code: they must run as rustc runs them or
# be refused as outside the subset (`iter_mut()` as a value is), never given a code.
RUN_OR_REFUSED = {
    "iter_mut_map_borrows_field_mutably": (
        """\
struct G { params: Vec<f32>, wd: f32 }
fn main() {
    let mut gs = vec![G { params: vec![1.0, 2.0], wd: 0.5 }];
    let norms: Vec<f32> = gs.iter_mut().map(|g| {
        for p in g.params.iter_mut() { *p *= 1.0 - g.wd; }
        g.params.iter().sum::<f32>()
    }).collect();
    println!("{:?}", norms);
}
""",
        runs("[1.5]\n"),
    ),
    "iter_mut_map_changes_struct_items": (
        """\
struct G { params: Vec<f32>, wd: f32 }
fn main() {
    let mut gs = vec![G { params: vec![1.0, 2.0], wd: 0.5 }];
    let norms: Vec<f32> = gs.iter_mut().map(|g| {
        g.wd = 0.25;
        g.params.push(1.0);
        g.params.iter().sum::<f32>()
    }).collect();
    println!("{:?} {}", norms, gs[0].wd);
}
""",
        runs("[4.0] 0.25\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(RUN_OR_REFUSED))
def test_pbpit_runs_it_or_refuses_it_with_no_false_error(name: str) -> None:
    source, expected = RUN_OR_REFUSED[name]
    found = judge(source, diff.pbpit_verdict)
    refused = found.state == "rejected" and found.outside and found.codes == [""]
    assert refused or same(found, expected), (found, expected)


(
    _,
    test_the_recorded_run_or_refused_verdicts_are_rustcs,
) = verdict_tests(RUN_OR_REFUSED)
