// After mosure/burn_automata, crates/burn_automata/src/hyper/e2e_training/dense
// (`train_e2e_homogeneous_step_tbptt`, `BurnRowFlowEndpointBridge`), commit
// e0a2ae28b5f92458c06b8b840734115080ec6f33; written for this test, not copied.
// A bridge keeps a tracked tensor (`endpoint_rows`) and a fresh leaf of its values
// (`rollout_rows`, `from_inner(rows.inner()).require_grad()`): each chunk of the loop
// backpropagates from the leaf only and accumulates its gradient; the rows are
// backpropagated once, after the loop. The bridge is an `Option` joined across an `if`, read
// through `as_ref().map(|b| ..)` and `if let Some(b)`; its method `adapter` has a namesake on
// another type. Nothing panics (`pbpit run` runs it to the end); lint took the `Option` of
// the struct for one tracked tensor. Silent.
use burn::backend::{Autodiff, NdArray};
use burn::tensor::backend::Gradients;
use burn::tensor::Tensor;

type B = Autodiff<NdArray>;

struct Generator {
    w: Tensor<B, 2>,
}

impl Generator {
    fn adapter(&self, scale: f32) -> Tensor<B, 2> {
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

    fn adapter(&self, scale: f32) -> Tensor<B, 2> {
        self.rollout_rows.clone().mul_scalar(scale)
    }

    fn accumulate(&mut self, grads: &Gradients) {
        let gradient = self.rollout_rows.grad(grads).unwrap();
        self.accumulated = Some(match self.accumulated.take() {
            Some(sum) => sum + gradient,
            None => gradient,
        });
    }

    fn objective(&self) -> Tensor<B, 1> {
        let gradient = self.accumulated.clone().unwrap();
        self.endpoint_rows.clone().mul(Tensor::from_inner(gradient)).sum()
    }
}

fn select(x: Tensor<B, 2>, replicas: usize) -> Result<(Tensor<B, 2>, Option<Vec<usize>>), Box<dyn std::error::Error>> {
    let condition = x.mul_scalar(2.0);
    if replicas == 1 {
        return Ok((condition, None));
    }
    Ok((condition, Some(vec![0, 0])))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let device = Default::default();
    let generator = Generator { w: Tensor::<B, 2>::ones([2, 2], &device).require_grad() };
    let x = Tensor::<B, 2>::ones([2, 2], &device);
    let (condition, expansion) = select(generator.w.clone(), 2)?;
    let enabled = x.clone().sum().into_scalar() > 1.0;
    let mut bridge = if enabled {
        let rows = condition.exp();
        Some(Bridge::new(rows))
    } else {
        None
    };
    for _chunk in 0..3 {
        let scale = expansion.as_ref().map(|rows| rows.len() as f32).unwrap_or(1.0);
        let adapter = bridge.as_ref().map(|b| b.adapter(scale)).unwrap_or(generator.adapter(scale));
        let loss = (adapter * x.clone()).sum();
        let grads = loss.backward();
        if let Some(mut b) = bridge.take() {
            b.accumulate(&grads);
            bridge = Some(b);
        }
    }
    let objective = bridge.as_ref().map(|b| b.objective());
    if let Some(objective) = objective {
        let grads = objective.backward();
        println!("{}", generator.w.grad(&grads).unwrap().sum().into_scalar());
    }
    Ok(())
}
