// Parts of a destructured result that are separate graphs: each input goes through its own ops
// and nothing is shared but leaves. Backpropagating the parts one by one is fine (the shape of
// a false alarm on Burn's own all-reduce test): no finding.
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

/// Scales each tensor by its own sum: the outputs are independent of each other.
fn normalise_each<B: Backend>(inputs: Vec<Tensor<B, 2>>) -> Vec<Tensor<B, 2>> {
    inputs.into_iter().map(|t| t.clone() / t.sum().unsqueeze()).collect()
}

fn pair<B: Backend>(a: Tensor<B, 2>, b: Tensor<B, 2>) -> [Tensor<B, 2>; 2] {
    [a.exp(), b.tanh()]
}

pub fn per_device<B: AutodiffBackend>(device: &B::Device) {
    let in_0 = Tensor::<B, 2>::from_floats([[1.0, 2.0], [3.0, 4.0]], device).require_grad();
    let in_1 = Tensor::<B, 2>::from_floats([[5.0, 6.0], [7.0, 8.0]], device).require_grad();
    let [a, b] = &pair(in_0.clone(), in_1.clone());
    let grads_a = a.clone().sum().backward();
    let grads_b = b.clone().sum().backward();
    println!("{:?} {:?}", in_0.grad(&grads_a), in_1.grad(&grads_b));
    let outputs = normalise_each(vec![in_0.clone(), in_1.clone()]);
    for out in outputs {
        let _grads = out.sum().backward();
    }
}

pub fn two_models<B: AutodiffBackend>(first: Model<B>, second: Model<B>, x: Tensor<B, 2>) {
    let (p, q) = (first.forward(x.clone()), second.forward(x));
    let _gp = p.mean().backward();
    let _gq = q.mean().backward();
}
