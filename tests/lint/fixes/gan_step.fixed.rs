// The discriminator's step sees the generated batch as data: detached in its loss.
use burn::tensor::{activation, Device, Tensor};

fn v(opt: Option<Tensor<1>>) -> Option<Vec<f32>> {
    opt.map(|g| g.into_data().to_vec::<f32>().unwrap())
}

fn main() {
    let device = Device::flex().autodiff();
    let noise = Tensor::<1>::from_floats([0.3, -0.2], &device);
    let g = Tensor::<1>::from_floats([1.0, 0.5], &device).require_grad();
    let d = Tensor::<1>::from_floats([0.7, -0.4], &device).require_grad();
    let fake = (noise * g.clone()).tanh();
    let d_loss = activation::sigmoid(fake.clone().detach() * d.clone()).sum();
    let d_grads = d_loss.backward();
    println!("d.grad = {:?} g.grad in d step = {:?}", v(d.grad(&d_grads)), v(g.grad(&d_grads)));
    let g_loss = activation::sigmoid(fake * d.clone()).neg().sum();
    let g_grads = g_loss.backward();
    println!("g.grad = {:?}", v(g.grad(&g_grads)));
}
