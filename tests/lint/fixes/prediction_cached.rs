// A prediction made once, before the loop, and a loss built on it in every pass: the loss has
// no other tracked input, so detaching the prediction would leave nothing to backpropagate.
use burn::tensor::{activation, Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let target = Tensor::<1>::from_floats([1.0, 1.0], &device);
    let prediction = activation::sigmoid(x.clone() * w.clone()); //~ WARN loop-external-tracked
    for step in 0..2 {
        let loss = (prediction.clone() - target.clone()).powf_scalar(2.0).mean();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?}", v(w.grad(&grads)));
    }
}
