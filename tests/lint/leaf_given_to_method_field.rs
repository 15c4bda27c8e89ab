// A function given a leaf by reference (`train(&mut norm, &w)`) makes `h` from it in its loop and
// hands it to a method that blends it into a field of the `&mut` parameter: the field carries the
// pass's graph into the next, whose backward panics (pbpit run: NodeId(5), `norm.mean`, line 18).
// Read with its parameters as data alone, the function shows nothing; read given the leaf, it does.
use burn::prelude::*;

struct RunningMean {
    mean: Tensor<1>,
    momentum: f32,
}

impl RunningMean {
    fn normalize(&mut self, h: Tensor<1>) -> Tensor<1> {
        self.mean = self.mean.clone() * self.momentum + h.clone() * (1.0 - self.momentum); //~ WARN loop-external-tracked
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
