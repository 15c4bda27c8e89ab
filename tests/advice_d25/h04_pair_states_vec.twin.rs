//! Two gated layers, each with an (h, c) pair of states; the pairs for the next step are kept in a
//! Vec of tuples.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Gated {
    cells: Vec<Linear>,
    read: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(19);
    let mut model = Gated {
        cells: vec![LinearConfig::new(2, 2).init(&device), LinearConfig::new(2, 2).init(&device)],
        read: LinearConfig::new(2, 1).init(&device),
    };
    let mut sgd = SgdConfig::new().init();
    let zero = Tensor::<2>::zeros([1, 2], &device);
    let mut pairs: Vec<(Tensor<2>, Tensor<2>)> = vec![(zero.clone(), zero.clone()), (zero.clone(), zero)];
    let xs = Tensor::<2>::from_floats([[0.2, 0.4], [0.6, -0.1], [0.0, 0.3]], &device);
    for t in 0..3 {
        let mut input = xs.clone().slice([t..t + 1, 0..2]);
        let mut next_pairs = Vec::new();
        for (cell, (h, c)) in model.cells.iter().zip(pairs.iter()) {
            let c_new = c.clone() * 0.5 + cell.forward(input.clone() + h.clone()).tanh();
            let h_new = c_new.clone().tanh();
            next_pairs.push((h_new.clone(), c_new));
            input = h_new;
        }
        let loss = model.read.forward(input).powf_scalar(2.0).mean();
        println!("t={t} {:.6}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = sgd.step(0.1, model, grads);
        pairs = next_pairs.into_iter().map(|(h, c)| (h.detach(), c.detach())).collect();
    }
}
