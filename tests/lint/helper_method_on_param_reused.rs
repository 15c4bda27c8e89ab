// A helper given the policy by reference (`agent: &Policy`) returns what its method computes
// from the policy's weight (`agent.act(..)`); the loop reuses that tracked result every pass:
// the first backward consumes its steps, the second panics.
use burn::backend::{Autodiff, NdArray};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Tensor, TensorData};

pub struct Policy<B: AutodiffBackend> {
    pub w: Tensor<B, 2>,
}

impl<B: AutodiffBackend> Policy<B> {
    pub fn act(&self, observation: &Tensor<B, 2>) -> (Tensor<B, 2>, Tensor<B, 2>) {
        let logits = observation.clone().matmul(self.w.clone());
        (logits.clone(), logits.exp().log())
    }
}

fn old_log_probs<B: AutodiffBackend>(agent: &Policy<B>, observation: &Tensor<B, 2>) -> Tensor<B, 2> {
    let (_action, log_prob) = agent.act(observation);
    log_prob
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let agent = Policy::<B> {
        w: Tensor::from_data(TensorData::new(vec![0.5f32, -0.25], [2, 1]), &device).require_grad(),
    };
    let observation =
        Tensor::<B, 2>::from_data(TensorData::new(vec![0.0f32, 1.0, 1.0, 1.0], [2, 2]), &device);
    let old = old_log_probs(&agent, &observation); //~ WARN loop-external-tracked
    for _epoch in 0..2 {
        let loss = (observation.clone().matmul(agent.w.clone()) - old.clone()).exp().sum();
        let grads = loss.backward();
        println!("{}", agent.w.grad(&grads).unwrap().sum().into_scalar());
    }
}
