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
    "frozen_ids_struct_0_22": (
        """\
use burn::module::{Param, ParamId};
use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Head {
    proj: Linear,
}

struct Freezer {
    frozen: Vec<ParamId>,
}

impl Freezer {
    fn apply(&self, mut grads: GradientsParams) -> GradientsParams {
        for id in self.frozen.iter() {
            let _dropped: Option<Tensor<2>> = grads.remove(*id);
        }
        grads
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut head = Head {
        proj: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[2.0], [-1.0]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.5], &device))),
        },
    };
    let freezer = Freezer { frozen: vec![head.proj.weight.id] };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 1.0]], &device);
    for step in 0..2 {
        let out = head.proj.forward(x.clone());
        let loss = out.clone().powf_scalar(2.0).sum();
        let grads = freezer.apply(GradientsParams::from_grads(loss.backward(), &head));
        println!("step {} grads {} empty {}", step, grads.len(), grads.is_empty());
        head = optim.step(0.25, head, grads);
    }
    let w = head.proj.weight.val().into_data().to_vec::<f32>().unwrap();
    let b = head.proj.bias.as_ref().unwrap().val().into_data().to_vec::<f32>().unwrap();
    println!("{:?} {:?}", w, b);
}
""",
        # out = 2 - 1 + 0.5 = 1.5, dL/dout = 3: b = 0.5 - 0.25 * 3 = -0.25; then out = 0.75,
        # dL/dout = 1.5: b = -0.625; the weight's gradient removed each step: unchanged
        "step 0 grads 1 empty false\nstep 1 grads 1 empty false\n[2.0, -1.0] [-0.625]\n",
    ),
    "shape_returned_0_22": (
        """\
use burn::prelude::*;

fn batch_shape(t: &Tensor<2>) -> Shape {
    t.shape()
}

fn main() {
    let device = Device::default();
    let t = Tensor::<2>::ones([4, 3], &device);
    let s: Shape = batch_shape(&t);
    let [rows, cols] = s.dims::<2>();
    println!("{} {} {}", rows, cols, s.num_elements());
    let shapes: Vec<Shape> = vec![t.shape(), Tensor::<2>::zeros([1, 2], &device).shape()];
    let total: usize = shapes.iter().map(|s| s.num_elements()).sum();
    println!("{}", total);
}
""",
        # 4 * 3 = 12 elements; 12 + 1 * 2
        "4 3 12\n14\n",
    ),
    "inner_backend_annotated_older": (
        """\
use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::Linear;
use burn::optim::GradientsParams;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Probe<B: Backend> {
    layer: Linear<B>,
}

struct GradWatch<B: AutodiffBackend> {
    norms: Vec<f32>,
    _marker: std::marker::PhantomData<B>,
}

impl<B: AutodiffBackend> GradWatch<B> {
    fn observe(&mut self, probe: &Probe<B>, loss: Tensor<B, 1>) {
        let mut grads = GradientsParams::from_grads(loss.backward(), probe);
        let g: Tensor<B::InnerBackend, 2> = grads.remove(probe.layer.weight.id).unwrap();
        self.norms.push(g.powf_scalar(2.0).sum().into_scalar().elem::<f32>());
    }
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let probe: Probe<B> = Probe {
        layer: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0], [2.0]], &device)),
            bias: None,
        },
    };
    let mut watch = GradWatch::<B> { norms: vec![], _marker: std::marker::PhantomData };
    for k in 1..3 {
        let x = Tensor::<B, 2>::from_floats([[k as f32, 1.0]], &device);
        let loss = probe.layer.forward(x).sum();
        watch.observe(&probe, loss);
    }
    println!("{:?}", watch.norms);
}
""",
        # loss = sum(x @ W): dW = x^T = [k, 1], its squares summed k^2 + 1 for k = 1, 2
        "[2.0, 5.0]\n",
    ),
    "register_clipped_0_22": (
        """\
use burn::module::Param;
use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

fn clip(grads: &mut GradientsParams, net: &Net, limit: f32) {
    let id = net.fc.weight.id;
    if let Some(g) = grads.remove::<2>(id) {
        grads.register(id, g.clamp(-limit, limit));
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut net = Net {
        fc: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[1.0], [1.0]], &device)),
            bias: None,
        },
    };
    let x = Tensor::<2>::from_floats([[3.0, -0.5]], &device);
    let mut optim = SgdConfig::new().init();
    let loss = net.fc.forward(x).sum();
    let mut grads = GradientsParams::from_grads(loss.backward(), &net);
    clip(&mut grads, &net, 1.0);
    let seen: Tensor<2> = grads.get(net.fc.weight.id).unwrap();
    println!("{:?}", seen.into_data().to_vec::<f32>().unwrap());
    net = optim.step(0.5, net, grads);
    println!("{:?}", net.fc.weight.val().into_data().to_vec::<f32>().unwrap());
}
""",
        # loss = 3 w1 - 0.5 w2: grad [3, -0.5], clamped to [1, -0.5]; w - 0.5 g = [0.5, 1.25]
        "[1.0, -0.5]\n[0.5, 1.25]\n",
    ),
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_runs_as_derived(name, tmp_path):
    source, expected = PROGRAMS[name]
    path = tmp_path / "main.rs"
    path.write_text(source)
    status, stdout, stderr = pbpit_run(path)
    assert (status, stdout, stderr) == (0, expected, "")
