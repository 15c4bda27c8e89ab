// The twin of mut_param_helper_method_keeps_field.rs: the method keeps in its field the average
// detached (its value, as data) and returns the tracked one; each pass's backward walks a graph
// of its own, and the loop runs clean.
use burn::backend::{Autodiff, NdArray};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Tensor, TensorData};

pub trait Smoother<B: AutodiffBackend> {
    fn smooth(&mut self, h: Tensor<B, 1>) -> Tensor<B, 1>;
}

pub struct Ema<B: AutodiffBackend> {
    pub avg: Tensor<B, 1>,
}

impl<B: AutodiffBackend> Smoother<B> for Ema<B> {
    fn smooth(&mut self, h: Tensor<B, 1>) -> Tensor<B, 1> {
        let out = self.avg.clone() * 0.5 + h * 0.5;
        self.avg = out.clone().detach();
        out
    }
}

fn step<B: AutodiffBackend, S: Smoother<B>>(m: &mut S, w: &Tensor<B, 1>, k: usize) {
    let h = w.clone() * (k as f32 + 1.0);
    let loss = m.smooth(h).sum();
    let grads = loss.backward();
    println!("{}", w.grad(&grads).unwrap().sum().into_scalar());
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let w = Tensor::<B, 1>::from_data(TensorData::new(vec![0.5f32, -1.0], [2]), &device)
        .require_grad();
    let mut ema = Ema::<B> { avg: Tensor::zeros([2], &device) };
    for k in 0..3 {
        step(&mut ema, &w, k);
    }
}
