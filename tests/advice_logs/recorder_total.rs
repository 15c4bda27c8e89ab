//! A recorder of per-batch losses whose `total` is backpropagated every third batch; `total`
//! sums what was recorded and nothing ever empties it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    lin: Linear,
}

impl Net {
    fn batch_loss(&self, x: Tensor<2>) -> Tensor<1> {
        self.lin.forward(x).powf_scalar(2.0).sum()
    }
}

struct Recorder {
    items: Vec<Tensor<1>>,
}

impl Recorder {
    fn add(&mut self, value: Tensor<1>) {
        self.items.push(value);
    }

    fn total(&self) -> Tensor<1> {
        let mut sum = self.items[0].clone();
        for v in self.items.iter().skip(1) {
            sum = sum + v.clone();
        }
        sum
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let mut net = Net { lin: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut rec = Recorder { items: Vec::new() };
    let mut i = 0;
    while i < 6 {
        let x = Tensor::<2>::from_floats([[0.5 + i as f32 * 0.1, -0.25]], &device);
        rec.add(net.batch_loss(x));
        if i % 3 == 2 {
            let total = rec.total();
            println!("batch {}: total = {:.5}", i, total.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(total.backward(), &net);
            net = optim.step(0.05, net, grads);
        }
        i += 1;
    }
}
