"""Programs on which pbpit must give rustc's verdict about std's operator traits implemented
by the program's structs (`impl Add for V`, `impl Mul<f32> for V`, `impl Neg`, `impl
AddAssign`: op_traits.py): the operands moved or copied as rustc's desugaring to
`Add::add(a, b)` moves or copies them, the impl's items and scope checked as rustc checks them,
with programs rustc runs beside them so that a rule refusing too much fails too.

Each verdict was recorded from rustc 1.95 (`rustc --edition 2021 -C debug-assertions=on`, its
binary run with `RUST_BACKTRACE=0`): `rejects(code)` is the first error code rustc reports,
`runs(stdout, status, stderr)` what its binary printed. Where rustc is on PATH, a test checks
that the recorded verdicts are still rustc's.
"""

from __future__ import annotations

from rustc_verdicts import rejects, runs, verdict_tests

CASES = {
    "add_assign_not_mut": (
        """\
use std::ops::AddAssign;
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl AddAssign for V { fn add_assign(&mut self, o: V) { self.x += o.x; } }
fn main() {
    let c = V { x: 1.0 };
    c += V { x: 2.0 };
    println!("{:?}", c);
}
""",
        rejects("E0596"),
    ),
    "add_assign_mut_runs": (
        """\
use std::ops::AddAssign;
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl AddAssign for V { fn add_assign(&mut self, o: V) { self.x += o.x; } }
fn main() {
    let mut c = V { x: 1.0 };
    let d = c;
    c += V { x: 2.0 };
    println!("{:?} {:?}", c, d);
}
""",
        runs("V { x: 3.0 } V { x: 1.0 }\n"),
    ),
    "conflicting_impls": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
impl Add for V { type Output = V; fn add(self, o: V) -> V { o } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a + a);
}
""",
        rejects("E0119"),
    ),
    "moved_by_add": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
impl Neg for V { type Output = V; fn neg(self) -> V { V { x: -self.x } } }
impl AddAssign for V { fn add_assign(&mut self, o: V) { self.x += o.x; } }
fn main() {
    let a = V { x: 1.0 };
    let b = V { x: 2.0 };
    let c = a + b;
    println!("{:?} {:?}", c, a);
}
""",
        rejects("E0382"),
    ),
    "moved_by_neg": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
impl Neg for V { type Output = V; fn neg(self) -> V { V { x: -self.x } } }
impl AddAssign for V { fn add_assign(&mut self, o: V) { self.x += o.x; } }
fn main() {
    let a = V { x: 1.0 };
    let b = -a;
    println!("{:?} {:?}", b, a);
}
""",
        rejects("E0382"),
    ),
    "moved_by_add_assign": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
impl Neg for V { type Output = V; fn neg(self) -> V { V { x: -self.x } } }
impl AddAssign for V { fn add_assign(&mut self, o: V) { self.x += o.x; } }
fn main() {
    let mut a = V { x: 1.0 };
    let b = V { x: 2.0 };
    a += b;
    println!("{:?} {:?}", a, b);
}
""",
        rejects("E0382"),
    ),
    "not_moved_when_copy": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    let b = a + a;
    println!("{:?} {:?}", b, a + b);
}
""",
        runs("V { x: 2.0 } V { x: 3.0 }\n"),
    ),
    "missing_output": (
        """\
use std::ops::Add;
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a + a);
}
""",
        rejects("E0046"),
    ),
    "trait_not_imported": (
        """\
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a + a);
}
""",
        rejects("E0405"),
    ),
    "path_without_use_runs": (
        """\
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl std::ops::Add for V {
    type Output = Self;
    fn add(self, o: Self) -> Self::Output { V { x: self.x + o.x } }
}
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a + a + a);
}
""",
        runs("V { x: 3.0 }\n"),
    ),
    "method_by_name_needs_use": (
        """\
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl std::ops::Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a.add(a));
}
""",
        rejects("E0599"),
    ),
    "method_by_name_with_use": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a.add(a));
}
""",
        runs("V { x: 2.0 }\n"),
    ),
    "wrong_right_operand": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a + 1.0);
}
""",
        rejects("E0308"),
    ),
    "operator_missing": (
        """\
