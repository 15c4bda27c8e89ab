// A two-part carry returned by a function each step and never cut: both parts hold the previous
// step's graph, and the next backward walks into `b`'s. pbpit run: NodeId(7), `b`, made at
// line 13.
use burn::{prelude::*, tensor::activation};

struct Carry {
    a: Tensor<1>,
    b: Tensor<1>,
}

fn roll(w: &Tensor<1>, carry: &Carry) -> Carry {
    let a = activation::sigmoid(carry.a.clone() + w.clone());
    let b = carry.b.clone() * 0.5 + w.clone().exp();
    Carry { a, b }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.1, 0.2], &device).require_grad();
    let mut carry = Carry { a: Tensor::zeros([2], &device), b: Tensor::ones([2], &device) };
    let mut t = 0;
    while t < 3 {
        carry = roll(&w, &carry); //~ WARN loop-external-tracked
        let grads = (carry.b.clone() - 1.0).powf_scalar(2.0).sum().backward();
        println!("{}", w.grad(&grads).is_some());
        t += 1;
    }
}
