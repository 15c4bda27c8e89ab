//! An autoencoder whose `forward` returns a tuple (reconstruction, code), a reconstruction loss
//! and a penalty on the code, each backpropagated on its own to log its gradient: the second
//! backward reaches the code, whose step the first consumed.
//!
//! Node ids by Burn's rules: encoder.weight 0, .bias 1, decoder.weight 2, .bias 3 (field order,
//! each kept by `Param::from_tensor`), x 4. The forward: encoder 5-7 (a linear: matmul, the bias's
//! reshape, add), tanh 8 = code, decoder 9-11 = reconstruction. MseLoss: sub 12, square 13, mean 14
//! = recon_loss; the penalty: square 15, mean 16, mul_scalar 17. The first backward consumes 14
//! down to 5; the second walks 17 -> 16 -> 15 -> 8 and finds 8's step gone: the panic at NodeId(8).

use burn::{
    module::Param,
    nn::{
        Linear, Tanh,
        loss::{MseLoss, Reduction},
    },
    prelude::*,
};

#[derive(Module, Debug)]
pub struct AutoEncoder {
    encoder: Linear,
    decoder: Linear,
    activation: Tanh,
}

impl AutoEncoder {
    /// The reconstruction and the code it was made from.
    pub fn forward(&self, x: Tensor<2>) -> (Tensor<2>, Tensor<2>) {
        let code = self.activation.forward(self.encoder.forward(x));
        let reconstruction = self.decoder.forward(code.clone());
        (reconstruction, code)
    }
}

fn linear(weight: Tensor<2>, bias: Tensor<1>) -> Linear {
    Linear { weight: Param::from_tensor(weight), bias: Some(Param::from_tensor(bias)) }
}

fn main() {
    let device = Device::default().autodiff();
    let model: AutoEncoder = AutoEncoder {
        encoder: linear(
            Tensor::from_floats([[0.5], [-0.5], [0.25]], &device),
            Tensor::from_floats([0.0], &device),
        ),
        decoder: linear(
            Tensor::from_floats([[1.0, -1.0, 0.5]], &device),
            Tensor::from_floats([0.0, 0.0, 0.0], &device),
        ),
        activation: Tanh::new(),
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.0, 0.5], [1.0, 1.0, 0.0]], &device);

    let (reconstruction, code) = model.forward(x.clone());
    let recon_loss = MseLoss::new().forward(reconstruction, x, Reduction::Mean);
    let penalty = code.square().mean().mul_scalar(0.1);
    println!(
        "reconstruction = {:.6}, penalty = {:.6}",
        recon_loss.clone().into_scalar::<f32>(),
        penalty.clone().into_scalar::<f32>()
    );

    let grads = recon_loss.backward();
    let g = model.decoder.weight.grad(&grads).unwrap();
    println!("decoder.weight.grad = {:?}", g.to_data().to_vec::<f32>().unwrap());
    let grads = penalty.backward();
    let g = model.encoder.weight.grad(&grads).unwrap();
    println!("encoder.weight.grad = {:?}", g.to_data().to_vec::<f32>().unwrap());
}
