// First-order MAML: `adapt(&w, ..)` makes fast weights `(w.clone().detach() - g * lr)
// .require_grad()`. `w` is a leaf that requires grad, so its detach is such a leaf too (SPEC 1.7),
// the difference a tracked intermediate, and `require_grad()` refuses it. The helper's own
// reading, its parameters data, cannot see it: its caller gives the leaf. pbpit run: panics.
use burn::prelude::*;

fn adapt(w: &Tensor<2>, x: &Tensor<2>, y: &Tensor<2>, inner_lr: f32) -> Tensor<2> {
    let loss = (x.clone().matmul(w.clone()) - y.clone()).powf_scalar(2.0).mean();
    let grads = loss.backward();
    let g = Tensor::<2>::from_inner(w.grad(&grads).unwrap());
    let fast = (w.clone().detach() - g * inner_lr).require_grad(); //~ WARN require-grad-non-leaf
    fast
}

fn main() {
    let device = Device::flex().autodiff();
    let mut w = Tensor::<2>::from_floats([[0.3], [-0.2]], &device).require_grad();
    let tasks = [
        ([[1.0, 0.0], [0.0, 1.0]], [[1.0], [2.0]]),
        ([[0.5, 0.5], [1.0, -1.0]], [[0.0], [1.0]]),
    ];
    for i in 0..tasks.len() {
        let (xs, ys) = tasks[i];
        let x = Tensor::<2>::from_floats(xs, &device);
        let y = Tensor::<2>::from_floats(ys, &device);
        let fast = adapt(&w, &x, &y, 0.1);
        let query = (x.matmul(fast.clone()) - y).powf_scalar(2.0).mean();
        println!("task {i}: query loss = {}", query.clone().into_scalar::<f32>());
        let grads = query.backward();
        let g_fast = fast.grad(&grads).unwrap();
        w = Tensor::from_inner(w.inner() - g_fast * 0.05).require_grad();
    }
    println!("w = {:?}", w.into_data().to_vec::<f32>().unwrap());
}
