"""Programs on which pbpit must give rustc's verdict, found by `tools/rustc_differential.py`
(seeds 42000-42004, 43000-43004, and every site of its rarer kinds) and by probing the same
kinds, with programs rustc runs beside them so that a rule refusing too much fails too:

- a shared borrow one operand of a macro, call or tuple holds while a later one borrows the
  place mutably (`println!("{:?} {:?}", v.first(), v.pop())`): E0502; one lending it
  mutably while a later one borrows it (`f(&mut v, v.len())`: E0502, `swap(&mut v[0], &mut
  v[1])`: E0499; two fields are apart) (held_borrows.py); a `&mut self` method of the
  program's own called while a field is borrowed (`let w = &self.w; self.bump();`); so
  too a `let` holding an iterator or a view (`let it = v.iter().map(..);`, `s.as_str()`,
  `s.trim()`) used after `v.push(..)` or a `String`'s `push`, or a `Vec<&String>` collected
  from a map's `values()` used after an `insert` (loop_borrows.py); `let s = m[&1];` of a map
  of `String` values moves out of its index, E0507;
- a closure that changes what it captures, or holds a value not `Copy` (`move || s.len()`,
  `|| drop(v)`), is not `Copy`: moved by a `let` or a call, then called, E0382; a
  `VecDeque`'s `pop_front()` of values and a map's `into_keys()` move;
- a width or precision over `u16::MAX`: written, rustc's error; read from an argument, a
  panic at the macro ("Formatting argument out of range");
- a map whose keys rustc infers from `m.entry(&w)` of a `w: &str` holds `&&str` keys: a
  string literal key is E0308 (`insert`) or E0277 (`get`); `&w` of a variable of the loop's
  turn, kept by the map, E0597 (ref_keys.py, shared_borrows.py);
- `&it` given to a parameter written `impl Iterator<..>` or `I: Iterator<..>`: a reference to
  an iterator is no iterator, E0277 (was E0308; `&mut it` is one); `&0..3` is `(&0)..3`, a
  range of a reference and a value, E0308; `let m: PhantomData<i32> = &PhantomData;` E0308, and
  `PhantomData<T>` is `Copy` (no E0505 when a copy is taken while it is borrowed);
- an operator trait's method not as the trait declares it: E0053 (`&self` for `&mut self`,
  another type), E0050 (another count of parameters), E0186 (no `self`);
- `.rev()` of `step_by`, `skip`, `enumerate`, `take` or `zip` of an iterator without `len`
  (a range of `i64`, a `RangeInclusive<i32>`, `chars()`): E0277, `ExactSizeIterator`;
  `w.extend(vec![1u8])` of a `Vec<i32>`: E0277, `Vec<i32>: Extend<u8>` (was E0308).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports
(`""`: an error without a code), `runs(stdout, status, stderr)` what its binary printed. Where
rustc is on PATH, a test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

_OUT_OF_RANGE = (
    "\nthread 'main' (TID) panicked at main.rs:3:5:\nFormatting argument out of range\n"
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
)

CASES = {
    "format_arg_first_then_pop": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    println!("{:?} {:?}", v.first(), v.pop());
}
""",
        rejects("E0502"),
    ),
    "format_arg_itself_then_pop": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    println!("{:?} {:?}", v, v.pop());
}
""",
        rejects("E0502"),
    ),
    "call_args_last_then_pop": (
        """\
fn show(a: Option<&i32>, b: Option<i32>) { println!("{:?} {:?}", a, b); }
fn main() {
    let mut v = vec![1, 2, 3];
    show(v.last(), v.pop());
}
""",
        rejects("E0502"),
    ),
    "tuple_first_then_pop": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let t = (v.first(), v.pop());
    println!("{:?}", t);
}
""",
        rejects("E0502"),
    ),
    "borrows_ended_before_the_pop_run": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    println!("{:?} {:?}", v.pop(), v.first());
    println!("{:?} {:?}", v.len(), v.pop());
    println!("{:?} {:?}", v.first().copied(), v.pop());
}
""",
        runs("Some(3) Some(1)\n2 Some(2)\nSome(1) Some(1)\n"),
    ),
    "changing_closure_moved_by_let": (
        """\
fn main() {
    let mut n = 0;
    let mut inc = || { n += 1; };
    let g = inc;
    inc();
    g;
    println!("{}", n);
}
""",
        rejects("E0382"),
    ),
    "changing_closure_moved_into_call": (
        """\
