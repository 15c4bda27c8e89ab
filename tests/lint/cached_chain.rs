//! A cached forward of two steps: fix B must move both into the loop.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let h = x.clone().exp();
    let scale = 2.0;
    let feats = h.clone() * scale; //~ WARN loop-external-tracked
    for step in 0..3 {
        let loss = (feats.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("{step} {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
