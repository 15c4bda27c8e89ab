// Parameters updated by helpers that make a new leaf (`from_floats(..).require_grad()`,
// `from_inner(..).require_grad()`) or give their parameter back as it is: each pass starts from
// leaves, nothing tracked is carried from one pass into the next. Runs clean.
use burn::prelude::*;

const LEARNING_RATE: f32 = 0.5;

/// The next value as a new leaf when there is a gradient, else the parameter itself.
fn descend(param: Tensor<1>, grad: Option<Tensor<1>>, device: &Device) -> Tensor<1> {
    if let Some(g) = grad {
        let p = param.into_data().to_vec::<f32>().unwrap();
        let g = g.into_data().to_vec::<f32>().unwrap();
        let next = [p[0] - LEARNING_RATE * g[0], p[1] - LEARNING_RATE * g[1]];
        Tensor::<1>::from_floats(next, device).require_grad()
    } else {
        param
    }
}

/// The same through the inner tensor: `inner()` then `from_inner(..).require_grad()`.
fn descend_inner(param: Tensor<1>, grad: Option<Tensor<1>>) -> Tensor<1> {
    match grad {
        Some(g) => Tensor::from_inner(param.inner() - g.mul_scalar(LEARNING_RATE)).require_grad(),
        None => param,
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut weight = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let mut bias = Tensor::<1>::from_floats([0.1, 0.1], &device).require_grad();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let y = Tensor::<1>::from_floats([0.4, 0.6], &device);
    for epoch in 0..3 {
        let loss = ((x.clone() * weight.clone() + bias.clone()).tanh() - y.clone())
            .powf_scalar(2.0)
            .mean();
        println!("epoch {epoch}: loss = {:.6}", loss.clone().into_scalar());
        let grads = loss.backward();
        weight = descend(weight.clone(), weight.grad(&grads), &device);
        bias = descend_inner(bias.clone(), bias.grad(&grads));
    }
}
