//! Contrastive pre-training: two noisy views of each example go through the encoder in one
//! batch; an alignment loss and a decorrelation loss are each backpropagated and stepped.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
    proj: Linear,
}

impl Encoder {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.proj.forward(self.fc.forward(x).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(47);
    let mut encoder = Encoder {
        fc: LinearConfig::new(3, 5).init(&device),
        proj: LinearConfig::new(5, 2).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let base = Tensor::<2>::from_floats([[1.0, 0.0, 0.5], [0.0, 1.0, -0.5], [0.5, 0.5, 1.0]], &device);
    let noise_a = Tensor::<2>::from_floats([[0.1, -0.1, 0.0], [0.0, 0.2, 0.1], [-0.2, 0.0, 0.1]], &device);
    let noise_b = Tensor::<2>::from_floats([[-0.1, 0.0, 0.2], [0.1, -0.1, 0.0], [0.0, 0.1, -0.2]], &device);
    for step in 0..3 {
        let views = Tensor::cat(vec![base.clone() + noise_a.clone(), base.clone() + noise_b.clone()], 0);
        let z = encoder.forward(views);
        let za = z.clone().slice([0..3, 0..2]);
        let zb = z.slice([3..6, 0..2]);
        let align = (za.clone() - zb.clone()).powf_scalar(2.0).sum_dim(1).mean();
        let decorrelate = za.transpose().matmul(zb).powf_scalar(2.0).mean();
        println!(
            "step {step}: align {} decorrelate {}",
            align.clone().into_scalar::<f32>(),
            decorrelate.clone().into_scalar::<f32>()
        );
        let grads = GradientsParams::from_grads(align.backward(), &encoder);
        encoder = optim.step(0.01, encoder, grads);
        let grads = GradientsParams::from_grads(decorrelate.backward(), &encoder);
        encoder = optim.step(0.01, encoder, grads);
    }
}
