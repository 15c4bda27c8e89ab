//! Burn 0.22: a trainer keeps every batch's features in `saved` and trains on their sum; the
//! batches loop of each epoch stops early at its second batch (`break`). `saved` is never
//! emptied: the second batch's loss reads the first batch's features, whose steps the first
//! backward consumed. Ids by hand: w 0, x 1; pass 0: mul 2, tanh 3 (pushed), mul 4, sum 5;
//! pass 1: mul 6, tanh 7, add 8 (saved[0] + saved[1]), mul 9, sum 10: its backward walks back
//! to NodeId(3) and panics there.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for epoch in 0..2 {
        for batch in 0..3 {
            saved.push((x.clone() * 0.5).tanh());
            let mut total = saved[0].clone();
            for t in saved.iter().skip(1) {
                total = total + t.clone();
            }
            let grads = (total * w.clone()).sum().backward();
            let v = |t: Option<Tensor<1>>| t.map(|t| t.into_data().to_vec::<f32>().unwrap());
            println!("{epoch} {batch}: w {:?} x {:?}", v(w.grad(&grads)), v(x.grad(&grads)));
            if batch == 1 {
                break;
            }
        }
    }
}
