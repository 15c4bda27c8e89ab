//! Two methods of one model called before the loop: `features` borrows the model (`&self`),
//! `consume` takes it by value. Moved into the loop, only the second needs a clone.
use burn::{nn::{Linear, LinearConfig}, prelude::*};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

impl Net {
    fn features(&self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x).tanh()
    }

    fn consume(self, x: Tensor<2>) -> Tensor<2> {
        self.fc.forward(x).exp()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(5);
    let net = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let x = Tensor::<2>::from_floats([[0.5, -1.0], [1.0, 0.25]], &device);
    let a = net.features(x.clone()).detach();
    let b = net.consume(x.clone());
    for step in 0..2 {
        let loss = (a.clone() * b.clone()).sum();
        println!("step {step}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let _grads = loss.backward();
    }
}
