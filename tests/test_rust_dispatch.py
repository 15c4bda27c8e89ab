"""Traits a program defines, used for dispatch: bounded type parameters and `where` clauses,
trait objects (`&dyn`, `Box<dyn>`, `Vec<Box<dyn>>`, `impl Trait`), associated consts and
functions (`T::NAME`, `T::new()`), closures and functions as values.

Expected values come from outside the interpreter: rustc 1.95's messages and positions for what
it rejects; gradients derived by hand (written in the program's comment). The std-only programs
whose goldens rustc recorded are `tests/rust/std/dispatch_*.rs` (run by test_rust_vs_rustc too).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from test_rust_interp import refusal, rust

STD = Path(__file__).parent / "rust" / "std"

BURN_TRAITS = """
//! A Burn user's own traits, chosen generically: two losses behind `Loss<B>`, a model behind
//! `Forward<B>` trained by `fn train<M: Forward<B>, B: AutodiffBackend>`, and the learning rate
//! from a `Box<dyn LrScheduler>`.
//!
//! By hand (x = [1, 2], y = [1, 3], w = 2): out = [2, 4], out - y = [1, 1].
//! mse: loss 1, d/dout = 2 (out - y) / 2 = [1, 1], grad w = 1 + 2 = 3; lr 0.5: w = 0.5,
//! then out - y = [-0.5, -2], loss (0.25 + 4) / 2 = 2.125, grad -0.5 - 4 = -4.5, w = 2.75.
//! mae: loss 1, d/dout = sign / 2 = [0.5, 0.5], grad 1.5; lr 0.5: w = 1.25, then lr 0.25:
//! out - y = [0.25, -0.5], loss 0.375, grad 0.5 - 1 = -0.5, w = 1.375.

use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

type B = Autodiff<NdArray>;

trait Loss<B: Backend> {
    fn loss(&self, out: Tensor<B, 2>, y: Tensor<B, 2>) -> Tensor<B, 1>;
    fn name(&self) -> String;
}

struct Mse;
struct Mae;

impl<B: Backend> Loss<B> for Mse {
    fn loss(&self, out: Tensor<B, 2>, y: Tensor<B, 2>) -> Tensor<B, 1> {
        (out - y).powi_scalar(2).mean()
    }
    fn name(&self) -> String {
        String::from("mse")
    }
}

impl<B: Backend> Loss<B> for Mae {
    fn loss(&self, out: Tensor<B, 2>, y: Tensor<B, 2>) -> Tensor<B, 1> {
        (out - y).abs().mean()
    }
    fn name(&self) -> String {
        String::from("mae")
    }
}

trait Forward<B: Backend> {
    fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2>;
    fn weight(&self) -> Tensor<B, 2>;
}

struct Scale<B: Backend> {
    w: Tensor<B, 2>,
}

impl<B: Backend> Forward<B> for Scale<B> {
    fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        x.matmul(self.w.clone())
    }
    fn weight(&self) -> Tensor<B, 2> {
        self.w.clone()
    }
}

trait LrScheduler {
    fn next_lr(&mut self) -> f32;
}

struct Constant {
    lr: f32,
}

struct Halving {
    lr: f32,
}

impl LrScheduler for Constant {
    fn next_lr(&mut self) -> f32 {
        self.lr
    }
}

impl LrScheduler for Halving {
    fn next_lr(&mut self) -> f32 {
        let lr = self.lr;
        self.lr = lr / 2.0;
        lr
    }
}

fn train<M: Forward<B>, B: AutodiffBackend, L: Loss<B>>(
    model: &M,
    loss: &L,
    x: Tensor<B, 2>,
    y: Tensor<B, 2>,
) -> (f32, f32) {
    let l = loss.loss(model.forward(x), y);
    let value = l.clone().into_scalar();
    let grads = l.backward();
    let g = model.weight().grad(&grads).unwrap();
    (value, g.into_scalar())
}

