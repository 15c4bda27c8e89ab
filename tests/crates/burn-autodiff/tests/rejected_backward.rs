//! A backward that meets a consumed step is rejected before it consumes anything (SPEC §1.4):
//! a fresh branch it walked first can still be backpropagated afterwards.

use std::panic;

use burn_autodiff::backend::{Autodiff, Flex};
use burn_autodiff::tensor::Tensor;

type B = Autodiff<Flex>;

#[test]
fn a_rejected_backward_leaves_the_steps_it_walked() {
    let device = Default::default();
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], &device).require_grad(); // NodeId(0)
    let features = x.clone().exp(); // 1
    let _ = (features.clone() * 2.0).sum().backward(); // 2, 3: consumes 3, 2, 1
    let fresh = x.clone().tanh(); // 4
    let both = (features + fresh.clone()).sum(); // 5, 6
    // The walk pops `fresh` (4) before `features` (1), whose step is gone.
    let rejected = panic::catch_unwind(panic::AssertUnwindSafe(|| both.backward()));
    let message = *rejected.unwrap_err().downcast::<String>().unwrap();
    assert!(message.starts_with("Cannot run backward: graph tape has already been consumed at NodeId(1). "));
    let grads = fresh.sum().backward();
    let grad = x.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
    assert_eq!(grad, vec![1.0 - 0.5f32.tanh().powi(2), 1.0 - 1.0f32.tanh().powi(2)]);
}
