"""An `iter_mut` loop's element used in a macro's arguments (`println!("{}", r.name())` in
`for r in v.iter_mut()`): the macro's arguments are re-parsed at another offset into the file,
and the element's place `v[i]` was read at that offset, not the loop's; pbpit gave a false
`error[E0425]: cannot find value `` in this scope` past the end of the file (a held-out
program; rustc 1.95 runs it).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run). Where rustc is on PATH, a test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import runs, verdict_tests

CASES = {
    # the held-out program as it was found
    "println_method_of_element": (
        """\
struct A { n: i32 }
impl A { fn name(&self) -> String { String::from("a") } }
fn main() {
    let mut v = vec![A { n: 1 }];
    for r in v.iter_mut() {
        r.n += 1;
        println!("{} = {}", r.name(), r.n);
    }
}
""",
        runs("a = 2\n"),
    ),
    # `format!`, an enumerated loop, two methods of the element
    "format_methods_of_enumerated_element": (
        """\
struct A { n: i32, tag: String }
impl A { fn name(&self) -> String { self.tag.clone() } fn twice(&self) -> i32 { self.n * 2 } }
fn main() {
    let mut v = vec![A { n: 1, tag: String::from("a") }, A { n: 5, tag: String::from("b") }];
    let mut lines = Vec::new();
    for (i, r) in v.iter_mut().enumerate() {
        r.n += i as i32;
        lines.push(format!("{}: {} -> {}", r.name(), r.n, r.twice()));
    }
    println!("{:?}", lines);
}
""",
        runs('["a: 1 -> 2", "b: 6 -> 12"]\n'),
    ),
    # `assert!`'s condition and its message, `for r in &mut v`: the second element fails it
    "assert_method_of_element": (
        """\
struct A { n: i32 }
impl A { fn ok(&self) -> bool { self.n > 0 } }
fn main() {
    let mut v = vec![A { n: 2 }, A { n: 1 }];
    for r in &mut v {
        r.n -= 1;
        println!("{}", r.n);
        assert!(r.ok(), "element went to {} ({})", r.n, r.ok());
    }
    println!("unreachable");
}
""",
        runs(
            "1\n0\n",
            101,
            (
                "\nthread 'main' (TID) panicked at main.rs:8:9:\n"
                "element went to 0 (false)\n"
                "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
            ),
        ),
    ),
    # a field of a field, zipped with another Vec, in `assert_eq!` and `println!`
    "zip_field_path_in_assert_eq": (
        """\
struct A { n: i32 }
impl A { fn get(&self) -> i32 { self.n } }
struct M { xs: Vec<A> }
fn main() {
    let mut m = M { xs: vec![A { n: 1 }, A { n: 2 }] };
    let add = vec![10, 20, 30];
    for (r, d) in m.xs.iter_mut().zip(add.iter()) {
        r.n += *d;
        assert_eq!(r.get(), r.n);
        println!("{} {}", r.get(), d);
    }
}
""",
        runs("11 10\n22 20\n"),
    ),
    # the `&mut` of `if let Some(r) = v.get_mut(i)` (written back after the body) in macros
    "get_mut_element_in_macros": (
        """\
struct A { n: i32 }
impl A { fn name(&self) -> String { format!("a{}", self.n) } }
fn main() {
    let mut v = vec![A { n: 1 }, A { n: 2 }];
    if let Some(r) = v.get_mut(1) {
        r.n += 40;
        println!("{} = {}", r.name(), r.n);
        assert!(r.n == 42, "{}", r.name());
    }
    println!("{}", v[1].n);
}
""",
        runs("a42 = 42\n42\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
