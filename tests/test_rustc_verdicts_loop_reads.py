"""A borrow held by a `let` (`let w = &m.w;`, `let w = m.weights();`, `let first = &v[0];`) read in
a loop that changes the place (`m.w[i] -= 0.5 * w[i];`, `v.push(*first);`): the next turn reads
it after the change, even where this turn's read comes first inside the changing statement:
rustc's E0502 (`loop_borrows.py`). Look-alikes rustc accepts: a `break` after the change, the
holder given a new borrow in the loop (`w = m.weights();`: not followed), a value copied out
before the loop, a two-phase `v.push(v.len())` in a loop.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_field_ref_read_in_loop_compound": (
        """\
struct Model { w: Vec<f32> }
fn main() {
    let mut m = Model { w: vec![1.0, 2.0] };
    let w = &m.w;
    for i in 0..2 {
        m.w[i] -= 0.5 * w[i];
    }
    println!("{:?}", m.w);
}
""",
        rejects("E0502"),
    ),
    "bad_getter_read_in_loop_assign": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn weights(&self) -> &[f32] { &self.w }
}
fn main() {
    let mut m = Model { w: vec![1.0, 2.0] };
    let w = m.weights();
    for i in 0..2 {
        m.w[i] -= 0.5 * w[i];
    }
    println!("{:?}", m.w);
}
""",
        rejects("E0502"),
    ),
    "bad_ref_read_in_loop_push": (
        """\
fn main() {
    let mut v = vec![1usize, 2];
    let first = &v[0];
    for _ in 0..2 {
        v.push(*first);
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "ok_copied_out_before_loop": (
        """\
fn main() {
    let mut v = vec![1usize, 2];
    let first = v[0];
    for _ in 0..2 {
        v.push(first);
    }
    println!("{:?}", v);
}
""",
        runs("[1, 2, 1, 1]\n"),
    ),
    "ok_ref_read_in_loop_then_break": (
        """\
fn main() {
    let mut v = vec![1usize, 2];
    let first = &v[0];
    for _ in 0..2 {
        v.push(*first);
        break;
    }
    println!("{:?}", v);
}
""",
        runs("[1, 2, 1]\n"),
    ),
    "ok_ref_reborrowed_each_turn": (
        """\
struct Model { w: Vec<f32> }
impl Model {
    fn weights(&self) -> &Vec<f32> { &self.w }
}
fn main() {
    let mut m = Model { w: vec![1.0, 2.0] };
    let mut w = m.weights();
    println!("{:?}", w);
    for i in 0..2 {
        m.w[i] -= 0.5;
        w = m.weights();
        println!("{:?}", w);
    }
}
""",
        runs("[1.0, 2.0]\n[0.5, 2.0]\n[0.5, 1.5]\n"),
    ),
    "ok_two_phase_push_len_in_loop": (
        """\
fn main() {
    let mut v = vec![1usize, 2];
    for _ in 0..2 {
        v.push(v.len());
    }
    println!("{:?}", v);
}
""",
        runs("[1, 2, 2, 3]\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
