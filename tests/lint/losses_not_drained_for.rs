// As losses_drained_for.rs, walking `losses.clone()`: the Vec keeps every loss, the next update's
// sum backpropagates them again. pbpit run: panics, losses[1] (NodeId(4)).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        losses.push(w.clone().exp().sum()); //~ WARN loop-external-tracked
        if step % 2 == 1 {
            let mut total = Tensor::<1>::zeros([1], &device);
            for l in losses.clone() {
                total = total + l;
            }
            let grads = total.backward();
            println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
