"""Verdicts the differential test against rustc disagreed on (issue 26): `collect` into a
`VecDeque<i32>` (or by turbofish, a `Vec<i32>`) of other items is rustc's E0277 at `collect`
(`FromIterator` not implemented), where pbpit said E0308; `let total: u64 = it.fold(0.0, ..)`
is E0308 at `0.0` (rustc takes the result's written type for the accumulator first); a shared
reference to an iterator given where `impl Iterator` is taken is E0277; `chain` of an iterator of
other items (`std::iter::once(7.0).chain(vec![1, 2])`, a mutant of iter_once_cmp_reverse.rs)
is E0271 (`<Vec<{integer}> as IntoIterator>::Item == {float}`), where pbpit said E0308.

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

from pbpit_process import pbpit_main
from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, runs, verdict_tests

CASES = {
    "fold_float_into_u64": (
        """\
fn main() {
    let v = vec![1u64, 2, 3];
    let total: u64 = v.iter().fold(0.0, |a, x| a + x);
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "fold_ok": (
        """\
fn main() {
    let v = vec![1u64, 2, 3];
    let total: u64 = v.iter().fold(0, |a, x| a + x);
    let mean: f64 = v.iter().fold(0.0, |a, &x| a + x as f64) / v.len() as f64;
    let longest: usize = ["ab", "c", "def"].iter().fold(0, |m, s| m.max(s.len()));
    println!("{} {} {}", total, mean, longest);
}
""",
        runs("6 2 3\n"),
    ),
    "fold_wrong_init": (
        """\
fn main() {
    let v = vec![1u64, 2, 3];
    let total: u32 = v.iter().fold(0u64, |a, x| a + x);
    println!("{}", total);
}
""",
        rejects("E0308"),
    ),
    "iterator_param_given_shared_ref": (
        """\
fn count_big(it: impl Iterator<Item = u32>) -> usize {
    it.filter(|&x| x > 2).count()
}
fn main() {
    let v = vec![1u32, 5, 3, 2];
    let it = v.into_iter();
    let n = count_big(&it);
    println!("{}", n);
}
""",
        rejects("E0277"),
    ),
    "vd_let": (
        """\
use std::collections::VecDeque;
fn main() {
    let v = vec![1, 2, 3u8];
    let q: VecDeque<i32> = v.iter().map(|x| x * 10).collect();
    println!("{:?}", q);
}
""",
        rejects("E0277"),
    ),
    "vd_ok": (
        """\
use std::collections::VecDeque;
fn main() {
    let v = vec![1, 2, 3u8];
    let q: VecDeque<u8> = v.iter().map(|x| x * 10).collect();
    let r = v.iter().map(|&x| x as i32 - 2).collect::<VecDeque<i32>>();
    println!("{:?} {:?}", q, r);
}
""",
        runs("[10, 20, 30] [-1, 0, 1]\n"),
    ),
    "vd_turbofish": (
        """\
use std::collections::VecDeque;
fn main() {
    let v = vec![1, 2, 3u8];
    let q = v.iter().map(|x| x * 10).collect::<VecDeque<i32>>();
    println!("{:?}", q);
}
""",
        rejects("E0277"),
    ),
    "vec_turbofish": (
        """\
fn main() {
    let v = vec![1, 2, 3u8];
    let q = v.iter().map(|x| x * 10).collect::<Vec<i32>>();
    println!("{:?}", q);
}
""",
        rejects("E0277"),
    ),
    "chain_of_other_items": (
        """\
fn main() {
    let firsts: Vec<i32> = std::iter::once(7.0).chain(vec![1, 2]).collect();
    println!("{:?}", firsts);
}
""",
        rejects("E0271"),
    ),
    "chain_of_other_copied_items": (
        """\
fn main() {
    let a = vec![1u8, 2];
    let b = vec![3i32];
    let c: Vec<i32> = b.iter().copied().chain(a.iter().copied()).collect();
    println!("{:?}", c);
}
""",
        rejects("E0271"),
    ),
    "range_chained_with_floats": (
        """\
fn main() {
    let c: Vec<f64> = (0..3).chain(vec![1.5]).map(|x| x as f64).collect();
    println!("{:?}", c);
}
""",
        rejects("E0271"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_fold_mismatch_points_at_the_accumulator_as_rustc():
    # rustc 1.95: error[E0308] at f.rs:3:36, the `0.0` ("expected `u64`, found floating-point
    # number"); pbpit pointed at `fold`'s closure (the result unified last)
    found = pbpit_main("run", "--raw", str(_write("fold_float_into_u64")))
    assert "error[E0308]: mismatched types" in found.stderr, found.stderr
    assert ":3:36\n" in found.stderr, found.stderr
    assert "expected `u64`, found floating-point number" in found.stderr


def test_mut_reference_to_an_iterator_for_impl_iterator_is_no_made_up_error():
    # rustc 1.95 runs it (`&mut I` is an `Iterator`: prints `Some(1) 2`); pbpit said E0308
    # "expected `Iter<u32>`, found `&mut Iter<u32>`": now a refusal (pbpit's `&mut` does not
    # reach an iterator)
    source = (
        "fn count_big(it: impl Iterator<Item = u32>) -> usize {\n"
        "    it.filter(|&x| x > 2).count()\n}\n"
        "fn main() {\n    let v = vec![1u32, 5, 3, 2];\n    let mut it = v.into_iter();\n"
        "    let first = it.next();\n    let n = count_big(&mut it);\n"
        '    println!("{:?} {}", first, n);\n}\n'
    )
    found = judge(source, pbpit_verdict)
    assert (found.state, found.outside) == ("rejected", True), found
    assert not any(code.startswith("E") for code in found.codes), found


def _write(name: str) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="collect_fold_"))
    path = folder / "f.rs"
    path.write_text(CASES[name][0])
    return path
