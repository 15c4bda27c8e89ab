// A running mean kept in an `Option` field, updated by a method (`match self.value.take()`) from
// a detached copy: the field is data, each pass's loss has a graph of its own. pbpit run: clean.
use burn::prelude::*;

struct Ema {
    value: Option<Tensor<1>>,
}

impl Ema {
    fn update(&mut self, x: &Tensor<1>) -> Tensor<1> {
        let seen = x.clone().detach();
        let next = match self.value.take() {
            Some(v) => v * 0.9 + seen * 0.1,
            None => seen,
        };
        self.value = Some(next.clone());
        next
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut ema = Ema { value: None };
    for step in 0..3 {
        let out = w.clone() * (step as f32 + 1.0);
        let target = ema.update(&out);
        let loss = (out - target).powf_scalar(2.0).sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
