// PPO-style: a helper cuts old log-probs and inputs into (old, x) pairs by map/collect; the loop
// uses x with the weight and old detached at its use. pbpit run: clean.
use burn::prelude::*;

fn chunks(old: &Tensor<2>, x: &Tensor<2>, n: usize) -> Vec<(Tensor<2>, Tensor<2>)> {
    (0..n)
        .map(|i| (old.clone().narrow(0, i, 1), x.clone().narrow(0, i, 1)))
        .collect()
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5, -0.25], [0.1, 0.3]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, 0.0], [0.5, 2.0]], &device);
    let old = x.clone().matmul(w.clone()).tanh();
    let pairs = chunks(&old, &x, 2);
    for epoch in 0..2 {
        for (o, xb) in pairs.iter() {
            let ratio = (xb.clone().matmul(w.clone()) - o.clone().detach()).exp().sum();
            let grads = ratio.backward();
            println!("{epoch}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
