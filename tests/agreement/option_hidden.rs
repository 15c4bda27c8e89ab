// A hidden state kept in an Option, set from each pass's output and never detached.
use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.4, 0.6], &device).require_grad();
    let mut hidden: Option<Tensor<1>> = None;
    for t in 0..3 {
        let x = Tensor::<1>::from_floats([0.1 * t as f32, 0.2], &device);
        let prev = match hidden.clone() {
            Some(h) => h,
            None => Tensor::<1>::zeros([2], &device),
        };
        let h_new = (x + prev * w.clone()).tanh();
        let loss = h_new.clone().sum();
        let grads = loss.backward();
        println!("t {t}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        hidden = Some(h_new);
    }
}
