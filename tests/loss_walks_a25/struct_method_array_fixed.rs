use burn::{
    nn::{Linear, LinearConfig},
    optim::{AdamConfig, GradientsParams, Optimizer},
    prelude::*,
};

#[derive(Module, Debug)]
struct Vae {
    enc: Linear,
    dec: Linear,
}

struct Parts {
    recon: Tensor<1>,
    prior: Tensor<1>,
}

impl Parts {
    fn all(self) -> [Tensor<1>; 2] {
        [self.recon, self.prior]
    }
}

impl Vae {
    fn parts(&self, x: Tensor<2>) -> Parts {
        let z = self.enc.forward(x.clone());
        let recon = (self.dec.forward(z.clone()) - x).powf_scalar(2.0).mean();
        Parts { recon, prior: z.powf_scalar(2.0).mean() * 0.5 }
    }
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(90);
    let mut vae = Vae {
        enc: LinearConfig::new(3, 2).init(&device),
        dec: LinearConfig::new(2, 3).init(&device),
    };
    let mut optim = AdamConfig::new().init();
    let x = Tensor::<2>::from_floats([[0.3, 0.6, 0.9], [0.1, -0.4, 0.2]], &device);
    for epoch in 0..3 {
        let parts = vae.parts(x.clone());
        let [recon, prior] = parts.all();
        println!("{epoch}: {:.5}", recon.clone().into_scalar::<f32>());
        println!("{epoch}: {:.5}", prior.clone().into_scalar::<f32>());
        let grads = GradientsParams::from_grads((recon + prior).backward(), &vae);
        vae = optim.step(1e-2, vae, grads);
    }
}
