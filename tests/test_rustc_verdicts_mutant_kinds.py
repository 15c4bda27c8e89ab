"""More programs on which pbpit must give rustc's verdict, each a kind of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs (issue 26): `Default` of an
array longer than 32 (std implements it up to 32 only: E0277), `m.entry(&k)`, `m.insert(&k, v)`
of a map whose written type holds values (both take them by value: E0308), a field of a `char`
(E0610), the item of `for x in v` (a value, `v` a `Vec` of values) given where a `&T` is taken
(E0308), and `seen.push(&k)` of a `&String` item into a `Vec<&str>`, deref-coerced (no E0597),
beside the same push into a `Vec<&&String>` that keeps the borrow of `k` (E0597); `let v: Vec<T>
= xs.iter().collect();` of items that are references, or tuples holding one (`Vec<T>` is built
from `T`s only: E0277); `S { a: 1, ..d }` moving fields out of the variable `d` (a partial move:
a later use of a moved field or of `d` is E0382, one while `d` is borrowed E0505), and of `d:
&S` (E0308); an operator of a struct reference and a float literal without the impl (`&a / 2.0`,
`&a % 2.0`: E0369; `&a == 2.0`: E0277, where `a == 2.0` is E0308); and `v.drain(a..=b)` past the
end or out of order, a panic inside core at the place rustc 1.95's binary names (`b` itself in
the message); `cur.push(&c)` of a `String` and a `char` made each turn: the type error (E0308)
first, as rustc's borrow checker runs only on bodies that type-check (not E0597); `r.x = ..` of
`if let Some(r) = o.as_mut()` where `o` is `Some(&p)` (`r` a `&mut &P`: E0594); `x % 0` in a
guard of a `match` (or `matches!`) on a `for` variable, which rustc cannot know (the lint
`unconditional_panic`); `r.name` taken by value in a sort key of a `Vec` of struct literals (`r`
a `&Run`: E0507).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`, by `tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports, `runs(stdout, ..)` what its binary
printed. Where rustc is on PATH, a test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

_CORE = "/rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src"
_NOTE = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"

CASES = {
    "default_of_an_array_past_32": (
        """\
#[derive(Debug, Default)]
struct Bins {
    n: u32,
    bins: [u8; 33],
}
fn main() {
    let b = Bins::default();
    println!("{} {}", b.n, b.bins.len());
}
""",
        rejects("E0277"),
    ),
    "default_of_arrays_up_to_32_runs": (
        """\
#[derive(Debug, Default)]
struct Bins {
    n: u32,
    bins: [u8; 32],
    none: [String; 0],
}
fn main() {
    let b = Bins::default();
    println!("{} {} {:?}", b.n, b.bins.len(), b.none);
}
""",
        runs("0 32 []\n"),
    ),
    "entry_given_a_borrowed_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut counts: HashMap<char, u32> = HashMap::new();
    for c in "abca".chars() {
        *counts.entry(&c).or_insert(0) += 1;
    }
    println!("{}", counts.len());
}
""",
        rejects("E0308"),
    ),
    "entry_given_a_borrowed_string_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, Vec<i32>> = HashMap::new();
    let k = String::from("a");
    m.entry(&k).or_insert_with(Vec::new).push(1);
    println!("{}", m.len());
}
""",
        rejects("E0308"),
    ),
    "entry_of_a_map_of_references_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let words = vec!["a", "b", "a"];
    let mut m: HashMap<&str, u32> = HashMap::new();
    for w in &words {
        *m.entry(w).or_insert(0) += 1;
    }
    let k = "a";
    m.entry(&k).or_insert(5);
    println!("{:?}", m.get("a"));
}
""",
        runs("Some(2)\n"),
    ),
    "field_of_a_char": (
        """\
fn main() {
    let mut letters: Vec<(char, u32)> = vec![('b', 2), ('a', 2)];
    letters.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0.0)));
    println!("{:?}", letters);
}
""",
        rejects("E0610"),
    ),
    "for_item_by_value_given_where_a_reference_is_taken": (
        """\
fn report(e: &Box<String>) -> String {
    format!("<{}>", e)
}
fn main() {
    let errors: Vec<Box<String>> = vec![Box::new(String::from("a"))];
    for err in errors {
        println!("{}", report(err));
    }
}
""",
        rejects("E0308"),
    ),
    "for_items_by_value_borrowed_run": (
        """\
fn report(e: &Box<String>) -> String {
    format!("<{}>", e)
}
fn total(x: &i32) -> i32 {
    *x * 2
}
fn main() {
    let errors: Vec<Box<String>> = vec![Box::new(String::from("a"))];
    let names: Vec<&str> = vec!["x", "y"];
    for err in errors {
        println!("{}", report(&err));
    }
    let nums: Vec<i32> = vec![1, 2];
    for n in nums {
        println!("{}", total(&n));
    }
    for name in names {
        println!("{}", name.len());
    }
}
""",
        runs("<a>\n2\n4\n1\n1\n"),
    ),
    "push_of_a_borrowed_reference_coerced_runs": (
        """\
fn main() {
    let lines = vec![String::from("a=1"), String::from("b=2")];
    let mut seen: Vec<&str> = Vec::new();
    let mut kept: Vec<&String> = Vec::new();
    for k in &lines {
        seen.push(&k);
        kept.push(&k);
    }
    println!("{:?} {:?}", seen, kept);
}
""",
        runs('["a=1", "b=2"] ["a=1", "b=2"]\n'),
    ),
    "push_of_a_borrowed_reference_kept": (
        """\
fn main() {
    let lines = vec![String::from("a=1"), String::from("b=2")];
    let mut seen: Vec<&&String> = Vec::new();
    for k in lines.iter() {
        seen.push(&k);
    }
    println!("{:?}", seen);
}
""",
        rejects("E0597"),
    ),
    "collect_of_references_into_a_vec_of_values": (
        """\
fn main() {
    let v = vec![(String::from("a"), 0.5)];
    let table: Vec<(String, f64)> = v.iter().map(|(k, v)| (k, *v)).collect();
    let w: Vec<i32> = vec![1, 2].iter().collect();
    println!("{:?} {:?}", table, w);
}
""",
        rejects("E0277"),
    ),
    "collect_of_enumerated_references": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let d: Vec<(usize, i32)> = v.iter().enumerate().collect();
    println!("{:?}", d);
}
""",
        rejects("E0277"),
    ),
    "collect_of_filtered_references": (
        """\
