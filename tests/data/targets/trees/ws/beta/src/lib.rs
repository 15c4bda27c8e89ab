use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;

/// A batch made from a leaf: tracked, an intermediate.
pub fn batch<B: AutodiffBackend>(n: usize, device: &B::Device) -> Tensor<B, 1> {
    Tensor::<B, 1>::ones([n], device).require_grad().exp()
}
