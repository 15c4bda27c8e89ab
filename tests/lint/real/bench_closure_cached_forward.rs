// The shape of swfsql/burn-mamba, benches/layer.rs (the warm-up loop of the backward benches),
// commit b2dd6a408f3e7336ac76f2410de254496276e5d8, with the forward hoisted out "to time the
// backward alone": the closure bound by `let` captures the block's tracked output, and each
// call backpropagates it again. The second call panics.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn warm_up<B: AutodiffBackend>(device: &B::Device) {
    let block = BlockConfig::new(64).init::<B>(device);
    let x = Tensor::<B, 3>::random([4, 128, 64], Distribution::Default, device);
    let (y, _cache) = block.forward(x, None); //~ WARN loop-external-tracked
    let backward_only = || y.clone().powf_scalar(2.0).mean().backward();
    for _ in 0..3 {
        let _grads = backward_only();
    }
}
