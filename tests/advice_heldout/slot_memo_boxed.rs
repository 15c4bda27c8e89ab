// A new program of a shape this change taught: per-batch features memoized in a
// Vec<Option<Tensor>> slot by a method behind a trait object, read back on the next epoch.
use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::optim::{GradientsParams, Optimizer, SgdConfig};
use burn::tensor::{Device, Tensor};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

trait FeatureSource {
    fn features(&mut self, net: &Net, batch: usize, x: Tensor<2>) -> Tensor<2>;
}

struct SlotCache {
    slots: Vec<Option<Tensor<2>>>,
}

impl FeatureSource for SlotCache {
    fn features(&mut self, net: &Net, batch: usize, x: Tensor<2>) -> Tensor<2> {
        if let Some(f) = &self.slots[batch] {
            return f.clone();
        }
        let f = net.fc.forward(x).tanh();
        self.slots[batch] = Some(f.clone());
        f
    }
}

fn main() {
    let device = Device::default().autodiff();
    let mut net = Net { fc: LinearConfig::new(3, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut source: Box<dyn FeatureSource> = Box::new(SlotCache { slots: vec![None, None] });
    let data = [
        Tensor::<2>::from_floats([[0.5, -1.0, 2.0]], &device),
        Tensor::<2>::from_floats([[1.5, 0.25, -0.5]], &device),
    ];
    for epoch in 0..2 {
        for (batch, x) in data.iter().enumerate() {
            let f = source.features(&net, batch, x.clone());
            let loss = f.powf_scalar(2.0).mean();
            println!("epoch {epoch} batch {batch}: loss = {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &net);
            net = optim.step(0.1, net, grads);
        }
    }
}
