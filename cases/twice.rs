//! twice: a forward "optimised" out of the training loop, the common trigger.
//!
//! `feats` is a tracked intermediate made once, outside the loop. Step 0's backward consumes its
//! step; step 1's backward walks back to it and panics at NodeId(2).

use burn::tensor::{Device, Tensor};

/// The gradient's values, if there is one.
fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    // "Features" computed once, outside the loop, to save time.
    let feats = x.clone().exp();
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?}", v(w.grad(&grads)));
    }
}
