use burn::{
    backend::{Autodiff, NdArray},
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

type B = Autodiff<NdArray>;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

struct Terms {
    fit: Tensor<B, 1>,
    reg: Tensor<B, 1>,
}

fn terms(net: &Net<B>, x: Tensor<B, 2>, y: Tensor<B, 2>) -> Terms {
    let out = net.fc.forward(x);
    Terms { fit: (out.clone() - y).powf_scalar(2.0).mean(), reg: out.abs().mean() * 0.1 }
}

fn update(net: Net<B>, optim: &mut impl Optimizer<Net<B>, B>, loss: Tensor<B, 1>) -> Net<B> {
    let grads = GradientsParams::from_grads(loss.backward(), &net);
    optim.step(0.1, net, grads)
}

fn main() {
    let device = <B as Backend>::Device::default();
    B::seed(&device, 31);
    let mut net: Net<B> = Net { fc: LinearConfig::new(2, 1).init(&device) };
    let mut optim = SgdConfig::new().init();
    let x = Tensor::<B, 2>::from_floats([[0.3, 0.9], [-0.7, 0.1]], &device);
    let y = Tensor::<B, 2>::from_floats([[1.0], [0.5]], &device);
    for i in 0..3 {
        let t = terms(&net, x.clone(), y.clone());
        println!("{i}: {}", t.fit.clone().into_scalar());
        net = update(net, &mut optim, t.fit + t.reg);
    }
}
