"""Single std items session 20 runs (`Vec::swap_remove`, `String::from` as a value, ..) and
their look-alikes rustc 1.95 rejects. Each verdict recorded from rustc 1.95
(`rustc --edition 2021 -C debug-assertions=on`); pbpit gives it, or refuses a rejected program
as outside its subset (never runs it)."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "swap_remove_keeps_no_order": (
        """\
fn main() {
    let mut order = vec![10, 20, 30, 40];
    let out = order.swap_remove(0);
    let last = order.swap_remove(2);
    println!("{} {:?} {}", out, order, last);
}
""",
        runs("10 [40, 20] 30\n"),
    ),
    "swap_remove_while_formatting_the_vec": (
        """\
fn main() {
    let mut order = vec![10, 20, 30, 40];
    println!("{:?} {}", order, order.swap_remove(2));
}
""",
        rejects("E0502"),
    ),
    "swap_remove_of_a_vec_not_mut": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let x = v.swap_remove(0);
    println!("{} {:?}", x, v);
}
""",
        rejects("E0596"),
    ),
    "swap_remove_given_an_i32": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    let i: i32 = 0;
    let x = v.swap_remove(i);
    println!("{} {:?}", x, v);
}
""",
        rejects("E0308"),
    ),
    "string_from_as_a_value": (
        """\
fn main() {
    let words: Vec<String> = "lr 0.1".split_whitespace().map(String::from).collect();
    let names = vec!["a", "b"];
    let owned: Vec<String> = names.iter().copied().map(String::from).collect();
    let again: Vec<String> = owned.iter().rev().map(String::from).collect();
    println!("{:?} {:?} {:?}", words, owned, again);
}
""",
        runs('["lr", "0.1"] ["a", "b"] ["b", "a"]\n'),
    ),
    "string_from_of_double_references": (
        """\
fn main() {
    let names = vec!["train", "valid"];
    let owned: Vec<String> = names.iter().map(String::from).collect();
    println!("{:?}", owned);
}
""",
        rejects("E0277"),
    ),
    "string_from_of_char_references": (
        """\
fn main() {
    let chars = vec!['x', 'y'];
    let s: Vec<String> = chars.iter().filter(|c| **c != 'y').map(String::from).collect();
    println!("{:?}", s);
}
""",
        rejects("E0277"),
    ),
    "string_from_of_a_char_reference_called": (
        """\
fn main() {
    let chars = vec!['x', 'y'];
    for c in chars.iter() {
        let s = String::from(c);
        println!("{}", s);
    }
}
""",
        rejects("E0277"),
    ),
    "string_from_of_chars": (
        """\
fn main() {
    let s = String::from('x');
    let t: Vec<String> = "ab".chars().rev().map(String::from).collect();
    println!("{} {:?}", s, t);
}
""",
        runs('x ["b", "a"]\n'),
    ),
    "vecdeque_rotate_left_of_a_window": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<i32> = (1..=4).collect();
    q.rotate_left(1);
    q.rotate_right(3);
    println!("{:?}", q);
}
""",
        runs("[3, 4, 1, 2]\n"),
    ),
    "vecdeque_rotate_left_not_mut": (
        """\
use std::collections::VecDeque;
fn main() {
    let q: VecDeque<i32> = (1..=4).collect();
    q.rotate_left(1);
    println!("{:?}", q);
}
""",
        rejects("E0596"),
    ),
    "vecdeque_rotate_left_by_reference": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<i32> = (1..=4).collect();
    let n = 1;
    q.rotate_left(&n);
    println!("{:?}", q);
}
""",
        rejects("E0308"),
    ),
    "binary_search_by_of_float_edges": (
        """\
fn main() {
    let edges = [0.0f32, 0.5, 1.0];
    let r = edges.binary_search_by(|e| e.partial_cmp(&0.7).unwrap());
    let s = edges.binary_search_by(|e| e.total_cmp(&0.5));
    println!("{:?} {:?}", r, s);
}
""",
        runs("Err(2) Ok(1)\n"),
    ),
    "binary_search_by_given_a_bool": (
        """\
fn main() {
    let edges = [0.0f32, 0.5, 1.0];
    let r = edges.binary_search_by(|e| e < &0.7);
    println!("{:?}", r);
}
""",
        rejects("E0308"),
    ),
    "array_map": (
        """\
fn main() {
    let w = [0.123f64, 4.567];
    let names = ["fc1", "out"].map(|n| n.len());
    println!("{:?} {:?}", w.map(|x| (x * 10.0).round()), names);
}
""",
        runs("[1.0, 46.0] [3, 3]\n"),
    ),
    "map_of_a_vec_is_no_array_map": (
        """\
fn main() {
    let w = vec![0.5f64, 1.5];
    println!("{:?}", w.map(|x| x * 2.0));
}
""",
        rejects("E0599"),
    ),
    "array_map_into_another_length": (
        """\
fn main() {
    let w = [0.5f64, 1.5];
    let v: [f64; 3] = w.map(|x| x * 2.0);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "option_f32_partial_cmp": (
        """\
fn main() {
    let a: Option<f32> = Some(0.5);
    let b: Option<f32> = None;
    println!("{:?} {:?} {}", a.partial_cmp(&b), b.partial_cmp(&a), a > b);
}
""",
        runs("Some(Greater) Some(Less) true\n"),
    ),
    "option_f32_cmp": (
        """\
fn main() {
    let a: Option<f32> = Some(0.5);
    let b: Option<f32> = None;
    println!("{:?}", a.cmp(&b));
}
""",
        rejects("E0599"),
    ),
    "option_f32_partial_cmp_of_an_option_f64": (
        """\
fn main() {
    let a: Option<f32> = Some(0.5);
    let b: Option<f64> = None;
    println!("{:?}", a.partial_cmp(&b));
}
""",
        rejects("E0308"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict_or_refuses(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
