"""One rule for the closures a `HashMap`'s or `HashSet`'s entries are given in their random order
(map_order.py's `order_free`: `map` and `filter` of its `iter()`, `retain`): it runs what can
neither fail nor change anything, and refuses the rest.

tests/rust/order_free/*.rs run in pbpit and print what rustc 1.95 printed (goldens recorded with
`tools/record_rustc.record`; the slow test records them again). Each use there was refused by
one of the two rules `order_free` replaced."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from pbpit_process import pbpit_main

PROGRAMS = Path(__file__).parent / "rust" / "order_free"


def test_every_program_prints_what_rustc_printed():
    done = pbpit_main("check", str(PROGRAMS))
    count = len(list(PROGRAMS.glob("*.rs")))
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.rstrip().endswith(f"{count} passed, 0 failed"), done.stdout


@pytest.mark.slow
def test_the_goldens_are_what_rustc_prints_now():
    from record_rustc import Refused, find_rustc, record

    try:
        rustc = find_rustc()
    except Refused as err:
        pytest.skip(str(err))
    with tempfile.TemporaryDirectory(prefix="order_free_") as build:
        for program in sorted(PROGRAMS.glob("*.rs")):
            recorded = record(rustc, program, Path(build))
            assert recorded.stdout == program.with_suffix(".stdout").read_bytes(), program.name
            assert recorded.stderr == b"", program.name


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (  # `100 % x` fails at x == 0, at the turn the set's random order gives it
            "let mut s: HashSet<i32> = (0..4).collect();\n    s.retain(|&x| 100 % x > 1);",
            "`retain` of a HashSet with a closure that may fail or change something",
        ),
        (  # `-x` overflows at `i32::MIN`
            "let mut m: HashMap<u8, i32> = HashMap::new();\n    m.insert(1, i32::MIN);\n"
            '    let n = m.values().filter(|v| -**v > 0).count();\n    println!("{}", n);',
            "`filter` of a HashMap's entries",
        ),
        (  # a call of the program's may do anything
            "let mut m: HashMap<u8, i32> = HashMap::new();\n    m.insert(1, 2);\n"
            '    let n = m.values().filter(|v| big(**v)).count();\n    println!("{}", n);',
            "`filter` of a HashMap's entries",
        ),
    ],
)
def test_a_closure_that_may_fail_or_change_something_is_refused(tmp_path, body, said):
    program = tmp_path / "main.rs"
    program.write_text(
        "use std::collections::{HashMap, HashSet};\nfn big(x: i32) -> bool {\n    x > 1\n}\n"
        f"fn main() {{\n    {body}\n}}\n"
    )
    done = pbpit_main("run", str(program))
    assert (done.returncode, done.stdout) == (2, ""), done.stderr
    assert said in done.stderr
