//! Node ids, nodes and their requirement, as burn-autodiff's `graph/`.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

static NEXT_ID: AtomicU64 = AtomicU64::new(0);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u64);

impl NodeId {
    /// The next id of the process-wide counter (the first is 0).
    pub fn new() -> Self {
        NodeId(NEXT_ID.fetch_add(1, Ordering::Relaxed))
    }
}

impl Default for NodeId {
    fn default() -> Self {
        Self::new()
    }
}

impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeId({})", self.0)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Requirement {
    /// A leaf whose gradient the backward keeps.
    Grad,
    /// An intermediate with a tracked input: it has a step while its tape is not consumed.
    GradInBackward,
    /// Not part of any graph.
    None,
}

/// A tensor's place in the graph. Only tracked inputs are recorded as parents.
#[derive(Debug)]
pub struct Node {
    pub id: NodeId,
    pub parents: Vec<Arc<Node>>,
    pub requirement: Requirement,
    /// 0 for leaves, else 1 + the highest parent's: the tape runs from high to low.
    pub order: usize,
}

pub type NodeRef = Arc<Node>;
