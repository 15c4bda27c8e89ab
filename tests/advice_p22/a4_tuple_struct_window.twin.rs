//! Gradient accumulation in a tuple struct: `.0` holds the running sum of the window's losses,
//! `.1` how many were added; `apply` backpropagates their mean every third sample.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Scorer {
    lin: Linear,
}

struct Window(Option<Tensor<1>>, usize);

impl Window {
    fn push(&mut self, loss: Tensor<1>) {
        let sum = match self.0.take() {
            Some(prev) => prev + loss,
            None => loss,
        };
        self.0 = Some(sum);
        self.1 += 1;
    }

    fn apply(&mut self, scorer: &Scorer) -> GradientsParams {
        let mean = self.0.take().unwrap() / self.1 as f32;
        self.1 = 0;
        let grads = mean.backward();
        GradientsParams::from_grads(grads, scorer)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(41);
    let mut scorer = Scorer { lin: LinearConfig::new(3, 1).init(&device) };
    let mut adam = AdamConfig::new().init();
    let data = Tensor::<2>::from_floats(
        [[0.1, 0.2, 0.3], [0.9, -0.4, 0.0], [-0.3, 0.8, 0.5], [0.6, 0.6, -0.6], [0.0, -1.0, 0.4], [0.7, 0.1, 0.2]],
        &device,
    );
    let wanted = Tensor::<2>::from_floats([[1.0], [0.0], [1.0], [0.0], [1.0], [0.0]], &device);
    let mut window = Window(None, 0);

    for s in 0..6 {
        let x = data.clone().slice([s..s + 1, 0..3]);
        let y = wanted.clone().slice([s..s + 1, 0..1]);
        let loss = (scorer.lin.forward(x) - y).abs().mean();
        println!("sample {s}: {:.6}", loss.clone().into_scalar::<f32>());
        window.push(loss);
        if window.1 == 3 {
            let grads = window.apply(&scorer);
            scorer = adam.step(0.01, scorer, grads);
        }
    }
}
