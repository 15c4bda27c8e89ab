// As losses_walked_cleared_in_branch.rs, never emptied: pass 3 walks pass 1's losses again,
// whose steps pass 1's backwards consumed. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        losses.push(w.clone().exp().sum()); //~ WARN loop-external-tracked
        if step % 2 == 1 {
            for loss in losses.iter() {
                let grads = loss.clone().backward();
                println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
            }
        }
    }
}
