// As first_flag_flipped_each_pass.rs, but `first` is cleared only in the second pass: the
// first two passes take the forward made before the loop, and the second one's backward
// panics at it. pbpit run: NodeId(7) (`feat`), backward #2.
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let feat = linear.forward(x.clone()).tanh(); //~ WARN loop-external-tracked
    let mut first = true;
    for step in 0..3 {
        let t = if first { feat.clone() } else { linear.forward(x.clone()).tanh() };
        let g = t.matmul(w.clone()).mean().backward();
        println!("{}", w.grad(&g).is_some());
        if step == 1 {
            first = false;
        }
    }
}
