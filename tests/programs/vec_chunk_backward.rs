//! One forward over the whole batch, the output sliced into chunks, each chunk's loss in a `Vec`
//! backpropagated on its own: the second chunk's backward reaches the shared prediction.
//!
//! Node ids: fc.weight 0, fc.bias 1, x 2, y 3, pred 4 (the linear). Chunk 0: pred slice 5,
//! y slice 6 (untracked), sub 7, square 8, mean 9. Chunk 1: 10, 11, 12, 13, 14. The first
//! backward consumes 9, 8, 7, 5, 4; the second walks 14 -> 13 -> 12 -> 10 -> 4 and finds 4's
//! step gone: the panic at NodeId(4).

use burn::backend::{Autodiff, NdArray};
use burn::module::Param;
use burn::nn::loss::{MseLoss, Reduction};
use burn::nn::Linear;
use burn::prelude::*;

type B = Autodiff<NdArray>;

fn main() {
    let device = Default::default();
    let model: Linear<B> = Linear {
        weight: Param::from_tensor(Tensor::from_floats([[0.5], [0.25]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.0], &device))),
    };
    let x = Tensor::<B, 2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.5], [1.0], [0.5]], &device);
    let mse = MseLoss::new();

    let pred = model.forward(x);
    let mut losses: Vec<Tensor<B, 1>> = Vec::new();
    for chunk in 0..2 {
        let rows = chunk * 2..chunk * 2 + 2;
        let p = pred.clone().slice([rows.clone(), 0..1]);
        losses.push(mse.forward(p, y.clone().slice([rows, 0..1]), Reduction::Mean));
    }
    for (i, loss) in losses.iter().enumerate() {
        let grads = loss.backward();
        let g = model.weight.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
        println!("chunk {i}: loss = {}, weight.grad = {:?}", loss.clone().into_scalar(), g);
    }
}
