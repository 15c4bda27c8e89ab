// `// pbpit: allow(rule)` on the line above silences that one finding, as clippy's #[allow].
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn probe<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    // This loop runs once per call in practice; the author accepts the risk.
    // pbpit: allow(loop-external-tracked)
    let first = model.forward(x.clone());
    let second = model.forward(x.clone()).exp(); //~ WARN loop-external-tracked
    // pbpit: allow(pbpit::shared-intermediate)
    let third = model.forward(x.clone()); //~ WARN loop-external-tracked
    for _ in 0..2 {
        let _grads = (first.clone() + second.clone() + third.clone()).mean().backward();
    }
}
