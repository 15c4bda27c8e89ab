// Features computed once and read in loops that run no backward (metrics, logging, a sweep of
// thresholds), then one backward after the loops: the features are backpropagated once. No
// finding.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn evaluate<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) {
    let scores = model.forward(x);
    for threshold in [0.25, 0.5, 0.75] {
        let predicted = scores.clone().greater_elem(threshold).float();
        let accuracy = predicted.equal(y.clone()).float().mean().into_scalar();
        println!("threshold {threshold}: accuracy {accuracy}");
    }
    for (i, row) in scores.clone().iter_dim(0).enumerate() {
        println!("{i}: {:?}", row.into_data());
    }
    let loss = (scores - y).powf_scalar(2.0).mean();
    let grads = loss.backward();
    println!("weight gradient: {:?}", model.weight.grad(&grads).map(|g| g.into_data()));
}
