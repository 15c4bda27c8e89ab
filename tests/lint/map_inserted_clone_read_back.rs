// Each pass keeps a clone of its hidden features in a map under its index and, from the second
// pass on, adds a penalty on the features the pass before kept (history.get(&(t - 1))): that
// pass's backward consumed them. pbpit run: panics (loop-external-tracked); the fix detaches
// the clone where it is inserted.
use burn::{prelude::*, tensor::activation};
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, 0.1], [-0.3, 0.8]], &device).require_grad();
    let mut history: HashMap<usize, Tensor<2>> = HashMap::new();
    for t in 0..3 {
        let x = Tensor::<2>::from_floats([[1.0, t as f32]], &device);
        let hidden = activation::sigmoid(x.matmul(w.clone())); //~ WARN loop-external-tracked
        history.insert(t, hidden.clone());
        let mut loss = hidden.sum();
        if t > 0 {
            let before = history.get(&(t - 1)).unwrap().clone();
            loss = loss + (before - 0.5).powf_scalar(2.0).mean();
        }
        let grads = loss.backward();
        println!("{t}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
