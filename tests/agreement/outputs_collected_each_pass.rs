// Runs clean in real Burn's semantics (hand derivation): each epoch collects new outputs, and
// each output is backpropagated once, by the inner loop's pass that reads it. The inner loop's
// last backward consumes the last output's step and the loop ends: no pass reaches it again.
// Neither run nor audit may warn of a hazard.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let xs = vec![
        Tensor::<1>::from_floats([1.0, 2.0], &device),
        Tensor::<1>::from_floats([0.5, 1.0], &device),
    ];
    for epoch in 0..2 {
        let outs: Vec<Tensor<1>> = xs.iter().map(|x| (x.clone() * w.clone()).tanh()).collect();
        for out in outs.iter() {
            let grads = out.clone().sum().backward();
            println!("{epoch}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
