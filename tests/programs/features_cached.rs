//! Transfer learning gone wrong: a pretrained encoder's features are computed once, outside the
//! loop, to save time, and a head is trained on them. The first backward consumes the
//! encoder's part of the graph; the second step's backward reaches it again: Burn's panic.
//!
//! Node ids by Burn's rules (a `LinearConfig::init` parameter takes its id when it is first
//! read, burn-core's lazy `Param`; weight before bias in `Linear::forward`):
//! x 0, y 1; encoder.weight 2, encoder.bias 3, encoder's linear (matmul 4, the bias reshaped
//! to `[1, d_out]` 5, add 6), relu 7 (the features); step 1: head.weight 8, head.bias 9, head's
//! linear 10, 11, 12, MseLoss's sub 13, square 14, mean 15; the backward consumes 4..7,
//! 10..15. `optim.step` gives the four parameters new ids 16..19 (from_inner + require_grad).
//! Step 2: head's matmul 20 reads the features, node 7, whose step is gone: `NodeId(7)`.

use burn::{
    nn::{
        Linear, LinearConfig,
        loss::{MseLoss, Reduction},
    },
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
pub struct Model {
    encoder: Linear,
    head: Linear,
}

#[derive(Config, Debug)]
pub struct ModelConfig {
    #[config(default = 4)]
    d_input: usize,
    #[config(default = 3)]
    d_hidden: usize,
}

impl ModelConfig {
    pub fn init(&self, device: &Device) -> Model {
        Model {
            encoder: LinearConfig::new(self.d_input, self.d_hidden).init(device),
            head: LinearConfig::new(self.d_hidden, 1).init(device),
        }
    }
}

fn main() {
    let device = Device::default().autodiff();
    device.seed(42);
    let mut model: Model = ModelConfig::new().init(&device);
    let mut optim = AdamConfig::new().init();

    let x = Tensor::<2>::from_data(
        TensorData::new(vec![1.0f32, 0.0, 2.0, -1.0, 0.5, 1.5, -0.5, 0.0], [2, 4]),
        &device,
    );
    let y = Tensor::<2>::from_data(TensorData::new(vec![1.0f32, -1.0], [2, 1]), &device);

    // Computed once: the bug.
    let features = relu(model.encoder.forward(x.clone()));
    println!("features: {:?}", features.dims());

    for epoch in 1..=3 {
        let pred = model.head.forward(features.clone());
        let loss = MseLoss::new().forward(pred, y.clone(), Reduction::Mean);
        let grads = loss.backward();
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(1e-3, model, grads);
        println!("epoch {epoch} done");
    }
}
