// The same with `while` loops and their counters: `while i < feats.len() { ..; i += 1; }` walks
// the `Vec` one element a pass, `if step == 0` takes them in the first pass of `while step < 3`
// only. pbpit run: clean (6 backwards).
use burn::{nn::LinearConfig, prelude::*};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let linear = LinearConfig::new(2, 2).init(&device);
    let scales = vec![1.0, 0.5];
    let feats: Vec<Tensor<2>> = scales.iter().map(|&s| linear.forward(x.clone() * s).tanh()).collect();
    let mut step = 0;
    while step < 3 {
        let mut i = 0;
        while i < feats.len() {
            let t = if step == 0 { feats[i].clone() } else { linear.forward(x.clone()).tanh() };
            let grads = t.matmul(w.clone()).mean().backward();
            println!("{step} {i}: {}", w.grad(&grads).is_some());
            i += 1;
        }
        step += 1;
    }
}
