// `feats[i]` by the outer loop's counter, read in the first pass of an inner loop only (`if k
// == 0`): each element backpropagated once. pbpit run: clean (4 backwards).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5];
    let mut feats = Vec::new();
    for &scale in scales.iter() {
        feats.push(linear.forward(x.clone() * scale).tanh());
    }
    for i in 0..feats.len() {
        for k in 0..2 {
            let t = if k == 0 { feats[i].clone() } else { linear.forward(x.clone()).tanh() };
            let g = t.matmul(w.clone()).mean().backward();
            println!("{}", w.grad(&g).is_some());
        }
    }
}
