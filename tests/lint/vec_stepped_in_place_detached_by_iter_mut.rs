// A bank of hidden states, one per layer, stepped in place by a method (`for h in
// self.hidden.iter_mut() { *h = .. }`), the last layer's backpropagated every step and every
// state detached in place after it (truncated BPTT of one step). pbpit run: clean.
use burn::prelude::*;

struct Bank {
    hidden: Vec<Tensor<1>>,
}

impl Bank {
    fn step(&mut self, w: &Tensor<1>, x: &Tensor<1>) {
        for h in self.hidden.iter_mut() {
            *h = (h.clone() * w.clone() + x.clone()).tanh();
        }
    }

    fn cut(&mut self) {
        for h in self.hidden.iter_mut() {
            *h = h.clone().detach();
        }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.9, -0.4, 0.2], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 0.5, -0.5], &device);
    let mut bank = Bank { hidden: vec![Tensor::<1>::zeros([3], &device); 2] };
    for t in 0..3 {
        bank.step(&w, &x);
        let grads = bank.hidden[1].clone().sum().backward();
        println!("step {} {:?}", t, w.grad(&grads).is_some());
        bank.cut();
    }
}
