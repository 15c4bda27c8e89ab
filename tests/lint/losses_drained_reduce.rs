// Gradient accumulation through a Vec of losses emptied by `drain(..)` at each update, as
// `clear()` empties it: no loss survives its backward. pbpit run: clean.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -0.5], &device).require_grad();
    let xs = [[1.0, 2.0], [0.5, 0.5], [2.0, -1.0], [0.0, 1.0]];
    let mut losses: Vec<Tensor<1>> = Vec::new();
    for (i, x) in xs.iter().enumerate() {
        let xt = Tensor::<1>::from_floats(*x, &device);
        losses.push((xt * w.clone()).sum().powf_scalar(2.0));
        if i % 2 == 1 {
            let total = losses.drain(..).reduce(|a, b| a + b).unwrap();
            let grads = total.backward();
            println!("{i}: {:?}", w.grad(&grads).unwrap().into_data().to_vec::<f32>().unwrap());
        }
    }
}
