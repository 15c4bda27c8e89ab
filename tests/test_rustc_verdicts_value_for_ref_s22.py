"""Programs on which pbpit must give rustc's verdict, found by the differential against rustc
on the generated programs (`tools/rustc_differential.py --source gen`, issue 26): a value given
where a function's parameter is written `&T` is rustc's E0308 also when the value comes from a
method of the program's own (`Dev::flex().autodiff()`, `Cfg::new(3).init(2)`) or is a `clone()`
of a value (in parentheses or not), reported before any move; and their twins rustc runs
(a borrow of such a value; a method's written `&` result; `&s.clone()`).

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021`, its binary run): `rejects(code)`
is the first error code rustc reports, `runs(stdout)` what its binary printed. Where rustc is on
PATH, a slow test checks that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "borrowed_clone_and_returned_reference_for_ref_param": (
        """\
struct Hold {
    s: String,
}
impl Hold {
    fn pick<'a>(&self, other: &'a String) -> &'a String {
        other
    }
}
fn f(x: &String) -> usize {
    x.len()
}
fn main() {
    let h = Hold { s: String::from("xyz") };
    let s = String::from("ab");
    println!("{}", f((&s.clone())));
    println!("{}", f(h.pick(&s)));
    println!("{}", f(&h.s.clone()));
}
""",
        runs("2\n2\n3\n"),
    ),
    "config_init_chain_borrowed_for_ref_param": (
        """\
struct Cfg {
    n: usize,
}
struct Lin {
    n: usize,
}
impl Cfg {
    fn new(n: usize) -> Self {
        Cfg { n }
    }
    fn init(&self, scale: usize) -> Lin {
        Lin { n: self.n * scale }
    }
}
fn width(l: &Lin) -> usize {
    l.n
}
fn main() {
    let linear = Cfg::new(3).init(2);
    println!("{}", width(&linear));
    println!("{}", width(&Cfg::new(4).init(3)));
}
""",
        runs("6\n12\n"),
    ),
    "field_clone_for_ref_param": (
        """\
struct P {
    name: String,
}
fn size(s: &String) -> usize {
    s.len()
}
fn main() {
    let p = P { name: String::from("abc") };
    println!("{}", size(p.name.clone()));
}
""",
        rejects("E0308"),
    ),
    "method_chain_value_borrowed_for_ref_param": (
        """\
struct Dev;
impl Dev {
    fn flex() -> Dev {
        Dev
    }
    fn autodiff(self) -> Dev {
        self
    }
}
fn takes(_device: &Dev) {
    println!("took");
}
fn main() {
    let device = Dev::flex().autodiff();
    takes(&device);
    takes(&device);
}
""",
        runs("took\ntook\n"),
    ),
    "number_from_own_method_for_ref_param": (
        """\
struct P {
    x: f32,
}
impl P {
    fn norm(&self) -> f32 {
        self.x.abs()
    }
}
fn show(v: &f32) {
    println!("{v}");
}
fn main() {
    let p = P { x: -2.0 };
    show(p.norm());
}
""",
        rejects("E0308"),
    ),
    "parenthesized_clone_for_ref_param": (
        """\
fn f(x: &String) -> usize {
    x.len()
}
fn main() {
    let s = String::from("ab");
    println!("{}", f((s.clone())));
}
""",
        rejects("E0308"),
    ),
    "struct_from_config_init_chain_for_ref_param": (
        """\
struct Cfg {
    n: usize,
}
struct Lin {
    n: usize,
}
impl Cfg {
    fn new(n: usize) -> Self {
        Cfg { n }
    }
    fn init(&self, scale: usize) -> Lin {
        Lin { n: self.n * scale }
    }
}
fn width(l: &Lin) -> usize {
    l.n
}
fn main() {
    let linear = Cfg::new(3).init(2);
    println!("{}", width(linear));
}
""",
        rejects("E0308"),
    ),
    "value_from_method_chain_for_ref_param_then_borrowed": (
        """\
struct Dev;
impl Dev {
    fn flex() -> Dev {
        Dev
    }
    fn autodiff(self) -> Dev {
        self
    }
}
fn takes(_device: &Dev) {}
fn main() {
    let device = Dev::flex().autodiff();
    takes(device);
    takes(&device);
}
""",
        rejects("E0308"),
    ),
    "vec_clone_for_ref_param": (
        """\
fn f(x: &Vec<i32>) -> usize {
    x.len()
}
fn main() {
    let v = vec![1, 2, 3];
    let n = f(v.clone());
    println!("{n}");
}
""",
        rejects("E0308"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
