"""std idioms of issue 26 each with rustc 1.95's verdict (`rustc --edition 2021 -C
debug-assertions=on`, its binary run with `RUST_BACKTRACE=0`; `tests/rustc_verdicts.py`): a
`Vec`'s capacity, iterating a map by `&mut`, `PhantomData`, `std::any::type_name`, `&f` of a
closure given where a closure is bounded, and the borrow codes rustc gives. pbpit must refuse
with the recorded code, or run and print the same."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "slice_has_no_capacity": (
        """\
fn room(s: &[i32]) -> usize {
    s.capacity()
}
fn main() {
    let v = vec![1, 2];
    println!("{}", room(&v));
}
""",
        rejects("E0599"),
    ),
    "filter_contains_deref_of_iter_item": (
        """\
fn main() {
    let v = vec![1, 2, 3, 4];
    let val = vec![2, 4];
    let r: Vec<&i32> = v.iter().filter(|i| val.contains(*i)).collect();
    println!("{:?}", r);
    let n = v.iter().filter(|i| val.contains(i)).count();
    println!("{}", n);
    let f = v.iter().skip(1).find(|x| val.contains(*x));
    println!("{:?}", f);
    let names = vec!["a".to_string(), "b".to_string()];
    let keep = vec!["b".to_string()];
    let kept: Vec<&String> = names.iter().filter(|s| keep.contains(*s)).collect();
    println!("{:?}", kept);
}
""",
        runs('[2, 4]\n2\nSome(2)\n["b"]\n', 0),
    ),
    "filter_contains_deref_of_copied_item": (
        """\
fn main() {
    let v = vec![1, 2, 3, 4];
    let val = vec![2, 4];
    let n = v.iter().copied().filter(|i| val.contains(*i)).count();
    println!("{}", n);
}
""",
        rejects("E0308"),
    ),
    "lent_fn_closure_to_fnmut_bound": (
        """\
fn call<F: FnMut(i32) -> i32>(mut f: F) -> i32 { f(1) }
fn main() {
    let k = 2;
    let f = |x: i32| x * k;
    println!("{}", call(&f));
}
""",
        runs("2\n", 0),
    ),
    "lent_fn_closure_to_fnmut_and_fnonce": (
        """\
fn twice<F: FnMut(i32) -> i32>(mut f: F) -> i32 { f(1) + f(2) }
fn once<F: FnOnce(i32) -> i32>(f: F) -> i32 { f(10) }
fn main() {
    let k = 3;
    let scale = |x: i32| x * k;
    println!("{} {}", twice(&scale), once(&scale));
    let names = vec!["a".to_string(), "b".to_string()];
    let has = |n: i32| if names.contains(&"a".to_string()) { n } else { 0 };
    println!("{} {}", twice(&has), scale(2));
}
""",
        runs("9 30\n3 6\n", 0),
    ),
    "lent_fnmut_closure_to_fnmut_bound": (
        """\
fn call<F: FnMut(i32) -> i32>(mut f: F) -> i32 { f(1) }
fn main() {
    let mut n = 0;
    let f = |x: i32| { n += x; n };
    println!("{}", call(&f));
}
""",
        rejects("E0525"),
    ),
    "lent_fnonce_closure_to_fnonce_bound": (
        """\
fn call<F: FnOnce() -> String>(f: F) -> String { f() }
fn main() {
    let s = String::from("a");
    let f = move || s;
    println!("{}", call(&f));
}
""",
        rejects("E0525"),
    ),
    "lent_fnonce_closure_to_fn_bound": (
        """\
fn call<F: Fn() -> String>(f: F) -> String { f() }
fn main() {
    let s = String::from("a");
    let f = move || s;
    println!("{}", call(&f));
}
""",
        rejects("E0525"),
    ),
    "vec_element_assigned_while_borrowed": (
        """\
fn main() {
    let mut rows = vec![vec![1, 2], vec![3, 4]];
    let first = &rows[0];
    rows[1] = vec![5, 6];
    println!("{:?}", first);
}
""",
        rejects("E0502"),
    ),
    "array_element_assigned_while_borrowed": (
        """\
