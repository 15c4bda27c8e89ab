// A Vec of losses walked with iter() in a branch taken on odd passes, emptied there after its
// backwards: each pass that backpropagates refills it first, and nothing walked stays. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        losses.push(w.clone().exp().sum());
        if step % 2 == 1 {
            for loss in losses.iter() {
                let grads = loss.clone().backward();
                println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
            }
            losses.clear();
        }
    }
}
