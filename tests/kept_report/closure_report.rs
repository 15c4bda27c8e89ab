//! The last step's loss of each round is kept and a closure reports the output layer's bias
//! gradient from it after the round.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Tiny {
    fc: Linear,
    out: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(12);
    let mut tiny = Tiny {
        fc: LinearConfig::new(2, 2).init(&device),
        out: LinearConfig::new(2, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 0.5], [0.0, 2.0]], &device);
    let y = Tensor::<2>::from_floats([[0.0], [1.0], [2.0]], &device);
    let mut latest: Option<Tensor<1>> = None;
    for round in 0..2 {
        for _ in 0..2 {
            let loss = (tiny.out.forward(tiny.fc.forward(x.clone()).tanh()) - y.clone()).powf_scalar(2.0).mean();
            let grads = loss.clone().backward();
            let grads = GradientsParams::from_grads(grads, &tiny);
            tiny = optim.step(0.1, tiny, grads);
            latest = Some(loss);
        }
        let bias_grad = |l: Tensor<1>, m: &Tiny| -> f32 {
            let g = l.backward();
            m.out.bias.as_ref().unwrap().grad(&g).unwrap().sum().into_scalar::<f32>()
        };
        let l = latest.take().unwrap();
        let v = bias_grad(l, &tiny);
        println!("round {round}: {:.5}", v);
    }
}
