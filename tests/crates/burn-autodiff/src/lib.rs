//! A std-only stand-in for burn-autodiff 0.22.1 (`Autodiff<Flex>`), for pbpit's tests.
//!
//! What matters is Burn's, not its numerics: node ids counted from 0 per process (every op's
//! result and `detach` take a new one, `clone` and `require_grad` keep it), one step per tracked
//! op, and a backward that checks the whole walk before consuming any step, then panics with
//! Burn's exact message from `src/runtime/server.rs:74:17`.

pub mod backend;
pub mod grads;
pub mod graph;
pub mod runtime;
pub mod tensor;
