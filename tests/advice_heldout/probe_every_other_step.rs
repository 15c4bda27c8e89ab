//! Every other step, a diagnostic loss on the embeddings is backpropagated to log a gradient
//! norm, before the training loss of the same step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Embed {
    lin: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(99);
    let mut embed = Embed { lin: LinearConfig::new(2, 2).init(&device) };
    let mut opt = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, 0.7], [-0.2, 0.4]], &device);
    let t = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0]], &device);
    for step in 0..4 {
        let emb = embed.lin.forward(x.clone()).tanh();
        if step % 2 == 0 {
            let norm_loss = emb.clone().powf_scalar(2.0).sum();
            let probe = norm_loss.backward();
            let gw = embed.lin.weight.grad(&probe).unwrap();
            println!("step {step}: probe grad sum = {}", gw.sum().into_scalar::<f32>());
        }
        let loss = (emb - t.clone()).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &embed);
        embed = opt.step(0.1, embed, grads);
    }
}