fn main() {
    let v = vec![String::from("a")];
    let d: Vec<String> = v.iter().filter(|s| s.len() > 0).collect();
    println!("{:?}", d);
}
""",
        rejects("E0277"),
    ),
    "collect_of_values_and_of_references_kept_runs": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let a: Vec<i32> = v.iter().map(|x| x * 2).collect();
    let b: Vec<&i32> = v.iter().filter(|x| **x > 1).collect();
    let c: Vec<i32> = v.iter().copied().collect();
    let d: Vec<(usize, i32)> = v.iter().map(|&x| x).enumerate().collect();
    let e: Vec<_> = v.iter().collect();
    let f: Vec<i32> = v.iter().map(|x| *x).rev().collect();
    let s: String = vec!['a', 'b'].iter().collect();
    println!("{:?} {:?} {:?} {:?} {:?} {:?} {}", a, b, c, d, e, f, s);
}
""",
        runs("[2, 4, 6] [2, 3] [1, 2, 3] [(0, 1), (1, 2), (2, 3)] [1, 2, 3] [3, 2, 1] ab\n"),
    ),
    "struct_update_moves_fields_then_one_is_used": (
        """\
#[derive(Debug, Clone)]
struct Config {
    lr: f64,
    epochs: u32,
    name: String,
    layers: Vec<usize>,
}
fn base() -> Config {
    Config { lr: 0.1, epochs: 10, name: String::from("base"), layers: vec![4, 2] }
}
fn main() {
    let d = Config { name: String::from("d"), ..base() };
    let f = Config { lr: 0.5, ..d };
    println!("{} {:?} {}", f.name, f.layers, d.epochs);
    println!("{:?}", d.layers);
}
""",
        rejects("E0382"),
    ),
    "struct_update_moves_fields_then_one_is_given_back": (
        """\
#[derive(Debug, Clone)]
struct Config {
    lr: f64,
    epochs: u32,
    name: String,
    layers: Vec<usize>,
}
fn base() -> Config {
    Config { lr: 0.1, epochs: 10, name: String::from("base"), layers: vec![4, 2] }
}
fn main() {
    let d = Config { name: String::from("d"), ..base() };
    let f = Config { lr: 0.5, ..d };
    println!("{} {:?} {}", f.name, f.layers, d.epochs);
    let mut e = base();
    let h = Config { epochs: 1, ..e };
    e.name = String::from("e");
    println!("{:?} {:?}", h, e);
}
""",
        rejects("E0382"),
    ),
    "struct_update_moves_fields_all_given_back_runs": (
        """\
#[derive(Debug, Clone)]
struct Config {
    lr: f64,
    epochs: u32,
    name: String,
    layers: Vec<usize>,
}
fn base() -> Config {
    Config { lr: 0.1, epochs: 10, name: String::from("base"), layers: vec![4, 2] }
}
fn main() {
    let d = Config { name: String::from("d"), ..base() };
    let f = Config { lr: 0.5, ..d };
    println!("{} {:?} {}", f.name, f.layers, d.epochs);
    let mut e = base();
    let h = Config { epochs: 1, ..e };
    e.name = String::from("e");
    e.layers = vec![];
    println!("{:?} {:?}", h, e);
}
""",
        runs(
            'd [4, 2] 10\nConfig { lr: 0.1, epochs: 1, name: "base", layers: [4, 2] } '
            'Config { lr: 0.1, epochs: 10, name: "e", layers: [] }\n'
        ),
    ),
    "struct_update_of_a_reference": (
        """\
#[derive(Debug, Clone)]
struct Config {
    lr: f64,
    name: String,
}
fn tweak(c: &Config) -> Config {
    Config { lr: 1.0, ..c }
}
fn main() {
    let d = Config { lr: 0.1, name: String::from("d") };
    println!("{:?}", tweak(&d));
}
""",
        rejects("E0308"),
    ),
    "struct_update_moving_out_of_a_borrowed_variable": (
        """\
#[derive(Debug, Clone)]
struct Config {
    lr: f64,
    name: String,
}
fn main() {
    let d = Config { lr: 0.1, name: String::from("d") };
    let r = &d;
    let e = Config { lr: 2.0, ..d };
    println!("{:?} {:?}", r, e);
}
""",
        rejects("E0505"),
    ),
    "struct_reference_divided_by_a_float_without_an_impl": (
        """\
use std::ops::Mul;
#[derive(Debug, Clone, PartialEq)]
struct V {
    x: f32,
}
impl Mul<f32> for &V {
    type Output = V;
    fn mul(self, k: f32) -> V {
        V { x: self.x * k }
    }
}
fn main() {
    let a = V { x: 1.0 };
    let e = &a / 2.0;
    println!("{:?}", e);
}
""",
        rejects("E0369"),
    ),
    "struct_reference_remainder_without_an_impl": (
        """\
use std::ops::Mul;
#[derive(Debug, Clone, PartialEq)]
struct V {
    x: f32,
}
impl Mul<f32> for &V {
    type Output = V;
    fn mul(self, k: f32) -> V {
        V { x: self.x * k }
    }
}
fn main() {
    let a = V { x: 1.0 };
    let e = &a % 2.0;
    println!("{:?}", e);
}
""",
        rejects("E0369"),
    ),
    "struct_reference_compared_with_a_float": (
        """\
use std::ops::Mul;
#[derive(Debug, Clone, PartialEq)]
struct V {
    x: f32,
}
impl Mul<f32> for &V {
    type Output = V;
    fn mul(self, k: f32) -> V {
        V { x: self.x * k }
    }
}
fn main() {
    let a = V { x: 1.0 };
    let e = &a == 2.0;
    println!("{:?}", e);
}
""",
        rejects("E0277"),
    ),
    "struct_value_compared_with_a_float": (
        """\
#[derive(Debug, Clone, PartialEq)]
struct V {
    x: f32,
}
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a == 2.0);
}
""",
        rejects("E0308"),
    ),
    "struct_operators_with_their_impls_run": (
        """\
use std::ops::{Mul, Rem};
#[derive(Debug, Clone, PartialEq)]
struct V {
    x: f32,
}
impl Mul<f32> for &V {
    type Output = V;
    fn mul(self, k: f32) -> V {
        V { x: self.x * k }
    }
}
impl Rem<f32> for V {
    type Output = V;
    fn rem(self, k: f32) -> V {
        V { x: self.x % k }
    }
}
fn main() {
    let a = V { x: 3.0 };
    let b = &a * 2.0;
    let c = a.clone() % 2.0;
    println!("{:?} {:?} {}", b, c, &a == &c);
}
""",
        runs("V { x: 6.0 } V { x: 1.0 } false\n"),
    ),
    "drain_of_an_inclusive_range_past_the_end": (
        """\
fn main() {
    let mut v = vec![1, 2, 3, 4, 5];
    let d: Vec<i32> = v.drain(1..=2).collect();
    println!("{:?} {:?}", v, d);
    let n = 2147483647;
    for x in v.drain(0..=n - 1) {
        println!("{}", x);
    }
}
""",
        runs(
            "[1, 4, 5] [2, 3]\n",
            101,
            f"\nthread 'main' (TID) panicked at {_CORE}/slice/index.rs:1016:52:\n"
            f"range end index 2147483646 out of range for slice of length 3\n{_NOTE}",
        ),
    ),
    "drain_of_an_inclusive_range_out_of_order": (
        """\
fn main() {
    let mut v = vec![1, 2, 3, 4];
    let d: Vec<i32> = v.drain(4..=2).collect();
    println!("{:?}", d);
}
""",
        runs(
            "",
            101,
            f"\nthread 'main' (TID) panicked at {_CORE}/slice/index.rs:1031:55:\n"
            f"slice index starts at 4 but ends at 3\n{_NOTE}",
        ),
    ),
    "type_error_before_a_borrow_kept_past_its_turn": (
        """\
fn main() {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in "ab cd".chars() {
        if c == ' ' {
            out.push(cur.clone());
            cur.clear();
        } else {
            cur.push(&c);
        }
    }
    println!("{:?} {}", out, cur);
}
""",
        rejects("E0308"),
    ),
    "field_assigned_through_as_mut_of_an_option_of_a_reference": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
