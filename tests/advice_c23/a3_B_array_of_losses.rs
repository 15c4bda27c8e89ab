//! Hand verdict (fixer C, session 23), older `Tensor<B, D>` style: `shared-intermediate` on `hid`.
//! Two losses walked from an array literal (by value, Rust 2021), one backward and one SGD step
//! each: the second panics at `hid`. Hand fix (twin): one backward and one step on the sum.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Two<B: Backend> {
    base: Linear<B>,
    top: Linear<B>,
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 4);
    let mut two: Two<B> = Two { base: LinearConfig::new(2, 2).init(&device), top: LinearConfig::new(2, 1).init(&device) };
    let mut sgd = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.4, -0.4], [0.2, 0.6]], &device);
    let t = Tensor::<B, 2>::from_floats([[0.5], [0.1]], &device);
    for e in 0..2 {
        let hid = two.base.forward(x.clone()).tanh();
        let fit = (two.top.forward(hid.clone()) - t.clone()).powf_scalar(2.0).mean();
        let decay = hid.powf_scalar(2.0).mean().mul_scalar(0.01);
        for part in [fit, decay] {
            println!("e {e}: {:.6}", part.clone().into_scalar());
            let grads = GradientsParams::from_grads(part.backward(), &two);
            two = sgd.step(0.3, two, grads);
        }
    }
}
