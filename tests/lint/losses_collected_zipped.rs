// Losses built by a closure over a helper (`weights.iter().map(|k| weighted(recon.clone(), *k))`),
// collected, then walked zipped with their weights, one backward each: every loss derives from
// the one `recon`, whose steps the first backward consumes; the second panics.
use burn::prelude::*;

fn weighted(recon: Tensor<2>, k: f32) -> Tensor<1> {
    recon.sum() * k
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[1.0, 2.0]], &device).require_grad();
    let recon = w.clone() * 3.0; //~ WARN shared-intermediate
    let weights = vec![1.0, 0.5];
    let losses: Vec<Tensor<1>> = weights.iter().map(|k| weighted(recon.clone(), *k)).collect();
    for (k, loss) in weights.iter().zip(losses.into_iter()) {
        let grads = loss.backward();
        println!("{k}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
