// Losses summed into `acc`, backpropagated every third step and `acc` then started again; a
// second running sum, `shown`, keeps every loss for the printout only (never backpropagated).
// The flushing branch consumes losses `shown` still holds; the other leaves `acc` holding this
// step's loss, not consumed. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.25, 1.0], &device).require_grad();
    let data = [1.0f32, 2.0, 0.5, -1.0, 3.0, 0.25];
    let mut shown = Tensor::<1>::zeros([1], &device);
    let mut acc = Tensor::<1>::zeros([1], &device);
    for (step, x) in data.iter().enumerate() {
        let pred = w.clone().mul_scalar(*x).sum();
        let err = (pred - 1.0).powf_scalar(2.0);
        shown = shown + err.clone();
        acc = acc + err;
        if (step + 1) % 3 == 0 {
            let grads = acc.backward();
            let g = w.grad(&grads).unwrap();
            println!("step {step}: {:?}", g.into_data().to_vec::<f32>().unwrap());
            acc = Tensor::<1>::zeros([1], &device);
        }
    }
    println!("total {}", shown.into_scalar());
}
