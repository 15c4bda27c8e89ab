// A path that ends in `continue`, `break`, `return` or `panic!` does not reach what follows it:
// a warm-up branch that backpropagates and moves on to the next batch, batches skipped with
// `let ... else` or a `match`, a labelled `continue`, an early `return` in a `for_each`
// closure, a diagnostic backward before a panic. No finding in these; a conditional `break`
// after the backward still lets the next pass run.
use burn::nn::loss::CrossEntropyLossConfig;
use burn::optim::{AdamConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn warm_up_then_train<B: AutodiffBackend>(mut model: Model<B>, loader: Loader<B>, warmup: usize) {
    let mut optim = AdamConfig::new().init();
    for (i, batch) in loader.iter().enumerate() {
        let out = model.forward(batch.x);
        if i < warmup {
            let grads = GradientsParams::from_grads(out.clone().powf_scalar(2.0).mean().backward(), &model);
            model = optim.step(1e-4, model, grads);
            continue;
        }
        let loss = (out - batch.y).abs().mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}

pub fn skip_missing<B: AutodiffBackend>(mut model: Model<B>, items: Vec<Option<Batch<B>>>, masks: Vec<Option<Tensor<B, 2>>>) {
    let mut optim = AdamConfig::new().init();
    for (item, mask) in items.into_iter().zip(masks) {
        let Some(batch) = item else {
            continue;
        };
        let out = model.forward(batch.x);
        let mask = match mask {
            Some(m) => m,
            None => continue,
        };
        let grads = GradientsParams::from_grads((out * mask).mean().backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}

pub fn tasks<B: AutodiffBackend>(mut model: Model<B>, tasks: Vec<Task<B>>) {
    let mut optim = AdamConfig::new().init();
    'tasks: for task in tasks.iter() {
        let support = model.forward(task.support.clone());
        for _ in 0..task.inner_steps {
            if task.skip {
                let grads = GradientsParams::from_grads(support.clone().mean().backward(), &model);
                model = optim.step(1e-3, model, grads);
                continue 'tasks;
            }
        }
        let grads = GradientsParams::from_grads(support.mean().backward(), &model);
        model = optim.step(1e-3, model, grads);
    }
}

pub fn per_batch<B: AutodiffBackend>(model: Model<B>, batches: Vec<Tensor<B, 2>>) {
    batches.into_iter().for_each(|batch| {
        let out = model.forward(batch);
        let value: f32 = out.clone().mean().into_scalar().elem();
        if value.is_nan() {
            let _grads = out.clone().sum().backward();
            return;
        }
        let _grads = out.powf_scalar(2.0).mean().backward();
    });
}

pub fn check<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>, labels: Tensor<B, 1, Int>) {
    let out = model.forward(x);
    if out.clone().is_nan().any().into_scalar() {
        let grads = out.clone().sum().backward();
        panic!("NaN in the output; gradients: {:?}", model.weight.grad(&grads).is_some());
    }
    let loss = CrossEntropyLossConfig::new().init(&out.device()).forward(out, labels);
    let _grads = loss.backward();
}

pub fn search<B: AutodiffBackend>(model: Model<B>, x: Tensor<B, 2>) {
    let z = Tensor::<B, 2>::zeros([1, 4], &x.device()).require_grad();
    let code = model.forward(x); //~ WARN loop-external-tracked
    for _ in 0..100 {
        let loss = (code.clone() - z.clone()).powf_scalar(2.0).sum();
        let value: f32 = loss.clone().into_scalar().elem();
        let _grads = loss.backward();
        if value < 1e-3 {
            break;
        }
    }
}