fn run<L: Loss<B>>(loss: L, mut schedule: Box<dyn LrScheduler>) {
    let device = Default::default();
    let x = Tensor::<B, 2>::from_floats([[1.0], [2.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [3.0]], &device);
    let mut w = 2.0;
    for step in 0..2 {
        let model = Scale { w: Tensor::<B, 2>::from_floats([[w]], &device).require_grad() };
        let (value, grad) = train(&model, &loss, x.clone(), y.clone());
        let lr = schedule.next_lr();
        w = w - lr * grad;
        println!("{} step {step}: loss = {value}, grad = {grad}, lr = {lr}, w = {w}", loss.name());
    }
}

fn main() {
    run(Mse, Box::new(Constant { lr: 0.5 }));
    run(Mae, Box::new(Halving { lr: 0.5 }));
}
"""


def test_a_burn_users_own_traits_dispatch_generically_and_as_trait_objects(tmp_path):
    run = rust(tmp_path, BURN_TRAITS)
    assert run.panic is None
    # By hand, as the program's comment derives it.
    assert run.stdout == (
        "mse step 0: loss = 1, grad = 3, lr = 0.5, w = 0.5\n"
        "mse step 1: loss = 2.125, grad = -4.5, lr = 0.5, w = 2.75\n"
        "mae step 0: loss = 1, grad = 1.5, lr = 0.5, w = 1.25\n"
        "mae step 1: loss = 0.375, grad = -0.5, lr = 0.25, w = 1.375\n"
    )


@pytest.mark.parametrize("name", ["dispatch_generic_bounds", "dispatch_dyn", "dispatch_closures"])
def test_dispatch_programs_print_what_rustc_printed(tmp_path, name):
    run = rust(tmp_path, (STD / f"{name}.rs").read_text())
    assert run.panic is None
    assert run.stdout == (STD / f"{name}.stdout").read_text()


def test_generic_function_calls_every_method_of_its_bound(tmp_path):
    run = rust(
        tmp_path,
        """
        trait Shape {
            fn area(&self) -> f32;
            fn sides(&self) -> i32;
        }
        struct Sq {
            s: f32,
        }
        impl Shape for Sq {
            fn area(&self) -> f32 {
                self.s * self.s
            }
            fn sides(&self) -> i32 {
                4
            }
        }
        fn both<T: Shape>(t: &T) -> String {
            format!("{} {} {}", t.area(), t.sides(), t.area())
        }
        fn main() {
            println!("{}", both(&Sq { s: 3.0 }));
        }
        """,
    )
    assert run.stdout == "9 4 9\n"


SHAPE = "trait Shape {\n    fn area(&self) -> f32;\n}\nstruct Line {\n    len: f32,\n}\n"


@pytest.mark.parametrize(
    ("source", "needle", "what"),
    [
        (  # rustc 1.95: e1.rs:20:28, at `&l`
            SHAPE + "fn area_of<T: Shape>(t: &T) -> f32 {\n    t.area()\n}\n"
            "fn main() {\n    let l = Line { len: 1.0 };\n    let a = area_of(&l);\n}\n",
            "&l",
            "the trait bound `Line: Shape` is not satisfied (rustc rejects it: error[E0277])",
        ),
        (  # `where` clause: the same
            SHAPE + "fn area_of<T>(t: &T) -> f32\nwhere\n    T: Shape,\n{\n    t.area()\n}\n"
            "fn main() {\n    let a = area_of(&Line { len: 1.0 });\n}\n",
            "&Line",
            "the trait bound `Line: Shape` is not satisfied (rustc rejects it: error[E0277])",
        ),
        (  # a cast from `&Line` to `&dyn Shape`
            SHAPE + "fn show(s: &dyn Shape) -> f32 {\n    s.area()\n}\n"
            "fn main() {\n    let l = Line { len: 1.0 };\n    let a = show(&l);\n}\n",
            "&l",
            "the trait bound `Line: Shape` is not satisfied (rustc rejects it: error[E0277])",
        ),
        (  # from `Box<Line>` to `Box<dyn Shape>`: at `Box::new`
            SHAPE + "fn main() {\n"
            "    let v: Vec<Box<dyn Shape>> = vec![Box::new(Line { len: 1.0 })];\n}\n",
            "Box::new",
            "the trait bound `Line: Shape` is not satisfied (rustc rejects it: error[E0277])",
        ),
        (
            SHAPE + "fn area_of<T: Shape>(t: &T) -> f32 {\n    t.perimeter()\n}\nfn main() {}\n",
            "perimeter",
            "no method named `perimeter` found for reference `&T` in the current scope (rustc "
            "rejects it: error[E0599])",
        ),
        (
            SHAPE + "fn show(s: &dyn Shape) -> f32 {\n    s.volume()\n}\nfn main() {}\n",
            "volume",
            "no method named `volume` found for reference `&dyn Shape` in the current scope "
            "(rustc rejects it: error[E0599])",
        ),
    ],
)
def test_what_rustc_rejects_about_bounds_is_refused_with_its_words(tmp_path, source, needle, what):
    err, where = refusal(tmp_path, source)
    assert (err.where, err.what) == (where.at(needle), what)
