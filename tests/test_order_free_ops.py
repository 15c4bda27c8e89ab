"""The closures a `HashSet`'s or `HashMap`'s entries are given in their random order (`retain`,
`map` and `filter` of `iter()`, `values()`): every operator that cannot fail nor change anything
is order-free (`map_order.order_free`: `&`, `|`, `^`, shifts and `/` by small literals, `if`,
`match`, std's methods that cannot fail), and what may fail or is the program's own is still
refused. Verdicts recorded from rustc 1.95 (`rustc_verdicts`); pbpit must run each as rustc
does (found by the differential: tools/rustc_differential.py, seed 92000, mutant 512)."""

from __future__ import annotations

import rustc_differential as diff
from rustc_verdicts import judge, runs, verdict_tests

RETAIN_XOR = """\
use std::collections::{BTreeSet, HashSet};

fn main() {
    let train: HashSet<u32> = (0..10).collect();
    let val: HashSet<u32> = [3, 8, 12, 15].into_iter().collect();
    let leak = train.intersection(&val).count();
    let mut only_val: Vec<u32> = val.difference(&train).copied().collect();
    only_val.sort();
    println!("{} {:?} {}", leak, only_val, train.is_disjoint(&val));
    let a: BTreeSet<char> = "hello".chars().collect();
    let b: BTreeSet<char> = "world".chars().collect();
    let both: Vec<&char> = a.intersection(&b).collect();
    let all: BTreeSet<char> = a.union(&b).cloned().collect();
    let odd: Vec<char> = a.symmetric_difference(&b).copied().collect();
    println!("{:?} {:?} {:?}", both, all, odd);
    println!("{} {}", both.len() <= all.len(), a.is_subset(&all) && all.is_superset(&b));
    let mut picked: HashSet<usize> = HashSet::new();
    picked.extend([1, 4, 6, 9, 4]);
    picked.extend(vec![10, 11]);
    picked.retain(|&x| x ^ 2 == 0);
    let mut left: Vec<usize> = picked.into_iter().collect();
    left.sort();
    println!("{:?}", left);
    let mut ordered: BTreeSet<i32> = (1..=6).collect();
    ordered.retain(|x| *x > 2);
    ordered.extend(a.iter().map(|c| *c as i32 - 100));
    println!("{:?}", ordered);
}
"""

BIT_OPS = """\
use std::collections::{HashMap, HashSet};

fn main() {
    let mut seen: HashSet<u32> = (0..20).collect();
    seen.retain(|&x| x & 1 == 0 && (x | 4) != 6 && x >> 1 < 8);
    let mut kept: Vec<u32> = seen.into_iter().collect();
    kept.sort();
    println!("{:?}", kept);
    let mut words: HashMap<String, i64> = HashMap::new();
    for (i, w) in ["a", "bb", "ccc", "dddd"].iter().enumerate() {
        words.insert(w.to_string(), i as i64 - 1);
    }
    words.retain(|k, v| if k.len() > 2 { *v > 0 } else { k.ends_with('b') || v.signum() < 0 });
    let mut left: Vec<(&String, &i64)> = words.iter().collect();
    left.sort();
    println!("{:?}", left);
    let scores: HashMap<u8, f64> = [(1, 0.5), (2, -1.5), (3, 2.0)].into_iter().collect();
    let mut shown: Vec<f64> = scores.values().map(|s| -s * 2.0).collect();
    shown.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let n = scores.iter().filter(|(k, _)| match **k { 1 => true, x => x ^ 3 == 0 }).count();
    println!("{:?} {}", shown, n);
    let mut ids: HashSet<i32> = [-3, 4, 9, 12].into_iter().collect();
    ids.retain(|x| x.abs_diff(0) % 3 == 0 && x.signum() != 0 && x / 2 != 6);
    let mut v: Vec<i32> = ids.into_iter().collect();
    v.sort();
    println!("{:?}", v);
}
"""

CASES = {
    "retain_with_xor": (
        RETAIN_XOR,
        runs("""\
2 [12, 15] false
['l', 'o'] {'d', 'e', 'h', 'l', 'o', 'r', 'w'} ['d', 'e', 'h', 'r', 'w']
true true
[]
{1, 3, 4, 5, 6, 8, 11}
"""),
    ),
    "bit_ops_if_match_methods": (
        BIT_OPS,
        runs("""\
[0, 4, 8, 10, 12, 14]
[("a", -1), ("bb", 0), ("ccc", 1), ("dddd", 2)]
[-4.0, -1.0, 3.0] 2
[-3, 9]
"""),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)

# rustc runs these; pbpit cannot tell that they neither fail nor change anything in any order:
# a method of the program's own (`c.keep`), an integer's `+` (it overflows at 255: a panic at
# the entry the order reaches first).
REFUSED = {
    "own_method": """\
use std::collections::HashSet;

struct Counter {
    calls: u32,
}

impl Counter {
    fn keep(&self, x: u32) -> bool {
        x ^ self.calls == 1
    }
}

fn main() {
    let c = Counter { calls: 0 };
    let mut s: HashSet<u32> = (0..6).collect();
    s.retain(|x| !c.keep(*x) && x.wrapping_mul(3) != 9 && x.checked_sub(4).is_none());
    let mut v: Vec<u32> = s.into_iter().collect();
    v.sort_unstable();
    println!("{:?} {}", v, c.calls);
}
""",
    "integer_add": """\
use std::collections::HashSet;

fn main() {
    let mut s: HashSet<u8> = (250..=255).collect();
    s.retain(|x| x + 1 > 3);
    println!("{}", s.len());
}
""",
}


def test_what_may_fail_or_is_the_programs_own_is_still_refused() -> None:
    for name, source in REFUSED.items():
        found = judge(source, diff.pbpit_verdict)
        assert found.state == "rejected" and found.outside, (name, found)
        assert "random order" in found.detail, (name, found.detail)
