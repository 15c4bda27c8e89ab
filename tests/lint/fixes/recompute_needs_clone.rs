// A linear layer's pre-activation computed once from the batch, before the loop. Moving it
// into the loop as written (`x.matmul(w)`) moves `x` and `w` on the first pass: rustc rejects
// the second (E0382), so the moved line must clone them.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<2>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<2>::from_floats([[1.0, 2.0]], &device);
    let w = Tensor::<2>::from_floats([[0.5], [0.25]], &device).require_grad();
    let b = Tensor::<2>::from_floats([[0.1]], &device).require_grad();
    let w_seen = w.clone();
    let pre = x.matmul(w); //~ WARN loop-external-tracked
    for step in 0..2 {
        let loss = (pre.clone() + b.clone()).tanh().sum();
        let grads = loss.backward();
        println!("step {step}: w.grad = {:?} b.grad = {:?}", v(w_seen.grad(&grads)), v(b.grad(&grads)));
    }
}
