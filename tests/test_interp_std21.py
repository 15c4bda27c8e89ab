"""std idioms of training code that pbpit refused though rustc runs them (helper O2's measure of
session 20): `for x in g` over a `&mut [f32]` parameter, nested `iter_mut`s, `let .. else`,
a `match` on a tuple of `bool`s, collecting into and consuming maps and sets, `VecDeque`
indexing, `str::rsplit`, a `BTreeMap`'s last entry.

Each program of `tests/rust/std21` runs in pbpit and prints what rustc 1.95 printed (goldens
recorded with `tools/record_rustc.record`, `rustc --edition 2021 -C debug-assertions=on`); the
slow test records them again. The table below holds the look-alikes rustc rejects, each with
the verdict recorded from rustc 1.95: pbpit gives that code, or refuses the program as outside
its subset (never runs it)."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from pbpit_process import pbpit_main
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

PROGRAMS = Path(__file__).parent / "rust" / "std21"


def test_every_program_prints_what_rustc_printed():
    out = pbpit_main("check", str(PROGRAMS))
    count = len(list(PROGRAMS.glob("*.rs")))
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout.rstrip().endswith(f"{count} passed, 0 failed"), out.stdout


def test_every_program_has_its_golden():
    programs = sorted(PROGRAMS.glob("*.rs"))
    assert len(programs) >= 3
    assert [p.name for p in programs if not p.with_suffix(".stdout").is_file()] == []


@pytest.mark.slow
def test_the_goldens_are_what_rustc_prints_now():
    from record_rustc import Refused, find_rustc, record

    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    differ = []
    with tempfile.TemporaryDirectory(prefix="std21_") as build:
        for program in sorted(PROGRAMS.glob("*.rs")):
            recorded = record(rustc, program, Path(build))
            stderr = program.with_suffix(".stderr")
            if recorded.stdout != program.with_suffix(".stdout").read_bytes() or (
                recorded.stderr != (stderr.read_bytes() if stderr.is_file() else b"")
            ):
                differ.append(program.name)
    assert differ == []


def test_a_hashmaps_entries_collected_into_a_map_giving_a_key_two_values_is_refused(tmp_path):
    # rustc runs it, keeping the value of whichever entry the map's random order gives last
    program = tmp_path / "main.rs"
    program.write_text(
        """\
use std::collections::{BTreeMap, HashMap};
fn main() {
    let mut m: HashMap<&str, i32> = HashMap::new();
    m.insert("a", 1);
    m.insert("b", 2);
    let one: BTreeMap<i32, &str> = m.iter().map(|(k, _)| (7, *k)).collect();
    println!("{:?}", one);
}
"""
    )
    out = pbpit_main("run", str(program))
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stdout == ""
    assert "giving one key two values" in out.stderr


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (  # rustc steps it from both ends; pbpit's stepped iterators go forward only
            "let v = vec![1, 2, 3];\n    let mut it = v.iter();\n    it.next();\n"
            "    println!(\"{:?}\", it.next_back());",
            "`next_back` of the iterator variable `it`",
        ),
        (  # an integer sum may overflow at an entry the map's random order decides
            "let mut m: HashMap<u8, u8> = HashMap::new();\n    m.insert(1, 200);\n"
            "    let mut s: Vec<u8> = m.values().map(|v| v + 100).collect();\n    s.sort();",
            "`map` of a HashMap's entries",
        ),
        (  # a HashMap's retain test is called in its random order: the pushes would show it
            "let mut m: HashMap<i32, i32> = HashMap::new();\n    m.insert(1, 2);\n"
            "    let mut seen = Vec::new();\n    m.retain(|k, _| { seen.push(*k); true });",
            "`retain` of a HashMap with a closure that may fail or change something",
        ),
        (  # the closure is called in the set's random order: its pushes would show it
            "let mut s: HashSet<i32> = (0..4).collect();\n    let mut seen = Vec::new();\n"
            "    s.retain(|&x| { seen.push(x); x > 1 });\n    println!(\"{}\", s.len());",
            "`retain` of a HashSet with a closure that may fail or change something",
        ),
    ],
)
def test_what_depends_on_an_order_pbpit_cannot_follow_is_refused(tmp_path, body, said):
    program = tmp_path / "main.rs"
    program.write_text(
        f"use std::collections::{{HashMap, HashSet}};\nfn main() {{\n    {body}\n}}\n"
    )
    out = pbpit_main("run", str(program))
    assert (out.returncode, out.stdout) == (2, ""), out.stderr
    assert said in out.stderr


CASES = {
    "let_else_not_diverging": (
        """\
