// Panics (hand derivation): each pass pushes its key `k` (made by `encoder.embed`, tracked)
// into `queue`; the next pass's loss reads it through `Tensor::cat` of the queue, and its
// backward walks into the previous pass's `k`, whose step the previous backward consumed.
// Fix: `k` detached where it is pushed (`queue.push_back(k.detach());`)
// Code fix: detach each pass
//! Contrastive learning with a queue of past key embeddings (MoCo-like, one shared encoder):
//! each batch's keys are enqueued and serve as negatives for the following batches.
use std::collections::VecDeque;
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
    tensor::activation::log_softmax,
};

#[derive(Module, Debug)]
struct Encoder {
    proj: Linear,
}

impl Encoder {
    fn embed(&self, x: Tensor<2>) -> Tensor<2> {
        self.proj.forward(x).tanh()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(31);
    let mut encoder = Encoder { proj: LinearConfig::new(3, 4).init(&device) };
    let mut optim = SgdConfig::new().init();
    let views = Tensor::<2>::from_floats(
        [[1.0, 0.2, 0.0], [0.9, 0.1, 0.1], [0.0, 1.0, 0.3], [0.1, 0.8, 0.2], [0.3, 0.0, 1.0], [0.2, 0.1, 0.9]],
        &device,
    );
    let mut queue: VecDeque<Tensor<2>> = VecDeque::new();
    queue.push_back(Tensor::<2>::zeros([1, 4], &device));
    for step in 0..3 {
        let q = encoder.embed(views.clone().slice([2 * step..2 * step + 1, 0..3]));
        let k = encoder.embed(views.clone().slice([2 * step + 1..2 * step + 2, 0..3]));
        let negatives = Tensor::cat(queue.iter().cloned().collect::<Vec<_>>(), 0);
        let pos = (q.clone() * k.clone()).sum_dim(1);
        let neg = q.matmul(negatives.transpose());
        let logits = Tensor::cat(vec![pos, neg], 1) * 5.0;
        let loss = log_softmax(logits, 1).slice([0..1, 0..1]).mean().neg();
        println!("step {step}: infonce {:.6} (queue {})", loss.clone().into_scalar::<f32>(), queue.len());
        let grads = GradientsParams::from_grads(loss.backward(), &encoder);
        encoder = optim.step(0.1, encoder, grads);
        queue.push_back(k);
        if queue.len() > 2 {
            queue.pop_front();
        }
    }
}
