"""Hand-written optimizer loops over `iter_mut` items zipped with other sides (iter_mut.py), and
`if let Some(x) = v.last_mut()` (vec_ends_mut.py):
two `iter_mut`s, nested zips, a zip with the `row` of `for row in &rows`, a row `a[k]`'s
`iter_mut`; and the look-alikes rustc 1.95 rejects (two sides reaching the same elements, a
side not declared `mut`, the body reading what the loop lends). Each verdict recorded from
rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`); pbpit gives it, or refuses a
rejected program as outside its subset (never runs it)."""

from __future__ import annotations

import pytest
from rustc_verdicts import pbpit_gives_or_refuses, rejects, runs, stale

CASES = {
    "two_iter_mut_sides": (
        """\
fn main() {
    let mut a = vec![1.0f64, 2.0];
    let mut b = vec![0.0f64, 0.0, 5.0];
    for (x, y) in a.iter_mut().zip(b.iter_mut()) {
        *y = *x * 2.0;
        *x = 0.0;
    }
    println!("{:?} {:?}", a, b);
}
""",
        runs("[0.0, 0.0] [2.0, 4.0, 5.0]\n"),
    ),
    "momentum_nested_zip": (
        """\
fn main() {
    let mut p = vec![1.0f64, 2.0];
    let mut v = vec![0.0f64, 0.0];
    let g = [0.5f64, -0.5];
    for ((pi, gi), vi) in p.iter_mut().zip(g.iter()).zip(v.iter_mut()) {
        *vi = 0.9 * *vi + gi;
        *pi -= 0.1 * *vi;
    }
    println!("{:?} {:?}", p, v);
}
""",
        runs("[0.95, 2.05] [0.5, -0.5]\n"),
    ),
    "zip_with_the_row_of_a_loop": (
        """\
fn main() {
    let data = vec![vec![2.0f64, 4.0], vec![4.0, 8.0]];
    let mut mean = vec![0.0f64; 2];
    for row in &data {
        for (m, x) in mean.iter_mut().zip(row) {
            *m += x / 2.0;
        }
    }
    println!("{:?}", mean);
}
""",
        runs("[3.0, 6.0]\n"),
    ),
    "iter_mut_of_an_indexed_row": (
        """\
fn main() {
    let mut a = vec![vec![2.0f64, 4.0], vec![1.0, 1.0]];
    let p = a[0][0];
    for v in a[0].iter_mut() {
        *v /= p;
    }
    println!("{:?}", a);
}
""",
        runs("[[1.0, 2.0], [1.0, 1.0]]\n"),
    ),
    "fields_m_and_v_of_self_side_by_side": (
        """\
struct Adam { m: Vec<f32>, v: Vec<f32> }
impl Adam {
    fn update(&mut self, g: &[f32]) {
        for ((m, v), gi) in self.m.iter_mut().zip(self.v.iter_mut()).zip(g) {
            *m += gi;
            *v += gi * gi;
        }
    }
}
fn main() {
    let mut a = Adam { m: vec![0.0; 2], v: vec![0.0; 2] };
    a.update(&[1.0, -2.0]);
    println!("{:?} {:?}", a.m, a.v);
}
""",
        runs("[1.0, -2.0] [1.0, 4.0]\n"),
    ),
    "two_iter_mut_of_one_vec": (
        """\
fn main() {
    let mut a = vec![1.0f64, 2.0];
    for (x, y) in a.iter_mut().zip(a.iter_mut()) {
        *x += *y;
    }
    println!("{:?}", a);
}
""",
        rejects("E0499"),
    ),
    "iter_mut_and_iter_of_one_field": (
        """\
struct S { m: Vec<f64>, v: Vec<f64> }
fn main() {
    let mut s = S { m: vec![1.0], v: vec![2.0] };
    for (m, v) in s.m.iter_mut().zip(s.m.iter()) {
        *m += v;
    }
    println!("{:?} {:?}", s.m, s.v);
}
""",
        rejects("E0502"),
    ),
    "two_rows_of_one_vec": (
        """\
fn main() {
    let mut a = vec![vec![1.0f64, 2.0], vec![3.0, 4.0]];
    for (x, y) in a[0].iter().zip(a[1].iter_mut()) {
        *y += x;
    }
    println!("{:?}", a);
}
""",
        rejects("E0502"),
    ),
    "zipped_side_not_mut": (
        """\
fn main() {
    let mut p = vec![1.0f64, 2.0];
    let v = vec![0.0f64, 0.0];
    for (pi, vi) in p.iter_mut().zip(v.iter_mut()) {
        *vi = 0.9 * *vi;
        *pi -= *vi;
    }
    println!("{:?}", p);
}
""",
        rejects("E0596"),
    ),
    "body_reads_another_row_of_the_lent_vec": (
        """\
fn main() {
    let mut rows = vec![vec![2.0f64, 4.0], vec![1.0, 1.0]];
    for v in rows[0].iter_mut() {
        *v /= rows[1][0];
    }
    println!("{:?}", rows);
}
""",
        rejects("E0502"),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_pbpit_never_runs_what_rustc_rejects_and_runs_the_rest_as_rustc(name: str) -> None:
    pbpit_gives_or_refuses(CASES, name)


@pytest.mark.slow
def test_the_recorded_verdicts_are_rustcs() -> None:
    assert stale(CASES) == []


ENDS = {
    "last_mut_and_first_mut_in_if_let": (
        """\
fn main() {
    let mut v = vec![1.0f32, 5.0, 3.0];
    if let Some(x) = v.last_mut() {
        *x += 1.0;
    }
    if let Some(f) = v.first_mut() {
        *f *= 2.0;
    }
    let mut e: Vec<u8> = Vec::new();
    if let Some(x) = e.last_mut() {
        *x = 1;
    }
    println!("{:?} {:?}", v, e);
}
""",
        runs("[2.0, 5.0, 4.0] []\n"),
    ),
    "last_mut_of_a_vec_not_mut": (
        """\
fn main() {
    let v = vec![1.0f32, 5.0, 3.0];
    if let Some(x) = v.last_mut() {
        *x += 1.0;
    }
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "last_mut_body_reads_the_vec": (
        """\
fn main() {
    let mut v = vec![1.0f32, 5.0, 3.0];
    if let Some(x) = v.last_mut() {
        *x += v[0];
    }
    println!("{:?}", v);
}
""",
        rejects("E0502"),
    ),
    "first_mut_given_an_integer": (
        """\
fn main() {
    let mut v = vec![1.0f32, 5.0, 3.0];
    if let Some(x) = v.first_mut() {
        *x = 2;
    }
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "deref_last_mut_unwrap_assigned": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    *v.first_mut().unwrap() += v[1];
    *v.last_mut().expect("one") = 0.5;
    println!("{:?}", v);
}
""",
        runs("[3.0, 0.5]\n"),
    ),
    "deref_last_mut_of_a_vec_not_mut": (
        """\
fn main() {
    let v = vec![1.0f32, 2.0];
    *v.last_mut().unwrap() = 3.0;
    println!("{:?}", v);
}
""",
        rejects("E0596"),
    ),
    "deref_last_mut_given_an_integer": (
        """\
fn main() {
    let mut v = vec![1.0f32, 2.0];
    *v.last_mut().unwrap() = 3;
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
}


@pytest.mark.parametrize("name", sorted(ENDS))
def test_last_mut_in_if_let_is_written_back_as_rustc_runs_it(name: str) -> None:
    pbpit_gives_or_refuses(ENDS, name)


@pytest.mark.slow
def test_the_recorded_end_verdicts_are_rustcs() -> None:
    assert stale(ENDS) == []
