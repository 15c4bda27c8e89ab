// Two losses pushed a pass, all walked and backpropagated, one drained (drain(..1)): the second
// stays, its step consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut queue: Vec<Tensor<1>> = Vec::new();
    for step in 0..3 {
        queue.push(w.clone().exp().sum()); //~ WARN loop-external-tracked
        queue.push(w.clone().sin().sum());
        for loss in queue.iter() {
            let grads = loss.clone().backward();
            println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
        queue.drain(..1);
    }
}
