// detached_leaf_parameter_made_a_leaf_in_method.rs given a tracked intermediate (`w.exp()`): its
// detach is plain data, the product too, and `require_grad()` makes a new leaf of it.
// pbpit run: clean.
use burn::prelude::*;

struct Perturb {
    scale: f32,
}

impl Perturb {
    fn shifted(&self, w: Tensor<1>) -> Tensor<1> {
        let start = w.detach();
        let moved = start * self.scale;
        moved.require_grad()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let p = Perturb { scale: 0.9 };
    let v = p.shifted(w.clone().exp());
    let grads = (v.clone() * 3.0).sum().backward();
    println!("{:?}", v.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
}
