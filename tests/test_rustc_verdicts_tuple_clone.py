"""`.clone()` of a tuple (a replay buffer's `(obs, log_prob)` element cloned out of its `Vec`):
std's `Clone` for tuples of `Clone` elements, run; a tuple holding a struct that is not `Clone`
is rustc's E0599 (pbpit may refuse it instead, never run it). Verdicts recorded from rustc 1.95
(`rustc --edition 2021`)."""

from __future__ import annotations

from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, verdict_tests

CASES = {
    "tuple_of_clone_values": (
        """\
fn main() {
    let v: Vec<(f32, i32)> = vec![(1.5, 2), (0.5, 3)];
    let (x, y) = v[1].clone();
    let t = (String::from("a"), 4usize);
    let u = t.clone();
    println!("{x} {y} {} {}", u.0, t.1);
    let nested = ((1u8, String::from("b")), 2.5f64);
    let m = nested.clone();
    println!("{} {} {}", (m.0).1, nested.1, m.1);
}
""",
        runs("0.5 3 a 4\nb 2.5 2.5\n"),
    ),
}

REFUSED = {
    "tuple_of_a_struct_without_clone": (
        """\
struct S {
    a: i32,
}

fn main() {
    let w = (S { a: 1 }, 2);
    let z = w.clone();
    println!("{} {}", z.1, w.0.a);
}
""",
        rejects("E0599"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_a_tuple_of_a_struct_without_clone_is_not_run():
    pbpit_gives_or_refuses(REFUSED, "tuple_of_a_struct_without_clone")
