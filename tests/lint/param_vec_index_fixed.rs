// param_vec_index.rs with the component read in every pass.
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
    for x in samples {
        let first = mixture.component(0);
        let nll = (x * first).sum().neg();
        let _grads = nll.backward();
    }
}
