// Fine-tuning a new head on a frozen pretrained backbone: the optimizer steps only the head, so
// the backbone's features are computed once, before the epochs, and each epoch trains on one
// minibatch of rows cut from them. The first epoch's backward consumes the features' step (it
// walks into the backbone, whose parameters require grad); the second epoch's panics there.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Backbone {
    fc1: Linear,
    fc2: Linear,
}

impl Backbone {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc2.forward(self.fc1.forward(x).tanh()).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let backbone = Backbone {
        fc1: LinearConfig::new(3, 6).init(&device),
        fc2: LinearConfig::new(6, 4).init(&device),
    };
    let mut head = LinearConfig::new(4, 2).init(&device);
    let mut optim = SgdConfig::new().init();
    let images = Tensor::<2>::from_floats(
        [[0.2, 0.9, -0.4], [1.0, -0.3, 0.5], [-0.7, 0.1, 0.8], [0.4, 0.4, 0.4]],
        &device,
    );
    let targets = Tensor::<2>::from_floats(
        [[1.0, 0.0], [0.0, 1.0], [0.0, 1.0], [1.0, 0.0]],
        &device,
    );
    let feats = backbone.forward(images.clone()); //~ WARN loop-external-tracked
    for epoch in 0..4 {
        let b = epoch % 2;
        let logits = head.forward(feats.clone().slice([b * 2..b * 2 + 2, 0..4]));
        let wanted = targets.clone().slice([b * 2..b * 2 + 2, 0..2]);
        let loss = (logits - wanted).powf_scalar(2.0).mean();
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &head);
        head = optim.step(0.2, head, grads);
    }
}
