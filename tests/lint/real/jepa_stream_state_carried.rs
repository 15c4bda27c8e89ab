// The shape of mosure/burn_jepa, src/training/ttt/mod.rs (`StreamState::finish_step`), commit
// ee3fb7584f0d16d610b1466258811c48e60601ff, run with `detach_between_steps = false`: the fast
// weights a step ends with are stored in the struct as they are, tracked; the next clip of the
// stream builds on them and its backward walks into the graph the previous step's backward
// consumed: the second clip of a stream panics.
use burn::optim::{AdamWConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use std::collections::HashMap;

pub struct StreamState<B: Backend> {
    weights: HashMap<u64, Tensor<B, 2>>,
}

impl<B: Backend> StreamState<B> {
    pub fn begin_step(&mut self, key: u64, fresh: Tensor<B, 2>) -> Tensor<B, 2> {
        self.weights.remove(&key).unwrap_or(fresh)
    }

    pub fn finish_step(&mut self, key: u64, weights: Tensor<B, 2>) {
        self.weights.insert(key, weights);
    }
}

pub fn train<B: AutodiffBackend>(mut model: Student<B>, clips: Vec<Clip<B>>, device: &B::Device) -> Student<B> {
    let mut optim = AdamWConfig::new().init();
    let mut streams = StreamState { weights: HashMap::new() };
    for clip in clips {
        let carried = streams.begin_step(clip.stream, model.fresh_weights(device));
        let (prediction, next_weights) = model.forward_with_state(clip.frames, carried); //~ WARN loop-external-tracked
        let loss = (prediction - clip.targets).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-4, model, grads);
        streams.finish_step(clip.stream, next_weights);
    }
    model
}
