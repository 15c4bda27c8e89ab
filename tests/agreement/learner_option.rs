// A learner keeps its hidden state in an Option field across steps; never detached.
use burn::tensor::{Device, Tensor};

struct Learner {
    w: Tensor<1>,
    hidden: Option<Tensor<1>>,
}

impl Learner {
    fn step(&mut self, x: Tensor<1>) -> Tensor<1> {
        let prev = match self.hidden.clone() {
            Some(h) => h,
            None => Tensor::<1>::zeros([2], &x.device()),
        };
        let h = (x + prev * self.w.clone()).tanh();
        self.hidden = Some(h.clone());
        h
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 0.5], &device).require_grad();
    let mut learner = Learner { w: w.clone(), hidden: None };
    for t in 0..3 {
        let x = Tensor::<1>::from_floats([1.0, t as f32], &device);
        let loss = learner.step(x).sum();
        let grads = loss.backward();
        println!("{t}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
