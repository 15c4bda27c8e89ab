"""`vs[i].clone()` of a variable whose written type's elements are values (`vs: &[Version]`,
`let picked: Vec<Row>`) is a value: given for a parameter written `&T` (a borrow dropped,
`v.cmp(best)` for `v.cmp(&best)`) it is rustc's E0308, which rustc reports before the E0382 of
`best` moved in a loop that pbpit said (`element_values.py`). Found by the differential (seed
99000, mutant 921: tests/rust/std/derived_cmp_methods.rs). Verdicts recorded from rustc 1.95
(`rustc_verdicts`)."""

from __future__ import annotations

from pathlib import Path

from rustc_verdicts import rejects, runs, verdict_tests

STD = Path(__file__).parent / "rust" / "std"


def _dropped(name: str, line: str, new: str) -> str:
    text = (STD / name).read_text()
    assert text.count(line) == 1, (name, line)
    return text.replace(line, new)


CASES = {
    "derived_cmp_of_a_clone_by_value": (
        _dropped(
            "derived_cmp_methods.rs",
            "if v.cmp(&best) == Ordering::Greater {",
            "if v.cmp(best) == Ordering::Greater {",
        ),
        rejects("E0308"),
    ),
    "clone_of_an_element_given_by_value": (
        """\
#[derive(Clone, Debug)]
struct Row {
    score: f32,
}

fn keep(r: &Row) -> f32 {
    r.score
}

fn main() {
    let picked: Vec<Row> = vec![Row { score: 0.1 }];
    let p = picked[0].clone();
    for _ in 0..2 {
        println!("{}", keep(p));
    }
}
""",
        rejects("E0308"),
    ),
    "clones_of_elements_borrowed_twin": (
        """\
#[derive(Clone, Debug, PartialEq, PartialOrd)]
struct Row {
    score: f32,
}

fn best_of(rows: &[Row], refs: Vec<&Row>) -> (Row, f32) {
    let mut best = rows[0].clone();
    let first = refs[0].clone();
    for r in rows.iter() {
        if r.gt(&best) {
            best = r.clone();
        }
    }
    (best, first.score)
}

fn keep(r: &Row) -> f32 {
    r.score
}

fn main() {
    let rows = vec![Row { score: 0.5 }, Row { score: 0.9 }];
    let refs: Vec<&Row> = rows.iter().collect();
    let (b, f) = best_of(&rows, refs.clone());
    let picked: Vec<Row> = vec![Row { score: 0.1 }];
    let p = picked[0].clone();
    let q = refs[1].clone();
    println!("{:?} {} {} {}", b, f, keep(&p), keep(&q));
}
""",
        runs("Row { score: 0.9 } 0.5 0.1 0.9\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
