"""The parameter of a closure given the items of `v.iter()` (`map`, `any`, `filter`..,
through `rev`, `skip`..) is a reference, as a `for` variable over `v.iter()` is: `x == 100`
is rustc's E0277, `x > 2` its E0308, `n + "!"` of a `&String` its E0369; pbpit ran them. Found
by `tools/rustc_differential.py` in a mutant of the std programs (`x * 100` made `x == 100`).
And `b` of `for (a, b) in [(2, 3), ..]` is a value: `a.cmp(b)` is E0308 (`cmp` takes `&Self`;
pbpit ran it, found by dropping the `&` of `a.cmp(&b)`).

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "map_item_compared_with_a_value": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    for (i, x) in v.iter().map(|x| x == 100).enumerate().rev() {
        println!("{i}: {x}");
    }
}
""",
        rejects("E0277"),
    ),
    "any_item_ordered_against_a_value": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let a = v.iter().any(|x| x > 2);
    println!("{}", a);
}
""",
        rejects("E0308"),
    ),
    "map_item_of_strings_plus_str": (
        """\
fn main() {
    let names = vec![String::from("a")];
    let e: Vec<String> = names.iter().map(|n| n + "!").collect();
    println!("{:?}", e);
}
""",
        rejects("E0369"),
    ),
    "items_dereferenced_or_compared_with_references_run": (
        """\
fn main() {
    let v = vec![1, 2, 3];
    let names = vec![String::from("a")];
    let a = v.iter().any(|x| *x > 2);
    let b: Vec<i32> = v.iter().map(|x| x * 100).collect();
    let c = v.iter().filter(|x| **x == 2).count();
    let d = v.iter().position(|x| x == &3);
    let e: Vec<String> = names.iter().map(|n| n.clone() + "!").collect();
    let f = v.iter().rev().find(|x| **x < 2);
    println!("{} {:?} {} {:?} {:?} {:?}", a, b, c, d, e, f);
}
""",
        runs('true [100, 200, 300] 1 Some(2) ["a!"] Some(1)\n'),
    ),
    "cmp_of_a_for_tuple_value": (
        """\
fn main() {
    for (a, b) in [(2, 3), (3, 3), (4, 3)] {
        println!("{:?}", a.cmp(b));
    }
}
""",
        rejects("E0308"),
    ),
    "cmp_of_for_tuple_values_borrowed_runs": (
        """\
fn main() {
    for (a, b) in [(2, 3), (3, 3), (4, 3)] {
        println!("{:?} {}", a.cmp(&b), a + b);
    }
    for p in [(1, 2)] {
        println!("{:?}", p.0.cmp(&p.1));
    }
}
""",
        runs("Less 5\nEqual 6\nGreater 7\nLess\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
