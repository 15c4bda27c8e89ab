"""Small leftovers of the interpreter against rustc 1.95: a binding made from a `&mut` value is a
`&mut` too, a changing closure bound by `let` and passed to an `Fn`-bounded parameter is E0525,
and `partial_cmp` takes a reference (E0308 for a value). Each program beside the ones rustc runs, so
that a rule refusing too much fails too.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    # `let moved = w;` moves the `&mut` out of `w`: `moved` is a `&mut` too
    "let_from_mut_param_pushes": (
        """\
fn add(w: &mut Vec<i32>) {
    let moved = w;
    moved.push(3);
    println!("{:?}", moved);
}
fn main() {
    let mut v = vec![1];
    add(&mut v);
    println!("{:?}", v);
}
""",
        runs("[1, 3]\n[1, 3]\n"),
    ),
    "let_from_mut_local_chain_pushes": (
        """\
fn bump(w: &mut Vec<i32>) {
    let moved = w;
    moved.push(6);
    moved[0] = 7;
}
fn main() {
    let mut v = vec![1];
    bump(&mut v);
    let r = &mut v;
    let s = r;
    s.push(8);
    let t = s;
    t.push(9);
    println!("{:?}", v);
}
""",
        runs("[7, 6, 8, 9]\n"),
    ),
    "let_from_mut_param_then_param_used": (
        """\
fn add(w: &mut Vec<i32>) {
    let moved = w;
    moved.push(3);
    w.push(4);
}
fn main() {
    let mut v = vec![1];
    add(&mut v);
    println!("{:?}", v);
}
""",
        rejects("E0382"),
    ),
    "let_from_shared_param_pushes": (
        """\
fn bump(w: &Vec<i32>) {
    let moved = w;
    moved.push(6);
}
fn main() {
    let mut v = vec![1];
    bump(&v);
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    # a changing closure bound by `let`, passed by name to an `Fn` bound: E0525 at the closure
    "let_closure_changing_to_fn_bound": (
        """\
fn each_step<F: Fn(u32)>(n: u32, f: F) {
    for i in 0..n {
        f(i);
    }
}
fn main() {
    let mut seen = 0;
    let f = |i| seen += i;
    each_step(3, f);
    println!("{}", seen);
}
""",
        rejects("E0525"),
    ),
    "let_closure_changing_to_dyn_fn_borrowed": (
        """\
fn each_step(n: u32, f: &dyn Fn(u32)) {
    for i in 0..n {
        f(i);
    }
}
fn main() {
    let mut seen = Vec::new();
    let mut f = |i| seen.push(i);
    each_step(3, &f);
    f(9);
    println!("{:?}", seen);
}
""",
        rejects("E0525"),
    ),
    "let_closure_changing_to_fnmut_bound": (
        """\
fn each_step<F: FnMut(u32)>(n: u32, mut f: F) {
    for i in 0..n {
        f(i);
    }
}
fn each_look<F: Fn(u32) -> u32>(n: u32, f: F) -> u32 {
    let mut t = 0;
    for i in 0..n {
        t += f(i);
    }
    t
}
fn main() {
    let mut seen = 0;
    let f = |i| seen += i;
    each_step(3, f);
    let k = 10;
    let g = |i| i * k;
    let total = each_look(3, g);
    println!("{} {}", seen, total);
}
""",
        runs("3 30\n"),
    ),
    "let_closure_reading_to_dyn_fn": (
        """\
fn each_step(n: u32, f: &dyn Fn(u32)) {
    for i in 0..n {
        f(i);
    }
}
fn main() {
    let v = vec![1, 2];
    let f = |i| println!("{} {}", i, v.len());
    each_step(2, &f);
    f(9);
}
""",
        runs("0 2\n1 2\n9 2\n"),
    ),
    # `partial_cmp` takes `&Self`: a tuple's value element is E0308, a reference one is not
    "partial_cmp_tuple_value_element": (
        """\
fn main() {
    let a = (1, 1.5f64);
    let b = (2, 0.5f64);
    println!("{:?}", a.1.partial_cmp(b.1));
}
""",
        rejects("E0308"),
    ),
    "partial_cmp_tuple_reference_element": (
        """\
fn main() {
    let x = 0.5f64;
    let a = (1, 1.5f64);
    let b = (2, &x);
    let c = (3, x);
    println!("{:?}", a.1.partial_cmp(b.1));
    println!("{:?}", a.1.partial_cmp(&c.1));
    println!("{:?}", c.1.partial_cmp(&a.1));
}
""",
        runs("Some(Greater)\nSome(Greater)\nSome(Less)\n"),
    ),
    "partial_cmp_value_of_a_reference_tuple": (
        """\
fn main() {
    let x = 0.5f64;
    let b = (2, &x);
    let c = (3, x);
    println!("{:?}", b.1.partial_cmp(c.1));
}
""",
        rejects("E0308"),
    ),
    "partial_cmp_float_value": (
        """\
fn main() {
    let x = 1.5f64;
    let y = 2.0f64;
    println!("{:?}", x.partial_cmp(y));
}
""",
        rejects("E0308"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
