//! twice: trainer's `fit_twice` as one file.

use burn::tensor::{Device, Tensor};

const EPOCHS: usize = 3;
const LEARNING_RATE: f32 = 0.5;

fn forward(x: Tensor<1>, weight: &Tensor<1>, bias: &Tensor<1>) -> Tensor<1> {
    (x * weight.clone() + bias.clone()).tanh()
}

fn mse_loss(output: Tensor<1>, targets: Tensor<1>) -> Tensor<1> {
    (output - targets).powf_scalar(2.0).mean()
}

/// The parameter's next values, as a new leaf, if it has a gradient (the model's `sgd`).
fn descend(param: Tensor<1>, grad: Option<Tensor<1>>, device: &Device) -> Tensor<1> {
    if let Some(g) = grad {
        let p = param.into_data().to_vec::<f32>().unwrap();
        let g = g.into_data().to_vec::<f32>().unwrap();
        let next = [
            p[0] - LEARNING_RATE * g[0],
            p[1] - LEARNING_RATE * g[1],
            p[2] - LEARNING_RATE * g[2],
            p[3] - LEARNING_RATE * g[3],
        ];
        Tensor::<1>::from_floats(next, device).require_grad()
    } else {
        param
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut weight = Tensor::<1>::from_floats([0.5, -0.25, 0.75, 1.0], &device).require_grad();
    let mut bias = Tensor::<1>::from_floats([0.1, 0.1, 0.1, 0.1], &device).require_grad();
    let inputs = Tensor::<1>::from_floats([0.5, 1.0, 1.5, 2.0], &device);
    let targets = Tensor::<1>::from_floats([0.4, 0.6, 0.7, 0.8], &device);
    for epoch in 0..EPOCHS {
        let loss = mse_loss(forward(inputs.clone(), &weight, &bias), targets.clone());
        println!("epoch {epoch}: loss = {:.6}", loss.clone().into_scalar());
        let grads = loss.clone().backward();
        let weight_grad = weight.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap());
        println!("  weight.grad = {:?}", weight_grad);
        let grads = loss.backward();
        weight = descend(weight.clone(), weight.grad(&grads), &device);
        bias = descend(bias.clone(), bias.grad(&grads), &device);
    }
}
