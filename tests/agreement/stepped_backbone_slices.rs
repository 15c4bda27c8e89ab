// Fine-tuning the whole network: backbone and head both train. The backbone's features are
// computed once before the loop, as for a frozen backbone, and each step reads a minibatch of
// them: the first step's backward consumes their step, the second's panics there. Detached,
// the backbone would not learn: they are computed in the loop, each step, from the stepped net.
// Code fix: recompute in the loop
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
    let feats = net.backbone.forward(x.clone()).tanh();
    for step in 0..4 {
        let b = step % 2;
        let out = net.head.forward(feats.clone().slice([b * 2..b * 2 + 2, 0..3]));
        let loss = (out - y.clone().slice([b * 2..b * 2 + 2, 0..1])).powf_scalar(2.0).mean();
        println!("step {step}: {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
