// A recurrent state kept in an `Option`, empty before the first step: the state put in it is
// tracked, and the next step's backward walks into the graph this step consumed.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let mut state: Option<Tensor<1>> = None;
    for step in 0..3 {
        let previous = if let Some(s) = state.clone() { s } else { Tensor::<1>::ones([2], &device) };
        let hidden = (previous * w.clone()).tanh(); //~ WARN loop-external-tracked
        let loss = hidden.clone().sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?}", v(w.grad(&grads)));
        state = Some(hidden);
    }
}
