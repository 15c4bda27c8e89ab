// Losses made once, before the loop, walked zipped with their targets; only the first pass of
// `while step < 3 { step += 1; .. }` (`if step == 1`) takes them, later passes compute
// afresh. pbpit run: clean (6 backwards).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let y = Tensor::<2>::from_floats([[0.25, -0.5], [1.0, 0.75]], &device);
    let scales = vec![1.0, 0.5];
    let targets = vec![x.clone(), y.clone()];
    let feats: Vec<Tensor<2>> =
        scales.iter().map(|&scale| ((x.clone() * scale) + w.clone()).powf_scalar(2.0)).collect();
    let losses: Vec<Tensor<1>> =
        feats.iter().map(|f| (f.clone().matmul(w.clone()) - y.clone()).powf_scalar(2.0).mean()).collect();
    let mut step = 0;
    while step < 3 {
        step += 1;
        for (loss, target) in losses.iter().zip(targets.iter()) {
            let t = if step == 1 { loss.clone() } else { ((x.clone() + w.clone()) * target.clone()).sum() };
            let grads = t.backward();
            println!("{step}: {}", w.grad(&grads).is_some());
        }
    }
}
