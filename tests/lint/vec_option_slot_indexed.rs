// A `Vec<Option<Tensor>>` slot filled by index on the first pass, read every pass: pass 1's
// backward runs through pass 0's `slots[0]`. pbpit run: panics at it (NodeId(1)).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let mut slots: Vec<Option<Tensor<1>>> = vec![None];
    for step in 0..2 {
        if slots[0].is_none() {
            slots[0] = Some(w.clone().exp()); //~ WARN loop-external-tracked
        }
        let f = slots[0].clone().unwrap();
        let grads = f.sum().backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
