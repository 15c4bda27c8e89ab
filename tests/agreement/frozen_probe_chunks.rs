// A linear probe on a frozen backbone: the features are computed once, then each epoch walks
// them in micro-batches (`chunk`), stepping the probe after each one.
// Panics (hand derivation): `embedded` is made before the loops from the backbone; batch 0's
// backward walks its first `chunk` into it and consumes its step, batch 1's panics there.
// The backbone is never stepped: detached once.
// Code fix: detach once
use burn::{tensor::activation,
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

fn main() {
    let device = Device::flex().autodiff();
    device.seed(9);
    let backbone = LinearConfig::new(3, 4).init(&device);
    let mut probe = LinearConfig::new(4, 1).init(&device);
    let mut optim = SgdConfig::new().init();
    let images = Tensor::<2>::from_floats(
        [[0.5, 0.1, -0.2], [0.3, -0.8, 0.6], [-0.4, 0.7, 0.2], [0.9, 0.0, -0.5]],
        &device,
    );
    let targets = Tensor::<2>::from_floats([[0.2], [0.8], [0.4], [0.6]], &device);
    let embedded = activation::relu(backbone.forward(images.clone()));
    for epoch in 0..2 {
        let pieces = embedded.clone().chunk(2, 0);
        let wanted = targets.clone().chunk(2, 0);
        for (i, (piece, want)) in pieces.into_iter().zip(wanted).enumerate() {
            let loss = (probe.forward(piece) - want).powf_scalar(2.0).mean();
            println!("epoch {epoch} batch {i}: {:.6}", loss.clone().into_scalar::<f32>());
            let grads = GradientsParams::from_grads(loss.backward(), &probe);
            probe = optim.step(0.3, probe, grads);
        }
    }
}
