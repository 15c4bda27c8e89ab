// The fix of saved_log_probs_summed_by_loop.rs: the saved log-probabilities are emptied once
// the episode's backward has run. Runs clean (pbpit run: exit 0).
use burn::{prelude::*, tensor::activation};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.1], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for episode in 0..3 {
        for t in 0..2 {
            let obs = Tensor::<1>::from_floats([t as f32, 1.0], &device);
            saved.push(activation::sigmoid((obs * w.clone()).sum()).log());
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for lp in saved.iter() {
            loss = loss - lp.clone();
        }
        let grads = loss.backward();
        println!("{episode}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        saved.clear();
    }
}
