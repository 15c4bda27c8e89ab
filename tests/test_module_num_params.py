"""Burn's `Module::num_params(&self) -> usize` on a `#[derive(Module)]` struct, a library layer,
a module behind `M: AutodiffModule` and a `valid()` copy: the elements of every param (nested
modules, a `Vec` of layers, an `Option` that is `None` counting none). Was rustc's E0599, made
up (every derived module has it). A struct's own inherent `num_params` wins over the trait's, as
rustc resolves methods (a std twin, a `trait Module` whose default `num_params` gives 19 and
an inherent `num_params` giving 42, prints 42 under rustc 1.95).

Expected counts by hand: Linear(2, 3) has 2*3 + 3 = 9 params, Linear(3, 1) 3 + 1 = 4,
Linear(3, 2) without bias 6."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import pbpit_run

PROGRAM = """
use burn::{
    module::AutodiffModule,
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Inner {
    a: Linear,
}

#[derive(Module, Debug)]
pub struct Outer {
    inner: Inner,
    heads: Vec<Linear>,
    extra: Option<Linear>,
}

impl Inner {
    fn num_params(&self) -> usize {
        42
    }
}

fn report<M: AutodiffModule>(m: &M) -> usize {
    m.num_params()
}

fn main() {
    let device = Device::flex().autodiff();
    let outer = Outer {
        inner: Inner { a: LinearConfig::new(2, 3).init(&device) },
        heads: vec![
            LinearConfig::new(3, 1).init(&device),
            LinearConfig::new(3, 2).with_bias(false).init(&device),
        ],
        extra: None,
    };
    println!("{}", outer.num_params());
    println!("{}", outer.inner.num_params());
    println!("{}", outer.inner.a.num_params());
    println!("{}", report(&outer));
    let v = outer.valid();
    println!("{}", v.num_params());
}
"""

OLD = """
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::Linear;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    w: Linear<B>,
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let net: Net<B> = Net {
        w: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0, 2.0, 3.0]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.0, 0.0, 0.0], &device))),
        },
    };
    let n: usize = net.num_params();
    println!("{n} params");
}
"""


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def test_num_params_of_derived_library_generic_and_valid_modules(tmp_path):
    # outer: 9 + 4 + 6 = 19 (extra None); inner's own method 42; a: 9; through M: 19; valid: 19
    status, out, err = run(tmp_path, PROGRAM)
    assert (status, out) == (0, "19\n42\n9\n19\n19\n"), err


def test_num_params_in_the_older_dialect(tmp_path):
    status, out, err = run(tmp_path, OLD)
    assert (status, out) == (0, "6 params\n"), err


def test_other_module_methods_of_a_derived_struct_are_not_claimed_as_e0599(tmp_path):
    # rustc finds `to_device`, `no_grad`, `devices` on every `#[derive(Module)]` struct (Burn's
    # `Module` trait, in scope by the prelude): pbpit, which does not run them, must not say E0599.
    for call in ("to_device(&device)", "no_grad()", "devices()"):
        source = OLD.replace("let n: usize = net.num_params();", f"let _m = net.clone().{call};")
        source = source.replace('println!("{n} params");', "")
        status, out, err = run(tmp_path, source)
        assert status == 2 and out == "", (call, err)
        assert "E0599" not in err and "unsupported Rust: Burn's `Module::" in err, (call, err)
