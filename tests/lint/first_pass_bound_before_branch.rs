// The forward made before the loop is bound in every pass (`let f = feat.clone();`), but only
// the first pass's branch (`if step == 0 { f }`) gives it to the loss. pbpit run: clean (3
// backwards).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let feat = linear.forward(x.clone()).tanh();
    for step in 0..3 {
        let f = feat.clone();
        let t = if step == 0 { f } else { linear.forward(x.clone()).tanh() };
        let g = t.matmul(w.clone()).mean().backward();
        println!("{}", w.grad(&g).is_some());
    }
}
