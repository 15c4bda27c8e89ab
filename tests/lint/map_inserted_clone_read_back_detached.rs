// map_inserted_clone_read_back.rs with its fix: the clone detached where it is inserted, the
// entries data for the passes that read them. pbpit run: clean.
use burn::{prelude::*, tensor::activation};
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, 0.1], [-0.3, 0.8]], &device).require_grad();
    let mut history: HashMap<usize, Tensor<2>> = HashMap::new();
    for t in 0..3 {
        let x = Tensor::<2>::from_floats([[1.0, t as f32]], &device);
        let hidden = activation::sigmoid(x.matmul(w.clone()));
        history.insert(t, hidden.clone().detach());
        let mut loss = hidden.sum();
        if t > 0 {
            let before = history.get(&(t - 1)).unwrap().clone();
            loss = loss + (before - 0.5).powf_scalar(2.0).mean();
        }
        let grads = loss.backward();
        println!("{t}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
