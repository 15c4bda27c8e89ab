//! A retrieval head: each step's value embedding is appended to a memory that every later step
//! reads whole (stacked) to answer its query.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation,
};

#[derive(Module, Debug)]
pub struct Reader {
    val: Linear,
    qry: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(33);
    let mut reader = Reader {
        val: LinearConfig::new(2, 4).init(&device),
        qry: LinearConfig::new(2, 4).init(&device),
        head: LinearConfig::new(4, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let items = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [0.5, -0.5]], &device);
    let labels = [0.2, -0.1, 0.4, 0.0];

    let mut memory: Vec<Tensor<2>> = Vec::new();
    for s in 0..4 {
        let item = items.clone().narrow(0, s, 1);
        memory.push(reader.val.forward(item.clone()));
        let values = Tensor::cat(memory.clone(), 0);
        let weights = activation::softmax(reader.qry.forward(item).matmul(values.clone().transpose()), 1);
        let answer = reader.head.forward(weights.matmul(values));
        let loss = (answer - labels[s]).powf_scalar(2.0).mean();
        println!("s={s}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &reader);
        reader = optim.step(0.2, reader, grads);
        memory = memory.into_iter().map(|m| m.detach()).collect();
    }
}
