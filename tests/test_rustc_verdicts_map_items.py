"""An iterator's item a `map` closure makes (`method_results.py`): `names.into_iter().map(|s|
s.to_uppercase())`, `xs.iter().map(|x| format!(..))`, `rows.iter().map(|r| r.to_vec())`, then
`next()`/`last()` unwrapped and moved twice: rustc's E0382 whatever the receiver lends (the
closure makes a new `String` or `Vec`); `max_by` on a function's result's `into_iter()` too.
Look-alikes rustc accepts: a closure giving a reference or a `Copy` value (`|s| s`, `s.as_str()`,
`s.len()`, a tuple's part), `clone()` or `to_owned()` of a reference item (a `&String`, a `&str`:
`Copy`), a clone before the move, `iter().max_by(..)` (a reference).
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_iter_map_format_next_twice": (
        """\
fn keep(s: String) -> usize { s.len() }
fn main() {
    let xs = vec![1.0f32, 2.0];
    let g = xs.iter().map(|x| format!("{:.1}", x)).next().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_iter_map_to_vec_last_twice": (
        """\
fn keep(v: Vec<f32>) -> usize { v.len() }
fn main() {
    let rows = vec![vec![1.0f32], vec![2.0, 3.0]];
    let g = rows.iter().map(|r| r.to_vec()).last().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_map_to_uppercase_next_twice": (
        """\
fn keep(s: String) -> usize { s.len() }
fn main() {
    let names = vec![String::from("a"), String::from("bb")];
    let g = names.into_iter().map(|s| s.to_uppercase()).next().unwrap();
    let a = keep(g);
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "bad_max_by_of_owned_runs_twice": (
        """\
fn keep(v: Vec<f32>) -> usize { v.len() }
fn make() -> Vec<Vec<f32>> { vec![vec![1.0], vec![2.0, 3.0]] }
fn main() {
    let best = make().into_iter().max_by(|a, b| a.len().cmp(&b.len())).unwrap();
    let a = keep(best);
    let b = keep(best);
    println!("{} {}", a, b);
}
""",
        rejects("E0382"),
    ),
    "ok_iter_map_as_str_next_twice": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("bb")];
    let g = names.iter().map(|s| s.as_str()).next().unwrap();
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("a a\n"),
    ),
    "ok_iter_map_len_next_twice": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("bb")];
    let g = names.iter().map(|s| s.len()).next().unwrap();
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("1 1\n"),
    ),
    "ok_iter_map_ref_next_twice": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("bb")];
    let g = names.iter().map(|s| s).next().unwrap();
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("a a\n"),
    ),
    "ok_iter_max_by_ref_twice": (
        """\
fn main() {
    let runs = vec![vec![1.0f32], vec![2.0, 3.0]];
    let best = runs.iter().max_by(|a, b| a.len().cmp(&b.len())).unwrap();
    let a = best;
    let b = best;
    println!("{:?} {:?}", a, b);
}
""",
        runs("[2.0, 3.0] [2.0, 3.0]\n"),
    ),
    "ok_map_to_uppercase_cloned_before": (
        """\
fn keep(s: String) -> usize { s.len() }
fn main() {
    let names = vec![String::from("a"), String::from("bb")];
    let g = names.into_iter().map(|s| s.to_uppercase()).next().unwrap();
    let a = keep(g.clone());
    let b = keep(g);
    println!("{} {}", a, b);
}
""",
        runs("1 1\n"),
    ),
    "ok_pairs_map_first_next_twice": (
        """\
fn main() {
    let pairs = vec![(String::from("a"), 1), (String::from("bb"), 2)];
    let g = pairs.iter().map(|(s, _)| s).next().unwrap();
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("a a\n"),
    ),
    "ok_refs_map_clone_next_twice": (
        """\
fn main() {
    let names = vec![String::from("a"), String::from("bb")];
    let refs: Vec<&String> = names.iter().collect();
    let g = refs.iter().map(|s| s.clone()).next().unwrap();
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("a a\n"),
    ),
    "ok_strs_map_to_owned_next_twice": (
        """\
fn main() {
    let words: Vec<&str> = vec!["a", "bb"];
    let g = words.iter().map(|s| s.to_owned()).next().unwrap();
    let a = g;
    let b = g;
    println!("{} {}", a, b);
}
""",
        runs("a a\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
