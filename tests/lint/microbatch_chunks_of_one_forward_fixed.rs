// The fix of microbatch_chunks_of_one_forward.rs: the inputs are cut into micro-batches and
// each gets a forward of its own. Runs clean (pbpit run: exit 0).
use burn::prelude::*;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<2>::from_floats([[0.5], [-0.25]], &device).require_grad();
    let x = Tensor::<2>::from_floats([[0.0, 1.0], [1.0, 0.0], [1.0, 1.0], [0.5, 0.25]], &device);
    let y = Tensor::<2>::from_floats([[1.0], [1.0], [0.0], [0.5]], &device);
    for epoch in 0..2 {
        let targets = y.clone().chunk(2, 0);
        for (i, (xb, t)) in x.clone().chunk(2, 0).into_iter().zip(targets.into_iter()).enumerate() {
            let out = xb.matmul(w.clone()).tanh();
            let loss = (out - t).powf_scalar(2.0).mean();
            let grads = loss.backward();
            println!("{epoch} {i}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
        }
    }
}
