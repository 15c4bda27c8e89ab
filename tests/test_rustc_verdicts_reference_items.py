"""Programs on which pbpit must give rustc's verdict, each a kind of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs (issue 26), minimised:
`v.iter().sum::<f64>()` (or `product`) of a `Vec`/`VecDeque` whose elements are references
(`hist.push_back(x)` of a `&f64`, `v.push(l)` of an item of `losses.iter()`, `vec![&a, &b]`): the
items are `&&f64` and std sums `f64` and `&f64` only (E0277), where `into_iter()` or `copied()` of
the same collection runs; a field of a struct literal given `it.collect()` of other items (`d:
Vec<f32>` of a `map(|(a, b)| a < b)`: E0277 at `collect`, as for a `let` written `Vec<f32>`, not
E0308); a reference to a value of an inner block or of one turn of a loop stored in a variable that
lives on and is read after (`best = Some(&loss);`, `pair = (1, &loss);`, `hist.push_back(&loss)` of
a `for` variable: E0597), where the same store read only inside the block runs; what `split_off`
returns, a value of its own (moved, then used: E0382); `self.sum += x` in a method taking `&self`,
`sum: T` with `T: AddAssign` (a call of `add_assign(&mut self.sum, x)`: E0596, where a number's
field is assigned: E0594); `let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();`
borrows `runs` while `order` is used (`runs.push(..)` before a later read: E0502); what `map` or
`zip` makes is a value of its own (an `Option<String>` moved, then used: E0382; an `Option<usize>`
copied); `m.values().sum()` of a map given `m.insert(k, &i)` (items `&&u32`: E0277); `Some(&batch)`
returned from `next` where `type Item = Vec<f32>;` and the result is written `Option<Self::Item>`
(E0308); `ilog10` of zero, a panic at the call (`#[track_caller]`); an overflow of a value rustc's
constant propagation does not follow because the variable is borrowed somewhere (`println!("{x}")`,
`assert_eq!(d, 0)`: no `arithmetic_overflow` or `unconditional_panic`, a panic as it runs);
`range(a..b)` with `a > b` of an empty BTreeMap (no tree to search: no panic), and its
`range(a..3)` with `a: i64` of `i32` keys (E0277); `char::from(2)`, its integer literal a `u8`
(`From<u8>` is the one impl of an integer: 300 is `overflowing_literals`); `cfg` (a macro of
std's prelude) named as a value (E0423); an overflow of an operation written in parentheses,
reported at the opening parenthesis (rustc's lowering widens the span to them); `255.clamp(a,
b)` of a `u32` `a` (`Ord::clamp` is found while the literal's type is open: no E0689).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`, by `tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports, `runs(stdout, ..)` what its binary
printed. Where rustc is on PATH, a slow test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "sum_of_iter_of_a_vecdeque_of_references": (
        """\
use std::collections::VecDeque;
fn main() {
    let xs = [0.9, 0.7, 0.65];
    let mut hist = VecDeque::new();
    for x in &xs {
        hist.push_back(x);
        let mean: f64 = hist.iter().sum::<f64>() / hist.len() as f64;
        println!("{:.3}", mean);
    }
}
""",
        rejects("E0277"),
    ),
    "product_of_iter_of_pushed_references": (
        """\
fn main() {
    let losses = [0.9, 0.7];
    let mut v = Vec::new();
    for l in losses.iter() {
        v.push(l);
    }
    let p: f64 = v.iter().product();
    println!("{}", p);
}
""",
        rejects("E0277"),
    ),
    "sum_of_filtered_iter_of_a_vec_of_borrows": (
        """\
fn main() {
    let a = 1.5;
    let b = 2.0;
    let v = vec![&a, &b];
    let s: f64 = v.iter().filter(|x| ***x > 1.0).sum();
    println!("{}", s);
}
""",
        rejects("E0277"),
    ),
    "sum_of_into_iter_or_copied_of_references_runs": (
        """\
