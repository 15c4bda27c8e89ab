// Per-task losses pushed into a Vec by a loop over the heads, all built on one encoder output;
// then each task's loss is backpropagated on its own to log that task's encoder gradient.
// pbpit run: the second task's backward panics at `z`; the fix makes `z` anew in the loop
// that pushes each task's loss.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let encoder = Encoder { fc: LinearConfig::new(2, 3).init(&device) };
    let heads: Vec<Linear> = (0..2).map(|_| LinearConfig::new(3, 1).init(&device)).collect();
    let x = Tensor::<2>::from_floats([[0.5, -0.5], [1.5, 0.25]], &device);
    let ys = vec![
        Tensor::<2>::from_floats([[0.0], [1.0]], &device),
        Tensor::<2>::from_floats([[2.0], [-1.0]], &device),
    ];
    let z = activation::relu(encoder.fc.forward(x)); //~ WARN shared-intermediate
    let mut losses = Vec::new();
    for (head, y) in heads.iter().zip(ys.iter()) {
        losses.push((head.forward(z.clone()) - y.clone()).abs().mean());
    }
    let mut k = 0;
    for loss in losses {
        let grads = loss.backward();
        let g = encoder.fc.weight.grad(&grads).unwrap();
        println!("task {k}: encoder weight grad = {}", g.sum().into_scalar::<f32>());
        k += 1;
    }
}
