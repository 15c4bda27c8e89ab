//! Four pieces of a batch, their losses summed in `acc`; the sum is backpropagated after each
//! piece to print how the accumulated gradient of the output layer grows.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    a: Linear,
    b: Linear,
}

impl Net {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.b.forward(self.a.forward(x).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Net {
        a: LinearConfig::new(3, 4).init(&device),
        b: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let data = Tensor::<2>::from_floats(
        [
            [0.0, 1.0, 0.5],
            [1.0, 0.0, -0.5],
            [0.5, 0.5, 0.5],
            [-1.0, 0.0, 1.0],
            [2.0, 1.0, 0.0],
            [0.0, -1.0, 0.5],
            [1.5, 0.5, -1.0],
            [-0.5, 2.0, 0.0],
        ],
        &device,
    );
    let goal = Tensor::<2>::from_floats(
        [[1.0], [0.0], [0.5], [-1.0], [2.0], [0.0], [1.0], [0.5]],
        &device,
    );
    for round in 0..3 {
        let mut acc = Tensor::<1>::zeros([1], &device);
        let mut kept = None;
        for k in 0..4 {
            let x = data.clone().narrow(0, 2 * k, 2);
            let y = goal.clone().narrow(0, 2 * k, 2);
            let loss = (net.forward(x) - y).abs().mean();
            acc = acc.add(loss);
            let grads = acc.backward();
            let g = net.b.weight.grad(&grads).unwrap();
            println!("round {round} piece {k}: {}", g.sum().into_scalar::<f32>());
            kept = Some(grads);
        }
        let grads = GradientsParams::from_grads(kept.unwrap(), &net);
        net = optim.step(0.1, net, grads);
    }
}
