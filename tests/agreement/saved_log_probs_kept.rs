// Panics (hand derivation): `saved` is declared before the episode loop and never emptied; each
// episode's inner loop pushes three log-probs and the episode backpropagates their sum. Episode
// 1's sum walks episode 0's three log-probs, whose steps episode 0's backward consumed: panic
// at one of them. The three are one finding (one statement, run in three passes): the run says
// it once, naming `saved` (what carries them).
use burn::{prelude::*, tensor::activation::log_softmax};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.2, -0.1], [0.05, 0.3]], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for episode in 0..2 {
        for t in 0..3 {
            let obs = Tensor::<2>::from_floats([[t as f32 * 0.5, 1.0]], &device);
            let logp = log_softmax(obs.matmul(w.clone()), 1);
            saved.push(logp.narrow(1, t % 2, 1).reshape([1]));
        }
        let loss = Tensor::cat(saved.clone(), 0).sum().neg();
        let grads = loss.backward();
        println!("{episode}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