fn main() {
    let mut grid = [[1, 2], [3, 4]];
    let first = &grid[0];
    grid[1] = [5, 6];
    println!("{:?}", first);
}
""",
        rejects("E0506"),
    ),
    "nested_vec_element_assigned_while_borrowed": (
        """\
fn main() {
    let mut m = vec![vec![1, 2], vec![3, 4]];
    let r = &m[0];
    m[1][0] = 9;
    println!("{:?}", r);
}
""",
        rejects("E0502"),
    ),
    "field_vec_element_assigned_while_borrowed": (
        """\
struct T { rows: Vec<i32> }
fn main() {
    let mut t = T { rows: vec![1, 2] };
    let r = &t.rows;
    t.rows[1] = 7;
    println!("{:?}", r);
}
""",
        rejects("E0502"),
    ),
    "lent_closures_to_methods": (
        """\
struct Runner { n: i32 }
impl Runner {
    fn run<F: FnMut(i32) -> i32>(&self, mut f: F) -> i32 { f(self.n) }
    fn run_fn<F: Fn(i32) -> i32>(&self, f: F) -> i32 { f(self.n) }
}
fn main() {
    let r = Runner { n: 2 };
    let k = 3;
    let g = |x: i32| x * k;
    println!("{} {}", r.run(&g), r.run_fn(&g));
}
""",
        runs("6 6\n", 0),
    ),
    "lent_fnmut_closure_to_a_method": (
        """\
struct Runner { n: i32 }
impl Runner {
    fn run<F: FnMut(i32) -> i32>(&self, mut f: F) -> i32 { f(self.n) }
    fn run_fn<F: Fn(i32) -> i32>(&self, f: F) -> i32 { f(self.n) }
}
fn main() {
    let r = Runner { n: 2 };
    let k = 3;
    let g = |x: i32| x * k;
    println!("{} {}", r.run(&g), r.run_fn(&g));
    let mut total = 0;
    let f = |x: i32| { total += x; total };
    println!("{}", r.run(&f));
}
""",
        rejects("E0525"),
    ),
    "lent_fnmut_closure_to_map": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let mut seen = 0;
    let f = |x: &i32| { seen += 1; *x * 2 };
    let w: Vec<i32> = v.iter().map(&f).collect();
    println!("{:?}", w);
}
""",
        rejects("E0525"),
    ),
    "lent_fn_closure_to_map": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let k = 2;
    let f = |x: &i32| *x * k;
    let w: Vec<i32> = v.iter().map(&f).collect();
    println!("{:?} {}", w, f(&5));
}
""",
        runs("[2, 4, 6] 10\n", 0),
    ),
    "tuple_let_of_a_loop_without_break": (
        """\
fn main() {
    let mut n = 0;
    let (a, b) = loop {
        n += 3;
        if n > 100 {
            panic!("too far");
        }
    };
    println!("{} {}", a, b);
}
""",
        rejects("E0282"),
    ),
    "deref_of_a_tuple_item_taken_by_value": (
        """\
fn main() {
    let pairs: Vec<(i32, String)> = vec![(1, "a".to_string()), (2, "b".to_string())];
    let mut total = 0;
    for (n, s) in pairs {
        total += n + s.len() as i32;
    }
    println!("{}", total);
    let more: Vec<(i32, i32)> = vec![(1, 2)];
    for (a, b) in more {
        println!("{}", *a + b);
    }
}
""",
        rejects("E0614"),
    ),
    "deref_of_a_map_value_taken_by_value": (
        """\
use std::collections::BTreeMap;
fn main() {
    let mut m: BTreeMap<String, i32> = BTreeMap::new();
    m.insert("a".to_string(), 1);
    let mut total = 0;
    for (k, v) in m {
        total += *v + k.len() as i32;
    }
    println!("{}", total);
}
""",
        rejects("E0614"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
