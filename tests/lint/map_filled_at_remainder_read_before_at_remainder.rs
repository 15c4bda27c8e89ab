// map_filled_at_remainder_read_at_step.rs read at `step % 2` before this pass's insert: from
// step 2 on it finds the entry two passes back, whose step that pass's backward consumed.
// pbpit run: panics (loop-external-tracked).
use burn::prelude::*;
use std::collections::HashMap;

fn main() {
    let device = Device::flex().autodiff();
    let w = Tensor::<1>::from_floats([0.2, -0.4], &device).require_grad();
    let mut seen: HashMap<usize, Tensor<1>> = HashMap::new();
    for epoch in 0..2 {
        for batch in 0..2 {
            let step = epoch * 2 + batch;
            let feat = w.clone().tanh(); //~ WARN loop-external-tracked
            let mut loss = feat.clone().sum();
            if let Some(prev) = seen.get(&(step % 2)) {
                loss = loss + prev.clone().sum();
            }
            seen.insert(step % 2, feat);
            let grads = loss.backward();
            println!("step {step}: {}", w.grad(&grads).is_some());
        }
    }
}
