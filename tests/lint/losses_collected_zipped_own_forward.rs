// Losses built by a closure over a helper, collected, then walked zipped with their weights, one
// backward each: each loss is made from a forward of its own (`w.clone() * 3.0` in the closure),
// so each backward runs on a graph of its own.
use burn::prelude::*;

fn weighted(recon: Tensor<2>, k: f32) -> Tensor<1> {
    recon.sum() * k
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[1.0, 2.0]], &device).require_grad();
    let weights = vec![1.0, 0.5];
    let losses: Vec<Tensor<1>> = weights.iter().map(|k| weighted(w.clone() * 3.0, *k)).collect();
    for (k, loss) in weights.iter().zip(losses.into_iter()) {
        let grads = loss.backward();
        println!("{k}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
