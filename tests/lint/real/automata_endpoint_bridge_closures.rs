// After mosure/burn_automata, crates/burn_automata/src/hyper/e2e_training/dense/train_steps.rs
// (`train_e2e_homogeneous_step_tbptt`, `select_rollout_conditions`), commit
// e0a2ae28b5f92458c06b8b840734115080ec6f33; written for this test, not copied.
// The bridge of automata_endpoint_bridge.rs as the repository writes it: made in one branch
// by `Some(Bridge::new(..))` and in the other by `bool::then(|| ..)`, read in the loop by
// `as_ref().map_or_else(|| .., |bridge| bridge.adapter(..))` and after it by
// `and_then(|bridge| bridge.objective())`; the conditions come from a function returning
// `Result<(Tensor, Option<Vec<usize>>)>` made by `Result::map(|c| (c, None))`, and only the
// `Option<Vec<usize>>` is read in the loop (the tuple alone: tests/test_lint_real_shapes.py). Each chunk backpropagates from the bridge's leaf;
// its rows once, after the loop: Burn runs it without a panic (its run is
// automata_endpoint_bridge.rs: `pbpit run` does not run `bool::then` or `map_or_else`). Lint
// read the `Option` of the struct as one tracked tensor, and the tuple as one. Silent.
use burn::backend::{Autodiff, NdArray};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;

type B = Autodiff<NdArray>;
type Grads = <B as AutodiffBackend>::Gradients;

struct Generator {
    w: Tensor<B, 2>,
}

impl Generator {
    fn adapter(&self, rows: Option<&[usize]>) -> Tensor<B, 2> {
        let scale = rows.map_or(1.0, |rows| rows.len() as f32);
        self.w.clone().mul_scalar(scale)
    }
}

struct Bridge {
    endpoint_rows: Tensor<B, 2>,
    rollout_rows: Tensor<B, 2>,
    accumulated: Option<Tensor<NdArray, 2>>,
}

impl Bridge {
    fn new(rows: Tensor<B, 2>) -> Self {
        let rollout_rows = Tensor::<B, 2>::from_inner(rows.clone().inner()).require_grad();
        Self { endpoint_rows: rows, rollout_rows, accumulated: None }
    }

    fn adapter(&self, rows: Option<&[usize]>) -> Tensor<B, 2> {
        let scale = rows.map_or(1.0, |rows| rows.len() as f32);
        self.rollout_rows.clone().mul_scalar(scale)
    }

    fn accumulate(&mut self, grads: &mut Grads) {
        let gradient = self.rollout_rows.grad_remove(grads).unwrap();
        self.accumulated = Some(match self.accumulated.take() {
            Some(sum) => sum + gradient,
            None => gradient,
        });
    }

    fn objective(&self) -> Option<Tensor<B, 1>> {
        let gradient = self.accumulated.clone()?;
        Some(self.endpoint_rows.clone().mul(Tensor::from_inner(gradient)).sum())
    }
}

fn conditions(x: Tensor<B, 2>) -> Result<Tensor<B, 2>, String> {
    Ok(x.mul_scalar(2.0))
}

fn select(
    x: Tensor<B, 2>,
    replicas: usize,
) -> Result<(Tensor<B, 2>, Option<Vec<usize>>), String> {
    if replicas == 1 {
        return conditions(x).map(|condition| (condition, None));
    }
    conditions(x).map(|condition| (condition, Some(vec![0; replicas])))
}

fn step(substrate_only: bool) -> Result<(), String> {
    let device = Default::default();
    let generator = Generator { w: Tensor::<B, 2>::ones([2, 2], &device).require_grad() };
    let x = Tensor::<B, 2>::ones([2, 2], &device);
    let (condition, expansion) = select(generator.w.clone(), 2)?;
    let mut bridge = if substrate_only {
        let rows = generator.w.clone().mul_scalar(3.0);
        Some(Bridge::new(rows))
    } else {
        (condition.clone().sum().into_scalar() > 0.0).then(|| {
            let rows = condition.exp();
            Bridge::new(rows)
        })
    };
    for _chunk in 0..3 {
        let adapter = bridge.as_ref().map_or_else(
            || generator.adapter(expansion.as_deref()),
            |bridge| bridge.adapter(expansion.as_deref()),
        );
        let loss = (adapter * x.clone()).sum();
        let mut grads = loss.backward();
        if let Some(bridge) = bridge.as_mut() {
            bridge.accumulate(&mut grads);
        }
    }
    let objective = bridge.as_ref().and_then(|bridge| bridge.objective());
    if let Some(objective) = objective {
        let grads = objective.backward();
        println!("{}", generator.w.grad(&grads).unwrap().sum().into_scalar());
    }
    Ok(())
}

fn main() {
    step(false).unwrap();
    step(true).unwrap();
}
