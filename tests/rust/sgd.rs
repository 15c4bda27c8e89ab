//! sgd: three steps of gradient descent, the forward recomputed every step (fix B).

use burn::tensor::{Device, Tensor};

const LR: f32 = 0.1;

fn loss_of(x: &Tensor<1>, w: &Tensor<1>) -> Tensor<1> {
    (x.clone().exp() * w.clone()).sum()
}

fn values(t: Tensor<1>) -> Vec<f32> {
    t.into_data().to_vec::<f32>().unwrap()
}

fn main() {
    let device = Device::default().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut history = Vec::new();
    for step in 0..3 {
        let loss = loss_of(&x, &w);
        history.push(loss.clone().into_scalar());
        let grads = loss.backward();
        if let Some(g) = w.grad(&grads) {
            let old = values(w.clone());
            let g = values(g);
            w = Tensor::<1>::from_floats([old[0] - LR * g[0], old[1] - LR * g[1]], &device)
                .require_grad();
        }
        println!("step {step}: loss = {:.4}", history[step]);
    }
    println!("history = {history:?}");
}
