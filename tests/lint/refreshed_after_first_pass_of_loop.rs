// A warm start: the features of the first step are encoded before the loop; every later step
// encodes them again (`if it != 0`, `it` raised at the end of each pass of a `loop`). Each
// encoding is backpropagated once. pbpit run: clean.
use burn::{prelude::*, tensor::activation};

fn encode(x: &Tensor<2>, w: &Tensor<2>) -> Tensor<2> {
    activation::sigmoid(x.clone().matmul(w.clone()))
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.3, -0.2], [0.7, 0.1]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[1.0, -1.0], [2.0, 0.5]], &device);
    let y = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 1.0]], &device);
    let mut z = encode(&x, &w);
    let mut it = 0usize;
    loop {
        if it >= 4 {
            break;
        }
        if it != 0 {
            z = encode(&x, &w);
        }
        let loss = (z.clone() - y.clone()).powf_scalar(2.0).mean();
        let grads = loss.backward();
        println!("{:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        it += 1;
    }
}
