"""A tuple or struct destructured by value (`let (a, b) = pair;`, `let Run { name, .. } = r;`)
moves only the parts its names take by value and that are not `Copy` (`moves.destructured`):
the whole used after is rustc's E0382 "borrow of partially moved value", as is a taken part;
the parts left (`let (a, _) = pair;` then `pair.1`; `r.losses` after `name` taken) and a whole
whose only taken part is `Copy` stay usable, as rustc accepts (pbpit refused them as moved).
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_tuple_destructured_then_moved_part": (
        """\
fn main() {
    let pair = (String::from("a"), vec![1.0f32]);
    let (a, b) = pair;
    let c = pair.1;
    println!("{} {:?} {:?}", a, b, c);
}
""",
        rejects("E0382"),
    ),
    "bad_tuple_destructured_then_whole": (
        """\
fn main() {
    let pair = (String::from("a"), vec![1.0f32]);
    let (a, b) = pair;
    println!("{} {:?} {:?}", a, b, pair);
}
""",
        rejects("E0382"),
    ),
    "ok_struct_part_destructured_other_field_used": (
        """\
struct Run { name: String, losses: Vec<f32> }
fn main() {
    let r = Run { name: String::from("a"), losses: vec![1.0] };
    let Run { name, .. } = r;
    println!("{} {:?}", name, r.losses);
}
""",
        runs("a [1.0]\n"),
    ),
    "ok_tuple_copy_part_destructured_then_whole": (
        """\
fn main() {
    let pair = (3usize, vec![1.0f32]);
    let (n, _) = pair;
    println!("{} {:?}", n, pair);
}
""",
        runs("3 (3, [1.0])\n"),
    ),
    "ok_tuple_part_destructured_other_part_used": (
        """\
fn main() {
    let pair = (String::from("a"), vec![1.0f32]);
    let (a, _) = pair;
    println!("{} {:?}", a, pair.1);
}
""",
        runs("a [1.0]\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
