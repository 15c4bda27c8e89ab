"""`std::mem::take`, `replace` and `swap` (`mem_functions.py`); `Vec::get` and a slice's `get`,
`if let Some(x) = v.get_mut(i)`; and a reference into a `HashMap` held across a method changing
it (`insert`, `remove`, `entry`, `clear`: E0502). Valid programs run with rustc's stdout, and
programs rustc rejects are refused with its first error code. Each verdict was recorded from
rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, the binary run); where rustc is on
PATH, a test checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "take_replace_swap_of_variables_and_fields": (
        """\
use std::mem;
struct S { buf: Vec<i32>, n: Option<i32> }
fn main() {
    let mut v = vec![1, 2, 3];
    let b = std::mem::take(&mut v);
    println!("{:?} {:?}", v, b);
    let mut s = S { buf: vec![4], n: Some(3) };
    let x = mem::take(&mut s.buf);
    let o = mem::replace(&mut s.n, None);
    println!("{:?} {:?} {:?} {:?}", s.buf, x, o, s.n);
    let mut a = 1; let mut c = 2;
    mem::swap(&mut a, &mut c);
    let mut st = String::from("hi");
    let t = mem::take(&mut st);
    println!("{} {} [{}] {}", a, c, st, t);
    let g = v.get(10);
    println!("{:?} {:?}", g, b.get(1));
}
""",
        runs("[] [1, 2, 3]\n[] [4] Some(3) None\n2 1 [] hi\nNone Some(2)\n"),
    ),
    "get_of_vec_array_and_slice": (
        """\
fn total(s: &[f32]) -> f32 {
    s.get(1).copied().unwrap_or(0.0) + s.get(5).map(|x| *x).unwrap_or(-1.0)
}
fn main() {
    let v = vec![10, 20, 30];
    let a = [1.5f32, 2.5];
    if let Some(x) = v.get(2) { println!("{}", x); }
    println!("{:?} {:?} {:?}", v.get(3), a.get(0), total(&a));
    match v.get(0) { Some(n) => println!("n={}", n), None => println!("none") }
}
""",
        runs("30\nNone Some(1.5) 1.5\nn=10\n"),
    ),
    "mem_path_without_use": (
        """\
fn main() { let mut v = vec![1]; let b = mem::take(&mut v); println!("{:?}{:?}", v, b); }
""",
        rejects("E0433"),
    ),
    "take_while_shared_borrow_read_later": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let r = &v;
    let b = std::mem::take(&mut v);
    println!("{:?} {:?}", r, b);
}
""",
        rejects("E0502"),
    ),
    "replace_of_a_variable_not_mut": (
        """\
fn main() {
    let v = vec![1, 2];
    let b = std::mem::replace(&mut v, vec![3]);
    println!("{:?} {:?}", v, b);
}
""",
        rejects("E0596"),
    ),
    "map_insert_while_get_read_later": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m = HashMap::new();
    m.insert(1, 10);
    let ten = m.get(&1).unwrap();
    m.insert(2, 20);
    println!("{}", ten);
}
""",
        rejects("E0502"),
    ),
    "map_remove_while_get_read_later": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<i32, i32> = HashMap::new();
    m.insert(1, 10);
    let ten = m.get(&1).unwrap();
    m.remove(&1);
    println!("{}", ten);
}
""",
        rejects("E0502"),
    ),
    "map_values_copied_before_changes": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<i32, i32> = HashMap::new();
    m.insert(1, 10);
    let ten = *m.get(&1).unwrap();
    m.insert(2, 20);
    *m.entry(3).or_insert(0) += ten;
    let got = m.get(&1).unwrap();
    println!("{} {} {}", ten, got, m.len());
    let last = m.get(&3).copied();
    m.remove(&3);
    println!("{:?} {:?}", last, m.get(&3));
}
""",
        runs("10 10 3\nSome(10) None\n"),
    ),
    "map_entry_update_while_get_read_later": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<i32, i32> = HashMap::new();
    m.insert(1, 10);
    let ten = m.get(&1).unwrap();
    *m.entry(1).or_insert(0) += 1;
    println!("{}", ten);
}
""",
        rejects("E0502"),
    ),
    "map_clear_while_get_read_later": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, u32> = HashMap::new();
    m.insert("a", 1);
    let one = m.get("a").unwrap();
    m.clear();
    println!("{}", one);
}
""",
        rejects("E0502"),
    ),
    "map_clear_after_a_copy": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, u32> = HashMap::new();
    m.insert("a", 1);
    let one = *m.get("a").unwrap();
    m.clear();
    println!("{} {} {:?}", one, m.len(), m.get("a"));
}
""",
        runs("1 0 None\n"),
    ),
    "map_clear_not_mut": (
        """\
use std::collections::HashMap;
fn main() {
    let m: HashMap<&str, u32> = HashMap::new();
    m.clear();
    println!("{}", m.len());
}
""",
        rejects("E0596"),
    ),
    "vec_get_mut_of_structs_and_vecs": (
        """\
#[derive(Debug)]
struct Layer { w: Vec<f32>, name: String }
fn main() {
    let mut layers = vec![Layer { w: vec![1.0], name: String::from("a") }];
    if let Some(l) = layers.get_mut(0) {
        l.w.push(2.0);
        l.name.push_str("b");
    }
    let mut rows = vec![vec![1], vec![2]];
    if let Some(r) = rows.get_mut(1) { r.push(3); }
    println!("{:?} {:?} {}", layers, rows, rows.len());
}
""",
        runs('[Layer { w: [1.0, 2.0], name: "ab" }] [[1], [2, 3]] 2\n'),
    ),
    "vec_get_mut_of_numbers_and_strings": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let i = 1;
    if let Some(x) = v.get_mut(i) { *x += 10; }
    if let Some(x) = v.get_mut(0) { *x = 7; }
    if let Some(x) = v.get_mut(5) { *x = 9; }
    let mut names = vec![String::from("a")];
    if let Some(n) = names.get_mut(0) { n.push_str("bc"); }
    println!("{:?} {:?}", v, names);
}
""",
        runs('[7, 12] ["abc"]\n'),
    ),
    "vec_get_mut_not_mut": (
        """\
fn main() {
    let v = vec![1, 2];
    if let Some(x) = v.get_mut(0) { *x += 1; }
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
