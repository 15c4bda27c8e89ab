"""Borrows of a map's entry and of a `String`'s `&str`, as rustc 1.95 judges them: an `Entry`
(`let e = m.entry(k);`) or a `drain(..)` bound by `let` holds its receiver borrowed mutably
while it lives (`m.insert(..)` before `e.or_insert(..)`: E0499, `m.len()`: E0502); a `&str` of a
`String` made in a loop's turn, stored by a map or a `Vec` made before the loop
(`m.entry(w.as_str())`, `seen.push(w.as_str())`), is E0597; and the look-alikes rustc accepts:
the `&str` of an item of `&words` (it borrows `words`), of a `String` made before the loop, or
stored in a map made in the same turn; the entry used before the insert; a drained `Vec`
collected first; another field of the struct holding the map. Verdicts recorded from rustc 1.95
(`tests/rustc_verdicts.py` checks them again where rustc is on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_btree_entry_then_insert": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<u32, u32> = BTreeMap::new();
    let e = m.entry(1);
    m.insert(2, 2);
    e.or_insert(1);
    println!("{:?}", m);
}
""",
        rejects("E0499"),
    ),
    "bad_drain_view_then_push": (
        """\
fn main() {
    let mut v: Vec<f32> = vec![1.0, 2.0];
    let d = v.drain(..);
    v.push(3.0);
    let s: f32 = d.sum();
    println!("{}", s);
}
""",
        rejects("E0499"),
    ),
    "bad_entry_as_str_local_string": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, usize> = HashMap::new();
    for i in 0..2 {
        let w = format!("w{}", i);
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    println!("{}", m.len());
}
""",
        rejects("E0597"),
    ),
    "bad_entry_then_insert": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let e = m.entry("a".to_string());
    m.insert("b".to_string(), 2);
    e.or_insert(1);
    println!("{}", m.len());
}
""",
        rejects("E0499"),
    ),
    "bad_entry_then_len": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let e = m.entry("a".to_string());
    println!("{}", m.len());
    e.or_insert(1);
}
""",
        rejects("E0502"),
    ),
    "bad_or_insert_ref_then_insert": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let c = m.entry("a".to_string()).or_insert(0);
    m.insert("b".to_string(), 2);
    *c += 1;
    println!("{}", m.len());
}
""",
        rejects("E0499"),
    ),
    "bad_push_as_str_local_string": (
        """\
fn main() {
    let mut seen: Vec<&str> = Vec::new();
    for i in 0..2 {
        let w = i.to_string();
        seen.push(w.as_str());
    }
    println!("{:?}", seen);
}
""",
        rejects("E0597"),
    ),
    "ok_as_str_local_map_in_loop": (
        """\
use std::collections::HashMap;
fn main() {
    let mut total = 0;
    for i in 0..2 {
        let w = format!("w{}", i);
        let mut m: HashMap<&str, usize> = HashMap::new();
        *m.entry(w.as_str()).or_insert(0) += 1;
        total += m.len();
    }
    println!("{}", total);
}
""",
        runs("2\n"),
    ),
    "ok_as_str_string_before_loop": (
        """\
use std::collections::HashMap;
fn main() {
    let names: Vec<String> = vec!["a".to_string(), "b".to_string()];
    let w = String::from("shared");
    let mut m: HashMap<&str, usize> = HashMap::new();
    for _ in 0..2 {
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    println!("{} {}", m["shared"], names.len());
}
""",
        runs("2 2\n"),
    ),
    "ok_drain_collected_then_push": (
        """\
fn main() {
    let mut v: Vec<f32> = vec![1.0, 2.0];
    let d: Vec<f32> = v.drain(..).collect();
    v.push(3.0);
    println!("{:?} {:?}", d, v);
}
""",
        runs("[1.0, 2.0] [3.0]\n"),
    ),
    "ok_entry_as_str_in_for": (
        """\
use std::collections::HashMap;
fn main() {
    let words: Vec<String> = vec!["a".to_string(), "b".to_string(), "a".to_string()];
    let mut m: HashMap<&str, usize> = HashMap::new();
    for w in &words {
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    println!("{}", m["a"]);
}
""",
        runs("2\n"),
    ),
    "ok_entry_as_str_inferred": (
        """\
use std::collections::HashMap;
fn main() {
    let words = vec!["a".to_string(), "b".to_string(), "a".to_string()];
    let mut m = HashMap::new();
    for w in &words {
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    let mut keys: Vec<_> = m.keys().collect();
    keys.sort();
    println!("{:?} {}", keys, m["a"]);
}
""",
        runs('["a", "b"] 2\n'),
    ),
    "ok_entry_as_str_map_before_words": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, usize> = HashMap::new();
    let words: Vec<String> = vec!["a".to_string(), "b".to_string(), "a".to_string()];
    for w in &words {
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    println!("{}", m["a"]);
}
""",
        runs("2\n"),
    ),
    "ok_entry_as_str_of_slice_param": (
        """\
use std::collections::HashMap;
fn count(words: &[String]) -> HashMap<&str, usize> {
    let mut m = HashMap::new();
    for w in words {
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    m
}
fn main() {
    let words = vec!["a".to_string(), "b".to_string(), "a".to_string()];
    let m = count(&words);
    println!("{}", m["a"]);
}
""",
        runs("2\n"),
    ),
    "ok_entry_as_str_struct_field": (
        """\
use std::collections::HashMap;
struct Doc {
    words: Vec<String>,
}
fn main() {
    let d = Doc { words: vec!["a".to_string(), "b".to_string(), "a".to_string()] };
    let mut m: HashMap<&str, usize> = HashMap::new();
    for w in &d.words {
        *m.entry(w.as_str()).or_insert(0) += 1;
    }
    println!("{}", m["a"]);
}
""",
        runs("2\n"),
    ),
    "ok_entry_in_struct_field": (
        """\
use std::collections::HashMap;
struct Counts {
    seen: HashMap<String, u32>,
    total: u32,
}
fn main() {
    let mut c = Counts { seen: HashMap::new(), total: 0 };
    let e = c.seen.entry("a".to_string());
    c.total += 1;
    e.or_insert(1);
    println!("{} {}", c.total, c.seen["a"]);
}
""",
        runs("1 1\n"),
    ),
    "ok_entry_insert_after": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let e = m.entry("a".to_string());
    e.or_insert(1);
    m.insert("b".to_string(), 2);
    println!("{}", m.len());
}
""",
        runs("2\n"),
    ),
    "ok_or_insert_bound_iter": (
        """\
use std::collections::HashMap;
fn main() {
    let words: Vec<String> = "a b a".split(' ').map(|s| s.to_string()).collect();
    let mut m: HashMap<&str, usize> = HashMap::new();
    for w in words.iter() {
        let c = m.entry(w.as_str()).or_insert(0);
        *c += 1;
    }
    println!("{}", m["a"]);
}
""",
        runs("2\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
