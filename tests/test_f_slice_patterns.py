"""Programs on which pbpit must give rustc's verdict about slice patterns (`[]`, `[x]`,
`[first, .., last]`, `[head, rest @ ..]`: slice_patterns.py) in `match`, `if let` and `while
let`, on slices and arrays: the lengths a `match` covers, rustc's E0529 on a `Vec`, E0527 and
E0528 for an array's length, a move out of an array by its pattern. A program rustc rejects
may be refused as outside the subset instead (a `match` pbpit cannot show exhaustive), but
never run.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "slice_lengths_covered": (
        """\
fn describe(xs: &[i32]) -> String {
    match xs {
        [] => String::from("empty"),
        [x] => format!("one {}", x),
        [first, .., last] => format!("{}..{}", first, last),
    }
}
fn main() {
    let v = vec![1, 2, 3, 4];
    println!("{} {} {}", describe(&v), describe(&v[..1]), describe(&[]));
}
""",
        runs("1..4 one 1 empty\n"),
    ),
    "rest_bindings": (
        """\
fn main() {
    let v = vec![1, 2, 3, 4];
    match &v[..] {
        [a, b, rest @ ..] => println!("{} {} {:?}", a, b, rest),
        _ => println!("short"),
    }
    let arr = [1.5, 2.5, 3.5];
    match arr {
        [head, tail @ ..] => println!("{} {:?}", head, tail),
    }
}
""",
        runs("1 2 [3, 4]\n1.5 [2.5, 3.5]\n"),
    ),
    "strings_by_reference": (
        """\
fn main() {
    let words = vec![String::from("x"), String::from("y")];
    match &words[..] {
        [h, rest @ ..] => println!("{} then {:?}", h, rest),
        [] => println!("none"),
    }
    println!("{:?}", words);
}
""",
        runs('x then ["y"]\n["x", "y"]\n'),
    ),
    "if_let_and_while_let": (
        """\
fn main() {
    let v = vec![5, 6, 7];
    if let [only] = &v[1..2] {
        println!("only {}", only);
    }
    let mut rest = &v[..];
    while let [first, tail @ ..] = rest {
        println!("{}", first);
        rest = tail;
    }
}
""",
        runs("only 6\n5\n6\n7\n"),
    ),
    "slice_pattern_on_a_vec": (
        """\
fn main() {
    let v = vec![1, 2];
    match v {
        [a, ..] => println!("{}", a),
        _ => {}
    }
}
""",
        rejects("E0529"),
    ),
    "slice_pattern_on_a_vec_reference": (
        """\
fn main() {
    let v = vec![1, 2];
    match &v {
        [a, ..] => println!("{}", a),
        _ => {}
    }
}
""",
        rejects("E0529"),
    ),
    "array_length_mismatch": (
        """\
fn main() {
    let a = [1, 2, 3];
    match a {
        [x, y] => println!("{} {}", x, y),
    }
}
""",
        rejects("E0527"),
    ),
    "array_too_short_for_rest": (
        """\
fn main() {
    let a = [1, 2];
    match a {
        [x, y, z, ..] => println!("{} {} {}", x, y, z),
    }
}
""",
        rejects("E0528"),
    ),
    "lengths_not_covered": (
        """\
fn main() {
    let v = vec![1];
    match &v[..] {
        [] => println!("none"),
        [x] => println!("{}", x),
    }
}
""",
        rejects("E0004"),
    ),
    "array_moved_out_by_pattern": (
        """\
fn main() {
    let arr = [String::from("a"), String::from("b")];
    match arr {
        [s, _] => println!("{}", s),
    }
    println!("{:?}", arr);
}
""",
        rejects("E0382"),
    ),
    "slice_place_matched_by_value": (
        """\
fn main() {
    let v = vec![5, 6, 7];
    if let [only] = v[1..2] {
        println!("only {}", only);
    }
    match v[..] {
        [a, .., c] => println!("{} {}", a, c),
        _ => {}
    }
    let w = vec![String::from("a")];
    match w[..] {
        [ref s] => println!("{}", s),
        _ => {}
    }
}
""",
        runs("only 6\n5 7\na\n"),
    ),
    "slice_place_rest_by_value": (
        """\
fn main() {
    let v = vec![5, 6, 7];
    match v[..] {
        [a, rest @ ..] => println!("{} {:?}", a, rest),
        _ => {}
    }
}
""",
        rejects("E0277"),
    ),
    "slice_place_moving_strings": (
        """\
fn main() {
    let w = vec![String::from("a")];
    match w[..] {
        [s] => println!("{}", s),
        _ => {}
    }
}
""",
        rejects("E0508"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
