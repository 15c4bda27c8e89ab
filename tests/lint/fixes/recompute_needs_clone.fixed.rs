// The pre-activation computed in every pass, from clones of the batch and the weights.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<2>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
    let w = Tensor::<2>::from_floats([[0.5], [0.25]], &device).require_grad();
    let b = Tensor::<2>::from_floats([[0.1]], &device).require_grad();
    let w_seen = w.clone();
    for step in 0..2 {
        let pre = x.clone().matmul(w.clone());
        let loss = (pre.clone() + b.clone()).tanh().sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?} b.grad = {:?}", v(w_seen.grad(&grads)), v(b.grad(&grads)));
    }
}
