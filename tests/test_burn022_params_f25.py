"""Burn's param ids and what takes one (burn_params.py), `Shape` as a written type, a
`PhantomData<B>` of a backend (phantom.py), as Burn defines them: burn-core's `Param` has `pub id:
ParamId`; burn-optim's `GradientsParams` has `get::<D>`, `remove::<D>`, `register`, `len`,
`is_empty` (the older dialect's `remove::<B, D>` names the backend first); `Shape` is in Burn's
prelude. Oracle: each output derived by hand beside the program (a linear layer's gradient is
`x^T @ dL/dout`; SGD's step `w - lr * g`)."""

from __future__ import annotations

import pytest
from pbpit_process import pbpit_run

PROGRAMS = {
    "ids_by_helper_0_22": (
        """\
use burn::optim::{GradientsParams, SgdConfig, Optimizer};
use burn::nn::Linear;
use burn::module::Param;
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    first: Linear,
    second: Linear,
}

fn ids(net: &Net) -> (burn::module::ParamId, burn::module::ParamId) {
    (net.first.weight.id, net.second.weight.id)
}

fn main() {
    let device = Device::default().autodiff();
    let mut net = Net {
        first: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[3.0]], &device)),
            bias: None,
        },
        second: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.5]], &device)),
            bias: None,
        },
    };
    let (a, b) = ids(&net);
    let x = Tensor::<2>::from_floats([[2.0]], &device);
    let loss = net.second.forward(net.first.forward(x)).sum();
    let mut grads = GradientsParams::from_grads(loss.backward(), &net);
    println!("{} {}", grads.len(), grads.is_empty());
    let ga = grads.get::<2>(a).unwrap();
    println!("{:?}", ga.into_data().to_vec::<f32>().unwrap());
    if let Some(gb) = grads.remove::<2>(b) {
        println!("second {:?}", gb.into_data().to_vec::<f32>().unwrap());
    }
    println!("{}", grads.len());
    let mut optim = SgdConfig::new().init();
    net = optim.step(1.0, net, grads);
    let first = net.first.weight.val().into_data().to_vec::<f32>().unwrap();
    let second = net.second.weight.val().into_data().to_vec::<f32>().unwrap();
    println!("{:?} {:?}", first, second);
}
""",
        # w1 = 3, w2 = 0.5, x = 2: h = 6; dL/dw1 = x * w2 = 1, dL/dw2 = h = 6; w2's gradient
        # removed, so the step (lr 1) moves w1 only: 3 - 1 = 2
        "2 false\n[1.0]\nsecond [6.0]\n1\n[2.0] [0.5]\n",
    ),
    "shape_written_0_22": (
        """\
use burn::prelude::*;

fn count(s: Shape) -> usize {
    s.num_elements()
}

struct Report {
    shape: Shape,
    name: String,
}

fn main() {
    let device = Device::default();
    let t = Tensor::<3>::zeros([2, 3, 4], &device);
    let s: Shape = t.shape();
    let r = Report { shape: t.shape(), name: String::from("t") };
    println!("{} {} {:?}", count(s.clone()), r.name, r.shape.dims::<3>());
    let other: burn::tensor::Shape = Tensor::<1>::ones([5], &device).shape();
    println!("{}", count(other));
}
""",
        # 2 * 3 * 4 elements; a [5] tensor's shape
        "24 t [2, 3, 4]\n5\n",
    ),
    "inner_backend_remove_older": (
        """\
use burn::backend::{Autodiff, NdArray};
use burn::module::{AutodiffModule, Param};
use burn::nn::Linear;
use burn::optim::GradientsParams;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

fn weight_grad<B: AutodiffBackend>(net: &Net<B>, x: Tensor<B, 2>) -> Vec<f32> {
    let loss = net.fc.forward(x).sum();
    let mut grads = GradientsParams::from_grads(loss.backward(), net);
    let g = grads.remove::<B::InnerBackend, 2>(net.fc.weight.id).unwrap();
    g.into_data().to_vec::<f32>().unwrap()
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let w = Tensor::<B, 2>::from_floats([[1.0, -1.0], [0.5, 2.0]], &device);
    let net: Net<B> = Net { fc: Linear { weight: Param::from_tensor(w), bias: None } };
    let x = Tensor::<B, 2>::from_floats([[3.0, 4.0]], &device);
    println!("{:?}", weight_grad(&net, x));
}
""",
        # loss = sum(x @ W): dW = x^T @ ones = [[3, 3], [4, 4]]
        "[3.0, 3.0, 4.0, 4.0]\n",
    ),
    "phantom_backend_field_older": (
        """\
use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;
use std::marker::PhantomData;
struct Holder<B: Backend> {
    n: usize,
    _b: PhantomData<B>,
}
impl<B: Backend> Holder<B> {
    fn bump(&mut self) -> usize { self.n += 1; self.n }
}
fn main() {
    type B = Autodiff<NdArray>;
    let mut h: Holder<B> = Holder { n: 0, _b: PhantomData };
    h.bump();
    println!("{}", h.bump());
    let mut k = Holder::<NdArray> { n: 5, _b: PhantomData };
    println!("{}", k.bump());
}
""",
        # bump counts: 1, 2; then 5 + 1
        "2\n6\n",
    ),
    "remove_turbofish_ndarray_older": (
        """\
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::Linear;
use burn::optim::GradientsParams;
use burn::prelude::*;
#[derive(Module, Debug)]
pub struct Net<B: Backend> { fc: Linear<B> }
fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let weight = Param::from_tensor(Tensor::from_floats([[1.0]], &device));
    let model: Net<B> = Net { fc: Linear { weight, bias: None } };
    let loss = model.fc.forward(Tensor::<B, 2>::from_floats([[2.0]], &device)).sum();
    let mut grads = GradientsParams::from_grads(loss.backward(), &model);
    let g = grads.remove::<NdArray, 2>(model.fc.weight.id);
    println!("{:?} {}", g.map(|t| t.into_data().to_vec::<f32>().unwrap()), grads.len());
}
""",
        # loss = w * x, w = 1, x = 2: dL/dw = 2; removed, none left
        "Some([2.0]) 0\n",
    ),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_runs_as_derived(name, tmp_path):
    source, expected = PROGRAMS[name]
    path = tmp_path / "main.rs"
    path.write_text(source)
    status, stdout, stderr = pbpit_run(path)
    assert (status, stdout, stderr) == (0, expected, "")
