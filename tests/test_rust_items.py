"""The Rust items a Burn user's program is made of: structs, impls, traits, tuples, patterns.

Expected values come from outside the interpreter: rustc's messages and spans for what it
rejects, node ids and gradients derived by hand from Burn's rules (a leaf is created with the
next id; `clone` keeps the id; each op makes the next; a backward consumes the steps it went
through), numbers computed with numpy in f32 as Burn's kernels do. The std-only programs with
goldens recorded from rustc are `tests/rust/std/structs.rs`, `tuples.rs`, `traits.rs`.
"""

from __future__ import annotations

import numpy as np
import pytest
from test_rust_interp import refusal, rust

from pbpit.engine.server import SERVER_LOCATION

MODEL = """
use burn::tensor::{backend::AutodiffBackend, Tensor};

struct Model<B: AutodiffBackend> {
    w: Tensor<B, 1>,
    b: Tensor<B, 1>,
}

impl<B: AutodiffBackend> Model<B>
where
    B: AutodiffBackend,
{
    pub fn new(device: &B::Device) -> Self {
        let w = Tensor::<B, 1>::from_floats([0.5, 1.0], device).require_grad();
        let b = Tensor::from_floats([0.1, 0.2], device).require_grad();
        Self { w, b }
    }

    fn forward(&self, x: Tensor<B, 1>) -> Tensor<B, 1> {
        x * self.w.clone() + self.b.clone()
    }
}

fn v<B: AutodiffBackend>(t: Option<Tensor<B::InnerBackend, 1>>) -> Vec<f32> {
    t.unwrap().into_data().to_vec::<f32>().unwrap()
}

fn train<B: AutodiffBackend>(device: &B::Device) {
    let model = Model::<B>::new(device);
    for step in 0..2 {
        let x = Tensor::<B, 1>::from_floats([2.0, 3.0], device);
        let grads = model.forward(x).sum().backward();
        println!("{step}: {:?} {:?}", v::<B>(model.w.grad(&grads)), v::<B>(model.b.grad(&grads)));
    }
}

fn main() {
    let device = Default::default();
    train::<burn::backend::Autodiff<burn::backend::NdArray>>(&device);
}
"""


def test_a_struct_of_tensor_parameters_with_a_forward_method_trains(tmp_path):
    run = rust(tmp_path, MODEL)
    assert run.panic is None, run.panic
    # d/dw sum(x * w + b) = x, d/db = 1; the parameters are leaves, reused every step.
    assert run.stdout == "0: [2.0, 3.0] [1.0, 1.0]\n1: [2.0, 3.0] [1.0, 1.0]\n"


CACHED = """
use burn::tensor::{backend::AutodiffBackend, Tensor};

struct Encoder<B: AutodiffBackend> {
    w: Tensor<B, 1>,
    feats: Tensor<B, 1>,
}

impl<B: AutodiffBackend> Encoder<B> {
    fn new(device: &B::Device) -> Self {
        let w = Tensor::<B, 1>::from_floats([0.5, 1.0], device).require_grad();
        let feats = w.clone().exp();
        Self { w, feats }
    }

    fn loss(&self) -> Tensor<B, 1> {
        (self.feats.clone() * 2.0).sum()
    }

    fn refresh(&mut self) {
        self.feats = self.w.clone().exp();
    }
}

fn main() {
    let device = Default::default();
    let mut enc = Encoder::<burn::backend::Autodiff<burn::backend::NdArray>>::new(&device);
    for step in 0..2 {
        REFRESH
        let grads = enc.loss().backward();
        let g = enc.w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap());
        println!("step {step}: {:?}", g);
    }
}
"""


def test_a_cached_feature_in_a_struct_field_panics_at_its_node_on_the_second_backward(tmp_path):
    run = rust(tmp_path, CACHED.replace("REFRESH", ""))
    # w: leaf NodeId(0); feats = exp: NodeId(1), made once; pass 0: mul_scalar 2, sum 3,
    # backward consumes 3, 2, 1; pass 1: mul_scalar 4, sum 5, backward finds 1 consumed.
    assert run.panic is not None and run.panic.node_id == 1
    assert "graph tape has already been consumed at NodeId(1)" in run.panic.message
    assert run.panic.location == SERVER_LOCATION
    # d/dw sum(2 exp(w)) = 2 exp(w): exp correctly rounded to f32 (as glibc's expf), times 2.
    expected = [np.float32(2.0) * np.float32(np.exp(w)) for w in (0.5, 1.0)]
    printed = run.stdout.removeprefix("step 0: Some([").removesuffix("])\n").split(", ")
    assert [np.float32(p) for p in printed] == expected
    assert run.stdout.count("\n") == 1


