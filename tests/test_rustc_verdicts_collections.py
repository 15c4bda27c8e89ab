"""Programs rustc rejects around the std constructs of training code the interpreter runs:
`BTreeMap` (btreemap.py). pbpit gives rustc's first error code.

Each verdict was recorded from rustc 1.95 (`tools/rustc_differential.py`'s `rustc_verdict`);
where rustc is on PATH, `pytest -m slow` checks that they are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, verdict_tests

CASES = {
    "btreemap_float_key": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1.5f64, 2);
    println!("{}", m.len());
}
""",
        rejects("E0277"),
    ),
    "btreemap_index_assigned": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1, 2);
    m[&1] = 3;
    println!("{}", m.len());
}
""",
        rejects("E0594"),
    ),
    "btreemap_not_imported": (
        """\
fn main() {
    let mut m = BTreeMap::new();
    m.insert(1, 2);
    println!("{}", m.len());
}
""",
        rejects("E0433"),
    ),
    "btreemap_type_not_imported": (
        """\
fn main() {
    let m: BTreeMap<i32, i32> = std::collections::BTreeMap::new();
    println!("{}", m.len());
}
""",
        rejects("E0425"),
    ),
    "btreemap_insert_not_mut": (
        """\
use std::collections::BTreeMap;
fn main() {
    let m = BTreeMap::new();
    m.insert(1, 2);
    println!("{}", m.len());
}
""",
        rejects("E0596"),
    ),
    "btreemap_insert_while_iterating": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<i32, i32> = BTreeMap::new();
    m.insert(1, 2);
    for (k, v) in &m {
        m.insert(*k + 1, *v);
    }
}
""",
        rejects("E0502"),
    ),
    "btreemap_get_by_value": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    m.insert("a".to_string(), 2);
    println!("{:?}", m.get(1));
}
""",
        rejects("E0308"),
    ),
    "btreemap_first_held_across_clear": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<i32, i32> = BTreeMap::new();
    m.insert(1, 2);
    let f = m.first_key_value().unwrap();
    m.clear();
    println!("{:?}", f);
}
""",
        rejects("E0502"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
