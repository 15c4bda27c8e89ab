// As losses_drained_oldest.rs, the oldest collected out of drain(..1) then backpropagated. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for step in 0..4 {
        losses.push(w.clone().exp().sum());
        let first: Vec<Tensor<1>> = losses.drain(..1).collect();
        let grads = first[0].clone().backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
