// Features computed once, before the training loop, to save time: the first pass's backward
// consumes their step, the second pass's backward walks into it and panics.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let feats = x.clone().exp(); //~ WARN loop-external-tracked
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?} x.grad = {:?}", v(w.grad(&grads)), v(x.grad(&grads)));
    }
}
