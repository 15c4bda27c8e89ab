"""A `&mut self` method returning a `&mut` to a number (`fn first(&mut self) -> &mut f64`),
which pbpit does not run (issue 26, session 24's fixer F; `mut_ref_returns.py`): its result
held by a `let` while the receiver is used again is rustc's error (E0499 for another `&mut
self` method or `&mut m`, E0502 for a `&self` method or `&m`, E0503 for `m.f op= v`, E0506 for
`m.f = v`), given instead of the refusal; a program rustc accepts (the result's last use before
the receiver's next, a name bound again) stays refused, never a false error. Verdicts recorded
from rustc 1.95 (checked again where rustc is on PATH)."""

from __future__ import annotations

import pytest
import rustc_differential as diff
from rustc_verdicts import judge, rejects, runs, stale, verdict_tests

CASES = {
    "mut_ret_r01": (
        """\
struct Counter {
    hits: u32,
    misses: u32,
}

impl Counter {
    fn hits_mut(&mut self) -> &mut u32 {
        &mut self.hits
    }
    fn total(&self) -> u32 {
        self.hits + self.misses
    }
}

fn main() {
    let mut c = Counter { hits: 0, misses: 2 };
    let h = c.hits_mut();
    println!("{}", c.total());
    *h += 1;
}
""",
        rejects("E0502"),
    ),
    "mut_ret_r02": (
        """\
struct Opt {
    lr: f32,
    step: usize,
}

impl Opt {
    fn lr_mut(&mut self) -> &mut f32 {
        &mut self.lr
    }
}

fn main() {
    let mut o = Opt { lr: 0.1, step: 0 };
    let lr = o.lr_mut();
    o.step = 3;
    *lr *= 0.5;
}
""",
        rejects("E0506"),
    ),
    "mut_ret_r04": (
        """\
struct Buf {
    data: Vec<f64>,
}

impl Buf {
    fn slot(&mut self, i: usize) -> &mut f64 {
        &mut self.data[i]
    }
}

fn scale(b: &mut Buf) {
    b.data.push(0.0);
}

fn main() {
    let mut b = Buf { data: vec![1.0, 2.0] };
    let s = b.slot(1);
    scale(&mut b);
    *s = 4.0;
}
""",
        rejects("E0499"),
    ),
    "mut_ret_r07": (
        """\
struct M {
    w: Vec<f64>,
}

impl M {
    fn first(&mut self) -> &mut f64 {
        &mut self.w[0]
    }
}

fn main() {
    let mut m = M { w: vec![1.0, 2.0] };
    let a = m.first();
    let r = &m;
    *a = 0.0;
    println!("{}", r.w.len());
}
""",
        rejects("E0502"),
    ),
}

ACCEPTED = {
    "mut_ret_r03": (
        """\
struct Opt {
    lr: f32,
}

impl Opt {
    fn lr_mut(&mut self) -> &mut f32 {
        &mut self.lr
    }
}

fn main() {
    let mut o = Opt { lr: 0.1 };
    let lr = o.lr_mut();
    *lr *= 0.5;
    o.lr += 1.0;
    println!("{}", o.lr);
}
""",
        runs("1.05\n"),
    ),
    "mut_ret_r05": (
        """\
struct Acc {
    sum: i64,
}

impl Acc {
    fn sum_mut(&mut self) -> &mut i64 {
        &mut self.sum
    }
}

fn main() {
    let mut a = Acc { sum: 0 };
    for i in 0..3 {
        *a.sum_mut() += i;
    }
    let s = a.sum_mut();
    *s *= 2;
    println!("{}", a.sum);
}
""",
        runs("6\n"),
    ),
    "mut_ret_r06": (
        """\
struct M {
    w: Vec<f64>,
    n: usize,
}

impl M {
    fn first(&mut self) -> &mut f64 {
        &mut self.w[0]
    }
    fn grow(&mut self) {
        self.n += 1;
    }
}

fn main() {
    let mut m = M { w: vec![1.0], n: 0 };
    let v = m.first();
    *v += 1.0;
    m.grow();
    let v = m.n;
    println!("{} {:?}", v, m.w);
}
""",
        runs("1 [2.0]\n"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_what_rustc_accepts_is_refused_not_rejected(name):
    found = judge(ACCEPTED[name][0], diff.pbpit_verdict)
    assert found.state == "rejected" and found.outside and set(found.codes) == {""}, found


@pytest.mark.slow
def test_the_accepted_programs_are_rustcs():
    assert stale(ACCEPTED) == []
