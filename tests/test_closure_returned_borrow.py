"""A closure that returns a borrow of its own parameter or local (`|&x| Some(&x)`, `|x| &x`,
`return Some(&y)` of a `let y` in its body, `Ok(&i)`, `Reverse(&x)`) is rejected by rustc: pbpit
ran them, and `tools/rustc_differential.py` found it by adding a `&` in a std program. rustc
says E0515 where the types fit, else the type error it meets first (`Ok(&i)` collected into a
`Vec<i32>`: E0277), which pbpit, erasing references, cannot tell apart: it refuses them as
rustc's error without naming a code. A borrow through a parameter (`|p| &p.0`) and a reference
returned as it came (`Some(x)`) run.

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, pbpit_gives, rejects, runs, stale

CASES = {
    "some_of_a_pattern_binding": (
        """\
fn main() {
    let v = vec![1, 5, 9, 12];
    let f = v.iter().find_map(|&x| if x % 3 == 0 { Some(&x) } else { None });
    println!("{:?}", f);
}
""",
        rejects("E0515"),
    ),
    "reference_to_a_parameter": (
        """\
fn main() {
    let v = vec![1, 5, 9, 12];
    let w: Vec<&&i32> = v.iter().map(|x| &x).collect();
    println!("{:?}", w);
}
""",
        rejects("E0515"),
    ),
    "returned_some_of_a_local": (
        """\
fn main() {
    let keep = |n: i32| {
        let y = n * 2;
        if y > 4 {
            return Some(&y);
        }
        None
    };
    println!("{:?}", keep(3));
}
""",
        rejects("E0515"),
    ),
    "tuple_of_a_local": (
        """\
fn main() {
    let g = |x: i32| { let y = x + 1; (&y, 2) };
    println!("{:?}", g(1));
}
""",
        rejects("E0515"),
    ),
    "ok_of_a_parameter_collected_into_values": (
        """\
fn main() {
    let w: Result<Vec<i32>, String> = (1..4)
        .map(|i| if i < 3 { Ok(&i) } else { Err(format!("no {}", i)) })
        .collect();
    println!("{:?}", w);
}
""",
        rejects("E0277"),
    ),
    "reverse_of_a_pattern_binding": (
        """\
use std::cmp::Reverse;
fn main() {
    let mut losses = vec![3, 1, 4, 1, 5];
    losses.sort_by_key(|&x| Reverse(&x));
    println!("{:?}", losses);
}
""",
        rejects("E0515"),
    ),
    "reverse_of_a_value_runs": (
        """\
use std::cmp::Reverse;
fn main() {
    let mut losses = vec![3, 1, 4, 1, 5];
    losses.sort_by_key(|&x| Reverse(x));
    let mut names = vec!["b", "a", "c"];
    names.sort_by_key(|s| Reverse(*s));
    println!("{:?} {:?}", losses, names);
}
""",
        runs('[5, 4, 3, 1, 1] ["c", "b", "a"]\n'),
    ),
    "borrows_through_a_parameter_run": (
        """\
fn main() {
    let v = vec![1i32, -5, 9, 12];
    let big = v.iter().max_by_key(|p| p.abs());
    let v2 = vec![(1, 'a'), (5, 'b')];
    let firsts: Vec<&i32> = v2.iter().map(|p| &p.0).collect();
    let found = v.iter().find_map(|x| if *x > 4 { Some(x) } else { None });
    println!("{:?} {:?} {:?}", big, firsts, found);
}
""",
        runs("Some(12) [1, 5] Some(9)\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_rejects_what_rustc_rejects_and_runs_the_rest(name):
    source, expected = CASES[name]
    if expected.state == "ran":
        pbpit_gives(CASES, name)
        return
    found = judge(source, diff.pbpit_verdict)
    assert (found.state, found.codes, found.outside) == ("rejected", [""], False), found


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
