"""Programs rustc rejects around std constructs the interpreter runs: `impl` blocks of a
generic struct bounded by std's traits (generic_impls.py), `matches!`, `T::try_from`/`T::from`/
`char::from` (std_convert.py), `Option::zip`, a width or precision taken from an argument
(`{:w$}`), `"text".into()`, `String::extend`, `break (a, b)`, `VecDeque`, `..base`. `CASES`: pbpit
gives rustc's first error code; `REFUSED`: pbpit gives it or refuses the program as outside the
subset (never runs it).

Each verdict was recorded from rustc 1.95 (`tools/rustc_differential.py`'s `rustc_verdict`);
where rustc is on PATH, `pytest -m slow` checks that they are still rustc's.
"""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, pbpit_gives_or_refuses, rejects, stale, verdict_tests

CASES = {
    "impl_bound_only_in_another_impl": (
        """\
use std::fmt::Display;
use std::ops::Add;
struct Acc<T> { total: T }
impl<T: Copy + Add<Output = T>> Acc<T> {
    fn push(&mut self, x: T) { self.total = self.total + x; }
}
impl<T: Display> Acc<T> {
    fn twice(&self) -> T { self.total + self.total }
}
fn main() {
    let mut a = Acc { total: 1 };
    a.push(2);
    println!("{}", a.twice());
}
""",
        rejects("E0369"),
    ),
    "impl_bound_without_default": (
        """\
struct Acc<T> { total: T }
impl<T: Clone> Acc<T> {
    fn new() -> Self { Acc { total: T::default() } }
}
fn main() {
    let a: Acc<i32> = Acc::new();
    println!("{}", a.total.clone());
}
""",
        rejects("E0599"),
    ),
    "impl_bound_without_display": (
        """\
struct W<T> { x: T }
impl<T: Clone> W<T> {
    fn show(&self) -> String { format!("{}", self.x) }
}
fn main() {
    let w = W { x: 5 };
    println!("{}", w.show());
}
""",
        rejects("E0277"),
    ),
    "impl_bound_move_out_of_self": (
        """\
struct Acc<T> { total: T }
impl<T: Default> Acc<T> {
    fn reset(&mut self) -> T { let old = self.total; self.total = T::default(); old }
}
fn main() {
    let mut a = Acc { total: 3 };
    println!("{}", a.reset());
}
""",
        rejects("E0507"),
    ),
    "matches_unknown_variant": (
        """\
#[derive(Debug)]
enum Phase { Warm, Train }
fn main() {
    let p = Phase::Warm;
    println!("{} {:?}", matches!(p, Phase::Eval), Phase::Train);
}
""",
        rejects("E0599"),
    ),
    "try_from_a_float": (
        """\
fn main() {
    let x = 2.5f64;
    println!("{:?}", i32::try_from(x));
}
""",
        rejects("E0277"),
    ),
    "char_from_u32": (
        """\
fn main() {
    let n: u32 = 65;
    println!("{}", char::from(n));
}
""",
        rejects("E0277"),
    ),
    "option_zip_into_option_of_one": (
        """\
fn main() {
    let a = Some(1);
    let b: Option<i32> = a.zip(Some(2));
    println!("{:?}", b);
}
""",
        rejects("E0308"),
    ),
    "width_argument_i32": (
        """\
fn main() {
    let w: i32 = 5;
    println!("[{:w$}]", 1);
}
""",
        rejects("E0308"),
    ),
    "vecdeque_without_use": (
        """\
fn main() {
    let mut q = VecDeque::new();
    q.push_back(1);
    println!("{:?}", q);
}
""",
        rejects("E0433"),
    ),
    "vecdeque_push_not_mut": (
        """\
use std::collections::VecDeque;
fn main() {
    let q: VecDeque<i32> = VecDeque::new();
    q.push_back(1);
    println!("{:?}", q);
}
""",
        rejects("E0596"),
    ),
    "struct_update_of_another_struct": (
        """\
#[derive(Debug)]
struct C { lr: f64, steps: u32 }
#[derive(Debug)]
struct D { lr: f64, steps: u32 }
fn main() {
    let a = D { lr: 0.1, steps: 3 };
    let c = C { lr: 1.0, ..a };
    println!("{:?}", c);
}
""",
        rejects("E0308"),
    ),
}

