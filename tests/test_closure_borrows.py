"""A closure that changes a captured variable holds it mutably borrowed from its `let` to its last
call (`closure_borrows.py`): a use between is rustc's E0502/E0499/E0503/E0506; a use after the
last call, a field of another place, calls in a loop run. Verdicts recorded from rustc 1.95
(`rustc --edition 2021 -C debug-assertions=on`, its binary run)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "read_by_a_method_in_a_macro": (
        """\
fn main() {
    let mut log: Vec<f32> = Vec::new();
    let mut record = |x: f32| log.push(x);
    record(0.5);
    println!("entries so far {}", log.len());
    record(0.25);
    println!("{:?}", log);
}
""",
        rejects("E0502"),
    ),
    "compound_assigned": (
        """\
fn main() {
    let mut count = 0;
    let mut bump = || count += 1;
    bump();
    count += 10;
    bump();
    println!("{}", count);
}
""",
        rejects("E0503"),
    ),
    "assigned": (
        """\
fn main() {
    let mut count = 0;
    let mut bump = || count += 1;
    bump();
    count = 10;
    bump();
    println!("{}", count);
}
""",
        rejects("E0506"),
    ),
    "pushed_to": (
        """\
fn main() {
    let mut log: Vec<f32> = Vec::new();
    let mut record = |x: f32| log.push(x);
    record(0.5);
    log.push(1.0);
    record(0.25);
    println!("{:?}", log);
}
""",
        rejects("E0499"),
    ),
    "used_after_the_last_call": (
        """\
fn main() {
    let mut log: Vec<f32> = Vec::new();
    let mut record = |x: f32| log.push(x);
    record(0.5);
    record(0.25);
    println!("{:?}", log);
    {
        let log = 3;
        println!("{}", log);
    }
}
""",
        runs("[0.5, 0.25]\n3\n"),
    ),
    "printed": (
        """\
fn main() {
    let mut total = 0.0f32;
    let mut add = |x: f32| { total += x; };
    add(1.0);
    println!("{}", total);
    add(2.0);
}
""",
        rejects("E0502"),
    ),
    "len_in_a_let": (
        """\
fn main() {
    let mut log: Vec<f32> = Vec::new();
    let mut record = |x: f32| log.push(x);
    record(0.5);
    let n = log.len();
    record(0.25);
    println!("{:?} {}", log, n);
}
""",
        rejects("E0502"),
    ),
    "another_field_of_a_struct": (
        """\
struct S { count: i32, other: i32 }
fn main() {
    let mut s = S { count: 0, other: 5 };
    let mut bump = || s.count += 1;
    bump();
    println!("{}", s.other);
    bump();
    println!("{} {}", s.count, s.other);
}
""",
        runs("5\n2 5\n"),
    ),
    "called_in_a_loop": (
        """\
fn main() {
    let mut log: Vec<i32> = Vec::new();
    let mut record = |x: i32| log.push(x);
    for i in 0..3 {
        record(i);
    }
    println!("{:?}", log);
}
""",
        runs("[0, 1, 2]\n"),
    ),
    "copied_in_an_operation": (
        """\
fn main() {
    let mut count = 0;
    let mut bump = || { count += 1; count };
    let a = bump();
    let b = bump();
    println!("{} {} {}", a, b, count);
    let mut bump2 = || count += 1;
    bump2();
    let x = count + 1;
    bump2();
    println!("{}", x);
}
""",
        rejects("E0503"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
