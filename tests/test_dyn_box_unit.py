"""A function written to return `Box<dyn Trait>` whose body gives `()` (no tail: the last
statement ends with `;`, or the body is empty) is rustc's E0308 (expected `Box<dyn Shape>`,
found `()`); pbpit said E0277 (`(): Shape`), as for a value of a type without the trait.
Found by the differential (seed 102000, mutant 917: tests/rust/std/dispatch_dyn.rs, a
statement deleted). Verdicts recorded from rustc 1.95 (`rustc_verdicts`)."""

from __future__ import annotations

from pathlib import Path

from rustc_verdicts import rejects, verdict_tests

STD = Path(__file__).parent / "rust" / "std"
BODY = """\
    if big {
        Box::new(Rect { w: 10.0, h: 10.0 })
    } else {
        Box::new(Circle { r: 0.5 })
    }
"""


def _emptied() -> str:
    text = (STD / "dispatch_dyn.rs").read_text()
    assert text.count(BODY) == 1
    return text.replace(BODY, "")


CASES = {
    "dyn_box_of_an_empty_body": (_emptied(), rejects("E0308")),
    "dyn_box_after_a_semicolon": (
        """\
trait Shape {
    fn area(&self) -> f32;
}

struct Sq(f32);

impl Shape for Sq {
    fn area(&self) -> f32 {
        self.0 * self.0
    }
}

fn pick(big: bool) -> Box<dyn Shape> {
    if big {
        println!("big");
    }
    Box::new(Sq(2.0));
}

fn main() {
    println!("{}", pick(true).area());
}
""",
        rejects("E0308"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
