// The state made a new leaf at the end of each step, as it entered the loop.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let mut state = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    for step in 0..3 {
        let next = (state.clone() * 0.5).exp();
        let loss = next.clone().sum();
        let grads = loss.backward();
        println!("step {step}: state.grad = {:?}", v(state.grad(&grads)));
        state = next;
        state = state.detach().require_grad();
    }
}
