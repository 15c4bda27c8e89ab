"""`model: &impl AutodiffModule<B>` (and Burn 0.22's `&impl AutodiffModule`, `impl Module`): a
module parameter written with argument-position `impl Trait`, which rustc reads as an anonymous
type parameter `M: AutodiffModule<B>`: run as the named form runs (`valid()`, `num_params()`,
`clone()`), and a struct that is no module given to it refused as the named form refuses it.

Expected outputs by hand (a Linear(2, 2) with bias has 6 params; [1, 1] times its weight)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from pbpit_process import pbpit_run

NEW = """
use burn::{
    module::{AutodiffModule, Param},
    nn::Linear,
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

fn count(model: &impl AutodiffModule) -> usize {
    model.num_params()
}

fn main() {
    let device = Device::flex().autodiff();
    let net = Net {
        fc: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0, 2.0], [3.0, 4.0]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.0, 0.0], &device))),
        },
    };
    println!("{}", count(&net));
    let copy = net.clone();
    let x = Tensor::<2>::from_floats([[1.0, 1.0]], &device);
    println!("{:?}", copy.fc.forward(x).into_data().to_vec::<f32>().unwrap());
}
"""

OLD = """
use burn::backend::{Autodiff, NdArray};
use burn::module::{AutodiffModule, Param};
use burn::nn::Linear;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

struct Point {
    x: f32,
}

fn size<B: AutodiffBackend>(model: &impl AutodiffModule<B>) -> usize {
    let inner = model.valid();
    inner.num_params()
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let net: Net<B> = Net {
        fc: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0, 2.0]], &device)),
            bias: None,
        },
    };
    println!("{}", size::<B>(&net));
}
"""


def run(tmp_path: Path, source: str) -> tuple[int, str, str]:
    path = tmp_path / "main.rs"
    path.write_text(textwrap.dedent(source).lstrip("\n"), encoding="utf-8")
    return pbpit_run(path)


def test_impl_autodiff_module_in_burn_022(tmp_path):
    status, out, err = run(tmp_path, NEW)
    assert (status, out) == (0, "6\n[4.0, 6.0]\n"), err


def test_impl_autodiff_module_of_b_valid_in_the_older_dialect(tmp_path):
    status, out, err = run(tmp_path, OLD)
    assert (status, out) == (0, "2\n"), err


def test_a_struct_that_is_no_module_given_to_impl_autodiff_module_is_refused(tmp_path):
    # rustc: E0277, the trait bound `Point: AutodiffModule<..>` is not satisfied.
    source = OLD.replace(
        'println!("{}", size::<B>(&net));',
        'println!("{}", size::<B>(&net));\n    println!("{}", size::<B>(&Point { x: 1.0 }));',
    )
    status, out, err = run(tmp_path, source)
    assert status != 0 and out == ""
    assert "the trait bound `Point: AutodiffModule<B>` is not satisfied" in err, err
