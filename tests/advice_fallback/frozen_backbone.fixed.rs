//! Linear probing: a pretrained backbone's features are computed once for the whole dataset,
//! then a new head is trained on mini-batches sliced from them. Only the head is optimised.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Backbone {
    l1: Linear,
    l2: Linear,
}

impl Backbone {
    fn features(&self, x: Tensor<2>) -> Tensor<2> {
        activation::relu(self.l2.forward(activation::relu(self.l1.forward(x))))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let backbone = Backbone { l1: LinearConfig::new(3, 6).init(&device), l2: LinearConfig::new(6, 4).init(&device) };
    let mut head = LinearConfig::new(4, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let images = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [0.9, 0.1, 0.4], [0.5, 0.5, 0.5], [0.2, 0.8, 0.1], [0.7, 0.3, 0.9], [0.0, 0.4, 0.6]],
        &device,
    );
    let labels = Tensor::<2>::from_floats([[0.0], [1.0], [1.0], [0.0], [1.0], [0.0]], &device);
    let feats = backbone.features(images).detach();
    let batch = 2;
    for epoch in 0..2 {
        for b in 0..3 {
            let fb = feats.clone().slice([b * batch..(b + 1) * batch, 0..4]);
            let yb = labels.clone().slice([b * batch..(b + 1) * batch, 0..1]);
            let loss = (activation::sigmoid(head.forward(fb)) - yb).powf_scalar(2.0).mean();
            println!("epoch {epoch} batch {b}: loss {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &head);
            head = optim.step(0.5, head, grads);
        }
    }
}
