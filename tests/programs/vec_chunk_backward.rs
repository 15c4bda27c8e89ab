//! One forward over the whole batch, the output sliced into chunks, each chunk's loss in a `Vec`
//! backpropagated on its own: the second chunk's backward reaches the shared prediction.
//!
//! Node ids: fc.weight 0, fc.bias 1, x 2, y 3, the linear (matmul 4, the bias reshaped to
//! `[1, d_out]` 5, add 6 = pred). Chunk 0: pred slice 7, y slice 8 (untracked), sub 9, square
//! 10, mean 11. Chunk 1: 12, 13, 14, 15, 16. The first backward consumes 11, 10, 9, 7, 6, 5, 4;
//! the second walks 16 -> 15 -> 14 -> 12 -> 6 and finds 6's step gone: the panic at NodeId(6).

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
        weight: Param::from_tensor(Tensor::from_floats([[0.5], [0.25]], &device)),
        bias: Some(Param::from_tensor(Tensor::from_floats([0.0], &device))),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, -1.0]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [0.5], [1.0], [0.5]], &device);
    let mse = MseLoss::new();

    let pred = model.forward(x);
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for chunk in 0..2 {
        let rows = chunk * 2..chunk * 2 + 2;
        let p = pred.clone().slice([rows.clone(), 0..1]);
        losses.push(mse.forward(p, y.clone().slice([rows, 0..1]), Reduction::Mean));
    }
    for (i, loss) in losses.iter().enumerate() {
        let grads = loss.backward();
        let g = model.weight.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap();
        println!("chunk {i}: loss = {}, weight.grad = {:?}", loss.clone().into_scalar::<f32>(), g);
    }
}