REFUSED = {
    "break_parenthesized_value_from_for": (
        """\
fn main() {
    let mut total = 0;
    for i in 0..3 {
        total += i;
        if total > 1 {
            break (total, i);
        }
    }
    println!("{}", total);
}
""",
        rejects("E0571"),
    ),
    "into_text_as_f64": (
        """\
fn main() {
    let s: f64 = "1.5".into();
    println!("{}", s);
}
""",
        rejects("E0277"),
    ),
    "string_extend_of_integers": (
        """\
fn main() {
    let mut s = String::from("a");
    let t = s.clone();
    s.extend(vec![1, 2]);
    println!("{} {}", s, t);
}
""",
        rejects("E0277"),
    ),
    "impl_bound_call_with_non_copy": (
        """\
use std::ops::Add;
struct Acc<T> { total: T }
impl<T: Copy + Add<Output = T>> Acc<T> {
    fn push(&mut self, x: T) { self.total = self.total + x; }
}
fn main() {
    let mut a = Acc { total: String::from("a") };
    a.push(String::from("b"));
    println!("{}", a.total);
}
""",
        rejects("E0599"),
    ),
    "vecdeque_sort": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut q = VecDeque::new();
    q.push_back(3);
    q.push_back(1);
    q.sort();
    println!("{:?} {}", q, q[0]);
}
""",
        rejects("E0599"),
    ),
    "struct_update_then_base_used": (
        """\
#[derive(Debug)]
struct C { lr: f64, name: String }
fn main() {
    let a = C { lr: 0.1, name: "a".to_string() };
    let b = C { lr: 0.2, ..a };
    println!("{:?} {:?}", b, a);
}
""",
        rejects("E0382"),
    ),
    "struct_update_moving_out_of_self": (
        """\
#[derive(Debug, Clone)]
struct Cfg { name: String, epochs: u32 }
impl Cfg {
    fn bumped(&self) -> Cfg {
        Cfg { epochs: self.epochs + 1, ..*self }
    }
}
fn main() {
    let c = Cfg { name: "a".to_string(), epochs: 2 };
    println!("{:?}", c.bumped());
}
""",
        rejects("E0507"),
    ),
    "struct_update_moving_out_of_an_index": (
        """\
#[derive(Debug, Clone)]
struct Cfg { name: String, epochs: u32 }
fn main() {
    let v = vec![Cfg { name: "a".to_string(), epochs: 2 }];
    let d = Cfg { epochs: 5, ..v[0] };
    println!("{:?} {:?}", d, v);
}
""",
        rejects("E0507"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_pbpit_gives_rustcs_verdict_or_refuses(name: str) -> None:
    pbpit_gives_or_refuses(REFUSED, name)


@pytest.mark.slow
def test_the_recorded_verdicts_of_the_refused_are_rustcs() -> None:
    assert stale(REFUSED) == []


HASHMAP_TIES = """\
use std::collections::HashMap;
fn main() {
    let mut m: HashMap<&str, usize> = HashMap::new();
    for w in ["adagrad", "rmsprop", "sgd"] {
        m.insert(w, w.len());
    }
    let mut v: Vec<(usize, &str)> = m.iter().map(|(k, n)| (*n, *k)).collect();
    v.sort_by_key(|p| p.0);
    println!("{:?}", v);
}
"""


def test_entries_of_a_hashmap_sorted_with_ties_are_refused_when_met():
    """Two entries the sort finds equal stay in the map's random order (rustc's binary prints
    either order from run to run): refused, never run in one order."""
    found = judge(HASHMAP_TIES, diff.pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found
