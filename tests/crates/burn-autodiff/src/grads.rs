//! The gradients a backward returns: those of the leaves that require grad, by node id.

use std::collections::HashMap;

use crate::graph::NodeId;

#[derive(Debug, Default)]
pub struct Gradients {
    by_node: HashMap<NodeId, Vec<f32>>,
}

impl Gradients {
    pub(crate) fn new(by_node: HashMap<NodeId, Vec<f32>>) -> Self {
        Self { by_node }
    }

    pub(crate) fn get(&self, id: NodeId) -> Option<&Vec<f32>> {
        self.by_node.get(&id)
    }
}
