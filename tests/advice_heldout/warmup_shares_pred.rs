//! A training module whose first epoch starts with a warm-up step that centres the outputs
//! (a separate backward on the mean prediction) before the regression loss of the epoch.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
    head: Linear,
}

impl Net {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.head.forward(activation::relu(self.fc.forward(x)))
    }
}

mod train {
    use super::Net;
    use burn::{prelude::*, tensor::Gradients};

    pub fn epoch_grads(model: &Net, x: &Tensor<2>, y: &Tensor<2>, epoch: usize) -> Gradients {
        let pred = model.forward(x.clone());
        if epoch == 0 {
            let centre = pred.clone().mean().powf_scalar(2.0);
            let warm = centre.backward();
            let g = model.head.bias.as_ref().unwrap().grad(&warm).unwrap();
            println!("warm-up: head.bias grad = {:?}", g.into_data().to_vec::<f32>().unwrap());
        }
        let loss = (pred - y.clone()).powf_scalar(2.0).mean();
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        loss.backward()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let mut model = Net {
        fc: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.2, 0.8], [0.6, -0.1], [-0.4, 0.3]], &device);
    let y = Tensor::<2>::from_floats([[0.5], [1.5], [-0.5]], &device);
    for epoch in 0..3 {
        let grads = train::epoch_grads(&model, &x, &y, epoch);
        let grads = GradientsParams::from_grads(grads, &model);
        model = optim.step(1e-2, model, grads);
    }
}