fn call<F: FnMut()>(mut f: F) { f(); }
fn main() {
    let mut n = 0;
    let mut inc = || { n += 1; };
    call(inc);
    inc();
    println!("{}", n);
}
""",
        rejects("E0382"),
    ),
    "closures_called_copied_and_given_run": (
        """\
fn call<F: FnMut()>(mut f: F) { f(); }
fn main() {
    let mut n = 0;
    let mut inc = || { n += 1; };
    inc();
    inc();
    call(inc);
    let c = 5;
    let show = || println!("{}", c);
    let s2 = show;
    show();
    s2();
    println!("{}", n);
}
""",
        runs("5\n5\n3\n"),
    ),
    "pop_front_value_moved_twice": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut q: VecDeque<String> = VecDeque::new();
    q.push_back("a".to_string());
    let s = q.pop_front().unwrap();
    let t = s;
    println!("{} {}", t, s);
}
""",
        rejects("E0382"),
    ),
    "into_keys_moves_the_map": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    let k: Vec<String> = m.into_keys().collect();
    println!("{:?} {}", k, m.len());
}
""",
        rejects("E0382"),
    ),
    "into_keys_iterator_moved": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    let k = m.into_keys();
    let n = k.count();
    println!("{} {}", n, k.count());
}
""",
        rejects("E0382"),
    ),
    "into_keys_and_values_of_clones_run": (
        """\
use std::collections::{BTreeMap, VecDeque};
fn main() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    let c = m.clone();
    let k: Vec<String> = m.into_keys().collect();
    let v: Vec<i32> = c.clone().into_values().collect();
    let mut q = VecDeque::new();
    q.push_back(1);
    let w: Vec<i32> = q.iter().copied().collect();
    for (a, b) in c { println!("{} {}", a, b); }
    println!("{:?} {:?} {:?}", k, v, w);
}
""",
        runs('a 1\n["a"] [1] [1]\n'),
    ),
    "written_precision_over_u16": (
        """\
fn main() {
    let s = format!("{:.70000}", 1.0);
    println!("{}", s.len());
}
""",
        rejects(""),
    ),
    "precision_argument_over_u16_panics": (
        """\
fn main() {
    let x = 1.5f64;
    println!("{:.*}", 65536, x);
}
""",
        runs("", 101, _OUT_OF_RANGE),
    ),
    "precision_star_over_u16_panics": (
        """\
fn main() {
    let x = 1.5f64;
    println!("{:.*}", 4294967295, x);
}
""",
        runs("", 101, _OUT_OF_RANGE),
    ),
    "width_of_u16_max_runs": (
        """\
fn main() {
    let s = format!("{:65535}|", 1.0);
    println!("{}", s.len());
}
""",
        runs("65536\n"),
    ),
    "double_reference_keys_given_a_literal": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    for w in ["b", "a", "b"] {
        *m.entry(&w).or_insert(0) += 1;
    }
    let mut c = m.clone();
    c.insert("z", 9);
    println!("{}", c.len());
}
""",
        rejects("E0308"),
    ),
    "double_reference_keys_looked_up_by_literal": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m = BTreeMap::new();
    for w in ["b", "a"] {
        *m.entry(&w).or_insert(0) += 1;
    }
    println!("{:?}", m.get("a"));
}
""",
        rejects("E0277"),
    ),
    "reference_key_coerced_into_str_keys_runs": (
        """\
use std::collections::HashMap;
fn main() {
    let mut m = HashMap::new();
    m.insert("a", 1);
    let w = "b";
    m.insert(&w, 2);
    println!("{}", m.len());
}
""",
        runs("2\n"),
    ),
    "same_depth_keys_run": (
        """\
use std::collections::BTreeMap;
fn main() {
    let words = vec!["b", "a", "b"];
    let mut m = BTreeMap::new();
    for w in &words {
        *m.entry(w).or_insert(0) += 1;
    }
    let mut n = BTreeMap::new();
    n.insert("x", 1);
    n.insert("y", 2);
    let k = "x";
    *n.entry(k).or_insert(0) += 5;
    println!("{:?} {:?} {:?}", m, n, n.get("x"));
}
""",
        runs('{"a": 1, "b": 2} {"x": 6, "y": 2} Some(6)\n'),
    ),
    "entry_of_a_turns_variable_kept": (
        """\
use std::collections::HashMap;
fn main() {
    let words = vec!["a", "b", "a"];
    let mut m = HashMap::new();
    for w in words.iter() {
        *m.entry(&w).or_insert(0) += 1;
    }
    println!("{}", m.len());
}
""",
        rejects("E0597"),
    ),
    "written_reference_keys_coerce_and_run": (
        """\
use std::collections::HashMap;
fn main() {
    let words = vec!["a".to_string(), "b".to_string(), "a".to_string()];
    let mut m: HashMap<&String, i32> = HashMap::new();
    for w in &words {
        *m.entry(&w).or_insert(0) += 1;
    }
    println!("{}", m.len());
}
""",
        runs("2\n"),
    ),
    "vec_insert_of_a_turns_variable_kept": (
        """\
fn main() {
    let mut kept = Vec::new();
    for i in 0..3 {
        let x = i * 2;
        kept.insert(0, &x);
    }
    println!("{}", kept.len());
}
""",
        rejects("E0597"),
    ),
    "reference_to_iterator_for_where_bounded_param": (
        """\
fn longest<I>(mut words: I) -> usize
where
    I: Iterator<Item = String>,
{
    let mut best = 0;
    while let Some(w) = words.next() {
        best = best.max(w.len());
    }
    best
}
fn main() {
    let names = vec!["relu".to_string()];
    println!("{}", longest(&names.into_iter()));
}
""",
        rejects("E0277"),
    ),
    "reference_to_iterator_for_impl_iterator": (
        """\
fn count_big(xs: impl Iterator<Item = u32>, limit: u32) -> usize {
    xs.filter(|&x| x > limit).count()
}
fn main() {
    println!("{}", count_big(&vec![1u32, 5, 9].into_iter(), 4));
}
""",
        rejects("E0277"),
    ),
    "reference_to_iterator_for_type_param": (
        """\
fn mean<I: Iterator<Item = f64>>(it: I) -> f64 {
    let (n, total) = it.fold((0usize, 0.0), |(n, t), x| (n + 1, t + x));
    total / n as f64
}
fn main() {
    let losses = vec![0.5, 0.25];
    println!("{}", mean(&losses.iter().copied()));
}
""",
        rejects("E0277"),
    ),
    "iterators_and_a_reference_to_a_number_run": (
        """\
fn mean<I: Iterator<Item = f64>>(it: I) -> f64 {
    let (n, total) = it.fold((0usize, 0.0), |(n, t), x| (n + 1, t + x));
    total / n as f64
}
fn count_big(xs: impl Iterator<Item = u32>, limit: &u32) -> usize {
    xs.filter(|&x| x > *limit).count()
}
fn main() {
    let losses = vec![0.5, 0.25];
    println!("{} {}", mean(losses.iter().copied()), count_big(0..10, &6));
}
""",
        runs("0.375 3\n"),
    ),
    "range_of_a_reference_and_a_value": (
        """\
fn main() {
    let mut total = 0;
    for i in &0..3 {
        total += i;
    }
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "ranges_of_values_run": (
        """\
fn main() {
    let a = 1;
    let r = &a;
    let v: Vec<i32> = (a..4).collect();
    let total: i32 = (*r..3).sum();
    println!("{:?} {}", v, total);
}
""",
        runs("[1, 2, 3] 3\n"),
    ),
    "move_closure_of_a_string_moved_by_let": (
        """\
fn main() {
    let s = String::from("ab");
    let f = move || s.len();
    let g = f;
    println!("{} {}", f(), g());
}
""",
        rejects("E0382"),
    ),
    "closure_moving_a_vec_moved_by_let": (
        """\
fn main() {
    let v = vec![1, 2];
    let f = || drop(v);
    let g = f;
    f();
    g();
}
""",
        rejects("E0382"),
    ),
    "closures_of_copies_and_borrows_copied_run": (
        """\
fn main() {
    let n = 3;
    let f = move || n + 1;
    let g = f;
    println!("{} {}", f(), g());
}
""",
        runs("4 4\n"),
    ),
    "closure_borrowing_copied_and_move_closure_called_run": (
        """\
fn main() {
    let s = String::from("ab");
    let f = || s.len();
    let g = f;
    let t = String::from("cd");
    let h = move || t.len();
    println!("{} {} {}", f(), g(), h());
}
""",
        runs("2 2 2\n"),
    ),
    "reference_given_for_a_written_phantom_data": (
        """\
use std::marker::PhantomData;
fn main() {
    let marker: PhantomData<i32> = &PhantomData;
    let _m2 = marker;
    println!("done");
}
""",
        rejects("E0308"),
    ),
    "phantom_data_copied_while_borrowed_runs": (
        """\
use std::marker::PhantomData;
fn main() {
    let marker: PhantomData<i32> = PhantomData;
    let r: &PhantomData<i32> = &marker;
    let _m2 = marker;
    let _r2 = r;
    println!("done");
}
""",
        runs("done\n"),
    ),
    "add_assign_taking_shared_self": (
        """\
use std::ops::{Add, AddAssign};
#[derive(Debug, Clone, Copy)]
struct V { x: f64 }
impl AddAssign for V { fn add_assign(&self, o: V) { let _ = o; } }
fn main() {
    let mut v = V { x: 1.0 };
    let w = V { x: 2.0 };
    println!("{:?} {:?}", v, w);
}
""",
        rejects("E0053"),
    ),
    "add_taking_shared_self": (
        """\
use std::ops::{Add, AddAssign};
#[derive(Debug, Clone, Copy)]
struct V { x: f64 }
impl Add for V { type Output = V; fn add(&self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let mut v = V { x: 1.0 };
    let w = V { x: 2.0 };
    println!("{:?} {:?}", v, w);
}
""",
        rejects("E0053"),
    ),
    "add_assign_of_another_rhs_type": (
        """\
use std::ops::{Add, AddAssign};
#[derive(Debug, Clone, Copy)]
struct V { x: f64 }
impl AddAssign for V { fn add_assign(&mut self, o: f64) { self.x += o; } }
fn main() {
    let mut v = V { x: 1.0 };
    let w = V { x: 2.0 };
    println!("{:?} {:?}", v, w);
}
""",
        rejects("E0053"),
    ),
    "add_assign_with_a_third_parameter": (
        """\
use std::ops::{Add, AddAssign};
#[derive(Debug, Clone, Copy)]
struct V { x: f64 }
impl AddAssign for V { fn add_assign(&mut self, o: V, k: f64) { self.x += o.x * k; } }
fn main() {
    let mut v = V { x: 1.0 };
    let w = V { x: 2.0 };
    println!("{:?} {:?}", v, w);
}
""",
        rejects("E0050"),
    ),
    "add_assign_without_self": (
        """\
use std::ops::{Add, AddAssign};
#[derive(Debug, Clone, Copy)]
struct V { x: f64 }
impl AddAssign for V { fn add_assign(o: V) { let _ = o; } }
fn main() {
    let mut v = V { x: 1.0 };
    let w = V { x: 2.0 };
    println!("{:?} {:?}", v, w);
}
""",
        rejects("E0186"),
    ),
    "rev_of_step_by_of_an_i64_range": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for i in (0..10i64).step_by(4).rev() { print!("{i} "); }
}
""",
        rejects("E0277"),
    ),
    "rev_of_step_by_of_an_inclusive_i32_range": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for i in (0..=9).step_by(2).rev() { print!("{i} "); }
}
""",
        rejects("E0277"),
    ),
    "rev_of_enumerate_of_chars": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for (i, c) in s.chars().enumerate().rev() { print!("{i}{c} "); }
}
""",
        rejects("E0277"),
    ),
    "rev_of_zip_with_chars": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for (a, b) in v.iter().zip(s.chars()).rev() { print!("{a}{b} "); }
}
""",
        rejects("E0277"),
    ),
    "rev_of_take_of_a_u64_range": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for x in (0..10u64).take(3).rev() { print!("{x} "); }
}
""",
        rejects("E0277"),
    ),
    "rev_of_step_by_of_a_range_later_i64": (
        """\
fn main() {
    for i in (0..10).step_by(4).rev() {
        let b: i64 = i;
        print!("{b} ");
    }
    println!();
}
""",
        rejects("E0277"),
    ),
    "rev_of_adapters_of_exact_iterators_run": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for (i, x) in v.iter().enumerate().rev().skip(1) {
        print!("{i}{x} ");
    }
    for i in (0..10).step_by(4).rev() {
        print!("{i} ");
    }
    for c in s.chars().rev() {
        print!("{c}");
    }
    for x in v.iter().map(|x| x * 2).skip(1).rev() {
        print!("{x}");
    }
    println!();
}
""",
        runs("12 01 8 4 0 cba64\n"),
    ),
    "rev_of_step_by_of_u8_ranges_runs": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let s = "abc";
    let _ = (&v, s);
    for i in (0..10u8).step_by(4).rev() {
        print!("{i} ");
    }
    for i in (0..=9u8).step_by(4).rev() {
        print!("{i} ");
    }
    println!();
}
""",
        runs("8 4 0 8 4 0 \n"),
    ),
    "rev_of_step_by_of_an_inclusive_range_later_u8_runs": (
        """\
fn main() {
    for i in (0..=9).step_by(2).rev() {
        let b: u8 = i;
        print!("{b} ");
    }
    println!();
}
""",
        runs("8 6 4 2 0 \n"),
    ),
    "pop_front_of_a_mut_reference_parameter_moved": (
        """\
use std::collections::VecDeque;
#[derive(Debug)]
struct Job {
    id: u32,
}
fn first_id(q: &mut VecDeque<Job>) -> u32 {
    let job = q.pop_front().unwrap();
    let kept = job;
    println!("{:?}", kept);
    job.id
}
fn main() {
    let mut q = VecDeque::new();
    q.push_back(Job { id: 3 });
    println!("{}", first_id(&mut q));
}
""",
        rejects("E0382"),
    ),
    "pop_front_of_a_mut_reference_parameter_field_read_first_runs": (
        """\
use std::collections::VecDeque;
#[derive(Debug)]
struct Job {
    id: u32,
}
fn first_id(q: &mut VecDeque<Job>) -> u32 {
    let job = q.pop_front().unwrap();
    let id = job.id;
    let kept = job;
    println!("{:?}", kept);
    id
}
fn main() {
    let mut q = VecDeque::new();
    q.push_back(Job { id: 3 });
    println!("{}", first_id(&mut q));
}
""",
        runs("Job { id: 3 }\n3\n"),
    ),
    "iterator_held_across_a_push": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let it = v.iter(); v.push(1); println!("{}", it.count());
}
""",
        rejects("E0502"),
    ),
    "mapped_iterator_held_across_a_push": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let total: i32 = v.iter().sum();
    v.push(total);
    let w = v.iter().map(|x| x * 2);
    v.push(1);
    println!("{:?}", w.collect::<Vec<_>>());
}
""",
        rejects("E0502"),
    ),
    "str_view_held_across_a_string_push": (
        """\
fn main() {
    let mut s = String::from("ab");
    let t = s.trim();
    s.push('c');
    println!("{}", t);
}
""",
        rejects("E0502"),
    ),
    "str_view_held_across_push_str": (
        """\
fn main() {
    let mut s = String::from("ab");
    let t = s.as_str();
    s.push_str("c");
    println!("{}", t);
}
""",
        rejects("E0502"),
    ),
    "values_taken_before_the_push_run": (
        """\
fn main() {
    let mut s = String::from("ab");
    let t = s.trim().len();
    s.push('c');
    let it = s.chars().map(|c| c as u32);
    let n: u32 = it.sum();
    s.clear();
    println!("{} {} {}", t, n, s);
}
""",
        runs("2 294 \n"),
    ),
    "closure_pushing_onto_a_string_called_without_mut": (
        """\
fn main() {
    let mut s = String::new();
    let add = |c: char| s.push(c);
    add('a');
    println!("{}", s);
}
""",
        rejects("E0596"),
    ),
    "string_moved_out_of_a_map_index": (
        """\
use std::collections::HashMap;
use std::collections::BTreeMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let mut b: BTreeMap<i32, String> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    b.insert(1, "x".to_string());
    let s = b[&1]; println!("{}", s);
}
""",
        rejects("E0507"),
    ),
    "collected_values_of_a_map_held_across_an_insert": (
        """\
use std::collections::HashMap;
use std::collections::BTreeMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let mut b: BTreeMap<i32, String> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    b.insert(1, "x".to_string());
    let vals: Vec<&String> = b.values().collect();
    b.insert(2, "y".to_string());
    println!("{:?}", vals);
}
""",
        rejects("E0502"),
    ),
    "map_values_copied_cloned_borrowed_and_collected_run": (
        """\
use std::collections::HashMap;
use std::collections::BTreeMap;
fn main() {
    let mut m: HashMap<String, i32> = HashMap::new();
    let mut b: BTreeMap<i32, String> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    b.insert(1, "x".to_string());
    let n = m["a"];
    let s = b[&1].clone();
    let t = &b[&1];
    let names: Vec<&String> = b.values().collect();
    println!("{} {} {} {:?}", n, s, t, names);
}
""",
        runs('1 x x ["x"]\n'),
    ),
    "field_borrowed_across_a_mut_self_method": (
        """\
struct M { w: Vec<f32>, steps: usize }
impl M {
    fn bump(&mut self) { self.steps += 1; }
    fn run(&mut self) {
        let w = &self.w;
        self.bump();
        println!("{}", w.len());
    }
}
fn main() { let mut m = M { w: vec![1.0], steps: 0 }; m.run(); }
""",
        rejects("E0502"),
    ),
    "field_iterated_across_a_mut_self_method": (
        """\
struct M { w: Vec<f32>, steps: usize }
impl M {
    fn bump(&mut self) { self.steps += 1; }
}
fn main() {
    let mut m = M { w: vec![1.0, 2.0], steps: 0 };
    for x in m.w.iter() {
        m.bump();
        println!("{}", x);
    }
}
""",
        rejects("E0502"),
    ),
    "values_taken_around_mut_self_methods_run": (
        """\
struct M { w: Vec<f32>, steps: usize }
impl M {
    fn bump(&mut self) { self.steps += 1; }
    fn total(&self) -> f32 { self.w.iter().sum() }
    fn run(&mut self) {
        let n = self.w.len();
        self.bump();
        let t = self.total();
        self.bump();
        for i in 0..n { self.w[i] += t; }
        let w = &self.w;
        println!("{} {:?}", w.len(), self.steps);
        self.bump();
    }
}
fn main() { let mut m = M { w: vec![1.0], steps: 0 }; m.run(); println!("{}", m.steps); }
""",
        runs("1 2\n3\n"),
    ),
    "mut_argument_then_len_of_it": (
        """\
fn f(v: &mut Vec<i32>, n: usize) { v.push(n as i32); }
fn main() {
    let mut v = vec![1];
    f(&mut v, v.len());
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "mut_element_and_shared_element_arguments": (
        """\
fn g(a: &mut i32, b: &i32) { *a += *b; }
fn main() {
    let mut v = vec![1, 2];
    g(&mut v[0], &v[1]);
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "mut_and_shared_fields_apart_run": (
        """\
struct S { a: i32, b: i32 }
fn g(a: &mut i32, b: &i32) { *a += *b; }
fn main() {
    let mut s = S { a: 1, b: 2 };
    g(&mut s.a, &s.b);
    let mut x = 1;
    let y = 2;
    std::mem::swap(&mut x, &mut s.a);
    println!("{} {} {}", s.a, x, y);
}
""",
        runs("1 3 2\n"),
    ),
    "tuple_of_mut_borrow_and_len": (
        """\
fn main() {
    let mut v = vec![1, 2];
    let t = (&mut v, v.len());
    println!("{:?}", t);
}
""",
        rejects("E0502"),
    ),
    "swap_of_two_elements_of_one_vec": (
        """\
fn main() {
    let mut v = vec![1, 2];
    std::mem::swap(&mut v[0], &mut v[1]);
    println!("{:?}", v);
}
""",
        rejects("E0499"),
    ),
    "extend_of_a_vec_of_i32_by_u8s": (
        """\
fn main() {
    let mut w: Vec<i32> = Vec::new();
    w.extend(vec![1u8, 2]);
    println!("{:?}", w);
}
""",
        rejects("E0277"),
    ),
    "extends_of_the_elements_type_run": (
        """\
fn main() {
    let mut w: Vec<i64> = Vec::new();
    w.extend(vec![1, 2]);
    w.extend(0..3);
    w.extend([7, 8].iter().map(|x| x * 2));
    let mut s = vec![String::new()];
    s.extend(vec!["a".to_string()]);
    println!("{:?} {:?}", w, s);
}
""",
        runs('[1, 2, 0, 1, 2, 14, 16] ["", "a"]\n'),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
