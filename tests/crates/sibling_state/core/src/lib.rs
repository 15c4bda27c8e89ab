//! A teacher and its recurrent state (the state in a module of its own).
pub mod state;

use burn::backend::{Autodiff, NdArray};
use burn::tensor::Tensor;

pub type B = Autodiff<NdArray>;

pub struct Teacher {
    pub w: Tensor<B, 2>,
}

impl Teacher {
    pub fn new(w: Tensor<B, 2>) -> Self {
        Teacher { w }
    }

    /// The state of the first chunk: made of the tracked parameter.
    pub fn init_state(&self, x: Tensor<B, 2>) -> state::State {
        state::State { h: x * self.w.clone() }
    }
}
