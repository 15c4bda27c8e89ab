// A recurrent cell returns its two state tensors; the loop puts them back in the state struct
// with the field shorthand for one of them, detaching only the other.
// pbpit run: panics in the second pass at `state.memory`; the fix writes the shorthand
// `memory: memory.detach()`.
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Cell {
    gate: Linear,
    cand: Linear,
}

impl Cell {
    fn run(&self, x: Tensor<2>, prev: &State) -> (Tensor<2>, Tensor<2>) {
        let g = activation::sigmoid(self.gate.forward(x.clone()));
        let memory = prev.memory.clone() * g.clone() + self.cand.forward(x).tanh();
        let hidden = memory.clone().tanh() * g + prev.hidden.clone() * 0.1;
        (hidden, memory)
    }
}

struct State {
    hidden: Tensor<2>,
    memory: Tensor<2>,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(17);
    let mut cell = Cell {
        gate: LinearConfig::new(3, 3).init(&device),
        cand: LinearConfig::new(3, 3).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let mut state = State {
        hidden: Tensor::<2>::zeros([1, 3], &device),
        memory: Tensor::<2>::zeros([1, 3], &device),
    };
    let mut step = 0;
    loop {
        let x = Tensor::<2>::from_floats([[0.1, -0.2, 0.4 * step as f32]], &device);
        let (hidden, memory) = cell.run(x, &state); //~ WARN loop-external-tracked
        let loss = hidden.clone().sum().powf_scalar(2.0);
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &cell);
        cell = optim.step(0.01, cell, grads);
        state = State { hidden: hidden.detach(), memory };
        step += 1;
        if step == 3 {
            break;
        }
    }
}
