"""Programs rustc rejects that pbpit refused as outside its subset, now refused with rustc's
code (issue 26, held-out U15-U20 of session 22's O4): `&String::from(..).push_str(..)` given
as a `&str` (E0308: the refusal of a temporary changed waits for the body's types, as rustc's
borrowck does), an unknown iterator method with a turbofish (E0599), a private field written
in a literal of a module's struct (E0451; `net::L { .. }` literals and `m::k::S` types now
lowered), indexing a value no `Index` impl of std takes (E0608), `let r: &mut i32 = &mut x;`
of `x` not `mut` (E0596), a closure without `move` given to `thread::spawn` borrowing a variable
(E0373); with twins rustc runs. Verdicts recorded from rustc 1.95
(`rustc_verdicts`)."""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "push_str_on_a_temporary_given_as_str": (
        """\
fn main() { let name: &str = &String::from("run-").push_str("1"); println!("{:?}", name); }
""",
        rejects("E0308"),
    ),
    "push_on_a_temporary_given_as_vec": (
        """\
fn main() {
    let v: Vec<i32> = vec![1, 2].push(3);
    println!("{:?}", v);
}
""",
        rejects("E0308"),
    ),
    "push_str_on_a_variable_twin": (
        """\
fn main() {
    let mut s = String::from("run-");
    s.push_str("1");
    let name: &str = &s;
    let n = String::from("x").len();
    println!("{:?} {}", name, n);
}
""",
        runs('"run-1" 1\n'),
    ),
    "unknown_iterator_method_with_turbofish": (
        """\
fn main() { let v = vec![1, 2]; println!("{}", v.iter().summ::<i32>()); }
""",
        rejects("E0599"),
    ),
    "mean_with_turbofish": (
        """\
fn main() {
    let xs = vec![1.5f64, 2.5];
    let m = xs.iter().copied().mean::<f64>();
    println!("{}", m);
}
""",
        rejects("E0599"),
    ),
    "private_field_in_a_module_path_literal": (
        """\
mod net { pub struct L { pub w: f32, b: f32 } }
fn main() { let l = net::L { w: 1.0, b: 0.0 }; println!("{}", l.w); }
""",
        rejects("E0451"),
    ),
    "private_field_in_a_used_structs_literal": (
        """\
mod model {
    pub struct Adam {
        pub lr: f64,
        beta: f64,
    }
    pub fn make() -> Adam {
        Adam { lr: 0.1, beta: 0.9 }
    }
    pub fn beta(a: &Adam) -> f64 {
        a.beta
    }
}

use model::Adam;

fn main() {
    let a = model::make();
    let b = Adam { lr: 0.2, beta: 0.5 };
    println!("{} {} {}", a.lr, model::beta(&a), b.lr);
}
""",
        rejects("E0451"),
    ),
    "module_path_literals_twin": (
        """\
mod net {
    pub struct Layer {
        pub w: f32,
        pub b: f32,
    }
    pub mod inner {
        pub struct Cfg {
            pub lr: f64,
        }
    }
}

fn main() {
    let l = net::Layer { w: 1.5, b: -0.5 };
    let c = net::inner::Cfg { lr: 0.01 };
    let d = crate::net::Layer { b: 2.0, ..l };
    println!("{} {} {} {}", l.w, l.b, c.lr, d.b + d.w);
}
""",
        runs("1.5 -0.5 0.01 3.5\n"),
    ),
    "index_an_iterator": (
        """\
fn main() { let v = vec![1u32, 2]; let d = v.iter().map(|x| x * 2); println!("{:?}", d[0]); }
""",
        rejects("E0608"),
    ),
    "index_an_option_field": (
        """\
struct Run {
    best: Option<f32>,
}

fn main() {
    let r = Run { best: Some(0.5) };
    println!("{}", r.best[0]);
}
""",
        rejects("E0608"),
    ),
    "index_a_range": (
        """\
fn main() {
    let r = 0..3; r[1];
}
""",
        rejects("E0608"),
    ),
    "index_a_result": (
        """\
fn main() {
    let o: Result<i32, String> = Ok(1); o[0];
}
""",
        rejects("E0608"),
    ),
    "index_a_tuple": (
        """\
fn main() {
    let t = (1, 2); t[0];
}
""",
        rejects("E0608"),
    ),
    "typed_mut_ref_to_an_immutable_i32": (
        """\
fn main() { let x = 5; let r: &mut i32 = &mut x; *r += 1; println!("{}", x); }
""",
        rejects("E0596"),
    ),
    "typed_mut_ref_to_an_immutable_parameter": (
        """\
fn step(lr: f64) -> f64 {
    let r: &mut f64 = &mut lr;
    *r *= 0.5;
    lr
}

fn main() {
    println!("{}", step(0.1));
}
""",
        rejects("E0596"),
    ),
    "private_field_in_a_nested_module_literal": (
        """\
// E0451: a private field in a literal of a struct in a nested module, from a helper (item 3)
mod train {
    pub mod optim {
        #[derive(Debug)]
        pub struct Sgd {
            pub lr: f64,
            momentum: f64,
        }
        impl Sgd {
            pub fn momentum(&self) -> f64 {
                self.momentum
            }
        }
    }
}

fn make(lr: f64) -> train::optim::Sgd {
    train::optim::Sgd { lr, momentum: 0.9 }
}

fn main() {
    let s = make(0.1);
    println!("{} {}", s.lr, s.momentum());
}
""",
        rejects("E0451"),
    ),
    "module_path_types_and_literals_twin": (
        """\
// module-path struct literals rustc accepts, through self:: and super:: and a use
mod model {
    pub struct Dense {
        pub inputs: usize,
        pub outputs: usize,
    }
    pub mod cfg {
        pub struct Plan {
            pub layers: Vec<super::Dense>,
        }
        pub fn plan() -> Plan {
            Plan { layers: vec![super::Dense { inputs: 4, outputs: 2 }] }
        }
    }
    pub fn single() -> self::Dense {
        self::Dense { inputs: 1, outputs: 1 }
    }
}

use model::cfg;

fn main() {
    let p = cfg::Plan { layers: vec![model::Dense { inputs: 2, outputs: 3 }] };
    let q = cfg::plan();
    let s = model::single();
    let total: usize = p.layers.iter().chain(q.layers.iter()).map(|d| d.inputs * d.outputs).sum();
    println!("{} {}", total, s.inputs + s.outputs);
}
""",
        runs("14 2\n"),
    ),
    "module_path_types_twin": (
        """\
mod m { pub mod k { pub struct S { pub a: i32 } } pub struct T { pub b: i32 } }
fn f(x: m::T) -> m::k::S { m::k::S { a: x.b } }
fn main() { let s = f(m::T { b: 3 }); println!("{}", s.a); }
""",
        runs("3\n"),
    ),
    "spawn_borrowing_a_vec_in_println": (
        """\
fn main() {
    let v = vec![1];
    let h = std::thread::spawn(|| println!("{:?}", v));
    h.join().unwrap();
}
""",
        rejects("E0373"),
    ),
    "spawn_borrowing_by_a_method_after_use": (
        """\
use std::thread;

fn main() {
    let losses = vec![0.5f32, 0.25];
    let handle = thread::spawn(|| {
        let n = losses.len();
        n * 2
    });
    println!("{}", handle.join().unwrap());
}
""",
        rejects("E0373"),
    ),
}

test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)


# rustc runs these (the closure moves what it names); pbpit runs no threads: refused, no code.
SPAWNED = (
    """\
use std::thread;

fn main() {
    let losses = vec![0.5f32, 0.25];
    let handle = thread::spawn(move || losses.len() * 2);
    println!("{}", handle.join().unwrap());
}
""",
    """\
fn main() {
    let v = vec![1, 2];
    let h = std::thread::spawn(|| drop(v));
    h.join().unwrap();
    println!("done");
}
""",
)


def test_a_spawned_closure_that_moves_its_captures_is_refused_without_a_code() -> None:
    import rustc_differential as diff
    from rustc_verdicts import judge

    for source in SPAWNED:
        found = judge(source, diff.pbpit_verdict)
        assert found.state == "rejected" and found.codes == [""], found
        assert "thread::spawn" in found.detail, found.detail
