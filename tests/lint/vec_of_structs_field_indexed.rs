// A replay buffer of structs, a data field beside a tracked one: `buf[0].t` is the first pass's
// `t` every pass. pbpit run: pass 1's backward panics at it, through `buf` (NodeId(2)).
use burn::prelude::*;

struct Item {
    s: Tensor<1>,
    t: Tensor<1>,
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, 1.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device);
    let mut buf: Vec<Item> = Vec::new();
    for step in 0..3 {
        let t = w.clone().exp(); //~ WARN loop-external-tracked
        buf.push(Item { s: x.clone(), t });
        let loss = buf[0].t.clone().sum();
        let grads = loss.backward();
        println!("{step}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
