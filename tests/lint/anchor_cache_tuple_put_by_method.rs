// A cache owned by a trainer struct, filled by a `&mut self` method that pushes
// `(id, anchor.clone(), weight)` into a `Vec` of tuples; later batches (and epochs) read the
// anchors through `(id, old, w)` of `entries.iter().take(2)`: tracked embeddings of a batch whose
// backward already ran. pbpit run: panics at the second batch.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Encoder {
    proj: Linear,
}

struct AnchorCache {
    entries: Vec<(usize, Tensor<2>, f32)>,
}

impl AnchorCache {
    fn put(&mut self, id: usize, anchor: Tensor<2>, weight: f32) {
        if weight > 0.0 {
            self.entries.push((id, anchor.clone(), weight));
        }
    }
}

struct Trainer {
    cache: AnchorCache,
    temperature: f32,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut enc = Encoder { proj: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut trainer = Trainer { cache: AnchorCache { entries: Vec::new() }, temperature: 0.5 };
    let batches = [[0.2f32, 0.1, 0.5], [0.4, 0.8, 0.3], [0.9, 0.2, 0.6]];
    for epoch in 0..2 {
        for (b, row) in batches.iter().enumerate() {
            let x = Tensor::<2>::from_floats([*row], &device);
            let z = enc.proj.forward(x).tanh(); //~ WARN loop-external-tracked
            let mut loss = z.clone().powf_scalar(2.0).sum() * 0.1;
            for (id, old, w) in trainer.cache.entries.iter().take(2) {
                let sim = (z.clone() * old.clone()).sum() / trainer.temperature;
                loss = loss - sim * (*w / (*id as f32 + 1.0));
            }
            trainer.cache.put(b + epoch * 3, z, 1.0);
            let grads = GradientsParams::from_grads(loss.backward(), &enc);
            enc = optim.step(0.1, enc, grads);
        }
        println!("epoch {epoch}: cached = {}", trainer.cache.entries.len());
    }
}
