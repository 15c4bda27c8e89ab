// A forward made once, before the loop, used only while `first` holds; `first = false;` ends
// every pass, so only the first pass takes it. pbpit run: clean (3 backwards).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let feat = linear.forward(x.clone()).tanh();
    let mut first = true;
    for step in 0..3 {
        let t = if first { feat.clone() } else { linear.forward(x.clone()).tanh() };
        let g = t.matmul(w.clone()).mean().backward();
        println!("{}", w.grad(&g).is_some());
        first = false;
    }
}