use std::ops::{Add, AddAssign, Neg};
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Add for V { type Output = V; fn add(self, o: V) -> V { V { x: self.x + o.x } } }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a - a);
}
""",
        rejects("E0369"),
    ),
    "scalar_and_vector_mul": (
        """\
use std::ops::Mul;
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
impl Mul<f32> for V { type Output = V; fn mul(self, k: f32) -> V { V { x: self.x * k } } }
impl Mul for V { type Output = f32; fn mul(self, o: V) -> f32 { self.x * o.x } }
fn main() {
    let a = V { x: 1.5 };
    let k = 2.0;
    println!("{:?} {}", a * k, a * a);
}
""",
        runs("V { x: 3.0 } 2.25\n"),
    ),
    "operator_missing_mul": (
        """\
#[derive(Debug, Clone, Copy)]
struct V { x: f32 }
fn main() {
    let a = V { x: 1.0 };
    println!("{:?}", a * a);
}
""",
        rejects("E0369"),
    ),
    "add_assign_through_a_shared_reference": (
        """\
use std::ops::{AddAssign, MulAssign};
#[derive(Debug, Clone, Copy)]
struct V {
    x: f32,
}
impl AddAssign for V {
    fn add_assign(&mut self, o: V) {
        self.x += o.x;
    }
}
impl MulAssign<f32> for V {
    fn mul_assign(&mut self, k: f32) {
        self.x *= k;
    }
}
fn main() {
    let a = V { x: 1.0 };
    let mut d = &a;
    d += V { x: 2.0 };
    println!("{:?}", d);
}
""",
        rejects("E0368"),
    ),
    "add_assign_to_a_field_of_shared_self": (
        """\
use std::ops::{AddAssign, MulAssign};
#[derive(Debug, Clone, Copy)]
struct V {
    x: f32,
}
impl AddAssign for V {
    fn add_assign(&mut self, o: V) {
        self.x += o.x;
    }
}
impl MulAssign<f32> for V {
    fn mul_assign(&mut self, k: f32) {
        self.x *= k;
    }
}
struct B {
    p: V,
}
impl B {
    fn step(&self) {
        self.p += V { x: 1.0 };
    }
}
fn main() {
    let b = B { p: V { x: 0.0 } };
    b.step();
    println!("{:?}", b.p);
}
""",
        rejects("E0596"),
    ),
    "mul_assign_not_mut": (
        """\
use std::ops::{AddAssign, MulAssign};
#[derive(Debug, Clone, Copy)]
struct V {
    x: f32,
}
impl AddAssign for V {
    fn add_assign(&mut self, o: V) {
        self.x += o.x;
    }
}
impl MulAssign<f32> for V {
    fn mul_assign(&mut self, k: f32) {
        self.x *= k;
    }
}
fn main() {
    let d = V { x: 1.0 };
    d *= 3.0;
    println!("{:?}", d);
}
""",
        rejects("E0596"),
    ),
    "number_mul_assign_not_mut_beside_a_struct_impl": (
        """\
use std::ops::{AddAssign, MulAssign};
#[derive(Debug, Clone, Copy)]
struct V {
    x: f32,
}
impl AddAssign for V {
    fn add_assign(&mut self, o: V) {
        self.x += o.x;
    }
}
impl MulAssign<f32> for V {
    fn mul_assign(&mut self, k: f32) {
        self.x *= k;
    }
}
fn main() {
    let n = 2.0;
    n *= 3.0;
    println!("{}", n);
}
""",
        rejects("E0384"),
    ),
    "mul_assign_field_of_a_mut_struct": (
        """\
use std::ops::{AddAssign, MulAssign};
#[derive(Debug, Clone, Copy)]
struct V {
    x: f32,
}
impl AddAssign for V {
    fn add_assign(&mut self, o: V) {
        self.x += o.x;
    }
}
impl MulAssign<f32> for V {
    fn mul_assign(&mut self, k: f32) {
        self.x *= k;
    }
}
struct B {
    p: V,
}
fn main() {
    let mut b = B { p: V { x: 2.0 } };
    b.p *= 3.0;
    b.p += V { x: 1.0 };
    println!("{:?}", b.p);
}
""",
        runs("V { x: 7.0 }\n"),
    ),
}


test_pbpit_gives_rustcs_verdict, test_the_recorded_verdicts_are_rustcs = verdict_tests(CASES)
