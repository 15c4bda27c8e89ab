//! The training loops. Each `fit_*` hits Burn's tape panic in one of its three ways; `fit` is
//! the same training with the fixes. The `// pbpit(PATTERN): ROLE BINDING` comments are what a
//! diagnosis of that pattern's panic must name: where the tensor whose step is missing is made,
//! the backward that consumed the step, the backward that panics, and the innermost user frame.

use burn::tensor::backend::AutodiffBackend;
use burn::tensor::Tensor;

use crate::model::{PlainRegressor, Regressor};

const EPOCHS: usize = 3;
const LEARNING_RATE: f32 = 0.5;
const PENALTY: f32 = 0.01;

/// One backward from the loss: the gradients of every parameter it reached.
pub fn step<B: AutodiffBackend>(loss: Tensor<B, 1>) -> B::Gradients {
    loss.backward() // pbpit(cached): frame loss; pbpit(cached-plain): frame loss; pbpit(twice): frame loss
}

fn dataset<B: AutodiffBackend>(device: &B::Device) -> (Tensor<B, 1>, Tensor<B, 1>) {
    let inputs = Tensor::from_floats([0.5, 1.0, 1.5, 2.0], device);
    let targets = Tensor::from_floats([0.4, 0.6, 0.7, 0.8], device);
    (inputs, targets)
}

fn mse_loss<B: AutodiffBackend>(output: Tensor<B, 1>, targets: Tensor<B, 1>) -> Tensor<B, 1> {
    (output - targets).powf_scalar(2.0).mean()
}

fn log_epoch<B: AutodiffBackend>(epoch: usize, loss: &Tensor<B, 1>) {
    let label = format!("epoch {epoch}");
    // Coloured where the convention asks for it, as training dashboards do.
    let label = match std::env::var("CLICOLOR_FORCE") {
        Ok(force) if force != "0" => format!("\x1b[1;32m{label}\x1b[0m"),
        _ => label,
    };
    println!("{label}: loss = {:.6}", loss.clone().into_scalar());
}

/// The inputs never change, so their forward pass is computed once, before the loop.
pub fn fit_cached<B: AutodiffBackend>(device: &B::Device) {
    let mut model = Regressor::<B>::new(device);
    let (inputs, targets) = dataset(device);
    let output = model.forward(inputs); // pbpit(cached): made output
    for epoch in 0..EPOCHS {
        let loss = mse_loss(output.clone(), targets.clone());
        log_epoch(epoch, &loss);
        let grads = step(loss); // pbpit(cached): consumed loss; pbpit(cached): panics loss
        model = model.sgd(&grads, LEARNING_RATE);
    }
}

/// `fit_cached` with a model whose parameters are plain tensors made with `require_grad()`.
pub fn fit_cached_plain<B: AutodiffBackend>(device: &B::Device) {
    let mut model = PlainRegressor::<B>::new(device);
    let (inputs, targets) = dataset(device);
    let output = model.forward(inputs); // pbpit(cached-plain): made output
    for epoch in 0..EPOCHS {
        let loss = mse_loss(output.clone(), targets.clone());
        log_epoch(epoch, &loss);
        let grads = step(loss); // pbpit(cached-plain): consumed loss; pbpit(cached-plain): panics loss
        model = model.sgd(&grads, LEARNING_RATE);
    }
}

/// Two loss terms on one forward pass, each backpropagated on its own.
pub fn fit_shared<B: AutodiffBackend>(device: &B::Device) {
    let mut model = Regressor::<B>::new(device);
    let (inputs, targets) = dataset(device);
    for epoch in 0..EPOCHS {
        let output = model.forward(inputs.clone()); // pbpit(shared): made output
        let mse = (output.clone() - targets.clone()).powf_scalar(2.0).mean();
        // Keeps the activations away from tanh's flat ends.
        let penalty = output.powf_scalar(2.0).mean().mul_scalar(PENALTY);
        log_epoch(epoch, &mse);
        let grads = mse.backward(); // pbpit(shared): consumed mse
        model = model.sgd(&grads, LEARNING_RATE);
        let grads = penalty.backward(); // pbpit(shared): panics penalty
        model = model.sgd(&grads, LEARNING_RATE);
    }
}

/// The gradients taken once to log them, and again for the update.
pub fn fit_twice<B: AutodiffBackend>(device: &B::Device) {
    let mut model = Regressor::<B>::new(device);
    let (inputs, targets) = dataset(device);
    for epoch in 0..EPOCHS {
        let loss = mse_loss(model.forward(inputs.clone()), targets.clone()); // pbpit(twice): made loss
        log_epoch(epoch, &loss);
        let grads = step(loss.clone()); // pbpit(twice): consumed loss
        println!("  weight.grad = {:?}", model.weight_grad(&grads));
        model = model.sgd(&step(loss), LEARNING_RATE); // pbpit(twice): panics loss
    }
}

/// The fixes: the forward pass inside the loop, the loss terms added before one backward, and
/// one backward whose gradients serve both the log and the update.
pub fn fit<B: AutodiffBackend>(device: &B::Device) {
    let mut model = Regressor::<B>::new(device);
    let (inputs, targets) = dataset(device);
    for epoch in 0..EPOCHS {
        let output = model.forward(inputs.clone());
        let mse = mse_loss(output.clone(), targets.clone());
        let penalty = output.powf_scalar(2.0).mean().mul_scalar(PENALTY);
        log_epoch(epoch, &mse);
        let grads = step(mse + penalty);
        println!("  weight.grad = {:?}", model.weight_grad(&grads));
        model = model.sgd(&grads, LEARNING_RATE);
    }
}
