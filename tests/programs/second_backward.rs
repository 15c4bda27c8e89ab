//! A second backward on the same loss, to get the input's gradient after the parameters'
//! (a saliency map, say): Burn has no `retain_graph`, so it panics at the loss itself.
//!
//! Node ids: model.weight 0, model.bias 1, x 2 (requires grad), y 3, the linear (matmul 4, the bias
//! reshaped to `[1, d_out]` 5, add 6), MseLoss's sub 7, square 8, mean 9 = loss. The first backward
//! consumes 9 down to 4; the second starts at 9, whose step is gone: the panic at NodeId(9).

use burn::{
    module::Param,
    nn::{
        Linear,
        loss::{MseLoss, Reduction},
    },
    prelude::*,
};

fn main() {
    let device = Device::default().autodiff();
    let model: Linear = Linear {
        weight: Param::from_tensor(Tensor::from_floats([[0.5], [-1.0]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.25], &device))),
    };
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.5, 0.5]], &device).require_grad();
    let y = Tensor::<2>::from_floats([[-1.0], [0.0]], &device);

    let loss = MseLoss::new().forward(model.forward(x.clone()), y, Reduction::Mean);
    println!("loss = {}", loss.clone().into_scalar::<f32>());
    let grads = loss.backward();
    let w = model.weight.grad(&grads).unwrap();
    println!("weight.grad = {:?}", w.to_data().to_vec::<f32>().unwrap());
    let grads = loss.backward();
    let saliency = x.grad(&grads).unwrap();
    println!("x.grad = {:?}", saliency.to_data().to_vec::<f32>().unwrap());
}
