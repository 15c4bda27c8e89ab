//! Twin of p1: the reader keeps the grid and makes the anchors where it scores.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    proj: Linear<B>,
    body: Linear<B>,
}

struct Reader {
    net: Net<B>,
    grid: Tensor<B, 2>,
}

impl Reader {
    fn build(net: Net<B>, device: &B::Device) -> Self {
        let grid = Tensor::<B, 2>::from_floats([[0.0, 1.0], [1.0, 0.0]], device);
        Reader { grid, net }
    }

    fn score(&self, x: Tensor<B, 2>) -> Tensor<B, 1> {
        let anchors = self.net.proj.forward(self.grid.clone()).tanh();
        let z = self.net.body.forward(x);
        let sim = z.matmul(anchors.transpose());
        sim.powf_scalar(2.0).mean()
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 301);
    let net: Net<B> = Net {
        proj: LinearConfig::new(2, 3).init(&device),
        body: LinearConfig::new(2, 3).init(&device),
    };
    let mut reader = Reader::build(net, &device);
    let mut sgd = SgdConfig::new().init();
    let xs = [[0.5, -0.2], [0.1, 0.9], [-0.7, 0.3]];
    for (i, row) in xs.iter().enumerate() {
        let x = Tensor::<B, 2>::from_floats([*row], &device);
        let loss = reader.score(x);
        println!("row {i}: {:.6}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &reader.net);
        reader.net = sgd.step(0.1, reader.net, grads);
    }
}
