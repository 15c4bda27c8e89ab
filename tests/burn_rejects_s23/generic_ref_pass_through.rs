use burn::prelude::*;

fn pass_through<T>(t: T) -> T {
    t
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, 1.5], [2.0, -1.0]], &device).require_grad();
    let seen = pass_through(&w);
    let loss = (seen.clone() * 2.0).sum();
    let grads = loss.backward();
    println!("{:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
    println!("{:?}", seen.clone().into_data().to_vec::<f32>().unwrap());
}
