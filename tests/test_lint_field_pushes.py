"""A method that pushes a tuple of its parameters into a `Vec` field of `self`
(`pbpit/lint/analysis/field_pushes.py`): read at the call part by part, and a method that also
touches the field otherwise (`clear()`, no argument) left to its summary, without failing."""

from __future__ import annotations

import textwrap

from pbpit.lint.analysis import lint_source
from pbpit.rust.syntax import parse_bytes

PROGRAM = """
use burn::prelude::*;

struct Buffer {
    items: Vec<(Tensor<1>, f32)>,
}

impl Buffer {
    fn offer(&mut self, t: Tensor<1>, score: f32) {
        if self.items.len() > 3 {
            self.items.CLEAR;
        }
        self.items.push((t, score));
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut buffer = Buffer { items: Vec::new() };
    for step in 0..3 {
        let y = w.clone() * (step as f32 + 1.0);
        let mut loss = y.clone().sum();
        for (old, s) in buffer.items.iter() {
            loss = loss + old.clone().sum() * *s;
        }
        buffer.offer(y, 0.5);
        let _grads = loss.backward();
    }
}
"""


def _lint(clear: str) -> list[str]:
    text = textwrap.dedent(PROGRAM).replace("CLEAR", clear)
    findings = lint_source(parse_bytes(text.encode(), "buffer.rs"))
    return [f"{f.rule} {f.name} {f.primary.line}" for f in findings]


def test_a_tuple_pushed_by_a_method_is_walked_part_by_part():
    # pbpit run: panics in the second pass, `buffer.items` (`y` where it was made) at line 22.
    assert _lint("truncate(3)") == ["loop-external-tracked buffer.items 22"]


def test_a_field_the_method_empties_is_left_to_its_summary():
    # `self.items.clear()` (a call with no argument beside the push) once raised IndexError.
    # pbpit run panics here too (the clear runs only past 3 items); lint, from the summary's
    # one value for the field, does not see the tuple's parts yet (a miss): what is asserted
    # is that the reading ends.
    assert isinstance(_lint("clear()"), list)
