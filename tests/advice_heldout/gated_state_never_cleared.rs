// A gated unit keeps its state between sequences; clear_state() exists but the epoch loop never calls it.
use burn::prelude::*;
use burn::nn::{Linear, LinearConfig};

struct Cell {
    proj: Linear,
    state: Option<Tensor<2>>,
}

impl Cell {
    fn clear_state(&mut self) {
        self.state = None;
    }
    fn step(&mut self, x: Tensor<2>) -> Tensor<2> {
        let z = self.proj.forward(x);
        let h = match self.state.take() {
            Some(prev) => (prev * 0.8 + z).tanh(),
            None => z.tanh(),
        };
        self.state = Some(h.clone());
        h
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let mut cell = Cell { proj: LinearConfig::new(3, 2).init(&device), state: None };
    for seq in 0..3 {
        let mut total = Tensor::<1>::zeros([1], &device);
        for t in 0..2 {
            let x = Tensor::<2>::ones([1, 3], &device) * ((seq + t) as f32 * 0.1);
            total = total + cell.step(x).sum();
        }
        let grads = total.backward();
        let g = cell.proj.weight.grad(&grads).unwrap();
        println!("seq {seq}: {}", g.sum().into_scalar::<f32>());
    }
}
