use std::collections::HashMap;

use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    enc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut model = Encoder { enc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let xs = Tensor::<2>::from_floats(
        [[1.0, 0.2, 0.0], [0.0, 0.9, 0.3], [0.8, 0.1, 0.1], [0.1, 1.0, 0.2], [0.9, 0.0, 0.2]],
        &device,
    );
    let labels: Vec<usize> = vec![0, 1, 0, 1, 0];
    let mut protos: HashMap<usize, Tensor<2>> = HashMap::new();

    protos.insert(0, Tensor::<2>::zeros([1, 2], &device));
    protos.insert(1, Tensor::<2>::zeros([1, 2], &device));

    for (i, label) in labels.iter().enumerate() {
        let k = *label;
        let emb = model.enc.forward(xs.clone().slice([i..i + 1, 0..3]));
        let loss = match protos.get(&k) {
            Some(p) => (emb.clone() - p.clone()).powf_scalar(2.0).mean(),
            None => emb.clone().powf_scalar(2.0).mean() * 0.01,
        };
        println!("sample {i}: loss = {:.5}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.1, model, grads);
        *protos.get_mut(&k).unwrap() = protos[&k].clone() * 0.8 + emb * 0.2;
    }
}
