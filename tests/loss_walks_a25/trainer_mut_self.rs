use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Model<B: Backend> {
    enc: Linear<B>,
    dec: Linear<B>,
}

struct Trainer {
    model: Model<B>,
    lr: f64,
}

impl Trainer {
    fn learn(&mut self, optim: &mut impl Optimizer<Model<B>, B>, loss: Tensor<B, 1>) {
        let grads = GradientsParams::from_grads(loss.backward(), &self.model);
        self.model = optim.step(self.lr, self.model.clone(), grads);
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 17);
    let mut trainer = Trainer {
        model: Model {
            enc: LinearConfig::new(2, 2).init(&device),
            dec: LinearConfig::new(2, 2).init(&device),
        },
        lr: 0.1,
    };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.4, -0.6], [1.0, 0.2]], &device);
    for it in 0..3 {
        let code = trainer.model.enc.forward(x.clone());
        let rec = (trainer.model.dec.forward(code.clone()) - x.clone()).powf_scalar(2.0).mean();
        let sparse = code.abs().mean() * 0.05;
        println!("{it}: {} {}", rec.clone().into_scalar(), sparse.clone().into_scalar());
        trainer.learn(&mut optim, rec);
        trainer.learn(&mut optim, sparse);
    }
}
