//! A toy autoregressive decoder: a `while` loop unrolls the state over the sequence and keeps
//! each step's output in a Vec; the outputs are then matched to the targets with `zip` and
//! each step's loss gets its own backward and Adam step.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::activation::sigmoid;

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
struct Decoder<B: Backend> {
    update: Linear<B>,
    emit: Linear<B>,
}

fn advance<B: Backend>(decoder: &Decoder<B>, state: Tensor<B, 2>) -> Tensor<B, 2> {
    sigmoid(decoder.update.forward(state))
}

fn main() {
    let device = Default::default();
    B::seed(&device, 33);
    let mut decoder: Decoder<B> = Decoder {
        update: LinearConfig::new(3, 3).init(&device),
        emit: LinearConfig::new(3, 1).init(&device),
    };
    let mut optimizer = AdamConfig::new().init();
    let wanted = vec![0.2f32, 0.5, 0.9];
    for sweep in 0..2 {
        let mut state = Tensor::<B, 2>::from_floats([[0.1, 0.0, -0.1]], &device);
        let mut outputs: Vec<Tensor<B, 2>> = Vec::new();
        let mut t = 0;
        while t < wanted.len() {
            state = advance(&decoder, state);
            outputs.push(decoder.emit.forward(state.clone()));
            t += 1;
        }
        for (output, target) in outputs.into_iter().zip(wanted.iter()) {
            let error = output.sub_scalar(*target).abs().sum();
            let grads = GradientsParams::from_grads(error.backward(), &decoder);
            decoder = optimizer.step(5e-3, decoder, grads);
        }
        println!("sweep {sweep} done");
    }
}
