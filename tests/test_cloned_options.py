"""`let w = held.as_ref().map(|b| b.clone()).unwrap();` of `let held = Some(value);` is a value:
given for a parameter written `&T` (a borrow dropped: `f(w)` for `f(&w)`) it is rustc's E0308,
a type error rustc reports before the E0382 of `w` moved in a loop, which pbpit said
(`cloned_options.py`). Found by the differential on the generated programs (seed 99000,
mutants 194 and 687: gen_37, gen_54); an `Option` of a reference (`Some(r)`) is left alone.
Verdicts recorded from rustc 1.95 (`rustc_verdicts`)."""

from __future__ import annotations

import gen_std
from rustc_verdicts import rejects, runs, verdict_tests


def _dropped(seed: int, line: str) -> str:
    """The stripped generated program `seed` with the `&` of `&w` dropped in `line`."""
    text = gen_std.stripped(seed)[0].decode()
    assert text.count(line) == 1, (seed, line)
    return text.replace(line, line.replace(", &w)", ", w)"))


CASES = {
    "generated_37_backprop_of_w": (
        _dropped(37, "let updated = backprop((t * w.clone()).sum(), &w);"),
        rejects("E0308"),
    ),
    "generated_54_encode_of_w": (
        _dropped(54, "let h = model::encode(&(x.clone()), &w).detach();"),
        rejects("E0308"),
    ),
    "clone_of_a_value_given_by_value": (
        """\
#[derive(Clone, Debug)]
struct W {
    v: f32,
}

fn scale(w: &W) -> f32 {
    w.v * 3.0
}

fn main() {
    let kept = Some(W { v: 0.5 });
    let k = kept.as_ref().map(|b| b.clone()).unwrap();
    for _ in 0..2 {
        println!("{}", scale(k));
    }
}
""",
        rejects("E0308"),
    ),
    "clone_of_a_reference_twin": (
        """\
fn peak(x: &i32) -> i32 {
    *x * 2
}

#[derive(Clone, Debug)]
struct W {
    v: f32,
}

fn scale(w: &W) -> f32 {
    w.v * 3.0
}

fn main() {
    let v = vec![3, 9, 4];
    let r = v.iter().max().unwrap();
    let held = Some(r);
    let w = held.as_ref().map(|b| b.clone()).unwrap();
    let kept = Some(W { v: 0.5 });
    let k = kept.as_ref().map(|b| b.clone()).unwrap();
    for _ in 0..2 {
        println!("{} {}", peak(w), scale(&k));
    }
    println!("{:?}", kept);
}
""",
        runs("18 1.5\n18 1.5\nSome(W { v: 0.5 })\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