fn main() {
    let a = 1.5;
    let b = 2.0;
    let mut v: Vec<&f64> = Vec::new();
    v.push(&a);
    v.push(&b);
    let s: f64 = v.iter().copied().sum();
    let n = v.iter().map(|x| **x).sum::<f64>();
    let t: f64 = v.into_iter().sum();
    println!("{} {} {}", s, n, t);
}
""",
        runs("3.5 3.5 3.5\n"),
    ),
    "field_given_a_collect_of_other_items": (
        """\
struct Mat {
    d: Vec<f32>,
}
fn main() {
    let a = vec![1.0f32, 2.0];
    let b = vec![2.0f32, 1.0];
    let m = Mat { d: a.iter().zip(b.iter()).map(|(x, y)| x < y).collect() };
    println!("{:?}", m.d);
}
""",
        rejects("E0277"),
    ),
    "some_borrow_of_an_inner_blocks_value_read_after": (
        """\
fn main() {
    let mut best: Option<&f64> = None;
    {
        let loss = 0.5;
        best = Some(&loss);
    }
    println!("{:?}", best);
}
""",
        rejects("E0597"),
    ),
    "some_borrow_of_a_for_variable_read_after_the_loop": (
        """\
fn main() {
    let mut best = None;
    for loss in [0.9, 0.7, 0.65] {
        if best.is_none() {
            best = Some(&loss);
        }
    }
    println!("{:?}", best);
}
""",
        rejects("E0597"),
    ),
    "tuple_holding_a_borrow_of_an_inner_blocks_value": (
        """\
fn main() {
    let mut pair = (0, &1.0);
    {
        let loss = 0.5;
        pair = (1, &loss);
    }
    println!("{:?}", pair);
}
""",
        rejects("E0597"),
    ),
    "push_back_of_a_borrowed_for_variable": (
        """\
use std::collections::VecDeque;
fn main() {
    let mut hist = VecDeque::new();
    for loss in [0.9, 0.7, 0.65] {
        hist.push_back(&loss);
    }
    println!("{:?}", hist);
}
""",
        rejects("E0597"),
    ),
    "some_borrow_read_only_inside_the_block_runs": (
        """\
fn main() {
    let mut best: Option<&f64> = None;
    {
        let loss = 0.5;
        best = Some(&loss);
        println!("{:?}", best);
    }
    best = None;
    println!("{:?}", best);
}
""",
        runs("Some(0.5)\nNone\n"),
    ),
    "some_of_an_item_reference_of_a_for_loop_runs": (
        """\
fn main() {
    let mut best = (0, None);
    for (i, loss) in [0.5, 0.25].iter().enumerate() {
        best = (i, Some(loss));
    }
    println!("{:?}", best);
}
""",
        runs("(1, Some(0.25))\n"),
    ),
    "split_off_makes_a_value_of_its_own_moved_then_used": (
        """\
fn main() {
    let mut v = vec![1, 2, 3];
    let more = v.split_off(1);
    let _moved = more;
    println!("{:?} {:?}", v, more);
}
""",
        rejects("E0382"),
    ),
    "op_assign_of_a_generic_field_behind_ref_self": (
        """\
use std::ops::AddAssign;
struct Acc<T> {
    sum: T,
}
impl<T: Copy + AddAssign> Acc<T> {
    fn feed(&self, x: T) {
        self.sum += x;
    }
}
fn main() {
    let a = Acc { sum: 0.5 };
    a.feed(1.0);
    println!("{}", a.sum);
}
""",
        rejects("E0596"),
    ),
    "op_assign_of_a_number_field_behind_ref_self_in_a_generic_impl": (
        """\
use std::ops::AddAssign;
struct Acc<T> {
    sum: T,
    n: usize,
}
impl<T: Copy + AddAssign> Acc<T> {
    fn feed(&self, x: T) {
        let _ = x;
        self.n += 1;
    }
}
fn main() {
    let a = Acc { sum: 0.5, n: 0 };
    a.feed(1.0);
    println!("{}", a.sum);
}
""",
        rejects("E0594"),
    ),
    "op_assign_of_a_generic_field_behind_mut_self_runs": (
        """\
