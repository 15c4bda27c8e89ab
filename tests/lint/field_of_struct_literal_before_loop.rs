// A key memory built in main from the model's embedding of a few anchors, then read by a free
// function in each training step of a while loop.
// pbpit run: the second step's backward panics at `memory.keys`; the fix detaches it where
// the literal puts it.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Embed {
    fc: Linear,
}

struct Memory {
    keys: Tensor<2>,
    reads: usize,
}

fn attend(memory: &mut Memory, model: &Embed, x: Tensor<2>) -> Tensor<2> {
    memory.reads += 1;
    let q = model.fc.forward(x);
    activation::sigmoid(q.matmul(memory.keys.clone().transpose()))
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(6);
    let mut model = Embed { fc: LinearConfig::new(2, 3).init(&device) };
    let mut optim = AdamConfig::new().init();
    let anchors = Tensor::<2>::from_floats([[1.0, 0.0], [0.0, 1.0]], &device);
    let mut memory = Memory { keys: model.fc.forward(anchors), reads: 0 }; //~ WARN loop-external-tracked
    let mut step = 0;
    while step < 3 {
        let x = Tensor::<2>::from_floats([[0.5, 0.5 - step as f32 * 0.2]], &device);
        let weights = attend(&mut memory, &model, x);
        let loss = (weights - Tensor::<2>::from_floats([[1.0, 0.0]], &device)).powf_scalar(2.0).sum();
        println!("step {step} (read {}): loss = {}", memory.reads, loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(0.01, model, grads);
        step += 1;
    }
}
