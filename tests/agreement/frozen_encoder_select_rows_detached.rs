// Fine-tuning a classifier on a frozen encoder: the encoder's features for the whole set are
// computed once, before the epochs, and each epoch trains on the rows an index tensor picks.
// Runs clean: the features detached once where they are made.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    proj: Linear,
}

impl Encoder {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        activation::relu(self.proj.forward(x))
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(3);
    let encoder = Encoder { proj: LinearConfig::new(3, 5).init(&device) };
    let mut classifier = LinearConfig::new(5, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let data = Tensor::<2>::from_floats(
        [[0.1, 0.5, -0.3], [0.9, -0.2, 0.4], [-0.6, 0.3, 0.7], [0.2, 0.2, 0.2]],
        &device,
    );
    let labels = Tensor::<2>::from_floats([[1.0], [0.0], [0.0], [1.0]], &device);
    let features = encoder.forward(data.clone()).detach();
    let batches = [[0, 2], [1, 3], [3, 0]];
    for (epoch, rows) in batches.iter().enumerate() {
        let index = Tensor::<1, Int>::from_ints([rows[0] as i32, rows[1] as i32], &device);
        let picked = features.clone().select(0, index.clone());
        let wanted = labels.clone().select(0, index);
        let loss = (activation::sigmoid(classifier.forward(picked)) - wanted).powf_scalar(2.0).mean();
        println!("epoch {epoch}: loss {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &classifier);
        classifier = optim.step(0.5, classifier, grads);
    }
}
