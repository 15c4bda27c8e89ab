//! Mini-batch training: the data split once into a `Vec` of (input, target) batches, a `Linear`
//! regression stepped by SGD on each batch in turn, two epochs. No panic: each step's graph
//! starts at the batch's leaves and the new parameters.
//!
//! Node ids for the record: fc.weight 0, fc.bias 1; the batches, made pair by pair by the
//! iterator: x0 2, y0 3, x1 4, y1 5. Each step: linear (matmul, the bias's reshape, add), sub,
//! square, mean (6 ids), then SGD's new weight and bias (2): 6-13, 14-21 in epoch 0, 22-37 in 1.

use burn::{
    module::Param,
    nn::{
        Linear,
        loss::{MseLoss, Reduction},
    },
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct Regression {
    fc: Linear,
}

impl Regression {
    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x)
    }
}

fn batches(device: &Device) -> Vec<(Tensor<2>, Tensor<2>)> {
    let inputs = [[[1.0, 0.5], [0.5, -1.0]], [[-1.0, 1.0], [2.0, 0.0]]];
    let targets = [[[1.0], [0.5]], [[-0.5], [1.5]]];
    inputs
        .iter()
        .zip(targets.iter())
        .map(|(x, y)| (Tensor::from_floats(*x, device), Tensor::from_floats(*y, device)))
        .collect()
}

fn main() {
    let device = Device::default().autodiff();
    let mut model: Regression = Regression {
        fc: Linear {
            weight: Param::from_tensor(Tensor::from_floats([[0.5], [-0.5]], &device)),
            bias: Some(Param::from_tensor(Tensor::from_floats([0.0], &device))),
        },
    };
    let data = batches(&device);
    let mut optim = SgdConfig::new().init();
    let mse = MseLoss::new();

    for epoch in 0..2 {
        let mut total = 0.0;
        for (i, (x, y)) in data.iter().enumerate() {
            let loss = mse.forward(model.forward(x.clone()), y.clone(), Reduction::Mean);
            let value = loss.clone().into_scalar::<f32>();
            println!("epoch {epoch}, batch {i}: loss = {}", value);
            total += value;
            let grads = GradientsParams::from_grads(loss.backward(), &model);
            model = optim.step(0.25, model, grads);
        }
        println!("epoch {epoch}: mean loss = {}", total / data.len() as f32);
    }
    let weight = model.fc.weight.val().into_data().to_vec::<f32>().unwrap();
    println!("weight = {:?}", weight);
}
