// Anchor keys made once by a builder function, kept in a struct and read by every step.
// pbpit run: the second step's backward panics at `keys`; the fix detaches them where the
// builder makes them (it is called once).
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

struct Anchors {
    keys: Tensor<2>,
}

fn build_anchors(net: &Net, points: Tensor<2>) -> Anchors {
    let keys = net.fc.forward(points).tanh();
    Anchors { keys }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(8);
    let mut net = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let anchors = build_anchors(&net, Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device)); //~ WARN loop-external-tracked
    for step in 0..3 {
        let q = net.fc.forward(Tensor::<2>::from_floats([[0.5, 0.5]], &device)).tanh();
        let loss = q.matmul(anchors.keys.clone().transpose()).sum();
        println!("{step}: {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
