// Smoothed targets: each epoch caches its prediction in a HashMap keyed by the epoch
// and pulls the new prediction toward the previous epoch's cached one, read by index.
// pbpit run: the second epoch's backward panics at the first epoch's entry, read by index; the
// fix reads it detached (`seen[&(epoch - 1)].clone().detach()`).
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};
use std::collections::HashMap;

#[derive(Module, Debug)]
struct Net {
    fc: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(11);
    let mut net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [0.0, -1.0]], &device);
    let mut seen: HashMap<usize, Tensor<2>> = HashMap::new();
    let mut epoch = 0;
    while epoch < 3 {
        seen.insert(epoch, net.fc.forward(x.clone()).tanh()); //~ WARN loop-external-tracked
        let mut loss = seen[&epoch].clone().powf_scalar(2.0).mean();
        if epoch > 0 {
            loss = loss + (seen[&epoch].clone() - seen[&(epoch - 1)].clone()).abs().mean();
        }
        println!("epoch {epoch}: loss = {}", loss.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads(loss.backward(), &net);
        net = optim.step(0.1, net, grads);
        epoch += 1;
    }
}
