// A moving-average baseline for a policy-gradient loss, updated from each pass's rewards,
// which are tracked: the baseline carries the previous pass's graph.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let theta = Tensor::<1>::from_floats([0.1, 0.2, 0.3], &device).require_grad();
    let mut baseline = Tensor::<1>::zeros([1], &device);
    for step in 0..3 {
        let x = Tensor::<1>::from_floats([1.0, 0.0, -1.0], &device);
        let reward = (x * theta.clone()).sum();
        let advantage = reward.clone() - baseline.clone();
        let loss = advantage.powf_scalar(2.0).mean();
        let grads = loss.backward();
        println!("step {step}: {:?}", theta.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        baseline = baseline * 0.9 + reward * 0.1;
    }
}
