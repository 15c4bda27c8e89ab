//! An autoencoder's code shared by two losses, reconstruction and an L2 penalty on the code,
//! each backpropagated on its own: the second backward panics at the code.
//!
//! Node ids: x 0, w_enc 1, w_dec 2, code 3 (matmul), recon 4, sub 5, square 6, mean 7
//! (reconstruction), square 8, mean 9 (penalty). The first backward consumes 7 down to 3; the
//! second walks 9 -> 8 -> 3 and finds 3's step gone: the panic at NodeId(3).

use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 0.5]], &device);
    let w_enc = Tensor::<2>::from_floats([[0.5], [1.0]], &device).require_grad();
    let w_dec = Tensor::<2>::from_floats([[1.0, -0.5]], &device).require_grad();

    let code = x.clone().matmul(w_enc.clone());
    let recon = code.clone().matmul(w_dec.clone());
    let reconstruction = (recon - x).square().mean();
    let penalty = code.square().mean();
    println!(
        "reconstruction = {}, penalty = {}",
        reconstruction.clone().into_scalar(),
        penalty.clone().into_scalar()
    );

    let grads = reconstruction.backward();
    let g = w_enc.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap());
    println!("reconstruction: w_enc.grad = {:?}", g);
    let grads = penalty.backward();
    let g = w_enc.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap());
    println!("penalty: w_enc.grad = {:?}", g);
}
