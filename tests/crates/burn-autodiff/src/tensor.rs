//! `Tensor<B, D>`: flat f32 values and, on an autodiff backend, a node in the graph.
//!
//! Every op's result takes a new node id, tracked or not; an op with a tracked input registers
//! one step under that id, holding the values its backward needs. Shapes are not modelled: the
//! values are a flat vector and `D` only says what the user wrote.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{Add, Mul, Sub};
use std::sync::Arc;

use crate::backend::{AutodiffBackend, Backend};
use crate::graph::{Node, NodeId, NodeRef, Requirement};
use crate::runtime;
use crate::runtime::server::Step;

/// A tensor's values, read out of the graph.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorData {
    value: Vec<f32>,
}

impl TensorData {
    pub fn new(value: Vec<f32>) -> Self {
        Self { value }
    }

    pub fn to_vec<E: From<f32>>(&self) -> Result<Vec<E>, String> {
        Ok(self.value.iter().map(|&v| E::from(v)).collect())
    }
}

impl<const N: usize> From<[f32; N]> for TensorData {
    fn from(value: [f32; N]) -> Self {
        Self::new(value.to_vec())
    }
}

impl From<Vec<f32>> for TensorData {
    fn from(value: Vec<f32>) -> Self {
        Self::new(value)
    }
}

pub struct Tensor<B: Backend, const D: usize> {
    value: Arc<Vec<f32>>,
    node: Option<NodeRef>,
    backend: PhantomData<B>,
}

impl<B: Backend, const D: usize> Clone for Tensor<B, D> {
    /// The same node: a clone shares its source's id and step.
    fn clone(&self) -> Self {
        Self { value: self.value.clone(), node: self.node.clone(), backend: PhantomData }
    }
}

impl<B: Backend, const D: usize> fmt::Debug for Tensor<B, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tensor {{ data: {:?} }}", self.value)
    }
}

fn node(id: NodeId, parents: Vec<NodeRef>, requirement: Requirement) -> Option<NodeRef> {
    let order = parents.iter().map(|p| p.order + 1).max().unwrap_or(0);
    Some(Arc::new(Node { id, parents, requirement, order }))
}

impl<B: Backend, const D: usize> Tensor<B, D> {
    fn with_value(value: Vec<f32>, node: Option<NodeRef>) -> Self {
        Self { value: Arc::new(value), node, backend: PhantomData }
    }

    /// A new untracked leaf (a new id on an autodiff backend).
    fn leaf(value: Vec<f32>) -> Self {
        let node = if B::AUTODIFF { node(NodeId::new(), Vec::new(), Requirement::None) } else { None };
        Self::with_value(value, node)
    }

    pub fn from_floats<A: Into<TensorData>>(floats: A, _device: &B::Device) -> Self {
        Self::leaf(floats.into().value)
    }

    pub fn from_data<A: Into<TensorData>>(data: A, _device: &B::Device) -> Self {
        Self::leaf(data.into().value)
    }

    /// A leaf whose gradient backward keeps; same id. Panics on a tracked intermediate.
    pub fn require_grad(self) -> Self {
        let Some(current) = &self.node else { return self };
        if current.requirement == Requirement::GradInBackward {
            panic!("Can't convert a non leaf tensor into a tracked tensor");
        }
        let node = node(current.id, Vec::new(), Requirement::Grad);
        Self::with_value(self.value.to_vec(), node)
    }

    /// Cut from the graph with a new id; a leaf requiring grad stays one.
    pub fn detach(self) -> Self {
        let Some(current) = &self.node else { return self };
        let requirement = match current.requirement {
            Requirement::Grad => Requirement::Grad,
            _ => Requirement::None,
        };
        let node = node(NodeId::new(), Vec::new(), requirement);
        Self::with_value(self.value.to_vec(), node)
    }

    /// Whether the tensor takes part in a graph (true still after its tape was consumed).
    pub fn is_tracked(&self) -> bool {
        self.node.as_ref().is_some_and(|n| n.requirement != Requirement::None)
    }

    pub fn is_require_grad(&self) -> bool {
        self.node.as_ref().is_some_and(|n| n.requirement == Requirement::Grad)
    }

    pub fn into_data(self) -> TensorData {
        TensorData::new(self.value.to_vec())
    }

    pub fn to_data(&self) -> TensorData {
        TensorData::new(self.value.to_vec())
    }

    pub fn device(&self) -> B::Device {
        B::Device::default()
    }

    pub fn into_scalar(self) -> f32 {
        self.value[0]
    }

