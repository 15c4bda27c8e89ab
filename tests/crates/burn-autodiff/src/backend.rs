//! Backends: `Flex` (plain tensors, no ids) and `Autodiff<Flex>` (tracked, with node ids).

use std::fmt::Debug;
use std::marker::PhantomData;

use crate::grads::Gradients;

/// A backend: where tensors live, and whether its tensors take part in a graph.
pub trait Backend: Clone + Copy + Default + Debug + Send + Sync + 'static {
    type Device: Clone + Default + Debug;
    /// Whether tensors on this backend get node ids and record steps.
    const AUTODIFF: bool;
}

/// A backend whose tensors can be backpropagated.
pub trait AutodiffBackend: Backend {
    type InnerBackend: Backend;
    type Gradients: Debug;

    fn gradients(grads: Gradients) -> Self::Gradients;
    fn gradient_store(grads: &Self::Gradients) -> &Gradients;
}

#[derive(Clone, Copy, Default, Debug)]
pub struct Flex;

#[derive(Clone, Default, Debug)]
pub struct FlexDevice;

impl Backend for Flex {
    type Device = FlexDevice;
    const AUTODIFF: bool = false;
}

#[derive(Clone, Copy, Default, Debug)]
pub struct Autodiff<B>(PhantomData<B>);

impl Backend for Autodiff<Flex> {
    type Device = FlexDevice;
    const AUTODIFF: bool = true;
}

impl AutodiffBackend for Autodiff<Flex> {
    type InnerBackend = Flex;
    type Gradients = Gradients;

    fn gradients(grads: Gradients) -> Gradients {
        grads
    }

    fn gradient_store(grads: &Gradients) -> &Gradients {
        grads
    }
}
