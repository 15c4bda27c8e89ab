"""Programs rustc 1.95 rejects that look like the training constructs of session 20
(`-> impl Iterator`, fieldless enums as map keys, `rposition`, tuple `cmp`, structs holding
references): pbpit must not run them: it gives rustc's error code, or refuses them as outside
its subset (never runs them). Each verdict was recorded from rustc 1.95 (`rustc --edition 2021
-C debug-assertions=on`); where rustc is on PATH, a test checks that the recorded verdicts are
still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, stale

CASES = {
    "impl_iterator_result_capturing_a_reference": (
        """\
fn positives(xs: &[f32]) -> impl Iterator<Item = f32> {
    xs.iter().copied().filter(|x| *x > 0.0)
}

fn main() {
    let xs = [1.5, -2.0];
    println!("{:?}", positives(&xs).collect::<Vec<f32>>());
}
""",
        rejects("E0700"),
    ),
    "btreemap_key_enum_without_ord": (
        """\
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Label {
    Cat,
    Dog,
}

fn main() {
    let mut m: BTreeMap<Label, u32> = BTreeMap::new();
    m.insert(Label::Dog, 1);
    println!("{:?}", m.get(&Label::Cat));
}
""",
        rejects("E0277"),
    ),
    "hashmap_key_enum_without_hash": (
        """\
use std::collections::HashMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Label {
    Cat,
    Dog,
}

fn main() {
    let mut m: HashMap<Label, u32> = HashMap::new();
    m.insert(Label::Dog, 1);
    println!("{:?}", m.get(&Label::Cat));
}
""",
        rejects("E0599"),
    ),
    "derive_hash_of_a_float_field": (
        """\
#[derive(Debug, Hash)]
struct P {
    x: f32,
}

fn main() {
    println!("{:?}", P { x: 1.0 });
}
""",
        rejects("E0277"),
    ),
    "rposition_of_a_filter": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    println!("{:?}", v.iter().filter(|x| **x > 1).rposition(|x| *x == 2));
}
""",
        rejects("E0277"),
    ),
    "cmp_of_a_tuple_holding_a_float": (
        """\
fn main() {
    let s = (0.5f32, 2u32);
    let t = (0.5f32, 1u32);
    println!("{:?}", s.cmp(&t));
}
""",
        rejects("E0599"),
    ),
    "struct_holding_a_borrow_then_push": (
        """\
struct View<'a> {
    xs: &'a [f64],
}

fn main() {
    let mut d = vec![1.0, 2.0];
    let v = View { xs: &d };
    d.push(3.0);
    println!("{}", v.xs.len());
}
""",
        rejects("E0502"),
    ),
    "struct_returned_by_a_function_then_push": (
        """\
struct View<'a> {
    xs: &'a [f64],
}

fn view(xs: &[f64]) -> View<'_> {
    View { xs }
}

fn main() {
    let mut d = vec![1.0, 2.0];
    let v = view(&d);
    d.push(3.0);
    println!("{}", v.xs.len());
}
""",
        rejects("E0502"),
    ),
    "scan_state_written_by_value": (
        """\
fn main() {
    let v: Vec<u32> = [3u32, 1, 4]
        .iter()
        .scan(0u32, |acc: u32, x| Some(acc + x))
        .collect();
    println!("{:?}", v);
}
""",
        rejects("E0631"),
    ),
    "and_modify_naming_the_map": (
        """\
use std::collections::HashMap;

fn main() {
    let mut c: HashMap<char, u32> = HashMap::new();
    for ch in "aba".chars() {
        c.entry(ch).and_modify(|n| *n += c.len() as u32).or_insert(1);
    }
    println!("{}", c[&'a']);
}
""",
        rejects("E0502"),
    ),
    "and_modify_of_a_map_not_mut": (
        """\
use std::collections::HashMap;

fn main() {
    let c: HashMap<char, u32> = HashMap::new();
    c.entry('a').and_modify(|n| *n += 1).or_insert(1);
    println!("{}", c[&'a']);
}
""",
        rejects("E0596"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_never_runs_what_rustc_rejects(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
