//! An RNN cell written by hand: a `Linear` of the concatenated input and state
//! (`Tensor::cat(vec![x, h], 1)`), `tanh`, the state carried across steps with
//! `.clone().detach()` (truncated backprop, one step a window). No panic.

use burn::{
    module::Param,
    nn::Linear,
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
pub struct RnnCell {
    cell: Linear,
}

impl RnnCell {
    pub fn forward(&self, x: Tensor<2>, state: Tensor<2>) -> Tensor<2> {
        let input = Tensor::cat(vec![x, state], 1);
        self.cell.forward(input).tanh()
    }
}

fn run(device: &Device) {
    let weight = TensorData::new(vec![0.5f32, -0.25, 0.25, 0.5, -0.5, 0.25], [3, 2]);
    let mut model = RnnCell {
        cell: Linear {
            weight: Param::from_tensor(Tensor::from_data(weight, device)),
            bias: Some(Param::from_tensor(Tensor::zeros([2], device))),
        },
    };
    let mut optim = SgdConfig::new().init();
    let inputs = [1.0f32, -0.5, 0.25, 0.75];
    let targets = [[0.25f32, 0.5], [-0.5, 0.0], [0.0, 0.25], [0.5, -0.25]];
    let mut state = Tensor::<2>::zeros([1, 2], device);
    for (t, (x, target)) in inputs.iter().zip(targets.iter()).enumerate() {
        let x = Tensor::<2>::from_floats([[*x]], device);
        let target = Tensor::<2>::from_floats([*target], device);
        let next = model.forward(x, state);
        let loss = (next.clone() - target).square().mean();
        println!("step {t}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.2, model, grads);
        state = next.clone().detach();
    }
    println!("state = {:.4?}", state.to_data().to_vec::<f32>().unwrap());
}

fn main() {
    let device = Device::default().autodiff();
    run(&device);
}
