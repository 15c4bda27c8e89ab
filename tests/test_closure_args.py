"""A closure passed to a method while its receiver chain holds a place borrowed
(`closure_args.py`): `xs.iter().for_each(|x| xs.push(*x))` (which pbpit ran forever on the
live `Vec`), `t.xs.iter().for_each(|_| t.bump())` (a `&mut self` method of the program's own)
E0502, `v.retain(|x| .. v.len())` E0502, `v.sort_by(|..| { v.push(..); .. })` E0499; a field
of another place, another variable, a clone, reads under a shared borrow run. Verdicts
recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its binary run)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

T = """\
struct T {
    xs: Vec<i32>,
    n: i32,
}
impl T {
    fn bump(&mut self) {
        self.n += 1;
    }
}
"""

CASES = {
    "push_to_the_iterated_vec": (
        """\
fn main() {
    let mut xs = vec![1, 2];
    xs.iter().for_each(|x| xs.push(*x));
    println!("{:?}", xs);
}
""",
        rejects("E0502"),
    ),
    "own_mut_method_on_the_owner": (
        T
        + """\
fn main() {
    let mut t = T { xs: vec![1, 2], n: 0 };
    t.xs.iter().for_each(|_| t.bump());
    println!("{}", t.n);
}
""",
        rejects("E0502"),
    ),
    "push_in_a_lazy_map": (
        T
        + """\
fn main() {
    let mut t = T { xs: vec![1, 2], n: 0 };
    let c = t.xs.iter().map(|x| { t.xs.push(*x); *x }).count();
    println!("{} {}", c, t.n);
}
""",
        rejects("E0502"),
    ),
    "read_while_retained": (
        """\
fn main() {
    let mut v = vec![1, 5, 2];
    v.retain(|x| (*x as usize) < v.len());
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "pushed_while_sorted": (
        """\
fn main() {
    let mut v = vec![3, 1, 2];
    v.sort_by(|a, b| {
        v.push(0);
        a.cmp(b)
    });
    println!("{:?}", v);
}
""",
        rejects("E0499"),
    ),
    "another_field_changed": (
        T
        + """\
fn main() {
    let mut t = T { xs: vec![1, 2], n: 0 };
    t.xs.iter().for_each(|x| t.n += *x);
    println!("{}", t.n);
}
""",
        runs("3\n"),
    ),
    "another_vec_pushed": (
        """\
fn main() {
    let xs = vec![1, 2];
    let mut ys = vec![0];
    xs.iter().for_each(|x| ys.push(*x * 2));
    println!("{:?}", ys);
}
""",
        runs("[0, 2, 4]\n"),
    ),
    "a_clone_iterated": (
        """\
fn main() {
    let mut xs = vec![1, 2];
    xs.clone().iter().for_each(|x| xs.push(*x));
    println!("{:?}", xs);
}
""",
        runs("[1, 2, 1, 2]\n"),
    ),
    "read_under_a_shared_borrow": (
        """\
fn main() {
    let xs = vec![1, 2];
    let ys: Vec<usize> = xs.iter().map(|x| *x as usize * xs.len()).collect();
    let mut v = vec![1, 5, 2];
    let limit = 3;
    v.retain(|x| *x < limit);
    println!("{:?} {:?}", ys, v);
}
""",
        runs("[2, 4] [1, 2]\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
