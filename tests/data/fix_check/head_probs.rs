use burn::{
    module::Module,
    nn::{LayerNorm, LayerNormConfig, Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
struct Head {
    norm: LayerNorm,
    out: Linear,
}

fn main() {
    let device = Device::default().autodiff();
    device.seed(3);
    let mut head = Head {
        norm: LayerNormConfig::new(3).init(&device),
        out: LinearConfig::new(3, 2).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]], &device).require_grad();
    // The attention weights, computed once before training.
    let probs = activation::softmax(x.clone(), 1);
    for step in 0..3 {
        let h = head.norm.forward(probs.clone());
        let loss = head.out.forward(h).powf_scalar(2.0).mean();
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &head);
        head = optim.step(0.1, head, grads);
    }
}
