// Reduced from mosure/burn_jepa, src/training/ttt/mod.rs (`StreamState::begin_step`,
// `finish_step`, the step loop) and src/ttt/state.rs (`detach`), commit
// ee3fb7584f0d16d610b1466258811c48e60601ff.
// Test-time training on a stream of clips: the fast weights a step ends with are kept in a
// struct, per stream, and the next clip of that stream starts from them. `finish_step` stores
// them through a method of the state that detaches its tensor in place, so each step's
// backward walks a graph of its own. Silent.
use burn::optim::{AdamWConfig, GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;
use std::collections::HashMap;

pub struct FastWeights<B: Backend> {
    pub weight: Option<Tensor<B, 2>>,
}

impl<B: Backend> FastWeights<B> {
    pub fn detach(&mut self) {
        if let Some(weight) = self.weight.take() {
            self.weight = Some(weight.detach());
        }
    }
}

pub struct StreamState<B: Backend> {
    streams: HashMap<u64, FastWeights<B>>,
    active: Option<u64>,
}

impl<B: Backend> StreamState<B> {
    pub fn begin_step(&mut self, key: u64, fresh: Tensor<B, 2>) -> FastWeights<B> {
        self.active = Some(key);
        self.streams.remove(&key).unwrap_or(FastWeights { weight: Some(fresh) })
    }

    pub fn finish_step(&mut self, mut state: FastWeights<B>) {
        state.detach();
        if let Some(key) = self.active.take() {
            self.streams.insert(key, state);
        }
    }
}

pub fn train<B: AutodiffBackend>(mut model: Student<B>, clips: Vec<Clip<B>>, device: &B::Device) -> Student<B> {
    let mut optim = AdamWConfig::new().init();
    let mut streams = StreamState { streams: HashMap::new(), active: None };
    for clip in clips {
        let mut carried = streams.begin_step(clip.stream, model.fresh_weights(device));
        let prediction = model.forward_with_state(clip.frames, &mut carried);
        let loss = (prediction - clip.targets).powf_scalar(2.0).mean();
        let grads = GradientsParams::from_grads(loss.backward(), &model);
        model = optim.step(1e-4, model, grads);
        streams.finish_step(carried);
    }
    model
}
