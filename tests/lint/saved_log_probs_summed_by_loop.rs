// REINFORCE with the log-probabilities saved in a `Vec` declared before the episodes and never
// emptied; the episode's loss is summed by a `for` loop over it. The second episode's loss
// walks the first episode's log-probabilities again, whose steps the first backward consumed:
// it panics in the second episode (pbpit run: NodeId(10), made at the push, backward #2).
use burn::{prelude::*, tensor::activation};

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.1], &device).require_grad();
    let mut saved: Vec<Tensor<1>> = Vec::new();
    for episode in 0..3 {
        for t in 0..2 {
            let obs = Tensor::<1>::from_floats([t as f32, 1.0], &device);
            saved.push(activation::sigmoid((obs * w.clone()).sum()).log()); //~ WARN loop-external-tracked
        }
        let mut loss = Tensor::<1>::zeros([1], &device);
        for lp in saved.iter() {
            loss = loss - lp.clone();
        }
        let grads = loss.backward();
        println!("{episode}: {:?}", w.grad(&grads).map(|g| g.into_data().to_vec::<f32>().unwrap()));
    }
}
