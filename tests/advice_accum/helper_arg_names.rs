//! A head trained on features made once before the loop; its loss is computed by a free
//! function that takes the head by reference (`head_loss(&net.head, ..)`).
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    trunk: Linear,
    head: Linear,
}

fn head_loss(head: &Linear, z: &Tensor<2>, t: &Tensor<2>) -> Tensor<1> {
    (activation::sigmoid(head.forward(z.clone())) - t.clone()).abs().mean()
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let mut net = Net {
        trunk: LinearConfig::new(3, 2).init(&device),
        head: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.0, 2.0], [0.5, -1.0, 0.0]], &device);
    let t = Tensor::<2>::from_floats([[1.0], [0.0]], &device);
    let z = net.trunk.forward(x.clone()).tanh();
    for i in 0..2 {
        let loss = head_loss(&net.head, &z, &t);
        println!("{i}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
