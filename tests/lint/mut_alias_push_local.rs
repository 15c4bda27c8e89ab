// A `Vec` pushed through a `&mut` of it bound in the loop (`let slot = &mut seen;
// slot.push(t);`), all of it summed and backpropagated each pass: the next pass's sum walks
// into the steps the last backward consumed. pbpit run: NodeId(1), made at line 11.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let mut seen: Vec<Tensor<1>> = Vec::new();
    for k in 0..3 {
        let t = w.clone() * (k as f32 + 1.0); //~ WARN loop-external-tracked
        let slot = &mut seen;
        slot.push(t);
        let mut s = seen[0].clone();
        for u in seen.iter().skip(1) {
            s = s + u.clone();
        }
        let grads = s.sum().backward();
        println!("{}", w.grad(&grads).unwrap());
    }
}
