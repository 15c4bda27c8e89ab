"""A field of an indexed element assigned, as trainer code writes it (issue 26):
`self.layers[i].w -= lr`, `ls[0].w = 3.0`, `sums[l].0 += p.x`, `grid[i][j].x = v` (refused
before: "assignment to a field of anything but a variable"), and the programs rustc rejects
beside them: the `Vec` not `mut` (E0596, `IndexMut` borrows it), an array not `mut` (E0594),
`&self` (E0596 "behind a `&` reference"), the `Vec` borrowed (E0502 at the `Vec`).

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_differential import pbpit_verdict
from rustc_verdicts import judge, rejects, runs, verdict_tests

CASES = {
    "array_not_mut": (
        """\
#[derive(Clone, Copy)]
struct P { x: f32 }
fn main() {
    let a = [P { x: 0.0 }; 2];
    a[1].x += 1.0;
    println!("{}", a[1].x);
}
""",
        rejects('E0594'),
    ),
    "behind_shared_param": (
        """\
struct P { x: f32 }
fn set(v: &Vec<P>) { v[0].x = 1.0; }
fn main() {
    let mut v = vec![P { x: 0.0 }];
    set(&v);
    v[0].x = 2.0;
    println!("{}", v[0].x);
}
""",
        rejects('E0596'),
    ),
    "element_borrowed": (
        """\
struct P { x: f32 }
fn main() {
    let mut v = vec![P { x: 0.0 }, P { x: 1.0 }];
    let r = &v[0];
    v[1].x = 1.0;
    println!("{}", r.x);
}
""",
        rejects('E0502'),
    ),
    "element_fields_of_arrays_and_vecs": (
        """\
#[derive(Debug, Clone, Copy)]
struct P { x: f32, n: u32 }
struct Net { ps: Vec<P>, grid: [[P; 2]; 2] }
impl Net {
    fn bump(&mut self) {
        self.ps[1].n += 1;
        self.grid[1][0].x = 2.5;
    }
}
fn main() {
    let mut a = [P { x: 0.0, n: 0 }; 3];
    let b = a;
    a[1].x = 1.5;
    a[2].n += 4;
    let mut v = vec![(1, (2.0f32, 3u8)); 2];
    v[0].1 .0 *= 3.0;
    v[1].1 .1 -= 1;
    let mut net = Net { ps: vec![P { x: 1.0, n: 1 }; 2], grid: [[P { x: 0.0, n: 0 }; 2]; 2] };
    net.bump();
    let mut w = vec![vec![P { x: 0.0, n: 0 }; 2]; 2];
    w[1][1].x -= 0.25;
    println!("{:?}\n{:?}\n{:?}", a, b, v);
    println!("{:?} {:?}\n{:?}", net.ps, net.grid, w);
}
""",
        runs(
            '[P { x: 0.0, n: 0 }, P { x: 1.5, n: 0 }, P { x: 0.0, n: 4 }]\n'
            '[P { x: 0.0, n: 0 }, P { x: 0.0, n: 0 }, P { x: 0.0, n: 0 }]\n'
            '[(1, (6.0, 3)), (1, (2.0, 2))]\n'
            '[P { x: 1.0, n: 1 }, P { x: 1.0, n: 2 }] [[P { x: 0.0, n: 0 }, P { x: 0.0, n: 0 }], '
            '[P { x: 2.5, n: 0 }, P { x: 0.0, n: 0 }]]\n'
            '[[P { x: 0.0, n: 0 }, P { x: 0.0, n: 0 }], [P { x: 0.0, n: 0 }, P { x: -0.25, n: 0 }'
            ']]\n'
        ),
    ),
    "layers_index_field": (
        """\
struct Layer {
    w: f32,
    b: f32,
}
struct Net {
    layers: Vec<Layer>,
}
impl Net {
    fn step(&mut self, lr: f32) {
        for i in 0..self.layers.len() {
            self.layers[i].w -= lr;
        }
        self.layers[0].b = 1.0;
    }
}
fn main() {
    let mut n = Net { layers: vec![Layer { w: 1.0, b: 0.0 }, Layer { w: 2.0, b: 0.0 }] };
    n.step(0.5);
    let mut ls = vec![Layer { w: 0.0, b: 0.0 }];
    ls[0].w = 3.0;
    println!("{} {} {} {}", n.layers[0].w, n.layers[1].w, n.layers[0].b, ls[0].w);
}
""",
        runs('0.5 1.5 1 3\n'),
    ),
    "shared_self": (
        """\
struct P { x: f32 }
struct N { ps: Vec<P> }
impl N {
    fn f(&self) { self.ps[0].x = 2.0; }
}
fn main() {
    let n = N { ps: vec![P { x: 0.0 }] };
    n.f();
    println!("{}", n.ps[0].x);
}
""",
        rejects('E0596'),
    ),
    "shared_self_element": (
        """\
struct N { ps: Vec<f32> }
impl N {
    fn f(&self) { self.ps[0] = 2.0; }
}
fn main() {
    let n = N { ps: vec![0.0] };
    n.f();
    println!("{}", n.ps[0]);
}
""",
        rejects('E0596'),
    ),
    "sums_index_tuple_field": (
        """\
fn main() {
    let mut sums = vec![(0.0f64, 0usize); 2];
    sums[1].0 += 2.5;
    sums[1].1 += 1;
    println!("{:?}", sums);
}
""",
        runs('[(0.0, 0), (2.5, 1)]\n'),
    ),
    "tuple_element_borrowed": (
        """\
fn main() {
    let mut v = vec![(0.0f32, 1), (1.0, 2)];
    let r = &v[0];
    v[1].0 = 1.0;
    println!("{}", r.0);
}
""",
        rejects('E0502'),
    ),
    "tuple_vec_not_mut": (
        """\
fn main() {
    let s = vec![(0.0f64, 0usize); 2];
    s[1].1 += 1;
    println!("{:?}", s);
}
""",
        rejects('E0596'),
    ),
    "vec_not_mut": (
        """\
struct P { x: f32 }
fn main() {
    let v = vec![P { x: 0.0 }];
    v[0].x = 1.0;
    println!("{}", v[0].x);
}
""",
        rejects('E0596'),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


def test_the_messages_are_rustcs():
    # rustc 1.95's first lines: "cannot borrow `self.ps` as mutable, as it is behind a `&`
    # reference" (pbpit said "as `self` is not declared as mutable"); E0502 names the `Vec`
    shared = judge(CASES["shared_self"][0], pbpit_verdict)
    assert "cannot borrow `self.ps` as mutable, as it is behind a `&` reference" in shared.detail
    borrowed = judge(CASES["element_borrowed"][0], pbpit_verdict)
    what = "cannot borrow `v` as mutable because it is also borrowed as immutable"
    assert what in borrowed.detail
