"""A field moved out of a struct (`let ls = r.losses;`), then the whole struct formatted with
`{:?}` or lent (`show(&r)`): rustc's E0382 "borrow of partially moved value"; a struct literal
whose `String` field is made by `"exp".into()` holds values all through (`moves.holds_values`),
as one made by `String::from` does. Also a tuple destructured by value then used whole, and a
`String` made by `into()` moved twice. Look-alikes rustc accepts: another field read, the field
cloned, the field given back before the use, `let (a, b) = &pair;`, a `Copy` field taken.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_field_move_then_debug_whole": (
        """\
#[derive(Debug)]
struct Run { name: String, losses: Vec<f64> }
fn main() {
    let r = Run { name: "exp".into(), losses: vec![1.0] };
    let ls = r.losses;
    println!("{:?} {:?}", ls, r);
}
""",
        rejects("E0382"),
    ),
    "bad_field_move_then_ref_whole": (
        """\
struct Run { name: String, losses: Vec<f64> }
fn show(r: &Run) -> usize { r.name.len() + r.losses.len() }
fn main() {
    let r = Run { name: "exp".into(), losses: vec![1.0] };
    let ls = r.losses;
    println!("{:?} {}", ls, show(&r));
}
""",
        rejects("E0382"),
    ),
    "bad_into_string_moved_twice": (
        """\
fn take(s: String) -> usize { s.len() }
fn main() {
    let name: String = "exp".into();
    let a = take(name);
    let b = take(name);
    println!("{} {}", a, b);
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
    "ok_copy_field_then_debug_whole": (
        """\
#[derive(Debug)]
struct Run { name: String, epochs: u32 }
fn main() {
    let r = Run { name: "exp".into(), epochs: 3 };
    let e = r.epochs;
    println!("{} {:?}", e, r);
}
""",
        runs('3 Run { name: "exp", epochs: 3 }\n'),
    ),
    "ok_field_cloned_then_debug_whole": (
        """\
#[derive(Debug)]
struct Run { name: String, losses: Vec<f64> }
fn main() {
    let r = Run { name: "exp".into(), losses: vec![1.0] };
    let ls = r.losses.clone();
    println!("{:?} {:?}", ls, r);
}
""",
        runs('[1.0] Run { name: "exp", losses: [1.0] }\n'),
    ),
    "ok_field_move_then_other_field": (
        """\
#[derive(Debug)]
struct Run { name: String, losses: Vec<f64> }
fn main() {
    let r = Run { name: "exp".into(), losses: vec![1.0] };
    let ls = r.losses;
    println!("{:?} {}", ls, r.name);
}
""",
        runs("[1.0] exp\n"),
    ),
    "ok_field_moved_then_put_back": (
        """\
#[derive(Debug)]
struct Run { name: String, losses: Vec<f64> }
fn main() {
    let mut r = Run { name: "exp".into(), losses: vec![1.0] };
    let mut ls = r.losses;
    ls.push(2.0);
    r.losses = ls;
    println!("{:?}", r);
}
""",
        runs('Run { name: "exp", losses: [1.0, 2.0] }\n'),
    ),
    "ok_tuple_destructured_by_ref": (
        """\
fn main() {
    let pair = (String::from("a"), vec![1.0f32]);
    let (a, b) = &pair;
    println!("{} {:?} {:?}", a, b, pair);
}
""",
        runs('a [1.0] ("a", [1.0])\n'),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
