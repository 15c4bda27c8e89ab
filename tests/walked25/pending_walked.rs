//! Gradient accumulation through a small helper struct (older backend-generic style): losses are
//! added to it, and every second batch their total is backpropagated.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    fc: Linear<B>,
}

struct Pending<B: Backend> {
    losses: Vec<Tensor<B, 1>>,
}

impl<B: Backend> Pending<B> {
    fn add(&mut self, loss: Tensor<B, 1>) {
        self.losses.push(loss);
    }

}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 239);
    let mut model: Model<B> = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.1, 0.3], [0.6, 0.2], [0.9, -0.4], [0.0, 0.7]], &device);
    let y = Tensor::<B, 2>::from_floats([[0.2], [0.5], [0.3], [0.6]], &device);
    let mut pending = Pending { losses: Vec::new() };

    for step in 0..4 {
        let xb = x.clone().slice([step..step + 1, 0..2]);
        let yb = y.clone().slice([step..step + 1, 0..1]);
        pending.add((model.fc.forward(xb) - yb).powf_scalar(2.0).mean());
        if step % 2 == 1 {
            let mut total = Tensor::<B, 1>::zeros([1], &device);
            for l in pending.losses.iter() {
                total = total + l.clone();
            }
            println!("step {step}: total = {:.5}", total.clone().into_scalar());
            let grads = GradientsParams::from_grads(total.backward(), &model);
            model = optim.step(0.1, model, grads);
        }
    }
}
