// Reduced from tracel-ai/burn, crates/burn-backend-tests/tests/autodiff/all_reduce.rs (the
// two-device all-reduce test), commit 2c06be351006851d42fdb6df16b976f4a82d9747.
// The collective returns one output per input; the test destructures them with a slice
// pattern and backpropagates each once. The outputs are two nodes whose only tracked parents
// are the two leaves (which have no step to lose): no intermediate is shared, nothing panics.
// Today's lint reports the slice pattern as one shared tensor. Silent.
use burn::prelude::*;

fn all_reduce_sum(inputs: Vec<TestTensor<1>>) -> Vec<TestTensor<1>> {
    let devices: Vec<_> = inputs.iter().map(|t| t.device()).collect();
    devices
        .iter()
        .map(|device| inputs.iter().fold(TestTensor::<1>::zeros([2], device), |acc, t| acc + t.clone().to_device(device)))
        .collect()
}

#[test]
fn all_reduce_sum_backward() {
    let device_0 = Default::default();
    let device_1 = Default::default();
    let in_tensor_0 = TestTensor::<1>::from_data([2.0, 5.0], &device_0).require_grad();
    let in_tensor_1 = TestTensor::<1>::from_data([4.0, 1.0], &device_1).require_grad();
    let [out_tensor_0, out_tensor_1] = &all_reduce_sum(vec![in_tensor_0.clone(), in_tensor_1.clone()])[..] else {
        panic!("should have 2 tensors")
    };
    let out_tensor_1 = out_tensor_1.clone().mul_scalar(4.0);
    let grads_0 = out_tensor_0.backward();
    let grads_1 = out_tensor_1.backward();
    let grad_0 = in_tensor_0.grad(&grads_0).unwrap();
    let grad_1 = in_tensor_1.grad(&grads_1).unwrap();
    grad_0.to_data().assert_eq(&TensorData::from([1.0, 1.0]), false);
    grad_1.to_data().assert_eq(&TensorData::from([4.0, 4.0]), false);
}
