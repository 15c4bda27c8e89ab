//! A two-layer recurrent net trained online: the hidden state of every layer is kept in a Vec
//! and handed to the next time step.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Layer {
    inp: Linear,
    rec: Linear,
}

#[derive(Module, Debug)]
struct Stacked {
    layers: Vec<Layer>,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(89);
    let mut model = Stacked {
        layers: vec![
            Layer {
                inp: LinearConfig::new(2, 3).init(&device),
                rec: LinearConfig::new(3, 3).with_bias(false).init(&device),
            },
            Layer {
                inp: LinearConfig::new(3, 3).init(&device),
                rec: LinearConfig::new(3, 3).with_bias(false).init(&device),
            },
        ],
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let seq = Tensor::<2>::from_floats([[0.1, 0.5], [0.9, -0.2], [0.3, 0.3]], &device);
    let targets = Tensor::<2>::from_floats([[0.2], [0.6], [-0.1]], &device);
    let mut state: (Vec<Tensor<2>>, usize) = (vec![Tensor::zeros([1, 3], &device), Tensor::zeros([1, 3], &device)], 0);

    for t in 0..3 {
        let mut inp = seq.clone().slice([t..t + 1, 0..2]);
        let mut new_hs = Vec::new();
        for (layer, h) in model.layers.iter().zip(state.0.iter()) {
            let h_new = (layer.inp.forward(inp) + layer.rec.forward(h.clone())).tanh();
            new_hs.push(h_new.clone());
            inp = h_new;
        }
        let pred = model.head.forward(inp);
        let loss = (pred - targets.clone().slice([t..t + 1, 0..1])).powf_scalar(2.0).mean();
        println!("t={t}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-2, model, grads);
        state = (new_hs.into_iter().map(|t| t.detach()).collect(), state.1 + 1);
    }
}
