// `require_grad()` where Burn accepts it: on data (it becomes a leaf), on a leaf (returned
// unchanged), on a detached tensor (a new lineage), on a parameter's value; and
// `set_require_grad(false)`, which makes any tensor untracked. Nothing here panics.
use burn::nn::{Embedding, Linear};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Int, Tensor};

fn saliency<B: AutodiffBackend>(
    embed: &Embedding<B>,
    head: &Linear<B>,
    tokens: Tensor<B, 2, Int>,
) -> Tensor<B::InnerBackend, 3> {
    // Cut from the embedding's graph: a leaf of its own, whose gradient is kept.
    let embedded = embed.forward(tokens).detach().require_grad();
    let score = head.forward(embedded.clone()).sum();
    let grads = score.backward();
    embedded.grad(&grads).unwrap()
}

fn leaves<B: AutodiffBackend>(head: &Linear<B>, device: &B::Device) {
    let x = Tensor::<B, 1>::from_floats([0.5, 1.0], device).require_grad();
    let again = x.clone().require_grad();
    let weight = head.weight.val().require_grad();
    let features = x.clone().exp().detach().require_grad();
    let untracked = x.clone().exp().set_require_grad(false);
    let from_data = Tensor::<B, 1>::zeros([2], device).exp().require_grad();
    let total = again + features + untracked + from_data + weight.sum().unsqueeze();
    let _grads = total.sum().backward();
}
