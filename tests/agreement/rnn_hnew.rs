use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25], &device).require_grad();
    let mut h = Tensor::<1>::zeros([2], &device);
    for x in [0.1, 0.2, 0.3] {
        let h_new = (h * w.clone() + x).tanh();
        let loss = h_new.clone().sum();
        let grads = loss.backward();
        println!("w.grad = {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        h = h_new;
    }
}
