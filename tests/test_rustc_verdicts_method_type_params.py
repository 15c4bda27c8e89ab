"""A method's own unbounded type parameter (`fn shuffle<T>(&mut self, v: &mut Vec<T>)` in an
`impl Rng`), as trainer code writes a data loader's shuffle (issue 26): a type parameter as a
free function's is (std_generics.py), where pbpit refused it as "the backend `T` used as a
value's type". Beside it the programs rustc rejects: a `T` printed with `{:?}` (E0277) or
added (E0369) without the bound.

Each verdict was recorded from rustc 1.95 (`rejects(code)`: the first error code rustc reports;
`runs(stdout, ..)`: what its binary printed). Where rustc is on PATH, `pytest -m slow` checks
that they are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "method_type_parameter_added": (
        """\
struct P;
impl P {
    fn add<T>(&self, a: T, b: T) -> T {
        a + b
    }
}
fn main() {
    println!("{}", P.add(1, 2));
}
""",
        rejects('E0369'),
    ),
    "method_type_parameter_printed_without_debug": (
        """\
struct P;
impl P {
    fn show<T>(&self, x: T) {
        println!("{:?}", x);
    }
}
fn main() {
    P.show(3);
}
""",
        rejects('E0277'),
    ),
    "method_type_parameter_shuffle": (
        """\
struct Rng {
    s: u64,
}
impl Rng {
    fn shuffle<T>(&mut self, v: &mut Vec<T>) {
        for i in (1..v.len()).rev() {
            self.s = self.s.wrapping_mul(6364136223846793005).wrapping_add(1);
            let j = (self.s >> 33) as usize % (i + 1);
            v.swap(i, j);
        }
    }
}
fn main() {
    let mut r = Rng { s: 7 };
    let mut v = vec![1, 2, 3, 4];
    r.shuffle(&mut v);
    println!("{:?}", v);
}
""",
        runs('[1, 2, 4, 3]\n'),
    ),
    "method_type_parameters_many_types": (
        """\
#[derive(Debug, Clone)]
struct Sample { x: f32, y: f32 }
struct Loader { seed: u64, calls: usize }
impl Loader {
    fn shuffle<T>(&mut self, v: &mut Vec<T>) {
        self.calls += 1;
        for i in (1..v.len()).rev() {
            self.seed = self.seed.wrapping_mul(6364136223846793005);
            self.seed = self.seed.wrapping_add(1442695040888963407);
            let j = (self.seed >> 33) as usize % (i + 1);
            v.swap(i, j);
        }
    }
    fn take_last<T>(&self, mut v: Vec<T>) -> Option<T> {
        v.pop()
    }
    fn count<T>(&self, v: &[T]) -> usize {
        v.len() * self.calls
    }
}
fn main() {
    let mut l = Loader { seed: 42, calls: 0 };
    let mut xs = vec![1, 2, 3, 4, 5, 6];
    let mut data = vec![Sample { x: 0.0, y: 1.0 }, Sample { x: 1.0, y: 3.0 }];
    data.push(Sample { x: 2.0, y: 5.0 });
    let mut names = vec!["a", "b", "c", "d"];
    l.shuffle(&mut xs);
    l.shuffle(&mut data);
    l.shuffle(&mut names);
    println!("{:?}\n{:?}\n{:?}", xs, data, names);
    let last = l.take_last(names.clone());
    println!("{:?} {:?} {}", last, l.take_last(Vec::<f64>::new()), l.count(&data));
}
""",
        runs(
            '[6, 4, 1, 3, 2, 5]\n'
            '[Sample { x: 0.0, y: 1.0 }, Sample { x: 2.0, y: 5.0 }, Sample { x: 1.0, y: 3.0 }]\n'
            '["a", "b", "d", "c"]\n'
            'Some("c") None 9\n'
        ),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