use std::ops::AddAssign;
struct Acc<T> {
    sum: T,
    n: usize,
}
impl<T: Copy + AddAssign> Acc<T> {
    fn feed(&mut self, x: T) {
        self.sum += x;
        self.n += 1;
    }
}
fn main() {
    let mut a = Acc { sum: 0.5, n: 0 };
    a.feed(1.0);
    a.feed(2.0);
    println!("{} {}", a.sum, a.n);
}
""",
        runs("3.5 2\n"),
    ),
    "collected_borrows_held_across_a_push": (
        """\
struct Run {
    name: String,
    epochs: u32,
}
fn main() {
    let mut runs = vec![
        Run { name: "a".to_string(), epochs: 10 },
        Run { name: "b".to_string(), epochs: 30 },
    ];
    let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    println!("{:?}", order);
    runs.sort_by_key(|r| r.epochs);
    let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    let names: Vec<&String> = runs.iter().filter(|r| r.epochs > 10).map(|r| &r.name).collect();
    println!("{:?} {:?}", order, names);
    runs.push(Run { name: "c".to_string(), epochs: 1 });
    println!("{:?}", names);
    println!("{}", runs.len());
}
""",
        rejects("E0502"),
    ),
    "collected_borrows_last_used_before_a_push_run": (
        """\
struct Run {
    name: String,
    epochs: u32,
}
fn main() {
    let mut runs = vec![
        Run { name: "a".to_string(), epochs: 10 },
        Run { name: "b".to_string(), epochs: 30 },
    ];
    let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    println!("{:?}", order);
    runs.sort_by_key(|r| r.epochs);
    let order: Vec<&str> = runs.iter().map(|r| r.name.as_str()).collect();
    let names: Vec<&String> = runs.iter().filter(|r| r.epochs > 10).map(|r| &r.name).collect();
    println!("{:?} {:?}", order, names);
    runs.push(Run { name: "c".to_string(), epochs: 1 });
    println!("{}", runs.len());
}
""",
        runs('["a", "b"]\n["a", "b"] ["b"]\n3\n'),
    ),
    "what_map_makes_moved_then_used": (
        """\
fn main() {
    let names = vec!["a", "b"];
    let best = names.first().zip(names.last()).map(|(x, y)| format!("{}..{}", x, y));
    let _moved = best;
    println!("{:?}", best);
}
""",
        rejects("E0382"),
    ),
    "what_map_and_zip_make_copied_or_consumed_runs": (
        """\
