// Truncated backpropagation through time: the state is detached at the end of each step.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let inputs = [0.1, 0.2, 0.3];
    let mut hidden = Tensor::<1>::zeros([2], &device);
    for x in inputs {
        hidden = (hidden * w.clone() + x).tanh();
        let loss = hidden.clone().sum();
        let grads = loss.backward();
        println!("x = {x}: w.grad = {:?}", v(w.grad(&grads)));
        hidden = hidden.detach();
    }
}
