//! Multi-task regression: a method returns each task's loss by name, and each task takes its own
//! optimizer step so that the log shows the tasks apart.
use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::relu,
};

#[derive(Module, Debug)]
struct MultiHead {
    trunk: Linear,
    price: Linear,
    volume: Linear,
}

impl MultiHead {
    fn task_losses(&self, x: Tensor<2>, y: Tensor<2>) -> HashMap<&'static str, Tensor<1>> {
        let z = relu(self.trunk.forward(x));
        let p = self.price.forward(z.clone());
        let v = self.volume.forward(z);
        let mut m = HashMap::new();
        m.insert("price", (p - y.clone().slice([0..2, 0..1])).powf_scalar(2.0).mean());
        m.insert("volume", (v - y.slice([0..2, 1..2])).abs().mean());
        m
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut model = MultiHead {
        trunk: LinearConfig::new(3, 4).init(&device),
        price: LinearConfig::new(4, 1).init(&device),
        volume: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, 0.1, -0.2], [0.8, 0.5, 0.4]], &device);
    let y = Tensor::<2>::from_floats([[1.2, 0.3], [0.7, 0.9]], &device);

    for epoch in 0..3 {
        for (name, loss) in model.task_losses(x.clone(), y.clone()) {
            println!("epoch {epoch} {name}: {:.4}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(1e-2, model, grads);
        }
    }
}
