"""`*r = x`, `r.as_mut()` and `r + "x"` where `r` is or is not a `&` reference, found by
`tools/rustc_differential.py` in mutants of the std programs (a `&` dropped or added):
`*r = vec![..]` of `let r = w;` (a `Vec` value: `*r` is a slice) is rustc's E0308, not the
E0594 pbpit said, and of a number E0614; `if let Some(x) = o2.as_mut()` of `let mut o2 = &o;`
or `o: &Option<T>` is E0596 (pbpit ran it); `&s + "y"`, `s + "!"` of `s: &String` are E0369
(no `Add` for `&String`; pbpit ran them); `x.0` of a `&i32` is E0609 ("no field `0` on type
`&i32`"), E0610 being a number's own.

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`); where rustc is on
PATH, a slow test (`pytest -m slow`) checks they are still rustc's."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "deref_assignment_of_a_vec_value": (
        """\
fn main() {
    let w = vec![3];
    let mut r: Vec<i32> = w;
    *r = vec![7, 8, 9];
    println!("{:?}", r);
}
""",
        rejects("E0308"),
    ),
    "deref_assignment_of_a_number_value": (
        """\
fn main() {
    let mut w = 3;
    let r = w;
    *r = 4;
    println!("{:?} {}", r, w);
}
""",
        rejects("E0614"),
    ),
    "deref_assignment_of_a_string_value": (
        """\
fn main() {
    let mut s = String::from("a");
    let r = s;
    *r = String::from("b");
    println!("{:?}", r);
}
""",
        rejects("E0308"),
    ),
    "deref_assignment_through_an_unwrapped_reference": (
        """\
fn main() {
    let w = vec![1, 2];
    let r = w.first().unwrap();
    *r = 4;
    println!("{:?}", w);
}
""",
        rejects("E0594"),
    ),
    "deref_assignment_through_mut_runs": (
        """\
fn main() {
    let mut w = vec![3];
    let r = &mut w;
    *r = vec![7, 8, 9];
    let t = w;
    let mut u = t;
    u[0] = 5;
    println!("{:?}", u);
}
""",
        runs("[5, 8, 9]\n"),
    ),
    "as_mut_of_a_let_bound_reference": (
        """\
fn main() {
    let mut o = Some(3);
    let mut o2 = &o;
    if let Some(x) = o2.as_mut() { *x += 1; }
    println!("{:?}", o);
}
""",
        rejects("E0596"),
    ),
    "as_mut_of_a_reference_parameter": (
        """\
fn show(o: &Option<i32>) {
    if let Some(x) = o.as_mut() {
        *x += 1;
    }
    println!("{:?}", o);
}
fn main() {
    show(&Some(1));
}
""",
        rejects("E0596"),
    ),
    "as_mut_of_a_copied_option_runs": (
        """\
fn main() {
    let o = Some(3);
    let mut o2 = o;
    if let Some(x) = o2.as_mut() {
        *x *= 10;
    }
    println!("{:?} {:?}", o, o2);
}
""",
        runs("Some(3) Some(30)\n"),
    ),
    "string_reference_plus_str": (
        """\
fn f(s: &String) -> String {
    s + "!"
}
fn main() {
    let s = String::from("x");
    let t = String::from("y");
    let a = &s + "y";
    let b = &s + &t;
    let r = &s;
    let c = r + "z";
    println!("{} {} {} {}", a, b, c, f(&s));
}
""",
        rejects("E0369"),
    ),
    "field_of_a_number_reference": (
        """\
fn main() {
    let v = vec![(1, 2)];
    let w: Vec<&i32> = v.iter().map(|p| &p.0).collect();
    for x in w.iter() {
        println!("{}", x.0);
    }
    let y = 3;
    let r = &y;
    println!("{}", r.0);
}
""",
        rejects("E0609"),
    ),
    "field_of_a_number_value": (
        """\
fn main() {
    let y = 3;
    println!("{}", y.0);
}
""",
        rejects("E0610"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
