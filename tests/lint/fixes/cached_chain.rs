// An encoder of two layers run once, before the loop: both lets must move in, in order, and
// the input they read by value must be cloned.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let w1 = Tensor::<1>::from_floats([1.0, -1.0], &device).require_grad();
    let w2 = Tensor::<1>::from_floats([0.5, 2.0], &device).require_grad();
    let hidden = (x * w1.clone()).tanh();
    let code = hidden * 3.0; //~ WARN loop-external-tracked
    for step in 0..2 {
        let loss = (code.clone() * w2.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: w1.grad = {:?} w2.grad = {:?}", v(w1.grad(&grads)), v(w2.grad(&grads)));
    }
}
