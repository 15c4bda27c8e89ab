"""False rustc errors pbpit gave on programs rustc accepts (issue 26), and the programs rustc
rejects beside them: `d.chunks(bs).collect()` into `Vec<&[f32]>` (a chunk, a window: a `&[T]`,
not an array: pbpit said E0308 `Vec<[f32]>` / `Vec<[f32; _]>`); `let e = m.entry(k).or_insert(0);
*e += 1;` (and `e.0 += x`, `*e = (..)` of a tuple, `s.push_str(..)` of a `String`, of a
`HashMap` or a `BTreeMap`: pbpit said E0594 "behind a `&` reference"): `e` a `&mut` to the
map's value, lending the map mutably while it lives (E0502 for `m.len()` then, as rustc).

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, runs, verdict_tests

CASES = {
    "chunks_collected_as_slices": (
        """\
fn split(data: &[f32], bs: usize) -> Vec<&[f32]> {
    data.chunks(bs).collect()
}
fn main() {
    let d = [1.0f32, 2.0, 3.0];
    println!("{:?}", split(&d, 2));
}
""",
        runs('[[1.0, 2.0], [3.0]]\n'),
    ),
    "or_insert_bound_counts": (
        """\
use std::collections::{BTreeMap, HashMap};
#[derive(Debug, Default)]
struct Stats { n: u32, sum: f32 }
fn main() {
    let words = ["a", "b", "a", "c", "a", "b"];
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for w in words {
        let c = counts.entry(w).or_insert(0);
        *c += 1;
    }
    let mut by_len: HashMap<usize, String> = HashMap::new();
    for w in words {
        let s = by_len.entry(w.len()).or_insert_with(String::new);
        s.push_str(w);
        *s += "|";
    }
    let mut stats: BTreeMap<u8, Stats> = BTreeMap::new();
    let mut pairs: BTreeMap<u8, (f64, u32)> = BTreeMap::new();
    for (k, x) in [(1u8, 0.5f32), (2, 1.5), (1, 2.0)] {
        let st = stats.entry(k).or_insert(Stats { n: 0, sum: 0.0 });
        st.n += 1;
        st.sum += x;
        let p = pairs.entry(k).or_insert((0.0, 0));
        p.0 += x as f64;
        p.1 += 1;
        let d = pairs.entry(k + 10).or_insert((0.0, 0));
        *d = (d.0 - 1.0, d.1 + 2);
    }
    println!("{:?}\n{:?}\n{:?}\n{:?}", counts, by_len[&1], stats, pairs);
}
""",
        runs(
            '{"a": 3, "b": 2, "c": 1}\n'
            '"a|b|a|c|a|b|"\n'
            '{1: Stats { n: 2, sum: 2.5 }, 2: Stats { n: 1, sum: 1.5 }}\n'
            '{1: (2.5, 2), 2: (1.5, 1), 11: (-2.0, 4), 12: (-1.0, 2)}\n'
        ),
    ),
    "or_insert_bound_map_not_mut": (
        """\
use std::collections::HashMap;
fn main() {
    let m: HashMap<&str, u32> = HashMap::new();
    let e = m.entry("k").or_insert(0);
    *e += 1;
    println!("{}", m["k"]);
}
""",
        rejects('E0596'),
    ),
    "or_insert_bound_map_read_while_held": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, u32> = HashMap::new();
    let e = m.entry("k").or_insert(0);
    println!("{}", m.len());
    *e += 1;
}
""",
        rejects('E0502'),
    ),
    "or_insert_bound_reassigned": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, u32> = HashMap::new();
    let e = m.entry("k").or_insert(0);
    e += 1;
    println!("{}", m["k"]);
}
""",
        rejects('E0368'),
    ),
    "or_insert_tuple_bound": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, (f64, u32)> = HashMap::new();
    let e = m.entry("loss").or_insert((0.0, 0));
    *e = (e.0 + 0.5, e.1 + 1);
    println!("{:?}", m["loss"]);
}
""",
        runs('(0.5, 1)\n'),
    ),
    "windows_and_chunks_as_slices": (
        """\
fn batches(data: &[f32], bs: usize) -> Vec<&[f32]> {
    data.chunks(bs).collect()
}
fn mean(xs: &[f32]) -> f32 {
    xs.iter().sum::<f32>() / xs.len() as f32
}
fn main() {
    let v = vec![1.0f32, 2.0, 4.0, 7.0, 11.0];
    let diffs: Vec<f32> = v.windows(2).map(|w| w[1] - w[0]).collect();
    let pairs: Vec<&[f32]> = v.windows(3).collect();
    let means: Vec<f32> = batches(&v, 2).iter().map(|b| mean(b)).collect();
    for (i, b) in v.chunks(2).enumerate() {
        println!("{} {:?} {} {:?}", i, b, b.len(), b.first());
    }
    let last = v.chunks(3).last().unwrap();
    println!("{:?} {:?} {:?} {:?} {}", diffs, pairs, means, last, last.to_vec().len());
}
""",
        runs(
            '0 [1.0, 2.0] 2 Some(1.0)\n'
            '1 [4.0, 7.0] 2 Some(4.0)\n'
            '2 [11.0] 1 Some(11.0)\n'
            '[1.0, 2.0, 3.0, 4.0] [[1.0, 2.0, 4.0], [2.0, 4.0, 7.0], [4.0, 7.0, 11.0]] [1.5, 5.5,'
            ' 11.0] [7.0, 11.0] 2\n'
        ),
    ),
    "windows_item_is_no_array": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0, 4.0];
    let w: Vec<[f32; 2]> = v.windows(2).collect();
    println!("{:?}", w);
}
""",
        rejects('E0277'),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_a_trait_of_the_file_for_a_std_type_is_refused_not_a_made_up_error():
    # rustc 1.95 runs `impl Total for Vec<i32>` (prints 6); pbpit said E0425 "cannot find type
    # `Vec` in this scope", an error rustc never gives: now a refusal outside the subset
    source = (
        "trait Total {\n    fn total(&self) -> i32;\n}\n"
        "impl Total for Vec<i32> {\n    fn total(&self) -> i32 {\n        self.iter().sum()\n"
        "    }\n}\nfn main() {\n    println!(\"{}\", vec![1, 2, 3].total());\n}\n"
    )
    found = judge(source, pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found
    assert "E0425" not in found.codes and "`impl` for `Vec<i32>`" in found.detail


def test_and_modify_runs_as_rustc_runs_it():
    # rustc 1.95 runs it (prints `(0.5, 2)`); pbpit said E0594 "cannot assign to `e.1`, as `e`
    # is not declared as mutable", an error rustc does not give, then refused it: now it runs
    # (map_entries.py)
    source = (
        "use std::collections::HashMap;\nfn main() {\n"
        "    let mut m: HashMap<&str, (f64, u32)> = HashMap::new();\n"
        '    m.insert("loss", (0.5, 1));\n'
        '    m.entry("loss").and_modify(|e| e.1 += 1).or_insert((0.0, 0));\n'
        '    println!("{:?}", m["loss"]);\n}\n'
    )
    found = judge(source, pbpit_verdict)
    assert (found.state, found.stdout, found.status) == ("ran", "(0.5, 2)\n", 0), found
