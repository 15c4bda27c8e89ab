//! Truncated backpropagation through time, without the truncation: the hidden state carries
//! the previous step's graph into the next backward.
use burn::backend::{Autodiff, NdArray};
use burn::nn::{Linear, LinearConfig};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;
use rnn_demo::{HIDDEN, INPUT};

struct RnnCell<B: AutodiffBackend> {
    input: Linear<B>,
    hidden: Linear<B>,
}

impl<B: AutodiffBackend> RnnCell<B> {
    fn step(&self, x: Tensor<B, 2>, h: Tensor<B, 2>) -> Tensor<B, 2> {
        (self.input.forward(x) + self.hidden.forward(h)).tanh()
    }
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let cell = RnnCell::<B> {
        input: LinearConfig::new(INPUT, HIDDEN).init(&device),
        hidden: LinearConfig::new(HIDDEN, HIDDEN).init(&device),
    };
    let mut h = Tensor::<B, 2>::zeros([1, HIDDEN], &device);
    for _ in 0..10 {
        let x = Tensor::<B, 2>::ones([1, INPUT], &device);
        h = cell.step(x, h);
        let loss = h.clone().sum();
        loss.backward();
    }
}
