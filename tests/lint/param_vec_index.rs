// A mixture whose components are a `Vec` of parameters; `component(i)` reads one by index and
// scales it by a plain tensor field. The first component's logits are cached before the loop:
// the 2nd pass's backward needs the step the 1st consumed.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Mixture<B: Backend> {
    components: Vec<Param<Tensor<B, 2>>>,
    scale: Tensor<B, 2>,
}

impl<B: Backend> Mixture<B> {
    pub fn component(&self, i: usize) -> Tensor<B, 2> {
        self.components[i].val().exp() * self.scale.clone()
    }
}

pub fn fit<B: AutodiffBackend>(mixture: Mixture<B>, samples: Vec<Tensor<B, 2>>) {
    let first = mixture.component(0); //~ WARN loop-external-tracked
    for x in samples {
        let nll = (x * first.clone()).sum().neg();
        let _grads = nll.backward();
    }
}
