// A window of losses, each walked and backpropagated every pass, the oldest drained once it holds
// three: the ones kept were consumed by the pass before. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut window: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        window.push(w.clone().exp().sum()); //~ WARN loop-external-tracked
        for loss in window.iter() {
            let grads = loss.clone().backward();
            println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
        if window.len() > 2 {
            window.drain(..1);
        }
    }
}
