// A helper given a `Vec` of tracked tensors, each made by its own forward, walks it and
// backpropagates one loss per element: each pass uses an element no earlier pass consumed (the
// encoder they share is a leaf). Runs clean.
use burn::prelude::*;

fn fit(batches: &Vec<Tensor<1>>, head: &Tensor<1>) {
    for x in batches.iter() {
        let loss = (x.clone() * head.clone()).sum();
        let grads = loss.backward();
        println!("head grad: {:?}", head.grad(&grads).is_some());
    }
}

fn fit_indexed(batches: &Vec<Tensor<1>>, head: &Tensor<1>) {
    for i in 0..batches.len() {
        let loss = (batches[i].clone() * head.clone()).sum();
        let grads = loss.backward();
        println!("head grad: {:?}", head.grad(&grads).is_some());
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let encoder = Tensor::<1>::from_floats([0.5, -1.0], &device).require_grad();
    let head = Tensor::<1>::from_floats([1.0, 0.25], &device).require_grad();
    let mut batches = Vec::new();
    for k in 0..3 {
        let x = Tensor::<1>::from_floats([k as f32, 1.0], &device);
        batches.push((x * encoder.clone()).tanh());
    }
    fit(&batches, &head);
    let more: Vec<Tensor<1>> = (0..2)
        .map(|k| (Tensor::<1>::from_floats([k as f32, 2.0], &device) * encoder.clone()).exp())
        .collect();
    fit_indexed(&more, &head);
}