fn main() {
    let names = vec!["a", "b"];
    let first = names.first().map(|x| x.len());
    let copy = first;
    let pair = names.first().zip(names.last());
    let again = pair;
    let lens: Vec<usize> = names.iter().map(|s| s.len()).collect();
    let it = names.iter().map(|s| s.len());
    let n: usize = it.sum();
    println!("{:?} {:?} {:?} {:?} {:?} {}", first, copy, pair, again, lens, n);
}
""",
        runs('Some(1) Some(1) Some(("a", "b")) Some(("a", "b")) [1, 1] 2\n'),
    ),
    "sum_of_the_values_of_a_map_given_references": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut n = BTreeMap::new();
    for i in [1u32, 2, 3] {
        n.insert(i * 3, &i);
    }
    let s: u32 = n.values().sum();
    println!("{}", s);
}
""",
        rejects("E0277"),
    ),
    "sum_of_copied_values_and_of_keys_of_a_map_runs": (
        """\
use std::collections::BTreeMap;
fn main() {
    let xs = [1u32, 2, 3];
    let mut n = BTreeMap::new();
    for i in &xs {
        n.insert(*i * 3, i);
    }
    let s: u32 = n.values().copied().sum();
    let k: u32 = n.keys().sum();
    println!("{} {}", s, k);
}
""",
        runs("6 18\n"),
    ),
    "a_borrow_returned_as_self_item_written_a_value": (
        """\
struct Batches {
    data: Vec<f32>,
    pos: usize,
}
impl Iterator for Batches {
    type Item = Vec<f32>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.data.len() {
            return None;
        }
        let batch = self.data[self.pos..].to_vec();
        self.pos = self.data.len();
        Some(&batch)
    }
}
fn main() {
    let b = Batches { data: vec![1.0, 2.0], pos: 0 };
    for x in b {
        println!("{:?}", x);
    }
}
""",
        rejects("E0308"),
    ),
    "a_value_returned_as_self_item_runs": (
        """\
struct Batches {
    data: Vec<f32>,
    pos: usize,
}
impl Iterator for Batches {
    type Item = Vec<f32>;
    fn next(&mut self) -> Option<Self::Item> {
        if self.pos >= self.data.len() {
            return None;
        }
        let batch = self.data[self.pos..].to_vec();
        self.pos = self.data.len();
        Some(batch)
    }
}
fn main() {
    let b = Batches { data: vec![1.0, 2.0], pos: 0 };
    for x in b {
        println!("{:?}", x);
    }
}
""",
        runs("[1.0, 2.0]\n"),
    ),
    "ilog10_of_zero_panics_at_the_call": (
        """\
fn main() {
    let z: i32 = -3 + 3;
    println!("{}", z.ilog10());
}
""",
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:3:22:\n"
            "argument of integer logarithm must be positive\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "overflow_of_a_shadowed_value_printed_later_panics_as_it_runs": (
        """\
fn main() {
    let x = 5;
    let x = x * 2;
    {
        let y = x + 2147483647;
        println!("{y}");
    }
    println!("{x}");
}
""",
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:5:17:\nattempt to add with overflow\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "overflow_of_a_value_never_borrowed_is_the_lint": (
        """\
fn main() {
    let x = 5;
    let x = x * 2;
    {
        let y = x + 2147483647;
        println!("{y}");
    }
}
""",
        rejects("arithmetic_overflow"),
    ),
    "division_by_a_zero_asserted_later_panics_as_it_runs": (
        """\
fn main() {
    let d = 0;
    let y = 10 / d;
    assert_eq!(d, 0);
    println!("{y}");
}
""",
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:3:13:\nattempt to divide by zero\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "range_of_an_empty_btreemap_past_its_end_runs": (
        """\
use std::collections::BTreeMap;
fn main() {
    let m: BTreeMap<i32, i32> = BTreeMap::new();
    let a = 5;
    println!("{}", m.range(a..3).count());
}
""",
        runs("0\n"),
    ),
    "range_of_a_btreemap_given_another_key_type": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<i32, i32> = BTreeMap::new();
    m.insert(1, 2);
    let a = 5i64;
    println!("{}", m.range(a..3).count());
}
""",
        rejects("E0277"),
    ),
    "char_from_an_integer_literal_takes_a_u8": (
        """\
fn main() {
    let c = char::from(113);
    let d = char::from(2);
    println!("{:?} {:?}", c, d);
}
""",
        runs("'q' '\\u{2}'\n"),
    ),
    "char_from_an_integer_literal_past_a_u8": (
        """\
fn main() {
    let c = char::from(300);
    println!("{:?}", c);
}
""",
        rejects("overflowing_literals"),
    ),
    "cfg_named_as_a_value_is_a_macro": (
        """\
use std::collections::BTreeMap;
fn main() {
    for k in ["a", "b"] {
        cfg.entry(k.to_string()).or_insert(0);
    }
    let m: BTreeMap<String, i32> = BTreeMap::new();
    println!("{:?}", m);
}
""",
        rejects("E0423"),
    ),
    "an_overflow_inside_parentheses_panics_at_the_parenthesis": (
        """\
fn mix(old: u64) -> u64 {
    let x = (((old >> 1) << old) >> 27) as u32;
    let y = ((old << 60) * 32) + 1;
    y + x as u64
}
fn main() {
    println!("{}", mix(7));
}
""",
        runs(
            "",
            101,
            "\nthread 'main' (TID) panicked at main.rs:3:13:\nattempt to multiply with overflow\n"
            "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        ),
    ),
    "clamp_of_an_integer_literal_takes_its_arguments_type": (
        """\
fn main() {
    let a = 3u8;
    println!("{} {}", 255.clamp(a, 9), 7.clamp(1, 5));
}
""",
        runs("9 5\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
