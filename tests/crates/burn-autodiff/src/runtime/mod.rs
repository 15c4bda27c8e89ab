//! The process-wide step registry, behind one lock as Burn's graph mutex.

pub mod server;

use std::sync::{LazyLock, Mutex};

use server::AutodiffServer;

pub(crate) static SERVER: LazyLock<Mutex<AutodiffServer>> =
    LazyLock::new(|| Mutex::new(AutodiffServer::default()));

/// Registers an op's step under its node id.
pub(crate) fn register(step: server::Step) {
    lock().register(step);
}

/// Runs a backward from `root`, whose own gradient is `grad`.
pub(crate) fn backward(root: &crate::graph::NodeRef, grad: Vec<f32>) -> crate::grads::Gradients {
    lock().backward(root, grad)
}

// A panicking backward leaves the lock poisoned; the steps themselves are still consistent.
fn lock() -> std::sync::MutexGuard<'static, AutodiffServer> {
    SERVER.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
