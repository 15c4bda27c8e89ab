"""Programs on which pbpit must give rustc's verdict, kinds of disagreement that
`tools/rustc_differential.py` found in mutants of the std programs (issue 26): a reference
(`&n`, or an item of `v.iter()`) given where a std method's parameter takes a number by value
(`rotate_left(mid: usize)`, `step_by(step: usize)`, `pow(exp: u32)`, `f64::max(self, other)`,
`char::to_digit(radix: u32)`): rustc does not deref an argument, E0308; a reference cast to
a number (`x as u32` of an item of `v.iter()`, `&c as u32`): E0606.

Each verdict was recorded from rustc 1.95 (`tools/rustc_differential.py`'s `rustc_verdict`):
`rejects(code)` is the first error code rustc reports, `runs(stdout, ..)` what its binary
printed. Where rustc is on PATH, `pytest -m slow` checks that they are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "cast_of_a_borrow": (
        """\
fn main() {
    let c = 'a';
    println!("{}", &c as u32);
}
""",
        rejects("E0606"),
    ),
    "cast_of_an_iter_item": (
        """\
fn main() {
    let v: Vec<u8> = vec![1, 2, 3];
    let mut total = 0u32;
    for x in v.iter() {
        total += x as u32;
    }
    println!("{}", total);
}
""",
        rejects("E0606"),
    ),
    "float_max_borrowed": (
        """\
fn main() {
    let best = 0.5f64;
    let xs = [0.25f64, 0.75];
    println!("{}", xs[1].max(&best));
}
""",
        rejects("E0308"),
    ),
    "pow_of_an_iter_item": (
        """\
fn main() {
    let exps: Vec<u32> = vec![1, 2, 3];
    for e in exps.iter() {
        println!("{}", 2i64.pow(e));
    }
}
""",
        rejects("E0308"),
    ),
    "rotate_left_borrowed_count": (
        """\
fn main() {
    let n: usize = 1;
    let mut v = vec![1, 2, 3];
    v.rotate_left(&n);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "step_by_borrowed_step": (
        """\
fn main() {
    let step = 2;
    let evens: Vec<usize> = (0..7).step_by(&step).collect();
    println!("{:?}", evens);
}
""",
        rejects("E0308"),
    ),
    "to_digit_borrowed_radix": (
        """\
fn main() {
    let radix = 16;
    println!("{:?}", 'f'.to_digit(&radix));
}
""",
        rejects("E0308"),
    ),
    "values_given_by_value_run": (
        """\
fn main() {
    let n: usize = 1;
    let mut v = vec![1, 2, 3];
    v.rotate_left(n);
    let evens: Vec<usize> = (0..7).step_by(n + 1).collect();
    let exps: Vec<u32> = vec![1, 2, 3];
    for e in exps.iter() {
        print!("{} ", 2i64.pow(*e));
    }
    let best = 0.5f64;
    let radix = 16;
    print!("{:?} {:?} {} ", v, evens, 0.75f64.max(best));
    println!("{:?} {}", 'f'.to_digit(radix), 3i32.max(*&4));
}
""",
        runs("2 4 8 [2, 3, 1] [0, 2, 4, 6] 0.75 Some(15) 4\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
