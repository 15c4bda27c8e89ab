//! An autoencoder with a latent penalty: the reconstruction and the penalty are backpropagated
//! separately so that their gradients can be stepped with different learning rates.
use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct AutoEncoder {
    enc: Linear,
    dec: Linear,
}

impl AutoEncoder {
    fn losses(&self, x: Tensor<2>) -> (Tensor<1>, Tensor<1>) {
        let h = self.enc.forward(x.clone()).tanh();
        let recon = self.dec.forward(h.clone());
        let rec = (recon - x).powf_scalar(2.0).mean();
        let penalty = h.powf_scalar(2.0).mean() * 0.1;
        (rec, penalty)
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(67);
    let mut ae = AutoEncoder {
        enc: LinearConfig::new(3, 2).init(&device),
        dec: LinearConfig::new(2, 3).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let data = Tensor::<2>::from_floats([[0.5, -0.5, 1.0], [0.2, 0.4, -0.3]], &device);

    for step in 0..3 {
        let (rec, penalty) = ae.losses(data.clone());
        println!(
            "step {step}: rec = {:.5}, penalty = {:.5}",
            rec.clone().into_scalar::<f32>(),
            penalty.clone().into_scalar::<f32>()
        );
        let g_rec = GradientsParams::from_grads(rec.backward(), &ae);
        let g_pen = GradientsParams::from_grads(penalty.backward(), &ae);
        ae = optim.step(0.1, ae, g_rec);
        println!("stepped rec");
        ae = optim.step(0.01, ae, g_pen);
    }
}
