"""`tools/rustc_differential.py`: an output a HashMap's order decides is not a disagreement
when rustc's own binary prints differently from run to run, and stays one when it does not.

Oracle: rustc 1.95's binaries, run by the tool (skipped where rustc is not on PATH)."""

from __future__ import annotations

import subprocess

import pytest
import rustc_differential as diff
from record_rustc import Refused, find_rustc

# 64 keys: two runs print them in the same order once in 64! (std's hasher is seeded per run)
MANY = """use std::collections::HashMap;
fn main() {
    let mut m = HashMap::new();
    for i in 0..64 {
        m.insert(i, i);
    }
    for (k, _) in &m {
        print!("{} ", k);
    }
    println!();
}
"""
ONE = MANY.replace("0..64", "0..1")  # one key: one order


def _binary(tmp_path, source: str) -> diff.Verdict:
    try:
        rustc = find_rustc()
    except Refused:
        pytest.skip("rustc is not on PATH")
    path = tmp_path / "main.rs"
    path.write_text(source)
    built = [rustc, "--edition", "2021", "-o", str(tmp_path / "main"), str(path)]
    subprocess.run(built, check=True)
    return diff.run_binary(tmp_path / "main")


def test_rustc_output_that_varies_from_run_to_run_is_told_apart(tmp_path):
    first = _binary(tmp_path, MANY)
    assert diff._varies(first, tmp_path / "main.rs")


def test_rustc_output_that_stays_the_same_is_not(tmp_path):
    first = _binary(tmp_path, ONE)
    assert first.stdout == "0 \n"
    assert not diff._varies(first, tmp_path / "main.rs")
