// `running_option_in_loop.rs` with what the `Option` holds detached after each backward: the
// next pass adds to data. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let theta = Tensor::<1>::from_floats([0.3, -0.6, 0.9], &device).require_grad();
    let target = Tensor::<1>::from_floats([1.0, 0.0, -1.0], &device);
    let mut running: Option<Tensor<1>> = None;
    let mut step = 0;
    loop {
        step += 1;
        if step > 3 {
            break;
        }
        let err = (theta.clone() - target.clone()).powf_scalar(2.0).sum();
        running = Some(match running.take() {
            Some(r) => r * 0.9 + err,
            None => err,
        });
        let grads = running.clone().unwrap().backward();
        println!("{}", theta.grad(&grads).is_some());
        running = running.map(|r| r.detach());
    }
}
