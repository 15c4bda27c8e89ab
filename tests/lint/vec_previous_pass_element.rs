// A Vec the loop pushes a clone of `feat` into, read at the previous pass's index (seen[epoch - 1])
// once epoch >= 1: that pass's backward consumed it. pbpit run: panics (loop-external-tracked).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut seen: Vec<Tensor<1>> = Vec::new();
    for epoch in 0..3 {
        let feat = w.clone().tanh().mul_scalar(epoch as f32 + 1.0); //~ WARN loop-external-tracked
        seen.push(feat.clone());
        let mut loss = feat.sum();
        if epoch >= 1 {
            let prev = seen[epoch - 1].clone();
            loss = loss + prev.powf_scalar(2.0).sum();
        }
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        println!("epoch {epoch}: {:?}", g.into_data().to_vec::<f32>().unwrap());
    }
}
