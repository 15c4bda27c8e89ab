"""`collect()` with no type written at the call (`let d = it.collect();`): its uses give the type
(a later `let w: Vec<i32> = d;`, a parameter, a result, a struct field); where nothing does,
rustc 1.95's E0283 (iter_methods._collect_type, settled at the body's end). Each verdict
recorded from rustc 1.95; pbpit gives it, or refuses a rejected program (never runs it)."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "nothing_gives_the_type": (
        """\
fn main() {
    let data = vec![1, 2, 3];
    let doubled = data.iter().map(|x| x * 2).collect();
    println!("{:?}", doubled);
}
""",
        rejects("E0283"),
    ),
    "a_later_let_gives_the_type": (
        """\
fn main() {
    let data = vec![1, 2, 3];
    let doubled = data.iter().map(|x| x * 2).collect();
    let w: Vec<i32> = doubled;
    println!("{:?}", w);
}
""",
        runs("[2, 4, 6]\n"),
    ),
    "a_parameter_gives_the_type": (
        """\
fn show(v: &Vec<u8>) {
    println!("{:?}", v);
}
fn main() {
    let data = vec![1u8, 2];
    let d = data.iter().map(|x| x + 1).collect();
    show(&d);
}
""",
        runs("[2, 3]\n"),
    ),
    "a_struct_field_gives_a_string": (
        """\
struct Named { name: String }
fn main() {
    let name = "abc".chars().rev().collect();
    let n = Named { name };
    println!("{}", n.name);
}
""",
        runs("cba\n"),
    ),
    "a_method_called_before_the_type_is_known": (
        """\
fn main() {
    let data = vec![1, 2, 3];
    let d = data.iter().map(|x| x * 2).collect();
    println!("{}", d.len());
}
""",
        rejects("E0282"),
    ),
    "looped_over_before_the_type_is_known": (
        """\
fn main() {
    let data = vec![1, 2, 3];
    let d = data.iter().map(|x| x * 2).collect();
    for x in &d {
        println!("{}", x);
    }
}
""",
        rejects("E0283"),
    ),
    "a_later_let_of_another_element_type": (
        """\
fn main() {
    let data = vec![1.0f32, 2.0];
    let d = data.iter().map(|x| x * 2.0).collect();
    let w: Vec<i32> = d;
    println!("{:?}", w);
}
""",
        rejects("E0277"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict_or_refuses(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []
