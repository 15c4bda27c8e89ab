//! Burn 0.22: each pass reads the last state kept in `history` and pushes the next one, never
//! detached: the second pass's backward walks into the state the first pass pushed, whose
//! steps the first backward consumed. Ids by hand: w 0, x 1, zeros 2 (data); pass 0: add 3,
//! matmul 4, tanh 5 (`next`, pushed), mul 6, sum 7; pass 1: add 8 (NodeId(5) + x), matmul 9,
//! tanh 10, mul 11, sum 12: its backward walks 12 -> 11 -> 10 -> 9 -> 8 -> 5 and panics there.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let mut history: Vec<Tensor<2>> = vec![Tensor::<2>::zeros([2, 2], &device)];
    for step in 0..3 {
        let prev = history[history.len() - 1].clone();
        let next = (prev + x.clone()).matmul(w.clone()).tanh();
        let grads = (next.clone() * w.clone()).sum().backward();
        let g = w.grad(&grads).map(|t| t.into_data().to_vec::<f32>().unwrap());
        println!("{step}: {g:?}");
        history.push(next);
    }
}
