// RNN state carried in a tuple, `state = (h.detach(), c);`: the cell state `c` stays tracked.
// pbpit run: the second pass's backward panics at the first pass's `c`; the fix detaches `c`
// where the tuple is put together.
use burn::{prelude::*, tensor::activation};

fn step(w: &Tensor<1>, x: f32, state: &(Tensor<1>, Tensor<1>)) -> (Tensor<1>, Tensor<1>) {
    let c = state.1.clone() * 0.5 + (w.clone() * x).tanh();
    let h = activation::sigmoid(c.clone()) + state.0.clone() * 0.1;
    (h, c)
}

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.4, -0.3], &device).require_grad();
    let mut state = (Tensor::<1>::zeros([2], &device), Tensor::<1>::zeros([2], &device));
    for t in 0..3 {
        let (h, c) = step(&w, t as f32 + 0.5, &state); //~ WARN loop-external-tracked
        let grads = h.clone().sum().backward();
        println!("{t}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        state = (h.detach(), c);
    }
}
