"""False rustc errors pbpit gave on programs rustc accepts (issue 26, held-out set O of session
19), and the programs rustc rejects beside them: a `let` given the `&mut` a fn of the file
returns (`let ps = m.params_mut(); ps[0] += 0.5;` of `fn params_mut(&mut self) -> &mut
Vec<f32>`: pbpit said E0596, as if `ps` were a value needing `mut`), which lends the receiver
mutably while the binding lives (E0502, E0499 then, as rustc); `v.sort_by(f32::total_cmp)` (pbpit
said E0599: `total_cmp` was no function it knew as a value); a function, `f32::abs` or a closure
named as a value whose parameters are not those asked (`map(dbl)` of `f32` items): rustc's E0631
(pbpit said E0308); `*warm` of `warm: Box<dyn Fn(u32) -> f32>` is the boxed closure (`&*warm`
runs: pbpit said E0614), given where a `&dyn Fn` is written it is E0308, as `warm` itself is
(a mutant of tests/rust/std/deref_boxes.rs, 62000:2249).

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from pathlib import Path

from rustc_verdicts import rejects, verdict_tests

STD = Path(__file__).parent / "rust" / "std"
"""The programs of this set rustc runs (`returned_mut_bindings.rs`, `total_cmp_as_value.rs`,
`deref_boxes.rs`): `pbpit check` runs them against rustc's recorded output (test_rust_vs_rustc),
and the mutants below are made from them."""


def _std(name: str, old: str, new: str) -> str:
    """tests/rust/std/NAME.rs with its one `old` made `new`."""
    text = (STD / f"{name}.rs").read_text(encoding="utf-8")
    assert text.count(old) == 1, (name, old)
    return text.replace(old, new)


CASES = {
    "returned_mut_then_receiver_read": (
        """\
struct M {
    p: Vec<f32>,
}
impl M {
    fn params_mut(&mut self) -> &mut Vec<f32> {
        &mut self.p
    }
}
fn main() {
    let mut m = M { p: vec![1.0, 2.0] };
    let ps = m.params_mut();
    println!("{:?}", m.p);
    ps[0] += 0.5;
}
""",
        rejects("E0502"),
    ),
    "returned_mut_of_an_immutable_receiver": (
        """\
struct M {
    p: Vec<f32>,
}
impl M {
    fn params_mut(&mut self) -> &mut Vec<f32> {
        &mut self.p
    }
}
fn main() {
    let m = M { p: vec![1.0, 2.0] };
    let ps = m.params_mut();
    ps[0] += 0.5;
    println!("{:?}", m.p);
}
""",
        rejects("E0596"),
    ),
    "returned_mut_taken_twice": (
        """\
struct M {
    p: Vec<f32>,
}
impl M {
    fn params_mut(&mut self) -> &mut Vec<f32> {
        &mut self.p
    }
}
fn main() {
    let mut m = M { p: vec![1.0, 2.0] };
    let ps = m.params_mut();
    let qs = m.params_mut();
    ps[0] += 0.5;
    qs[0] += 0.5;
    println!("{:?}", m.p);
}
""",
        rejects("E0499"),
    ),
    "total_cmp_of_another_type_as_a_value": (
        """\
fn main() {
    let mut v = vec![3i32, 1, 2];
    v.sort_by(f32::total_cmp);
    println!("{:?}", v);
}
""",
        rejects("E0631"),
    ),
    "fn_of_another_parameter_as_a_value": (
        """\
fn dbl(x: i32) -> i32 { x * 2 }
fn main() {
    let v = vec![3.0f32, 1.0, 2.0];
    let w: Vec<i32> = v.into_iter().map(dbl).collect();
    println!("{:?}", w);
}
""",
        rejects("E0631"),
    ),
    "float_fn_of_another_parameter_as_a_value": (
        """\
fn main() {
    let v = vec![3i64, 1, 2];
    let w: Vec<f32> = v.into_iter().map(f32::abs).collect();
    println!("{:?}", w);
}
""",
        rejects("E0631"),
    ),
    "closure_of_another_parameter_as_a_value": (
        """\
fn main() {
    let v = vec![3i64, 1, 2];
    let c = |x: i32| x + 1;
    let w: Vec<i32> = v.into_iter().map(c).collect();
    println!("{:?}", w);
}
""",
        rejects("E0631"),
    ),
    "deref_of_a_box_for_a_reference": (
        """\
fn main() {
    let warm: Box<dyn Fn(u32) -> f32> = Box::new(|e| e as f32 * 0.5);
    let f: &dyn Fn(u32) -> f32 = *warm;
    println!("{}", f(3));
}
""",
        rejects("E0308"),
    ),
    "box_for_a_reference": (
        """\
fn main() {
    let warm: Box<dyn Fn(u32) -> f32> = Box::new(|e| e as f32 * 0.5);
    let f: &dyn Fn(u32) -> f32 = warm;
    println!("{}", f(3));
}
""",
        rejects("E0308"),
    ),
    "deref_of_a_boxed_parameter_for_a_reference": (
        _std(
            "deref_boxes", "let h: &dyn Fn(u32) -> f32 = &*g;", "let h: &dyn Fn(u32) -> f32 = *g;"
        ),
        rejects("E0308"),
    ),
    "deref_of_a_boxed_field_for_a_reference": (
        _std(
            "deref_boxes",
            "let g: &dyn Fn(u32) -> f32 = &*s.f;",
            "let g: &dyn Fn(u32) -> f32 = *s.f;",
        ),
        rejects("E0308"),
    ),
    "shared_borrow_for_a_mut_result": (
        _std("returned_mut_bindings", "&mut self.p\n", "&self.p\n"),
        rejects("E0308"),
    ),
    "shared_element_for_a_mut_result": (
        _std("returned_mut_bindings", "&mut rows[0]\n", "&rows[0]\n"),
        rejects("E0308"),
    ),
    "borrow_given_to_a_dyn_method_taking_a_value": (
        """\
trait Layer {
    fn forward(&self, x: f32) -> f32;
}
struct Scale(f32);
impl Layer for Scale {
    fn forward(&self, x: f32) -> f32 {
        x * self.0
    }
}
fn main() {
    let layers: Vec<Box<dyn Layer>> = vec![Box::new(Scale(2.0))];
    let mut x = 1.0;
    for l in layers.iter() {
        x = l.forward(&x);
    }
    println!("{}", x);
}
""",
        rejects("E0308"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
