// Two terms of one forward `u`, made by closures called inside `vec![..]`, each backpropagated
// in its own pass of a loop over the `Vec`: the second backward needs `u`'s step, consumed by the
// first. (The closures' bodies are of the file, not of the macro's arguments.) pbpit run: panics.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
    out: Linear,
}

impl Net {
    fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.out.forward(self.fc.forward(x).tanh())
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(15);
    let mut net = Net {
        fc: LinearConfig::new(1, 4).init(&device),
        out: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    // three interior points, then the boundary point
    let points = Tensor::<2>::from_floats([[0.25], [0.5], [0.75], [0.0]], &device);
    let rhs = Tensor::<2>::from_floats([[0.5], [1.0], [0.5]], &device);
    let interior = |u: &Tensor<2>| (u.clone().narrow(0, 0, 3) - rhs.clone()).powf_scalar(2.0).mean();
    let boundary = |u: &Tensor<2>| u.clone().narrow(0, 3, 1).powf_scalar(2.0).mean();
    let weights = [1.0f32, 10.0];
    for epoch in 0..3 {
        let u = net.forward(points.clone()); //~ WARN shared-intermediate
        let losses = vec![interior(&u), boundary(&u)];
        for (i, loss) in losses.into_iter().enumerate() {
            println!("epoch {epoch} term {i}: {}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads((loss * weights[i]).backward(), &net);
            net = optim.step(1e-3, net, grads);
        }
    }
}
