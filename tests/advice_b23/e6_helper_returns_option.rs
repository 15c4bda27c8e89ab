//! Variant of q15: a free function adds the loss to the Option it is given.
//! Gradient accumulation by summing micro-batch losses: every ACCUM micro-batches the summed loss
//! is backpropagated and one step is taken. The running sum starts fresh each epoch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Model {
    fc: Linear,
}

const ACCUM: usize = 2;

fn accumulate(sum: Option<Tensor<1>>, loss: Tensor<1>) -> Option<Tensor<1>> {
    match sum {
        Some(s) => Some(s + loss),
        None => Some(loss),
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut model = Model { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let batches = vec![
        (Tensor::<2>::from_floats([[1.0, 0.0]], &device), Tensor::<2>::from_floats([[0.5]], &device)),
        (Tensor::<2>::from_floats([[0.0, 1.0]], &device), Tensor::<2>::from_floats([[-0.5]], &device)),
        (Tensor::<2>::from_floats([[1.0, 1.0]], &device), Tensor::<2>::from_floats([[0.0]], &device)),
        (Tensor::<2>::from_floats([[0.5, -1.0]], &device), Tensor::<2>::from_floats([[1.0]], &device)),
    ];

    for epoch in 0..2 {
        let mut total: Option<Tensor<1>> = None;
        for (i, (x, y)) in batches.iter().enumerate() {
            let loss = (model.fc.forward(x.clone()) - y.clone()).powf_scalar(2.0).mean() * 0.5;
            total = accumulate(total, loss);
            if (i + 1) % ACCUM == 0 {
                let summed = total.clone().unwrap();
                println!("epoch {epoch} batch {i}: loss = {:.5}", summed.clone().into_scalar::<f32>());
                let grads = GradientsParams::from_grads(summed.backward(), &model);
                model = optim.step(0.1, model, grads);
            }
        }
    }
}