fn main() {
    let o = Some(3);
    let Some(x) = o else { println!("none"); };
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
    "let_else_binding_not_mut": (
        """\
fn main() {
    let o = Some(3);
    let Some(x) = o else { return; };
    x = 4;
    println!("{}", x);
}
""",
        rejects("E0384"),
    ),
    "let_else_mut_binding": (
        """\
fn main() {
    let o = Some(3);
    let Some(mut x) = o else { return; };
    x += 4;
    println!("{}", x);
}
""",
        runs("7\n"),
    ),
    "let_else_moves_the_option": (
        """\
fn main() {
    let o: Option<String> = Some("a".to_string());
    let Some(x) = o else { return; };
    println!("{} {:?}", x, o);
}
""",
        rejects("E0382"),
    ),
    "let_else_name_not_in_else": (
        """\
fn main() {
    let o = Some(3);
    let Some(x) = o else { println!("{}", x); return; };
    println!("{}", x);
}
""",
        rejects("E0425"),
    ),
    "let_else_two_names": (
        """\
fn main() {
    let pairs = vec![(1, "a".to_string())];
    let Some((n, s)) = pairs.into_iter().next() else { return; };
    println!("{} {}", n, s);
}
""",
        runs("1 a\n"),
    ),
    "for_over_shared_slice_param_writes": (
        """\
fn clip(g: &[f32]) {
    for x in g {
        *x = 0.0;
    }
}
fn main() {
    let g = vec![1.0f32];
    clip(&g);
    println!("{:?}", g);
}
""",
        rejects("E0594"),
    ),
    "for_over_mut_slice_param_reads_it": (
        """\
fn clip(g: &mut [f32]) {
    for x in g {
        *x = g.len() as f32;
    }
}
fn main() {
    let mut g = vec![1.0f32];
    clip(&mut g);
    println!("{:?}", g);
}
""",
        rejects("E0382"),
    ),
    "for_over_mut_slice_param_used_after": (
        """\
fn clip(g: &mut [f32]) {
    for x in g {
        *x = x.min(1.0);
    }
    g[0] = 0.0;
}
fn main() {
    let mut g = vec![3.0f32, 0.5];
    clip(&mut g);
    println!("{:?}", g);
}
""",
        rejects("E0382"),
    ),
    "for_over_mut_slice_param_in_a_loop": (
        """\
fn decay(g: &mut [f32]) {
    for _ in 0..2 {
        for x in g {
            *x *= 0.5;
        }
    }
}
fn main() {
    let mut g = vec![4.0f32];
    decay(&mut g);
    println!("{:?}", g);
}
""",
        rejects("E0382"),
    ),
    "for_over_mut_slice_param_reborrowed_in_a_loop": (
        """\
fn decay(g: &mut [f32]) {
    for _ in 0..2 {
        for x in g.iter_mut() {
            *x *= 0.5;
        }
    }
    g[0] += 1.0;
}
fn main() {
    let mut g = vec![4.0f32];
    decay(&mut g);
    println!("{:?}", g);
}
""",
        runs("[2.0]\n"),
    ),
    "nested_rows_shared_then_written": (
        """\
fn main() {
    let mut rows = vec![vec![1.0f32]];
    for row in rows.iter() {
        for x in row.iter_mut() {
            *x = 2.0;
        }
    }
    println!("{:?}", rows);
}
""",
        rejects("E0596"),
    ),
    "bool_tuple_match_missing_one": (
        """\
fn main() {
    let a = true;
    let b = false;
    match (a, b) {
        (true, true) => println!("tt"),
        (true, false) => println!("tf"),
        (false, true) => println!("ft"),
    }
}
""",
        rejects("E0004"),
    ),
    "enum_option_tuple_match_missing_one": (
        """\
#[derive(Clone, Copy)]
enum Phase { Train, Eval(u8) }
fn main() {
    let p = Phase::Eval(1);
    match (p, Some(1)) {
        (Phase::Train, _) => println!("t"),
        (Phase::Eval(_), None) => println!("e"),
    }
}
""",
        rejects("E0004"),
    ),
    "bool_tuple_match_guarded_arm": (
        """\
fn main() {
    let (a, b) = (true, false);
    match (a, b) {
        (true, _) if b => println!("t"),
        (false, _) => println!("f"),
    }
}
""",
        rejects("E0004"),
    ),
    "bool_tuple_match_or_arms": (
        """\
fn main() {
    for (a, b) in [(true, false), (false, false), (true, true)] {
        match (a, b) {
            (true, true) | (false, false) => println!("same"),
            (true, false) | (false, true) => println!("differ"),
        }
    }
}
""",
        runs("differ\nsame\nsame\n"),
    ),
    "hash_set_of_floats_typed": (
        """\
use std::collections::HashSet;
fn main() {
    let mut s: HashSet<f32> = HashSet::new();
    s.insert(1.5);
    println!("{}", s.len());
}
""",
        rejects("E0599"),
    ),
    "hash_set_of_floats_inferred": (
        """\
use std::collections::HashSet;
fn main() {
    let mut s = HashSet::new();
    s.insert(1.5f32);
    println!("{}", s.len());
}
""",
        rejects("E0277"),
    ),
    "btree_set_of_floats": (
        """\
use std::collections::BTreeSet;
fn main() {
    let mut s = BTreeSet::new();
    s.insert(1.5f32);
    println!("{}", s.len());
}
""",
        rejects("E0277"),
    ),
    "hash_set_not_imported": (
        """\
fn main() {
    let t: HashSet<i32> = HashSet::new();
    println!("{}", t.len());
}
""",
        rejects("E0425"),
    ),
    "set_contains_by_value": (
        """\
use std::collections::HashSet;
fn main() {
    let mut s: HashSet<i32> = HashSet::new();
    s.insert(1);
    println!("{}", s.contains(1));
}
""",
        rejects("E0308"),
    ),
    "set_insert_not_mut": (
        """\
use std::collections::HashSet;
fn main() {
    let s: HashSet<i32> = HashSet::new();
    s.insert(1);
    println!("{}", s.len());
}
""",
        rejects("E0596"),
    ),
    "set_used_after_into_iter": (
        """\
use std::collections::BTreeSet;
fn main() {
    let s: BTreeSet<i32> = [1, 2].into_iter().collect();
    let v: Vec<i32> = s.into_iter().collect();
    println!("{:?} {}", v, s.len());
}
""",
        rejects("E0382"),
    ),
    "map_used_after_into_iter": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<i32, i32> = HashMap::new();
    m.insert(1, 2);
    let mut v: Vec<(i32, i32)> = m.into_iter().collect();
    v.sort();
    println!("{:?} {}", v, m.len());
}
""",
        rejects("E0382"),
    ),
    "collect_into_map_not_pairs": (
        """\
