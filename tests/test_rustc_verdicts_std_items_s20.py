"""Single std methods session 20 runs (`Vec::swap_remove`, ..) and their look-alikes rustc 1.95
rejects. Each verdict recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`);
pbpit gives it, or refuses a rejected program as outside its subset (never runs it)."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "swap_remove_keeps_no_order": (
        """\
fn main() {
    let mut order = vec![10, 20, 30, 40];
    let out = order.swap_remove(0);
    let last = order.swap_remove(2);
    println!("{} {:?} {}", out, order, last);
}
""",
        runs("10 [40, 20] 30\n"),
    ),
    "swap_remove_while_formatting_the_vec": (
        """\
fn main() {
    let mut order = vec![10, 20, 30, 40];
    println!("{:?} {}", order, order.swap_remove(2));
}
""",
        rejects("E0502"),
    ),
    "swap_remove_of_a_vec_not_mut": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let x = v.swap_remove(0);
    println!("{} {:?}", x, v);
}
""",
        rejects("E0596"),
    ),
    "swap_remove_given_an_i32": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    let i: i32 = 0;
    let x = v.swap_remove(i);
    println!("{} {:?}", x, v);
}
""",
        rejects("E0308"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict_or_refuses(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
