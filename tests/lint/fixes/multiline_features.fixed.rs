// The features made in every pass, from a clone of the batch.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let batch = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let scale = Tensor::<1>::from_floats([2.0, 0.5], &device).require_grad();
    let head = Tensor::<1>::from_floats([1.0, -1.0], &device).require_grad();
    let encode = |t: Tensor<1>| t.exp();
    let lr = 0.5;
    for epoch in 0..2 {
        let feats = encode(batch.clone()).mul(scale.clone()).tanh();
        let loss = (feats.clone() * head.clone()).sum() * lr;
        let grads = loss.backward();
        println!("epoch {epoch}: scale.grad = {:?} head.grad = {:?}", v(scale.grad(&grads)), v(head.grad(&grads)));
    }
}
