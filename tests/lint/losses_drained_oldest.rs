// A queue of losses, one pushed a pass, the oldest drained (drain(..1)) and backpropagated:
// each loss is backpropagated once, and gone after. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        losses.push(w.clone().exp().sum());
        for loss in losses.drain(..1) {
            let grads = loss.backward();
            println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