    /// The result of an op: a new id; a step when an input is tracked. `backward` maps the
    /// output's gradient to one gradient per input.
    fn op<const N: usize, const R: usize>(
        inputs: [&Self; N],
        value: Vec<f32>,
        backward: impl FnOnce(&[f32]) -> [Vec<f32>; N] + Send + 'static,
    ) -> Tensor<B, R> {
        if !B::AUTODIFF {
            return Tensor::with_value(value, None);
        }
        let id = NodeId::new();
        let tracked: Vec<Option<NodeRef>> = inputs
            .iter()
            .map(|t| t.node.clone().filter(|n| n.requirement != Requirement::None))
            .collect();
        let parents: Vec<NodeRef> = tracked.iter().flatten().cloned().collect();
        if parents.is_empty() {
            return Tensor::with_value(value, node(id, parents, Requirement::None));
        }
        let node = node(id, parents, Requirement::GradInBackward);
        let parent_ids: Vec<Option<NodeId>> = tracked.iter().map(|t| t.as_ref().map(|n| n.id)).collect();
        let step = Step {
            node: node.clone().unwrap(),
            backward: Box::new(move |grad| {
                parent_ids.into_iter().zip(backward(grad)).filter_map(|(id, g)| Some((id?, g))).collect()
            }),
        };
        runtime::register(step);
        Tensor::with_value(value, node)
    }

    fn map(&self, f: impl Fn(f32) -> f32) -> Vec<f32> {
        self.value.iter().map(|&v| f(v)).collect()
    }

    fn zip(&self, other: &Self, f: impl Fn(f32, f32) -> f32) -> Vec<f32> {
        assert_eq!(self.value.len(), other.value.len(), "shapes differ");
        self.value.iter().zip(other.value.iter()).map(|(&a, &b)| f(a, b)).collect()
    }

    pub fn exp(self) -> Self {
        let out = Arc::new(self.map(f32::exp));
        let saved = out.clone();
        Self::op([&self], out.to_vec(), move |g| [g.iter().zip(saved.iter()).map(|(g, y)| g * y).collect()])
    }

    pub fn tanh(self) -> Self {
        let out = Arc::new(self.map(f32::tanh));
        let saved = out.clone();
        Self::op([&self], out.to_vec(), move |g| {
            [g.iter().zip(saved.iter()).map(|(g, y)| g * (1.0 - y * y)).collect()]
        })
    }

    pub fn powf_scalar(self, p: f32) -> Self {
        let x = self.value.clone();
        Self::op([&self], self.map(|v| v.powf(p)), move |g| {
            [g.iter().zip(x.iter()).map(|(g, x)| g * p * x.powf(p - 1.0)).collect()]
        })
    }

    pub fn mul_scalar(self, s: f32) -> Self {
        Self::op([&self], self.map(|v| v * s), move |g| [g.iter().map(|g| g * s).collect()])
    }

    pub fn add_scalar(self, s: f32) -> Self {
        Self::op([&self], self.map(|v| v + s), move |g| [g.to_vec()])
    }

    pub fn sum(self) -> Tensor<B, 1> {
        let n = self.value.len();
        Self::op([&self], vec![self.value.iter().sum()], move |g| [vec![g[0]; n]])
    }

    pub fn mean(self) -> Tensor<B, 1> {
        let n = self.value.len();
        let mean = self.value.iter().sum::<f32>() / n as f32;
        Self::op([&self], vec![mean], move |g| [vec![g[0] / n as f32; n]])
    }

    pub fn add(self, other: Self) -> Self {
        Self::op([&self, &other], self.zip(&other, |a, b| a + b), |g| [g.to_vec(), g.to_vec()])
    }

    pub fn sub(self, other: Self) -> Self {
        Self::op([&self, &other], self.zip(&other, |a, b| a - b), |g| {
            [g.to_vec(), g.iter().map(|g| -g).collect()]
        })
    }

    pub fn mul(self, other: Self) -> Self {
        let (a, b) = (self.value.clone(), other.value.clone());
        Self::op([&self, &other], self.zip(&other, |a, b| a * b), move |g| {
            [
                g.iter().zip(b.iter()).map(|(g, b)| g * b).collect(),
                g.iter().zip(a.iter()).map(|(g, a)| g * a).collect(),
            ]
        })
    }
}

impl<B: AutodiffBackend, const D: usize> Tensor<B, D> {
    /// Backpropagates from this tensor, consuming the steps it reaches; panics if an earlier
    /// backward consumed one of them.
    pub fn backward(&self) -> B::Gradients {
        let root = self.node.as_ref().expect("an autodiff tensor has a node");
        B::gradients(runtime::backward(root, vec![1.0; self.value.len()]))
    }

    /// The gradient of a leaf that requires grad and that the backward reached.
    pub fn grad(&self, grads: &B::Gradients) -> Option<Tensor<B::InnerBackend, D>> {
        let id = self.node.as_ref()?.id;
        let grad = B::gradient_store(grads).get(id)?;
        Some(Tensor::with_value(grad.clone(), None))
    }
}

impl<B: Backend, const D: usize> Add for Tensor<B, D> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        Tensor::add(self, rhs)
    }
}

impl<B: Backend, const D: usize> Sub for Tensor<B, D> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Tensor::sub(self, rhs)
    }
}

impl<B: Backend, const D: usize> Mul for Tensor<B, D> {
    type Output = Self;
    fn mul(self, rhs: Self) -> Self {
        Tensor::mul(self, rhs)
    }
}

impl<B: Backend, const D: usize> Mul<f32> for Tensor<B, D> {
    type Output = Self;
    fn mul(self, rhs: f32) -> Self {
        self.mul_scalar(rhs)
    }
}
