// Nearest-centroid training: a method computes the class centroids from the model and keeps
// them in the trainer once, before training; every step compares queries with them.
// pbpit run: the second step's backward panics at `trainer.centroids`; the fix detaches it
// where `refresh` stores it.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

struct Trainer {
    centroids: Tensor<2>,
}

impl Trainer {
    fn refresh(&mut self, net: &Net, support: Tensor<2>) {
        let emb = net.fc.forward(support).tanh();
        self.centroids = emb.mean_dim(0); //~ WARN loop-external-tracked
    }

    fn loss(&self, net: &Net, query: Tensor<2>) -> Tensor<1> {
        let q = net.fc.forward(query).tanh();
        (q - self.centroids.clone()).powf_scalar(2.0).sum()
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(2);
    let mut net = Net { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut trainer = Trainer { centroids: Tensor::<2>::zeros([1, 2], &device) };
    let support = Tensor::<2>::from_floats([[1.0, 0.0], [0.8, 0.2]], &device);
    trainer.refresh(&net, support);
    let queries = [[0.9, 0.1], [0.7, 0.4], [1.0, -0.1]];
    for (step, q) in queries.iter().enumerate() {
        let query = Tensor::<2>::from_floats([*q], &device);
        let loss = trainer.loss(&net, query);
        println!("step {step}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
    }
}
