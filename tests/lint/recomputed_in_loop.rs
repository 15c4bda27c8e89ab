// A variable recomputed inside the loop, by shadowing or by assignment, before the backward
// that uses it: every pass has a fresh graph. No finding.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn shadowed<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let feats = model.forward(x.clone());
    println!("initial {}", feats.clone().mean().into_scalar());
    for _ in 0..3 {
        let feats = model.forward(x.clone());
        let _grads = feats.mean().backward();
    }
}

pub fn reassigned<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let mut feats = model.forward(x.clone());
    for step in 0..3 {
        if step > 0 {
            feats = model.forward(x.clone());
        } else {
            feats = model.forward(x.clone() * 2.0);
        }
        let _grads = feats.clone().mean().backward();
    }
}

/// Reassigned after its use: the next pass reads the new value, whose steps are still there.
pub fn reassigned_after<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let mut feats = model.forward(x.clone()).detach();
    for _ in 0..3 {
        let _grads = model.forward(feats.clone()).mean().backward();
        feats = model.forward(x.clone());
    }
}

/// A second forward after an optimizer step recomputes the intermediate: two backwards, two
/// graphs, no shared step.
pub fn two_steps<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let hidden = model.forward(x.clone());
    let _first = hidden.mean().backward();
    let hidden = model.forward(x.clone());
    let _second = hidden.mean().backward();
}
