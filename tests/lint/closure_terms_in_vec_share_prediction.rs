// Two terms of one prediction, made by closures called inside `vec![..]`, each backpropagated
// alone in a loop over the `Vec`: the second needs the prediction's step. pbpit run: panics.
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.5, -1.0, 2.0], &device).require_grad();
    let x = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &device);
    let mse = |p: &Tensor<1>| (p.clone() - 1.0).powf_scalar(2.0).mean();
    let l1 = |p: &Tensor<1>| p.clone().abs().sum();
    let pred = (w.clone() * x.clone()).tanh(); //~ WARN shared-intermediate
    let terms = vec![mse(&pred), l1(&pred)];
    for term in terms {
        let grads = term.backward();
        println!("{:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
