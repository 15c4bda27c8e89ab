"""Found by `tools/rustc_differential.py` in mutants of the std programs, programs rustc
rejects and pbpit ran: the value `?` takes out of a `Result` of a value made here
(`collect::<Result<Vec<_>, _>>()?`) is moved by `let w = v;` like `unwrap()`'s (E0382 at a
later use); `at as i32 << 2` is a syntax error (`<<` opens `i32`'s generic arguments, no
code), as `at as i32 < 2` was.

Verdicts recorded from rustc 1.95 (`rustc_differential.rustc_verdict`; `rejects("")`: an error
without a code); where rustc is on PATH, a slow test (`pytest -m slow`) checks they are still
rustc's."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "value_of_try_moved_then_used": (
        """\
use std::error::Error;
fn main() -> Result<(), Box<dyn Error>> {
    let v = ["1.5", "2.5"].iter().map(|s| s.parse::<f64>()).collect::<Result<Vec<_>, _>>()?;
    let _moved = v;
    println!("{:?}", v);
    Ok(())
}
""",
        rejects("E0382"),
    ),
    "values_of_try_moved_once_run": (
        """\
use std::error::Error;
fn main() -> Result<(), Box<dyn Error>> {
    let v = ["1.5", "2.5"].iter().map(|s| s.parse::<f64>()).collect::<Result<Vec<_>, _>>()?;
    let w = v;
    let n = "7".parse::<i32>()?;
    let m = n;
    println!("{:?} {} {}", w, n, m);
    Ok(())
}
""",
        runs("[1.5, 2.5] 7 7\n"),
    ),
    "cast_then_shift": (
        """\
fn main() {
    let at = 3usize;
    println!("{}", at as i32 << 2);
}
""",
        rejects(""),
    ),
    "parenthesized_cast_then_shift_runs": (
        """\
fn main() {
    let at = 3usize;
    println!("{} {}", (at as i32) << 2, 1 + at as i32 * 2);
}
""",
        runs("12 7\n"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_gives_rustcs_verdict(name):
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow  # rustc builds each program (seconds): `pytest -m slow` re-checks them
def test_the_recorded_verdicts_are_rustcs():
    assert stale(CASES) == []
