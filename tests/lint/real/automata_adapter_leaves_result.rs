// After mosure/burn_automata (`BurnAdapterParams::from_adapter` returns
// `AutomataResult<Self>`, gathered by `collect::<AutomataResult<Vec<_>>>()?`), commit
// e0a2ae28b5f92458c06b8b840734115080ec6f33; written for this test, not copied.
// automata_adapter_leaves.rs with the constructor returning `Ok(Self { .. })`: a struct of
// leaves in an `Ok` is still leaves, reusable by every backward. Silent.
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Tensor, TensorData};

fn leaf<B: AutodiffBackend>(values: Vec<f32>, device: &B::Device) -> Tensor<B, 2> {
    Tensor::<B, 2>::from_data(TensorData::new(values, [1, 2]), device).require_grad()
}

pub struct Adapter<B: AutodiffBackend> {
    pub rank: usize,
    pub w: Tensor<B, 2>,
}

impl<B: AutodiffBackend> Adapter<B> {
    fn from_values(values: &Vec<f32>, device: &B::Device) -> Result<Self, String> {
        Ok(Self { rank: 1, w: leaf::<B>(values.clone(), device) })
    }
}

fn run_phase<B: AutodiffBackend>(adapters: &mut [Adapter<B>], x: Tensor<B, 2>) {
    for _step in 0..3 {
        for adapter in adapters.iter_mut() {
            let loss = (adapter.w.clone() * x.clone()).sum();
            let grads = loss.backward();
            let g = adapter.w.grad(&grads).unwrap();
            let updated = adapter.w.clone().inner() - g.mul_scalar(0.1);
            adapter.w = Tensor::from_inner(updated).require_grad();
        }
    }
}

pub fn train<B: AutodiffBackend>(examples: &[Vec<f32>], device: &B::Device) -> Result<(), String> {
    let x = Tensor::<B, 2>::ones([1, 2], device);
    let mut adapters = examples
        .iter()
        .map(|values| Adapter::<B>::from_values(values, device))
        .collect::<Result<Vec<_>, String>>()?;
    run_phase(&mut adapters, x.clone());
    run_phase(&mut adapters, x);
    Ok(())
}
