// The per-step outputs of one recurrence, each backpropagated in the same epoch pass: the
// recurrence's h is shared by two losses of one pass (the inner loop making h again is the same
// pass), never carried into the next; detaching h would cut w's gradient.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.5]], &device).require_grad();
    let v = Tensor::<2>::from_floats([[1.0, 2.0]], &device).require_grad();
    for epoch in 0..2 {
        let mut h = Tensor::<2>::zeros([1, 2], &device);
        let mut preds: Vec<Tensor<2>> = Vec::new();
        for _ in 0..2 {
            h = (h + w.clone()).tanh();
            preds.push(h.clone() * v.clone());
        }
        for pred in preds.iter() {
            let grads = pred.clone().sum().backward();
            println!("epoch {epoch}: w.grad {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
