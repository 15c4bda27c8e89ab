"""std's collections brought into scope as rustc resolves a `use` (`uses.collection_imported`,
one reader for HashMap, HashSet, BTreeMap, BTreeSet, VecDeque, BinaryHeap): a glob
(`use std::collections::*;`, which pbpit refused with a false E0425), a `{..}` list written on
several lines, and not a name an `as` renamed. Verdicts recorded from rustc 1.95."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "glob_of_collections": (
        """\
use std::collections::*;

fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    let s: HashSet<i32> = [1, 2, 2].into_iter().collect();
    let b: BTreeSet<i32> = s.iter().copied().collect();
    let mut q: VecDeque<i32> = VecDeque::new();
    q.push_back(3);
    let mut h = BinaryHeap::new();
    h.push(4);
    let t: BTreeMap<i32, i32> = BTreeMap::new();
    println!("{} {} {:?} {:?} {:?} {}", m["a"], s.len(), b, q, h.pop(), t.len());
}
""",
        runs("1 2 {1, 2} [3] Some(4) 0\n"),
    ),
    "list_on_several_lines": (
        """\
use std::collections::{
    BTreeMap,
    HashMap,
};

fn main() {
    let mut m = HashMap::new();
    m.insert(1, 2);
    let mut t = BTreeMap::new();
    t.insert(2, 3);
    println!("{} {:?}", m[&1], t);
}
""",
        runs("2 {2: 3}\n"),
    ),
    "renamed_is_not_in_scope": (
        """\
use std::collections::HashMap as Map;

fn main() {
    let m: HashMap<i32, i32> = HashMap::new();
    println!("{}", m.len());
}
""",
        rejects("E0425"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
