// A helper given the smoother `&mut` (`m: &mut S`, generic) calls its method, which keeps the
// running average in a field (`self.avg = self.avg.clone() * 0.5 + h * 0.5`) from a tensor that
// requires grad; the helper backpropagates it. Called once per pass of the loop, the field carries
// the previous pass's graph into the next: the second backward panics.
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
        self.avg = self.avg.clone() * 0.5 + h * 0.5; //~ WARN loop-external-tracked
        self.avg.clone()
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
