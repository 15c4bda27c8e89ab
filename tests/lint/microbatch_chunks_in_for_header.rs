// One forward over a batch of six, then per-slice updates: the output is chunked in the loop's
// header and each slice's loss is backpropagated on its own (to log each slice's gradient).
// pbpit run: the second slice's backward panics at `preds`; the fix runs the forward on each
// slice of `inputs` (`inputs.chunk(3, 0).into_iter().map(..)`).
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Regressor {
    hidden: Linear,
    head: Linear,
}

impl Regressor {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.head.forward(self.hidden.forward(x).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let model = Regressor {
        hidden: LinearConfig::new(3, 5).init(&device),
        head: LinearConfig::new(5, 1).init(&device),
    };
    let inputs = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [0.4, 0.5, 0.6], [0.7, 0.8, 0.9], [1.0, 0.0, -1.0], [0.5, 0.5, 0.5], [-0.3, 0.2, 0.1]],
        &device,
    );
    let targets = Tensor::<2>::from_floats([[1.0], [0.0], [1.0], [0.5], [0.2], [0.9]], &device);
    let preds = model.forward(inputs); //~ WARN shared-intermediate
    let wanted = targets.chunk(3, 0);
    for (i, p) in preds.chunk(3, 0).into_iter().enumerate() {
        let loss = (p - wanted[i].clone()).abs().mean();
        let grads = loss.backward();
        let g = model.head.weight.grad(&grads).unwrap();
        println!("slice {i}: head grad sum = {}", g.sum().into_scalar::<f32>());
    }
}
