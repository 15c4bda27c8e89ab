// The outputs of a recurrence pushed into a Vec step by step, the state detached at each step
// (`h = (h.detach() + w).tanh()`): each output derives from no other's graph, and each
// backward of the zipped loop runs on a graph of its own.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.5]], &device).require_grad();
    let targets = vec![Tensor::<2>::from_floats([[1.0, 0.0]], &device), Tensor::<2>::from_floats([[0.0, 1.0]], &device)];
    let mut h = Tensor::<2>::zeros([1, 2], &device);
    let mut preds: Vec<Tensor<2>> = Vec::new();
    for _ in 0..2 {
        h = (h.detach() + w.clone()).tanh();
        preds.push(h.clone() * 2.0);
    }
    for (pred, target) in preds.iter().zip(targets.iter()) {
        let loss = (pred.clone() - target.clone()).powf_scalar(2.0).mean();
        let grads = loss.backward();
        println!("{:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
