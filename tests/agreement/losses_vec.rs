// Three task heads on one trunk output; their losses are collected in a Vec and each is
// backpropagated on its own in a loop: the trunk's output is shared, so the loop's 2nd backward
// (its 2nd pass) panics at `trunk_out` (the tanh). The losses have no binding of their own but the
// loop's `loss`: "add the losses" names them as each pass's `loss`, never by NodeId.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let trunk_out = (x * w.clone()).tanh();
    let scales = [1.0, 2.0, 3.0];
    let losses: Vec<Tensor<1>> = scales.iter().map(|s| (trunk_out.clone() * *s).sum()).collect();
    for (task, loss) in losses.into_iter().enumerate() {
        let grads = loss.backward();
        println!("task {task}: {:?}", w.grad(&grads).is_some());
    }
}
