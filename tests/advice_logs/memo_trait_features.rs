//! Training a linear probe on top of a feature extractor. The extractor is not trained, so
//! its features are memoized per batch by a `FeatureSource` implementation: later epochs get
//! the stored tensor back instead of running the extractor again.
use burn::{
    nn::{Linear, LinearConfig, Relu},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
    tensor::activation::sigmoid,
};

#[derive(Module, Debug)]
struct Extractor {
    fc: Linear,
    act: Relu,
}

#[derive(Module, Debug)]
struct Probe {
    head: Linear,
}

trait FeatureSource {
    fn features(&mut self, batch: usize, x: &Tensor<2>) -> Tensor<2>;
    fn hits(&self) -> usize;
}

struct Memoized {
    extractor: Extractor,
    memo: Vec<Option<Tensor<2>>>,
    hits: usize,
}

impl FeatureSource for Memoized {
    fn features(&mut self, batch: usize, x: &Tensor<2>) -> Tensor<2> {
        if let Some(f) = &self.memo[batch] {
            self.hits += 1;
            return f.clone();
        }
        let f = self.extractor.act.forward(self.extractor.fc.forward(x.clone()));
        self.memo[batch] = Some(f.clone());
        f
    }

    fn hits(&self) -> usize {
        self.hits
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(13);
    let mut source = Memoized {
        extractor: Extractor { fc: LinearConfig::new(3, 4).init(&device), act: Relu::new() },
        memo: vec![None, None],
        hits: 0,
    };
    let mut probe = Probe { head: LinearConfig::new(4, 1).init(&device) };
    let mut optim = AdamConfig::new().init();
    let batches = vec![
        (Tensor::<2>::from_floats([[0.2, 0.4, -0.1], [0.5, -0.5, 0.3]], &device), Tensor::<2>::from_floats([[1.0], [0.0]], &device)),
        (Tensor::<2>::from_floats([[-0.3, 0.8, 0.6], [0.9, 0.1, -0.7]], &device), Tensor::<2>::from_floats([[0.0], [1.0]], &device)),
    ];
    for epoch in 0..3 {
        let mut epoch_loss = 0.0;
        for (b, (x, y)) in batches.iter().enumerate() {
            let feats = source.features(b, x);
            let loss = (sigmoid(probe.head.forward(feats)) - y.clone()).powf_scalar(2.0).mean();
            epoch_loss += loss.clone().into_scalar::<f32>();
            let grads = GradientsParams::from_grads(loss.backward(), &probe);
            probe = optim.step(5e-2, probe, grads);
        }
        println!("epoch {epoch}: loss = {:.5} (memo hits so far: {})", epoch_loss / 2.0, source.hits());
    }
}
