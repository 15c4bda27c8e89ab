// Features kept in a struct's `Vec` field, indexed by the counter in the first epoch only
// (`if step == 0 { bank.feats[i].clone() }`). pbpit run: clean (4 backwards).
use burn::{nn::LinearConfig, prelude::*};

struct Bank {
    feats: Vec<Tensor<2>>,
}

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
    let bank = Bank { feats };
    for step in 0..2 {
        for i in 0..bank.feats.len() {
            let t = if step == 0 { bank.feats[i].clone() } else { linear.forward(x.clone()).tanh() };
            let g = t.matmul(w.clone()).mean().backward();
            println!("{}", w.grad(&g).is_some());
        }
    }
}
