//! (older backend-generic style) A pool struct owns its members' memories in a Vec field; the
//! pool's own method updates one member per call through an indexed element.
use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Encoder<B: Backend> {
    fc: Linear<B>,
}

struct Member<B: Backend> {
    memory: Tensor<B, 2>,
}

struct Pool<B: Backend> {
    members: Vec<Member<B>>,
}

impl<B: Backend> Pool<B> {
    fn read(&mut self, k: usize, enc: &Encoder<B>, x: Tensor<B, 2>) -> Tensor<B, 2> {
        let m = &mut self.members[k];
        let mixed = enc.fc.forward(x) * 0.5 + m.memory.clone() * 0.5;
        m.memory = mixed.clone().detach();
        mixed
    }
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 17);
    let mut enc: Encoder<B> = Encoder { fc: LinearConfig::new(2, 2).init(&device) };
    let mut optim = SgdConfig::new().init();
    let mut pool = Pool {
        members: vec![
            Member { memory: Tensor::<B, 2>::zeros([1, 2], &device) },
            Member { memory: Tensor::<B, 2>::zeros([1, 2], &device) },
        ],
    };
    let xs = Tensor::<B, 2>::from_floats([[0.4, 0.1], [-0.2, 0.6], [0.8, 0.3], [0.0, -0.5]], &device);

    for t in 0..4 {
        let out = pool.read(t % 2, &enc, xs.clone().slice([t..t + 1, 0..2]));
        let loss = out.powf_scalar(2.0).mean();
        println!("t={t}: {:.5}", loss.clone().into_scalar());
        let grads = GradientsParams::from_grads(loss.backward(), &enc);
        enc = optim.step(0.2, enc, grads);
    }
}