use std::collections::BTreeMap;
fn main() {
    let v = vec![1, 2];
    let m: BTreeMap<i32, usize> = v.into_iter().collect();
    println!("{}", m.len());
}
""",
        rejects("E0277"),
    ),
    "collect_into_map_float_keys": (
        """\
use std::collections::HashMap;
fn main() {
    let v = vec![(1.0f32, 1usize)];
    let m: HashMap<f32, usize> = v.into_iter().collect();
    println!("{}", m.len());
}
""",
        rejects("E0277"),
    ),
    "next_back_of_a_vec": (
        """\
fn main() {
    let v = vec![1, 2];
    println!("{:?}", v.next_back());
}
""",
        rejects("E0599"),
    ),
    "set_intersection_by_value": (
        """\
use std::collections::BTreeSet;
fn main() {
    let a: BTreeSet<i32> = (0..3).collect();
    let b: BTreeSet<i32> = (2..5).collect();
    println!("{:?}", a.intersection(b).count());
}
""",
        rejects("E0308"),
    ),
    "iter_mut_row_given_by_value": (
        """\
fn total(v: Vec<f64>) -> f64 {
    v.iter().sum()
}
fn main() {
    let mut rows = vec![vec![1.0f64], vec![2.0]];
    for row in rows.iter_mut() {
        println!("{}", total(row));
    }
}
""",
        rejects("E0308"),
    ),
    "iter_mut_row_given_to_a_shared_slice": (
        """\
fn total(v: &[f64]) -> f64 {
    v.iter().sum()
}
fn main() {
    let mut rows = vec![vec![1.0f64, 0.5], vec![2.0]];
    for row in rows.iter_mut() {
        row.push(1.0);
        println!("{}", total(row));
    }
}
""",
        runs("2.5\n3\n"),
    ),
    "zip_side_reference_pattern_of_strings": (
        """\
fn main() {
    let mut v = vec![String::from("a")];
    let names = vec![String::from("b")];
    for (x, &n) in v.iter_mut().zip(names.iter()) {
        x.push_str(&n);
    }
    println!("{:?}", v);
}
""",
        rejects("E0507"),
    ),
    "chunks_mut_of_a_vec_not_mut": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    for row in v.chunks_mut(2) {
        row[0] = 0;
    }
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "chunks_mut_body_reads_the_vec": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for row in v.chunks_mut(2) {
        row[0] = v.len();
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "iter_mut_skip_reads_the_vec": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    for x in v.iter_mut().skip(v.len() - 1) {
        *x = 0;
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "ref_pattern_in_a_pair_of_a_vec_item": (
        """\
fn main() {
    let v: Vec<(i32, i32)> = vec![(1, 2)];
    if let Some((&a, _)) = v.iter().next() {
        println!("{}", a);
    }
}
""",
        rejects("E0308"),
    ),
    "btree_map_last_entry_ref_pattern": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<u32, f32> = BTreeMap::new();
    m.insert(2, 0.5);
    m.insert(9, 0.25);
    let Some((&k, &v)) = m.iter().next_back() else { return };
    if let Some((&first, _)) = m.first_key_value() {
        println!("{} {} {}", first, k, v);
    }
}
""",
        runs("2 9 0.25\n"),
    ),
    "btree_set_in_order": (
        """\
use std::collections::BTreeSet;
fn main() {
    let mut s = BTreeSet::new();
    for w in ["pear", "apple", "fig", "apple"] {
        s.insert(w);
    }
    for w in &s {
        print!("{} ", w);
    }
    println!("{:?} {}", s, s.contains("fig"));
}
""",
        runs("apple fig pear {\"apple\", \"fig\", \"pear\"} true\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
