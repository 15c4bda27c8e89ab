use burn::{
    nn::{Linear, LinearConfig},
    optim::{GradientsParams, Optimizer, SgdConfig},
    prelude::*,
};

#[derive(Module, Debug)]
struct Pair {
    shared: Linear,
    head: Linear,
}

fn main() {
    let device = Device::flex().autodiff();
    device.seed(23);
    let mut net = Pair {
        shared: LinearConfig::new(2, 3).init(&device),
        head: LinearConfig::new(3, 1).init(&device),
    };
    let mut optim = SgdConfig::new().init();
    let mut apply = |m: Pair, loss: Tensor<1>| -> Pair {
        let grads = GradientsParams::from_grads(loss.backward(), &m);
        optim.step(0.02, m, grads)
    };
    let x = Tensor::<2>::from_floats([[1.0, 0.5], [-0.5, 0.25]], &device);
    let y = Tensor::<2>::from_floats([[0.0], [1.0]], &device);
    for k in 0..2 {
        let z = net.shared.forward(x.clone());
        let fit = (net.head.forward(z.clone()) - y.clone()).powf_scalar(2.0).mean();
        let smooth = z.powf_scalar(2.0).mean() * 0.1;
        println!("{k}: {}", fit.clone().into_scalar::<f32>());
        net = apply(net, fit + smooth);
    }
}
