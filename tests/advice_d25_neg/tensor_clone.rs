//! A leaf cloned where the loop refreshes a carried scale from it: no module, no target network.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let mut scale = Tensor::<1>::zeros([2], &device);
    for step in 0..3 {
        if step % 2 == 0 {
            let frozen = w.clone();
            scale = frozen.exp();
        }
        let loss = (x.clone() * scale.clone() * w.clone()).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    }
}