fn main() {
    let p = P { x: 1.0 };
    let o = Some(&p);
    let mut o2 = o;
    if let Some(r) = o2.as_mut() {
        r.x = 7.0;
    }
    println!("{:?} {:?}", o, o2);
}
""",
        rejects("E0594"),
    ),
    "field_assigned_through_as_mut_of_an_option_of_a_value_runs": (
        """\
#[derive(Debug, Clone, Copy)]
struct P {
    x: f32,
}
fn main() {
    let p = P { x: 1.0 };
    let o = Some(p);
    let mut o2 = o;
    if let Some(r) = o2.as_mut() {
        r.x = 7.0;
    }
    let q = Some(&p);
    let mut q2 = q;
    if let Some(r) = q2.as_mut() {
        println!("{}", r.x);
    }
    println!("{:?} {:?} {:?}", o, o2, q2);
}
""",
        runs("1\nSome(P { x: 1.0 }) Some(P { x: 7.0 }) Some(P { x: 1.0 })\n"),
    ),
    "insert_given_a_borrowed_key": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let k = String::from("a");
    m.insert(k.clone(), 2);
    m.insert(&k, 1);
    println!("{}", m.len());
}
""",
        rejects("E0308"),
    ),
    "insert_given_a_borrowed_value": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<u32, f64> = HashMap::new();
    let v = 0.5;
    m.insert(1, &v);
    println!("{}", m.len());
}
""",
        rejects("E0308"),
    ),
    "remainder_by_zero_in_a_guard_of_matches": (
        """\
