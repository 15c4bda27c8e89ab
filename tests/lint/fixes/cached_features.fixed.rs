// Features computed in every pass: each backward walks a graph of its own.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    for step in 0..3 {
        let feats = x.clone().exp();
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?} x.grad = {:?}", v(w.grad(&grads)), v(x.grad(&grads)));
    }
}
