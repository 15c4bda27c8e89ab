use burn::tensor::Tensor;

use crate::B;

pub struct State {
    pub h: Tensor<B, 2>,
}

impl State {
    /// Cuts the state from the graph that made it: the next chunk's backward walks only its own.
    pub fn detach_in_place(&mut self) {
        self.h = self.h.clone().detach();
    }
}
