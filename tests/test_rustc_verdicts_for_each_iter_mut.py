"""`v.iter_mut().for_each(|x| *x /= n)` (and `.enumerate().for_each(|(i, x)| ..)`, a block
body, a field's `Vec`, a capture changed), as trainer code scales gradients (issue 26): the
loop `for x in v.iter_mut() { .. }` it is (iter_mut.lower_for_each), where pbpit refused
"assignment through `*v`, a `for` variable or closure parameter". Beside it: `v` not `mut`
(rustc's E0596); a body reading `v` (rustc's E0502) and one leaving by `return` stay refused.

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, runs, verdict_tests

CASES = {
    "for_each_iter_mut_forms": (
        """\
#[derive(Debug)]
struct P { w: f32, n: u32 }
struct Net { ws: Vec<f32>, ps: Vec<P> }
impl Net {
    fn decay(&mut self, by: f32) {
        self.ws.iter_mut().for_each(|w| *w *= 1.0 - by);
        self.ps.iter_mut().for_each(|p| {
            p.w -= by;
            p.n += 1;
        });
    }
}
fn main() {
    let mut g = vec![1.0f32, -2.0, 3.0];
    let scale = 0.5;
    g.iter_mut().for_each(|v| *v *= scale);
    g.iter_mut().enumerate().for_each(|(i, v)| *v += i as f32);
    let mut total = 0.0;
    g.iter_mut().for_each(|v| {
        if *v < 0.0 {
            *v = 0.0;
        }
        total += *v;
    });
    let mut n = Net { ws: vec![1.0, 2.0], ps: vec![P { w: 1.0, n: 0 }] };
    n.decay(0.5);
    let s: Vec<String> = vec!["a".to_string(), "b".to_string()];
    let mut s2 = s.clone();
    s2.iter_mut().for_each(|x| x.push('!'));
    println!("{:?} {} {:?} {:?} {:?}", g, total, n.ws, n.ps, s2);
}
""",
        runs('[0.5, 0.0, 3.5] 4 [0.5, 1.0] [P { w: 0.5, n: 1 }] ["a!", "b!"]\n'),
    ),
    "for_each_iter_mut_halves": (
        """\
fn main() {
    let mut g = vec![2.0f32, 4.0];
    g.iter_mut().for_each(|v| *v /= 2.0);
    println!("{:?}", g);
}
""",
        runs('[1.0, 2.0]\n'),
    ),
    "for_each_iter_mut_not_mut": (
        """\
fn main() {
    let g = vec![1.0f32, 2.0];
    g.iter_mut().for_each(|v| *v /= 2.0);
    println!("{:?}", g);
}
""",
        rejects('E0596'),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)

_READS = """\
fn main() {
    let mut g = vec![1.0f32, 2.0];
    g.iter_mut().for_each(|v| *v /= g.len() as f32);
    println!("{:?}", g);
}
"""

_RETURNS = """\
fn main() {
    let mut g = vec![1.0f32, 2.0];
    g.iter_mut().for_each(|v| {
        if *v > 1.0 {
            return;
        }
        *v = 0.0;
    });
    println!("{:?}", g);
}
"""


def test_a_body_pbpit_cannot_run_as_the_loop_is_refused_never_run():
    # rustc: E0502 for the first (pbpit refuses it: the loop by index would read `g`); the
    # second runs in rustc (`[0.0, 2.0]`): its `return` leaves the closure, not `main`, so it
    # is not lowered as the loop (refused as before, never run as one)
    for source in (_READS, _RETURNS):
        found = judge(source, pbpit_verdict)
        assert found.state == "rejected" and found.stdout == "", found
