// Features computed once and given by reference to a training helper whose loop builds each
// pass's loss on them and backpropagates: the first pass consumes the features' step, the
// second pass panics at it.
use burn::prelude::*;

fn fit(features: &Tensor<1>, head: &Tensor<1>, target: &Tensor<1>) {
    for step in 0..3 {
        let loss = (features.clone() * head.clone() - target.clone()).powf_scalar(2.0).mean();
        let grads = loss.backward();
        println!("step {step}: head grad = {:?}", head.grad(&grads).is_some());
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let encoder = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let head = Tensor::<1>::from_floats([1.0, 0.25], &device).require_grad();
    let x = Tensor::<1>::from_floats([2.0, 1.0], &device);
    let target = Tensor::<1>::from_floats([1.0, 0.0], &device);
    let features = (x * encoder.clone()).tanh(); //~ WARN loop-external-tracked
    fit(&features, &head, &target);
}
