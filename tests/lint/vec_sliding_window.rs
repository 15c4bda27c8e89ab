// A window over features made once, before the loop: pass i's loss reads `feats[i]` and
// `feats[i + 1]`, so the second pass reads `feats[1]` again, whose step the first pass's
// backward consumed. pbpit run: NodeId(13) (`feats[1]`), backward #2.
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5, 0.25];
    let mut feats = Vec::new();
    for &scale in scales.iter() {
        feats.push(linear.forward(x.clone() * scale).tanh()); //~ WARN loop-external-tracked
    }
    for i in 0..feats.len() - 1 {
        let t = feats[i].clone() + feats[i + 1].clone();
        let g = t.matmul(w.clone()).mean().backward();
        println!("{}", w.grad(&g).is_some());
    }
}
