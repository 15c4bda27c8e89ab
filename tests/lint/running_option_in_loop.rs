// A running objective kept in an `Option` by the loop itself (no method), backpropagated each
// step and never detached: the first pass keeps `err` itself (the `Option` held nothing), the
// second walks into it. pbpit run: NodeId(4), `err`, made at line 17.
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
        let err = (theta.clone() - target.clone()).powf_scalar(2.0).sum(); //~ WARN loop-external-tracked
        running = Some(match running.take() {
            Some(r) => r * 0.9 + err,
            None => err,
        });
        let grads = running.clone().unwrap().backward();
        println!("{}", theta.grad(&grads).is_some());
    }
}
