// Runs clean: the features computed in every step, from the backbone as the last step left it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    backbone: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut net = Net {
        backbone: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [-0.5, 0.25], [0.75, -1.0], [0.0, 0.8]], &device);
    let y = Tensor::<2>::from_floats([[0.5], [0.0], [1.0], [0.25]], &device);
    for step in 0..4 {
        let feats = net.backbone.forward(x.clone()).tanh();
        let b = step % 2;
        let out = net.head.forward(feats.clone().slice([b * 2..b * 2 + 2, 0..3]));
        let loss = (out - y.clone().slice([b * 2..b * 2 + 2, 0..1])).powf_scalar(2.0).mean();
        println!("step {step}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
