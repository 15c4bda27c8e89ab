// A `&self` helper called as `Self::codebook(self)`: the codebook's normalised rows come from
// the model's parameter. `fit` computes them once, before the loop over batches; the first
// backward consumes their step and the second batch's backward panics.
use burn::module::Param;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Quantizer<B: Backend> {
    embeddings: Param<Tensor<B, 2>>,
}

impl<B: AutodiffBackend> Quantizer<B> {
    fn codebook(&self) -> Tensor<B, 2> {
        let rows = self.embeddings.val();
        let norms = rows.clone().powf_scalar(2.0).sum_dim(1).sqrt();
        rows / norms
    }

    pub fn fit(&self, batches: Vec<Tensor<B, 2>>) {
        let codebook = Self::codebook(self); //~ WARN loop-external-tracked
        for x in batches {
            let loss = x.matmul(codebook.clone().transpose()).mean().neg();
            let _grads = loss.backward();
        }
    }
}