def test_a_struct_field_assigned_anew_each_pass_does_not_panic(tmp_path):
    run = rust(tmp_path, CACHED.replace("REFRESH", "enc.refresh();"))
    assert run.panic is None, run.panic
    first, second = run.stdout.splitlines()
    assert first.removeprefix("step 0: ") == second.removeprefix("step 1: ")


def test_a_struct_moved_to_another_binding_keeps_its_tensors_node_ids(tmp_path):
    run = rust(
        tmp_path,
        """
        use burn::tensor::{Device, Tensor};

        struct Holder {
            t: Tensor<1>,
        }

        fn wrap(t: Tensor<1>) -> Holder {
            Holder { t }
        }

        fn main() {
            let device = Device::flex().autodiff();
            let x = Tensor::<1>::from_floats([1.0], &device).require_grad();
            let h = wrap(x.clone().exp());
            let moved = h;
            let _ = (moved.t.clone() * 1.0).sum().backward();
            let _ = (moved.t.clone() * 1.0).sum().backward();
        }
        """,
    )
    # x: 0, exp: 1 (the field), mul 2, sum 3, then mul 4, sum 5: the field is NodeId(1).
    assert run.panic is not None and run.panic.node_id == 1


def test_a_trait_the_program_defines_dispatches_statically_with_default_methods(tmp_path):
    run = rust(
        tmp_path,
        """
        trait Describe {
            fn name(&self) -> String;
            fn twice(&self) -> String {
                format!("{} {}", self.name(), self.name())
            }
        }

        struct A;
        struct B {
            n: i32,
        }

        impl Describe for A {
            fn name(&self) -> String {
                "a".to_string()
            }
        }

        impl Describe for B {
            fn name(&self) -> String {
                format!("b{}", self.n)
            }
            fn twice(&self) -> String {
                String::from("own")
            }
        }

        fn main() {
            println!("{} {} {}", A.twice(), B { n: 2 }.twice(), Describe::name(&B { n: 3 }));
        }
        """,
    )
    assert run.stdout == "a a own b3\n"


