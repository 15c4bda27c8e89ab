//! Hand verdict (fixer C, session 23): `double-backward` on `loss`, made by two `let`s (the
//! prediction, then the error). Sharpness-aware step: the weight is pushed into `pushed`, whose
//! gradient is read, but the first loss is backpropagated again: the second backward panics at
//! `loss`. Hand fix (twin): the prediction and the loss made again from `pushed`.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let feats = Tensor::<2>::from_floats([[1.0, 2.0, 0.0], [0.0, 1.0, 1.0]], &device);
    let target = Tensor::<2>::from_floats([[1.0], [0.5]], &device);
    let mut weight = Tensor::<2>::from_floats([[0.1], [0.2], [0.3]], &device).require_grad();
    for t in 0..3 {
        let pred = feats.clone().matmul(weight.clone()).tanh();
        let loss = (pred - target.clone()).abs().sum();
        println!("t {t}: loss = {:.6}", loss.clone().into_scalar::<f32>());
        let g0 = loss.backward();
        let dir = weight.grad(&g0).unwrap();
        let pushed = Tensor::from_inner(weight.clone().inner() + dir * 0.05).require_grad();
        let g1 = loss.backward();
        let update = pushed.grad(&g1).unwrap();
        weight = Tensor::from_inner(weight.inner() - update * 0.1).require_grad();
    }
}
