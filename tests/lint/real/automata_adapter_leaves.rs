// After mosure/burn_automata, crates/burn_automata/src/hyper/e2e_training/dense
// (`BurnAdapterParams::from_adapter`, `run_phase`, `apply_adamw_gradients`), commit
// e0a2ae28b5f92458c06b8b840734115080ec6f33; written for this test, not copied.
// Each example's adapter is a struct of leaves made by a helper (`from_data(..).require_grad()`),
// gathered by `map` and `collect`; two training phases backpropagate through each adapter once
// a step and put the updated weights back as new leaves (`from_inner(..).require_grad()`).
// A leaf may be used by any number of backwards: nothing panics (`pbpit run` runs it to the
// end). Lint took the gathered adapters for one tracked intermediate. Silent.
use burn::backend::{Autodiff, NdArray};
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
    fn from_values(values: &Vec<f32>, device: &B::Device) -> Self {
        Self { rank: 1, w: leaf::<B>(values.clone(), device) }
    }
}

fn run_phase<B: AutodiffBackend>(adapters: &mut Vec<Adapter<B>>, x: Tensor<B, 2>) {
    for _step in 0..3 {
        for i in 0..adapters.len() {
            let loss = (adapters[i].w.clone() * x.clone()).sum();
            let grads = loss.backward();
            let g = adapters[i].w.grad(&grads).unwrap();
            let updated = adapters[i].w.clone().inner() - g.mul_scalar(0.1);
            let rank = adapters[i].rank;
            adapters[i] = Adapter { rank, w: Tensor::from_inner(updated).require_grad() };
        }
    }
}

fn main() {
    type B = Autodiff<NdArray>;
    let device = Default::default();
    let x = Tensor::<B, 2>::ones([1, 2], &device);
    let examples = vec![vec![1.0, 2.0], vec![3.0, 4.0]];
    let mut adapters = examples
        .iter()
        .map(|values| Adapter::<B>::from_values(values, &device))
        .collect::<Vec<_>>();
    run_phase(&mut adapters, x.clone());
    run_phase(&mut adapters, x);
    println!("{}", adapters[0].w.clone().sum().into_scalar());
}
