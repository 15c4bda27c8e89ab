// The loss backpropagated once to log its gradients, then again for the update.
use burn::tensor::{Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let x = Tensor::<1>::from_floats([0.5, 1.0], &device);
    let w = Tensor::<1>::from_floats([1.0, 2.0], &device).require_grad();
    let loss = (x.clone() * w.clone()).exp().sum();
    let logged = loss.clone().backward();
    println!("logged: w.grad = {:?}", v(w.grad(&logged)));
    let grads = loss.backward(); //~ WARN double-backward
    println!("update: w.grad = {:?}", v(w.grad(&grads)));
}
