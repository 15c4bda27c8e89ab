//! A running loss accumulated over micro-batches and backpropagated after each one (meant as
//! gradient accumulation): the second backward walks into the first running sum.
//!
//! Node ids: w 0, accumulated 1 (`zeros`: untracked). Micro-batch 0: x 2, mul 3, sum 4, add 5
//! (the running sum, now tracked); its backward consumes 5, 4, 3. Micro-batch 1: x 6, mul 7,
//! sum 8, add 9 (parents 5 and 8); the walk 9 -> 8 -> 7, then 9 -> 5 finds 5's step gone: the
//! panic at NodeId(5).

use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([1.0, -0.5], &device).require_grad();
    let batches = [[0.5, 0.5], [2.0, 0.25], [1.0, 1.0]];
    let mut accumulated = Tensor::<1>::zeros([1], &device);

    for (i, batch) in batches.iter().enumerate() {
        let x = Tensor::<1>::from_floats(*batch, &device);
        let loss = (x * w.clone()).sum();
        accumulated = accumulated + loss;
        let grads = accumulated.backward();
        let g = w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
        println!("micro-batch {i}: running = {}, w.grad = {:?}", accumulated.clone().into_scalar(), g);
    }
}
