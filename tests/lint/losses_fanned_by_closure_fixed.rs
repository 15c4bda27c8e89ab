// The fix of losses_fanned_by_closure.rs: the heads' losses, made by one closure from one
// `feats`, are added and backpropagated once a step. Runs clean (pbpit run: exit 0).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.2, -0.4, 0.6], &device).require_grad();
    let scale = Tensor::<1>::from_floats([1.0, 2.0, 0.5], &device).require_grad();
    let heads = vec![
        Tensor::<1>::from_floats([1.0, 0.0, 1.0], &device).require_grad(),
        Tensor::<1>::from_floats([0.0, 1.0, -1.0], &device).require_grad(),
    ];
    for step in 0..2 {
        let feats = (x.clone() * scale.clone()).tanh();
        let losses: Vec<Tensor<1>> =
            heads.iter().map(|w| (feats.clone() * w.clone()).sum()).collect();
        let grads = Tensor::cat(losses, 0).sum().backward();
        println!("{step}: {:?}", x.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
