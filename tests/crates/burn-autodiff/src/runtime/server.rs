//! The step registry and `backward`, as burn-autodiff's `runtime/server.rs`.
//!
//! A backward runs in three phases: `collect_steps` walks from the root over recorded parents,
//! read-only, and stops at a non-leaf without a step (an earlier backward consumed it); then
//! every step it found is removed from the registry (consumed by value: its saved tensors go
//! with it, so there is no `retain_graph`); then the tape runs from the deepest step up.
//!
//! The panic stays at line 74, column 17 of this file, where Burn 0.22.1 raises it, so a run's
//! `panicked at` line names the same place as a real Burn user's.

use std::collections::{HashMap, HashSet};

use crate::grads::Gradients;
use crate::graph::{NodeId, NodeRef, Requirement};

/// What an op's backward needs, consumed when it runs: the gradient of its output in, the
/// gradients of its tracked inputs out.
pub type Backward = Box<dyn FnOnce(&[f32]) -> Vec<(NodeId, Vec<f32>)> + Send>;

pub struct Step {
    pub node: NodeRef,
    pub backward: Backward,
}

#[derive(Default)]
pub struct AutodiffServer {
    steps: HashMap<NodeId, Step>,
}

impl AutodiffServer {
    pub fn register(&mut self, step: Step) {
        self.steps.insert(step.node.id, step);
    }

    /// The root, then parents popped last-in first-out, each node once. A leaf has no step;
    /// any other node without one is returned as the error.
    fn collect_steps(&self, root: &NodeRef) -> Result<Vec<NodeRef>, NodeId> {
        let mut found = Vec::new();
        let mut visited = HashSet::new();
        let mut stack = vec![root.clone()];
        while let Some(node) = stack.pop() {
            if !visited.insert(node.id) {
                continue;
            }
            if !self.steps.contains_key(&node.id) {
                if node.parents.is_empty() {
                    continue;
                }
                return Err(node.id);
            }
            for parent in &node.parents {
                if !visited.contains(&parent.id) {
                    stack.push(parent.clone());
                }
            }
            found.push(node);
        }
        Ok(found)
    }

    /// Validates, consumes, executes; panics naming the node whose step is gone.
    pub fn backward(&mut self, root: &NodeRef, root_grad: Vec<f32>) -> Gradients {
        // Burn's own words for an untracked root are not known; these say what is wrong.
        if root.requirement == Requirement::None {
            panic!(
                "Cannot run backward: {} does not take part in a recorded graph",
                root.id
            );
        }
        // Checked whole before anything is consumed: a rejected backward leaves every step.
        let found = self
            .collect_steps(root)
            .unwrap_or_else(|missing| {
                panic!(
                    "Cannot run backward: graph tape has already been consumed at {missing}. \
                     Burn does not support retain_graph. Combine losses before backward or \
                     recompute the forward pass. Use detach() only to intentionally sever \
                     gradients through the previous computation."
                )
            });
        let mut tape: Vec<Step> = found
            .iter()
            .filter_map(|node| self.steps.remove(&node.id))
            .collect();
        tape.sort_by(|a, b| b.node.order.cmp(&a.node.order));
        execute(tape, root, root_grad)
    }
}

/// Runs the tape, adding up the gradients each node receives; keeps the leaves requiring grad.
fn execute(tape: Vec<Step>, root: &NodeRef, root_grad: Vec<f32>) -> Gradients {
    let mut grads: HashMap<NodeId, Vec<f32>> = HashMap::new();
    let mut keep: HashSet<NodeId> = HashSet::new();
    if root.requirement == Requirement::Grad {
        keep.insert(root.id);
    }
    grads.insert(root.id, root_grad);
    for step in tape {
        for parent in &step.node.parents {
            if parent.requirement == Requirement::Grad {
                keep.insert(parent.id);
            }
        }
        let Some(grad) = grads.remove(&step.node.id) else {
            continue;
        };
        for (id, parent_grad) in (step.backward)(&grad) {
            match grads.get_mut(&id) {
                Some(sum) => sum.iter_mut().zip(&parent_grad).for_each(|(s, g)| *s += g),
                None => {
                    grads.insert(id, parent_grad);
                }
            }
        }
    }
    grads.retain(|id, _| keep.contains(id));
    Gradients::new(grads)
}
