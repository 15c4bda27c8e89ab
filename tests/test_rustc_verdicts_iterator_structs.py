"""A struct holding a reference, used as an `Iterator` by a `for` (`for b in (Batches { data:
&data, pos: 0 })`, `for b in batches(&data)` of `fn batches(data: &[f32]) -> Batches<'_>`, or a
`let` of it walked by the `for`), keeps `data` borrowed through every turn: `data[0] += ..`,
`data.push(..)` in the body is rustc's E0502 (`loop_borrows.py`). Look-alikes rustc accepts:
another variable changed, the items collected before the loop, a mutation followed by `break`.
Verdicts recorded from rustc 1.95 (`tests/rustc_verdicts.py` checks them again where rustc is
on PATH)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "bad_iter_struct_fn_mutate_in_loop": (
        """\
struct Batches<'a> { data: &'a [f32], pos: usize }
impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];
    fn next(&mut self) -> Option<&'a [f32]> {
        if self.pos >= self.data.len() { return None; }
        let b = &self.data[self.pos..self.pos + 1];
        self.pos += 1;
        Some(b)
    }
}
fn batches(data: &[f32]) -> Batches<'_> { Batches { data, pos: 0 } }
fn main() {
    let mut data = vec![1.0f32, 2.0];
    for b in batches(&data) {
        data[1] = b[0];
    }
    println!("{:?}", data);
}
""",
        rejects("E0502"),
    ),
    "bad_iter_struct_let_mutate_in_loop": (
        """\
struct Batches<'a> { data: &'a [f32], pos: usize }
impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];
    fn next(&mut self) -> Option<&'a [f32]> {
        if self.pos >= self.data.len() { return None; }
        let b = &self.data[self.pos..self.pos + 1];
        self.pos += 1;
        Some(b)
    }
}
fn main() {
    let mut data = vec![1.0f32, 2.0];
    let batches = Batches { data: &data, pos: 0 };
    for b in batches {
        data.push(b[0]);
    }
    println!("{:?}", data);
}
""",
        rejects("E0502"),
    ),
    "bad_iter_struct_literal_mutate_in_loop": (
        """\
struct Batches<'a> { data: &'a [f32], pos: usize }
impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];
    fn next(&mut self) -> Option<&'a [f32]> {
        if self.pos >= self.data.len() { return None; }
        let b = &self.data[self.pos..self.pos + 1];
        self.pos += 1;
        Some(b)
    }
}
fn main() {
    let mut data = vec![1.0f32, 2.0];
    for b in (Batches { data: &data, pos: 0 }) {
        data[0] += b[0];
    }
    println!("{:?}", data);
}
""",
        rejects("E0502"),
    ),
    "ok_iter_struct_collected_then_mutate": (
        """\
struct Batches<'a> { data: &'a [f32], pos: usize }
impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];
    fn next(&mut self) -> Option<&'a [f32]> {
        if self.pos >= self.data.len() { return None; }
        let b = &self.data[self.pos..self.pos + 1];
        self.pos += 1;
        Some(b)
    }
}
fn main() {
    let mut data = vec![1.0f32, 2.0];
    let firsts: Vec<f32> = (Batches { data: &data, pos: 0 }).map(|b| b[0]).collect();
    for x in firsts {
        data.push(x);
    }
    println!("{:?}", data);
}
""",
        runs("[1.0, 2.0, 1.0, 2.0]\n"),
    ),
    "ok_iter_struct_mutate_other": (
        """\
struct Batches<'a> { data: &'a [f32], pos: usize }
impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];
    fn next(&mut self) -> Option<&'a [f32]> {
        if self.pos >= self.data.len() { return None; }
        let b = &self.data[self.pos..self.pos + 1];
        self.pos += 1;
        Some(b)
    }
}
fn main() {
    let data = vec![1.0f32, 2.0];
    let mut sums: Vec<f32> = Vec::new();
    for b in (Batches { data: &data, pos: 0 }) {
        sums.push(b[0] * 2.0);
    }
    println!("{:?} {:?}", data, sums);
}
""",
        runs("[1.0, 2.0] [2.0, 4.0]\n"),
    ),
    "ok_iter_struct_mutate_then_break": (
        """\
struct Batches<'a> { data: &'a [f32], pos: usize }
impl<'a> Iterator for Batches<'a> {
    type Item = &'a [f32];
    fn next(&mut self) -> Option<&'a [f32]> {
        if self.pos >= self.data.len() { return None; }
        let b = &self.data[self.pos..self.pos + 1];
        self.pos += 1;
        Some(b)
    }
}
fn main() {
    let mut data = vec![1.0f32, 2.0];
    for b in (Batches { data: &data, pos: 0 }) {
        if b[0] > 0.5 {
            data.push(b[0]);
            break;
        }
    }
    println!("{:?}", data);
}
""",
        runs("[1.0, 2.0, 1.0]\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