fn main() {
    for n in [0, 4] {
        println!("{}", matches!(n, x if x % 0 == 0));
    }
}
""",
        rejects("unconditional_panic"),
    ),
    "divide_by_zero_in_a_match_guard_on_a_for_variable": (
        """\
fn main() {
    for n in [0, 4] {
        match n {
            x if x / 0 == 0 => println!("a"),
            _ => println!("b"),
        }
    }
}
""",
        rejects("unconditional_panic"),
    ),
    "match_guards_on_a_for_variable_run": (
        """\
fn main() {
    for n in [0, 4, 9] {
        let k = match n {
            0 => 1,
            x if x % 3 == 0 => x / 3,
            _ => 2,
        };
        println!("{} {}", k, matches!(n, x if x % 2 == 0));
    }
}
""",
        runs("1 true\n2 true\n3 false\n"),
    ),
    "sort_key_moving_a_field_out_of_its_element": (
        """\
use std::cmp::Reverse;
#[derive(Debug, Clone)]
struct Run {
    name: String,
    epochs: u32,
}
fn main() {
    let mut runs = vec![
        Run { name: "a".to_string(), epochs: 3 },
        Run { name: "b".to_string(), epochs: 5 },
    ];
    runs.sort_by_key(|r| (Reverse(r.epochs), r.name));
    println!("{:?}", runs);
}
""",
        rejects("E0507"),
    ),
    "sort_keys_of_struct_elements_run": (
        """\
use std::cmp::Reverse;
#[derive(Debug, Clone)]
struct Run {
    name: String,
    epochs: u32,
    loss: f64,
}
fn main() {
    let mut runs = vec![
        Run { name: "a".to_string(), epochs: 3, loss: 0.5 },
        Run { name: "b".to_string(), epochs: 5, loss: 0.25 },
        Run { name: "c".to_string(), epochs: 5, loss: 0.75 },
    ];
    runs.sort_by_key(|r| (Reverse(r.epochs), r.name.clone()));
    runs.sort_by(|a, b| a.loss.partial_cmp(&b.loss).unwrap());
    let best = runs.iter().max_by_key(|r| r.epochs).unwrap();
    println!("{:?} {}", runs, best.name);
}
""",
        runs(
            '[Run { name: "b", epochs: 5, loss: 0.25 }, '
            'Run { name: "a", epochs: 3, loss: 0.5 }, '
            'Run { name: "c", epochs: 5, loss: 0.75 }] c\n'
        ),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
