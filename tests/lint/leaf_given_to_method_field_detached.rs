// `leaf_given_to_method_field.rs` with the blend made of `h` detached: the field holds data and
// each pass's graph is its own. pbpit run: clean.
use burn::prelude::*;

struct RunningMean {
    mean: Tensor<1>,
    momentum: f32,
}

impl RunningMean {
    fn normalize(&mut self, h: Tensor<1>) -> Tensor<1> {
        self.mean = self.mean.clone() * self.momentum + h.clone().detach() * (1.0 - self.momentum);
        h - self.mean.clone()
    }
}

fn train(norm: &mut RunningMean, w: &Tensor<1>) {
    for step in 0..3 {
        let h = w.clone() * (step as f32 + 1.0);
        let loss = norm.normalize(h).powf_scalar(2.0).sum();
        let grads = loss.backward();
        println!("{}", w.grad(&grads).unwrap());
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut norm = RunningMean { mean: Tensor::<1>::zeros([2], &device), momentum: 0.5 };
    train(&mut norm, &w);
}
