// A target network's output computed once before the loop; only the online weights are read.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let target_w = Tensor::<1>::from_floats([0.9, 1.1], &device).require_grad();
    let online_w = Tensor::<1>::from_floats([1.0, 1.0], &device).require_grad();
    let s = Tensor::<1>::from_floats([0.5, 0.25], &device);
    let target_q = (s.clone() * target_w.clone()).sum();
    for step in 0..3 {
        let q = (s.clone() * online_w.clone()).sum();
        let loss = (q - target_q.clone()).powf_scalar(2.0);
        let grads = loss.backward();
        println!("{step}: {:?}", online_w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
