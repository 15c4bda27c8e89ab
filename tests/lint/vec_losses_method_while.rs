// Each step encodes once; a method makes one loss per head with an iterator closure over
// `&feats`; a `while` counter backpropagates them by index. pbpit run: head 0's backward
// consumes `feats`'s step (tanh), head 1's panics at it: NodeId(5), backward #2.
use burn::prelude::*;

struct Heads {
    ws: Vec<Tensor<2>>,
}

impl Heads {
    fn losses(&self, feats: &Tensor<2>) -> Vec<Tensor<1>> {
        self.ws.iter().map(|w| feats.clone().matmul(w.clone()).sum()).collect()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    let enc = Tensor::<2>::from_floats([[0.5, -0.2], [0.1, 0.4]], &device).require_grad();
    let heads = Heads {
        ws: vec![
            Tensor::<2>::from_floats([[1.0], [0.5]], &device).require_grad(),
            Tensor::<2>::from_floats([[-0.5], [2.0]], &device).require_grad(),
        ],
    };
    let x = Tensor::<2>::from_floats([[1.0, 2.0], [0.0, -1.0]], &device);
    for step in 0..2 {
        let feats = x.clone().matmul(enc.clone()).tanh(); //~ WARN shared-intermediate
        let losses = heads.losses(&feats);
        let mut i = 0;
        while i < losses.len() {
            let grads = losses[i].clone().backward();
            println!("{step} {i}: {}", enc.grad(&grads).is_some());
            i += 1;
        }
    }
}
