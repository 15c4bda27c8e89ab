// A bank of hidden states, one per layer, stepped in place by a method (`for h in
// self.hidden.iter_mut() { *h = .. }`) and the last layer's backpropagated every step: each
// step's state is made from the one before, whose step the previous backward consumed.
// pbpit run: panics in the second step.
use burn::prelude::*;

struct Bank {
    hidden: Vec<Tensor<1>>,
}

impl Bank {
    fn step(&mut self, w: &Tensor<1>, x: &Tensor<1>) {
        for h in self.hidden.iter_mut() {
            *h = (h.clone() * w.clone() + x.clone()).tanh(); //~ WARN loop-external-tracked
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
    }
}
