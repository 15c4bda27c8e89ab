// A method gets the weight by value and makes a scaled copy of it a new leaf: the weight is a
// leaf that requires grad, so its detach stays one, and the product is a tracked intermediate,
// which `require_grad()` refuses. The call is the last line a rule asks about before the one
// backward. pbpit run: panics.
use burn::prelude::*;

struct Perturb {
    scale: f32,
}

impl Perturb {
    fn shifted(&self, w: Tensor<1>) -> Tensor<1> {
        let start = w.detach();
        let moved = start * self.scale;
        moved.require_grad() //~ WARN require-grad-non-leaf
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let p = Perturb { scale: 0.9 };
    let v = p.shifted(w.clone());
    let grads = (v.clone() * 3.0).sum().backward();
    println!("{:?}", v.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
