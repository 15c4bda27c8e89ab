// One forward, its output split into micro-batches of two rows, one backward each.
// pbpit run: the second piece's backward panics at `out`; the fix runs the forward on each
// piece of `x` (`x.split(2, 0)`).
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [3.0, 4.0], [0.5, 0.5], [1.0, -1.0]], &device);
    let out = net.fc.forward(x); //~ WARN shared-intermediate
    for (k, piece) in out.split(2, 0).into_iter().enumerate() {
        let grads = piece.powf_scalar(2.0).mean().backward();
        println!("{k}: {}", net.fc.weight.grad(&grads).unwrap().sum().into_scalar::<f32>());
    }
}
