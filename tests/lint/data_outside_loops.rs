// Tensors made outside loops that are fine: data (no input requires grad), a parameter (a
// leaf, reusable), a detached tensor, a tracked tensor used only for logging, and losses
// accumulated over a loop without backward, then backpropagated once. No finding.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Distribution;

pub fn run<B: AutodiffBackend>(model: Model<B>, batches: Vec<Tensor<B, 2>>, device: &B::Device) {
    let weights = Tensor::<B, 2>::random([4, 4], Distribution::Default, device).require_grad();
    let transposed_data = Tensor::<B, 2>::from_data([[1.0, 2.0], [3.0, 4.0]], device).transpose();
    let mask = Tensor::<B, 2>::ones([4, 4], device).triu(1);
    let reference = model.forward(batches[0].clone());
    let baseline = reference.clone().detach();
    let monitored = reference.mean();
    let weights_alias = weights.clone();
    let frozen = weights.clone().detach();

    for batch in batches.iter() {
        let out = batch.clone().matmul(weights_alias.clone() * mask.clone()) + frozen.clone();
        let loss = (out - baseline.clone()).abs().mean() + transposed_data.clone().sum();
        let grads = loss.backward();
        println!("monitored {}", monitored.clone().into_scalar());
        println!("grad {:?}", weights.grad(&grads).map(|g| g.into_data()));
    }

    // Summed over the loop (which runs no backward), then one backward.
    let hidden = model.forward(batches[0].clone());
    let mut total = Tensor::<B, 1>::zeros([1], device);
    for batch in batches.iter() {
        total = total + (hidden.clone() - batch.clone()).powf_scalar(2.0).mean();
    }
    let _grads = total.backward();

    // A loop with no backward in it, however tracked its inputs.
    let features = model.forward(batches[0].clone());
    for _ in 0..3 {
        let probe = features.clone().exp().mean();
        println!("{}", probe.into_scalar());
    }
}
