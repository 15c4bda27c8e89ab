// Loss terms behind trait objects, walked with iter_mut: `Drift` keeps the features it saw
// first in an `Option` field (a lazy baseline) through its `&mut self` method, and later
// passes compare against them. The first pass's backward consumed them. pbpit run: panics
// (loop-external-tracked).
use burn::prelude::*;

trait Term {
    fn value(&mut self, w: &Tensor<1>, x: &Tensor<1>) -> Tensor<1>;
}

struct Decay {
    rate: f32,
}

impl Term for Decay {
    fn value(&mut self, w: &Tensor<1>, _x: &Tensor<1>) -> Tensor<1> {
        w.clone().powf_scalar(2.0).sum().mul_scalar(self.rate)
    }
}

struct Drift {
    baseline: Option<Tensor<1>>,
}

impl Term for Drift {
    fn value(&mut self, w: &Tensor<1>, x: &Tensor<1>) -> Tensor<1> {
        let feats = (w.clone() * x.clone()).sin();
        if self.baseline.is_none() {
            self.baseline = Some(feats.clone()); //~ WARN loop-external-tracked
        }
        (feats - self.baseline.clone().unwrap()).abs().sum()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.3, -0.7, 0.2], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 0.5, -2.0], &device);
    let mut terms: Vec<Box<dyn Term>> = Vec::new();
    terms.push(Box::new(Decay { rate: 0.1 }));
    terms.push(Box::new(Drift { baseline: None }));
    for round in 0..3 {
        let mut loss = (w.clone() * x.clone()).sum();
        for term in terms.iter_mut() {
            loss = loss + term.value(&w, &x);
        }
        let grads = loss.backward();
        let g = w.grad(&grads).unwrap();
        println!("round {round}: {:?}", g.into_data().to_vec::<f32>().unwrap());
    }
}