@pytest.mark.parametrize(
    ("source", "needle", "what"),
    [
        (
            "struct P { x: f32, y: f32 }\nfn main() {\n    let p = P { x: 1.0 };\n}\n",
            "P { x: 1.0 }",
            "missing field `y` in initializer of `P` (rustc rejects it: error[E0063])",
        ),
        (
            "struct P { x: f32 }\nfn main() {\n    let p = P { x: 1.0, z: 2.0 };\n}\n",
            "z: 2.0",
            "struct `P` has no field named `z` (rustc rejects it: error[E0560])",
        ),
        (
            "struct P { x: f32 }\nfn main() {\n    let p = P { x: 1.0 };\n    let z = p.z;\n}\n",
            "z;",
            "no field `z` on type `P` (rustc rejects it: error[E0609])",
        ),
        (
            "struct P { x: f32 }\nimpl P {\n    fn f(&self) {\n        self.x = 2.0;\n    }\n}\n"
            "fn main() {}\n",
            "self.x = 2.0",
            "cannot assign to `self.x`, which is behind a `&` reference (rustc rejects it: "
            "error[E0594])",
        ),
        (
            "struct P { x: f32 }\nfn main() {\n    let p = P { x: 1.0 };\n    p.x = 2.0;\n}\n",
            "p.x = 2.0",
            "cannot assign to `p.x`, as `p` is not declared as mutable (rustc rejects it: "
            "error[E0594])",
        ),
        (
            "struct P { x: f32 }\nimpl P {\n    fn set(&mut self) {\n        self.x = 2.0;\n"
            "    }\n}\nfn main() {\n    let p = P { x: 1.0 };\n    p.set();\n}\n",
            "p.set",
            "cannot borrow `p` as mutable, as it is not declared as mutable (rustc rejects it: "
            "error[E0596])",
        ),
        (
            "struct P { x: f32 }\nfn main() {\n    let p = P { x: 1.0 };\n    p.go();\n}\n",
            "go",
            "no method named `go` found for struct `P` in the current scope (rustc rejects it: "
            "error[E0599])",
        ),
        (
            "struct P { x: f32 }\nfn main() {\n    let p = P::make();\n}\n",
            "make",
            "no function or associated item named `make` found for struct `P` in the current "
            "scope (rustc rejects it: error[E0599])",
        ),
        (
            "struct P { x: f32 }\nfn main() {\n    let p = P { x: 1.0 };\n"
            '    println!("{:?}", p);\n}\n',
            "p)",
            "`P` doesn't implement `Debug` (add `#[derive(Debug)]`; rustc rejects it: "
            "error[E0277])",
        ),
        (  # (a field moved out of what `r` refers to, rustc's E0507: refused)
            "#[derive(Clone)]\nstruct P { x: f32, s: String }\nfn main() {\n"
            "    let p = P { x: 1.0, s: String::new() };\n    let r = &p;\n"
            "    let q = P { x: 3.0, ..*r };\n}\n",
            "..*r",
            "`..*r` moving its field `s` (write `..*r.clone()` or every such field)",
        ),
        (
            "struct P { x: f32, y: f32 }\nfn main() {\n"
            "    let P { x } = P { x: 1.0, y: 2.0 };\n}\n",
            "P { x }",
            "pattern does not mention field `y` (rustc rejects it: error[E0027])",
        ),
        (  # rustc 1.95: the same E0027 at the pattern of a `match` arm
            "struct P { x: f32, y: f32 }\nfn main() {\n    let p = P { x: 1.0, y: 2.0 };\n"
            "    match p {\n        P { x } => {}\n    }\n}\n",
            "P { x }",
            "pattern does not mention field `y` (rustc rejects it: error[E0027])",
        ),
        (
            "static mut N: i32 = 0;\nfn main() {}\n",
            "static mut",
            "`static mut` items (use a `let mut` in `main`)",
        ),
        (
            "enum E {\n    A,\n}\nfn main() {\n    let e = E::B;\n}\n",
            "B;",
            "no variant or associated item named `B` found for enum `E` in the current scope "
            "(rustc rejects it: error[E0599])",
        ),
        (
            "enum E {\n    A,\n    B,\n}\nfn main() {\n    let e = E::A;\n"
            "    let n = match e {\n        E::A => 1,\n        E::B if n0() => 2,\n    };\n}\n"
            "fn n0() -> bool {\n    true\n}\n",
            "e {",  # (rustc 1.95: E0004, no guarded arm counting: `B` is named by none other)
            "non-exhaustive patterns: `B` not covered (rustc rejects it: error[E0004])",
        ),
        (
            "trait T {\n    fn f(&self);\n}\nstruct S;\nimpl T for S {}\nfn main() {}\n",
            "impl T",
            "not all trait items implemented, missing: `f` (rustc rejects it: error[E0046])",
        ),
    ],
)
def test_what_rustc_rejects_about_items_is_refused_with_its_words(tmp_path, source, needle, what):
    err, where = refusal(tmp_path, source)
    assert (err.where, err.what) == (where.at(needle), what)


def test_a_struct_used_after_it_was_moved_is_rustcs_e0382(tmp_path):
    err, where = refusal(
        tmp_path,
        "struct P { x: f32 }\nfn take(p: P) {}\nfn main() {\n    let p = P { x: 1.0 };\n"
        "    take(p);\n    let y = p.x;\n}\n",
    )
    assert err.where == where.at("p.x")
    assert "moved value: `p`" in err.what and "E0382" in err.what


def test_a_method_taking_self_moves_its_receiver(tmp_path):
    err, where = refusal(
        tmp_path,
        "struct P { x: f32 }\nimpl P {\n    fn eat(self) {}\n}\nfn main() {\n"
        "    let p = P { x: 1.0 };\n    p.eat();\n    p.eat();\n}\n",
    )
    assert err.where == where.at("p.eat", 1)
    assert "moved value: `p`" in err.what


def test_an_operation_rustc_knows_always_panics_inside_a_struct_expression_is_refused(tmp_path):
    err, where = refusal(
        tmp_path, "struct P {\n    x: i32,\n}\nfn main() {\n    let p = P { x: 1 / 0 };\n}\n"
    )
    assert err.where == where.at("1 / 0")
    assert err.what.startswith("this operation will panic at runtime")
