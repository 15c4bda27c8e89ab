// Features made once by a nested encoder and a `Vec` of layers, then a head fitted on them in a
// helper whose loop panics in its 2nd pass at `feats` (before `main` runs another statement). The
// parameters, given their ids when the statement making `feats` first reads them, are named by
// their path as Burn's records name them (burn-core's `enter_module(index, "Vec")`; burn-store's
// `layers.0.weight`): model.encoder.block.fc1.{weight,bias}, model.encoder.layers.0.{weight,bias},
// model.encoder.layers.1.{weight,bias}, and head.{weight,bias} in the loop.
use burn::{
    nn::{Linear, LinearConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Block {
    fc1: Linear,
}

#[derive(Module, Debug)]
struct Encoder {
    block: Block,
    layers: Vec<Linear>,
}

#[derive(Module, Debug)]
struct Model {
    encoder: Encoder,
}

fn fit(feats: &Tensor<2>, head: &Linear) {
    for step in 0..2 {
        let loss = head.forward(feats.clone()).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", head.weight.grad(&grads).is_some());
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(7);
    let model = Model {
        encoder: Encoder {
            block: Block { fc1: LinearConfig::new(2, 3).init(&device) },
            layers: vec![LinearConfig::new(3, 3).init(&device), LinearConfig::new(3, 2).init(&device)],
        },
    };
    let head = LinearConfig::new(2, 1).init(&device);
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [0.5, 2.0]], &device);
    let feats = model.encoder.layers[1].forward(model.encoder.layers[0].forward(model.encoder.block.fc1.forward(x)));
    fit(&feats, &head);
}
