//! An encoder cache filled by index on first use and read back in later epochs; only the head
//! is trained.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Head {
    out: Linear,
}

struct Cache {
    enc: Linear,
    slots: Vec<Option<Tensor<2>>>,
}

impl Cache {
    fn encode(&mut self, i: usize, x: Tensor<2>) -> Tensor<2> {
        if let Some(h) = &self.slots[i] {
            return h.clone();
        }
        let h = self.enc.forward(x).tanh();
        self.slots[i] = Some(h.clone());
        h
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(21);
    let mut cache = Cache { enc: LinearConfig::new(2, 3).init(&device), slots: vec![None, None, None] };
    let mut head = Head { out: LinearConfig::new(3, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let inputs = vec![
        Tensor::<2>::from_floats([[0.1, 0.2]], &device),
        Tensor::<2>::from_floats([[0.3, -0.4]], &device),
        Tensor::<2>::from_floats([[-0.5, 0.6]], &device),
    ];
    for epoch in 0..2 {
        for (i, x) in inputs.iter().enumerate() {
            let h = cache.encode(i, x.clone());
            let loss = head.out.forward(h).powf_scalar(2.0).mean();
            println!("epoch {epoch} item {i}: {:.5}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &head);
            head = optim.step(0.1, head, grads);
        }
    }
}
